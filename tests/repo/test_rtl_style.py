# SPDX-License-Identifier: Apache-2.0
"""Instance port maps in rtl/ connect one plain wire per line (docs/architecture.md,
"Conventions"): no logic, packing or select of an expression inside a port map, and no
second connection on a line. Parameter maps are not checked (their values are constants
of elaboration)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RTL_FILES = sorted((ROOT / "rtl").glob("*.v"))

# A connection is a wire, a bit or part select of one, a sized constant, or nothing.
PLAIN = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*(?:\s*\[[^\[\]]+\])?|[0-9]+'[bdh][0-9a-fA-F_]+|)$")
# An instance's port list opens after its name: `) u_name (` or `module u_name (`.
INSTANCE = re.compile(r"(?:\)|\b[a-z_][a-z0-9_]*)\s+(u_[A-Za-z0-9_]+)\s*\(")


def without_comments(text: str) -> str:
    """The text with comments blanked, line numbers kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def closing(text: str, start: int) -> int:
    """The index just past the parenthesis that closes the one before `start`."""
    depth, i = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return i


def port_map_problems(text: str, name: str) -> list[str]:
    """Each connection that is not plain, and each line with more than one connection."""
    text = without_comments(text)
    problems = []
    for inst in INSTANCE.finditer(text):
        body_start = inst.end()
        body = text[body_start : closing(text, body_start) - 1]
        first_line = text[:body_start].count("\n") + 1
        for k, line in enumerate(body.splitlines()):
            if len(re.findall(r"\.\w+\s*\(", line)) > 1:
                problems.append(f"{name}:{first_line + k}: {inst.group(1)} has several connections on a line")
        for conn in re.finditer(r"\.(\w+)\s*\(", body):
            expr = " ".join(body[conn.end() : closing(body, conn.end()) - 1].split())
            if not PLAIN.match(expr):
                line = first_line + body[: conn.start()].count("\n")
                problems.append(f"{name}:{line}: {inst.group(1)}.{conn.group(1)}({expr}) is not a plain wire")
    return problems


@pytest.mark.parametrize("path", RTL_FILES, ids=[p.stem for p in RTL_FILES])
def test_instance_port_maps_connect_one_plain_wire_per_line(path: Path) -> None:
    problems = port_map_problems(path.read_text(), path.name)
    assert not problems, "\n".join(problems)


def test_port_map_check_finds_logic_packing_and_shared_lines() -> None:
    text = """
    aes_fifo #(.WIDTH(8)) u_fifo (
        .clk(clk), .rst(rst),
        .wr_data({a, b}),
        .wr_valid(v && w),
        .m_data(q[8*j +: 8]),
        .m_ready(1'b1),
        .m_valid()  // unconnected
    );
    """
    problems = port_map_problems(text, "x.v")
    assert len(problems) == 3, problems
    assert "several connections" in problems[0]
    assert "wr_data({a, b})" in problems[1] and "wr_valid(v && w)" in problems[2]
