# SPDX-License-Identifier: Apache-2.0
"""bench/slack_spread.py on a hand-written nextpnr log (no tool runs here): the design
clock's line, the histogram's bins, and the count of endpoints that fail a clock."""

from __future__ import annotations

import pytest

from bench_module import load

LOG = """\
Info: Max frequency for clock '$glbnet$aclk$TRELLIS_IO_IN': 142.86 MHz (FAIL at 250.00 MHz)

Info: Slack histogram:
Info:  legend: * represents 10 endpoint(s)
Info:          + represents [1,10) endpoint(s)
Info: [ -3000,  -2000) |*+
Info: [ -2000,  -1000) |***
Info: [ -1000,      0) |*****+
Info: [     0,   1000) |************************************************************
1 warning, 0 errors
"""


def test_reads_the_clock_and_the_bins() -> None:
    spread = load("slack_spread").parse(LOG)
    assert (spread.clock, spread.fmax_mhz, spread.goal_mhz, spread.scale) == (
        "$glbnet$aclk$TRELLIS_IO_IN", 142.86, 250.0, 10)
    assert [(b.low_ps, b.high_ps, b.stars, b.plus) for b in spread.bins] == [
        (-3000, -2000, 1, True), (-2000, -1000, 3, False), (-1000, 0, 5, True), (0, 1000, 60, False)]


def test_counts_the_endpoints_that_fail_a_clock() -> None:
    spread = load("slack_spread").parse(LOG)
    # 250 MHz is the goal: every bin below 0 ps fails. At least 1 + 3 + 5 stars of 10;
    # at most 2 + 3 + 6 stars of 11 (a `*` is 10 to 11 endpoints, a `+` fewer than that).
    assert spread.failing(250.0) == (90, 121)
    # 200 MHz: the limit is 4,000 - 5,000 = -1,000 ps, so the two lowest bins fail.
    assert spread.failing(200.0) == (40, 55)
    # 125 MHz: the limit is -4,000 ps, below every bin: none fails.
    assert spread.failing(125.0) == (0, 0)
    # A clock of 5,500 ps: the limit, -1,500 ps, falls inside the second bin, which
    # counts in the upper figure only.
    assert spread.failing(1e6 / 5500) == (10, 55)


@pytest.mark.parametrize("text,message", [
    ("Info: Program finished normally.\n", "Max frequency"),
    ("Info: Max frequency for clock 'clk': 100.00 MHz (PASS at 90.00 MHz)\n", "slack histogram"),
])
def test_a_log_without_a_timed_build_is_an_error(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load("slack_spread").parse(text)
