# SPDX-License-Identifier: Apache-2.0
"""Repository hygiene: licence headers, the licence file, no references to files that
live outside the repository, and citations of the specification's sections that exist.

Every check reads the files git tracks (`git ls-files` at the repository root), as they
are in the working tree.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC_PAGE = ROOT / "docs" / "specification.md"

SPDX_LINE = "SPDX-License-Identifier: Apache-2.0"
SPDX_SUFFIXES = {".v", ".vh", ".py", ".sby", ".c", ".h", ".cpp", ".sh", ".rdl", ".core"}
SPDX_FILES = {".ci/run", "formal/bin/boolector"}

# Names of documents that are not part of the repository. Built from pieces so that this
# file does not contain them itself.
OUTSIDE_REFERENCES = ["SPEC" + " \u00a7", "SPEC" + ".md", "STYLE" + ".md", "DESIGN" + ".md", ".." + "/shared"]

# A citation of the specification: "specification.md §3", "docs/specification.md §3a",
# "specification §4", and ranges such as "§2-§6".
SECTION = r"[0-9]+[a-z]?"
CITATION = re.compile(r"specification(?:\.md)?\s*\u00a7\s*(" + SECTION + r")(?:\s*[-\u2013]\s*\u00a7?\s*(" + SECTION + r"))?")
HEADING = re.compile(r"^#{1,6}\s+\u00a7?\s*(" + SECTION + r")[.):]?\s", re.M)


def tracked_files() -> list[str]:
    """Paths (relative to the root) of the files git tracks that exist in the working tree."""
    proc = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
    )
    names = [n for n in proc.stdout.decode("utf-8").split("\0") if n]
    assert names, "git ls-files listed no file"
    return [n for n in names if (ROOT / n).is_file()]


def text_of(name: str) -> str | None:
    """The file's text, or None for a binary file (a NUL byte, or not UTF-8)."""
    data = (ROOT / name).read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_every_source_file_has_an_spdx_line() -> None:
    names = [n for n in tracked_files() if Path(n).suffix in SPDX_SUFFIXES or n in SPDX_FILES]
    assert SPDX_FILES <= set(names), f"not tracked: {sorted(SPDX_FILES - set(names))}"
    missing = []
    for name in names:
        head = (ROOT / name).read_text(encoding="utf-8", errors="replace").splitlines()[:3]
        if not any(SPDX_LINE in line for line in head):
            missing.append(name)
    assert not missing, f"no '{SPDX_LINE}' in the first 3 lines of: {', '.join(missing)}"


def test_licence_file_is_apache_2() -> None:
    licence = ROOT / "LICENSE"
    assert licence.is_file(), "LICENSE is missing"
    text = " ".join(licence.read_text(encoding="utf-8").split())
    assert text.startswith("Apache License Version 2.0, January 2004 http://www.apache.org/licenses/"), (
        "LICENSE does not start as the Apache License 2.0 does"
    )
    required = [
        "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
        "1. Definitions.",
        "2. Grant of Copyright License.",
        "3. Grant of Patent License.",
        "4. Redistribution.",
        "5. Submission of Contributions.",
        "6. Trademarks.",
        "7. Disclaimer of Warranty.",
        "8. Limitation of Liability.",
        "9. Accepting Warranty or Additional Liability.",
        "END OF TERMS AND CONDITIONS",
    ]
    absent = [r for r in required if r not in text]
    assert not absent, f"LICENSE lacks parts of the Apache License 2.0: {absent}"
    # The terms in full, not an excerpt or a summary: they are about 1,400 words long.
    terms = text[text.index(required[0]):text.index(required[-1])]
    assert len(terms.split()) > 1300, f"LICENSE terms are only {len(terms.split())} words long"


def test_no_reference_points_outside_the_repo() -> None:
    found = []
    for name in tracked_files():
        text = text_of(name)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for ref in OUTSIDE_REFERENCES:
                if ref in line:
                    found.append(f"{name}:{number}: {ref!r}")
    assert not found, "references to documents outside the repository:\n" + "\n".join(found)


def spec_sections() -> set[str]:
    return set(HEADING.findall(SPEC_PAGE.read_text(encoding="utf-8")))


def test_specification_has_its_numbered_sections() -> None:
    assert SPEC_PAGE.is_file(), "docs/specification.md is missing"
    sections = spec_sections()
    expected = {"1", "2", "3", "3a", "4", "5", "6", "7"}
    assert expected <= sections, f"docs/specification.md lacks sections {sorted(expected - sections)}"


def section_key(section: str) -> tuple[int, str]:
    number = re.match(r"[0-9]+", section)
    assert number is not None
    return int(number.group()), section[number.end():]


def test_specification_sections_cited_exist() -> None:
    sections = spec_sections()
    numbers = {section_key(s)[0] for s in sections}
    bad = []
    cited = 0
    for name in tracked_files():
        text = text_of(name)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for match in CITATION.finditer(line):
                cited += 1
                first, last = match.group(1), match.group(2)
                wanted = [first] if last is None else [first, last]
                if last is not None:
                    lo, hi = section_key(first)[0], section_key(last)[0]
                    if lo > hi:
                        bad.append(f"{name}:{number}: {match.group(0)!r} (range runs backwards)")
                        continue
                    wanted += [str(n) for n in range(lo + 1, hi) if n not in numbers]
                for section in wanted:
                    if section not in sections:
                        bad.append(f"{name}:{number}: {match.group(0)!r} (no section {section})")
    assert cited, "no citation of docs/specification.md found: is the pattern still right?"
    assert not bad, f"citations of sections that docs/specification.md does not have (it has {sorted(sections, key=section_key)}):\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("see docs/specification.md \u00a73a.", [("3a", None)]),
        ("(specification.md \u00a71-\u00a76)", [("1", "6")]),
        ("Result codes (specification \u00a73): x", [("3", None)]),
    ],
)
def test_citation_pattern_reads_the_forms_in_use(line: str, expected: list[tuple[str, str | None]]) -> None:
    assert [m.groups() for m in CITATION.finditer(line)] == expected
