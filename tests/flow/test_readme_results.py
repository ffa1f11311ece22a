# SPDX-License-Identifier: Apache-2.0
"""The README's results table says what docs/results.json says.

`aescores report` writes docs/RESULTS.md and docs/results.json; the README's table is
written by hand from them (it adds the architecture in words and the published seed).
These checks keep the two in step: every row of the report is in the README and no
other, each figure of the README (the whole IP's LUT4, EBR, Fmax, Gbit/s and CBC
encryption rate, the core's LUT4, Fmax and Gbit/s) is the report's, rounded as the
table rounds it, a row the report marks stale says so in the README and a fresh row
does not, and the count of targets met is the one `bench/targets.py` gives.
"""

from __future__ import annotations

import json
import re

import pytest

from aescores import paths

from bench_module import load

README = paths.ROOT / "README.md"
RESULTS = paths.ROOT / "docs" / "results.json"
HEADER = "| preset | architecture | IP LUT4 | EBR | IP Fmax | IP Gbit/s | CBC enc Gbit/s | core: LUT4, Fmax, Gbit/s | published seed |"


def readme_rows(text: str) -> dict[str, list[str]]:
    """The cells of each row of the README's results table, by preset name."""
    lines = text.splitlines()
    assert HEADER in lines, "the README has no results table with the expected columns"
    start = lines.index(HEADER) + 2  # past the header and its alignment row
    rows: dict[str, list[str]] = {}
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        name = re.match(r"`([^`]+)`", cells[0])
        assert name, f"a row of the README's table names no preset: {line}"
        assert name.group(1) not in rows, f"{name.group(1)} twice in the README's table"
        rows[name.group(1)] = cells
    return rows


def report_rows() -> dict[str, dict]:
    return {r["preset"]: r for r in json.loads(RESULTS.read_text())["presets"]}


def mhz(value: float) -> str:
    return f"{value:.1f} MHz"


def expected_cells(row: dict) -> dict[str, str]:
    """The README's figures of `row` (a report row), as its table rounds them."""
    core = f"{row['lut4']:,}, {row['fmax_mhz']:.1f} MHz, {row['gbps']:.2f}"
    ip = row.get("ip") or {}
    if ip.get("fmax_mhz") is None:  # the whole IP was not built (its reason in "error")
        return {"core": core}
    return {
        "ip_lut4": f"{ip['lut4']:,}",
        "ebr": f"{ip['ebr']:,}",
        "ip_fmax": mhz(ip["fmax_mhz"]),
        "ip_gbps": f"{ip['gbps']:.2f}",
        "cbc_enc": f"{ip['cbc_enc_gbps']:.2f}" if ip.get("cbc_enc_gbps") is not None else "—",
        "core": core,
    }


def actual_cells(cells: list[str]) -> dict[str, str]:
    _, _, ip_lut4, ebr, ip_fmax, ip_gbps, cbc_enc, core, _ = cells
    if ip_lut4.startswith("not built"):
        return {"core": core}
    return {"ip_lut4": ip_lut4, "ebr": ebr, "ip_fmax": ip_fmax, "ip_gbps": ip_gbps, "cbc_enc": cbc_enc,
            "core": core}


def test_readme_table_has_every_row_of_the_report() -> None:
    assert set(readme_rows(README.read_text())) == set(report_rows())


@pytest.mark.parametrize("preset", sorted(report_rows()))
def test_readme_figures_are_the_reports(preset: str) -> None:
    row = report_rows()[preset]
    cells = readme_rows(README.read_text())[preset]
    assert actual_cells(cells) == expected_cells(row)
    stale_in_readme = "stale" in cells[0] or "stale" in cells[-1]
    assert stale_in_readme == bool(row.get("stale")), (
        f"{preset}: the report {'marks' if row.get('stale') else 'does not mark'} this row stale")


def test_readme_count_of_targets_met_is_the_benchs() -> None:
    targets = load("targets")
    checked = targets.check(json.loads(RESULTS.read_text()))
    met = sum(1 for _, _, verdict in checked if verdict == "ok")
    claim = re.search(r"\((\d+) of (\d+) met today", README.read_text())
    assert claim, "the README does not say how many targets are met"
    assert (int(claim.group(1)), int(claim.group(2))) == (met, len(checked))


def test_readme_range_of_ip_to_core_clock_is_the_reports() -> None:
    ratios = [r["ip"]["fmax_mhz"] / r["fmax_mhz"] for r in report_rows().values()
              if (r.get("ip") or {}).get("fmax_mhz") is not None]
    claim = re.search(r"the whole IP runs at (\d+)-(\d+) % of its core's clock", README.read_text())
    assert claim, "the README does not give the range of the whole IP's clock against its core's"
    low, high = int(claim.group(1)), int(claim.group(2))
    assert (low, high) == (int(min(ratios) * 100), int(max(ratios) * 100))
