#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""How many timing endpoints of a placed and routed build would fail a given clock.

A build's worst path says what sets its Fmax, not how many paths stand between it and a
faster clock: one slow path is a fix, hundreds are a structure. nextpnr ends its log
with a slack histogram of every endpoint against the build's goal (20 bins of slack in
picoseconds, each drawn as a bar of `*`, one `*` for about a fixed number of endpoints,
and a `+` for a remainder). An endpoint with slack s against a goal of G MHz fails a
clock of F MHz when s < 1e6/G - 1e6/F ps. This script reads the histogram of
each build named and prints, per clock asked, how many endpoints fail it: a range, since
a bar gives a count to within one `*`, and a bin that straddles the limit is counted
in the upper figure only.

    aescores implement s3-subpipelined --top aes_axi       # prints its `logs` folder
    python3 bench/slack_spread.py build/flow/s3-subpipelined-ecp5-85k-<hash> --mhz 200 250

Each argument is a build folder (holding nextpnr.log) or a nextpnr.log. Not a test: the
counts depend on the tools' versions and the seed (docs/flow.md, "Fmax").
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

_SCALE = re.compile(r"\* represents (\d+) endpoint")
_BIN = re.compile(r"\[\s*(-?\d+),\s*(-?\d+)\)\s*\|(\**)(\+?)")
_FMAX = re.compile(r"Max frequency for clock\s+'([^']+)': ([\d.]+) MHz \((?:PASS|FAIL) at ([\d.]+) MHz\)")


@dataclass(frozen=True)
class Bin:
    low_ps: int    # slack from (inclusive)
    high_ps: int   # to (exclusive)
    stars: int
    plus: bool     # a remainder of 1 to scale - 1 endpoints


@dataclass(frozen=True)
class Spread:
    clock: str
    fmax_mhz: float
    goal_mhz: float
    scale: int     # endpoints per `*`
    bins: tuple[Bin, ...]

    def failing(self, mhz: float) -> tuple[int, int]:
        """(at least, at most) endpoints whose slack fails a clock of `mhz`."""
        limit = 1e6 / self.goal_mhz - 1e6 / mhz
        # nextpnr draws a bin of n endpoints as n * 60 // m stars (m the largest bin) and
        # prints m // 60 as the scale: n lies in [stars * scale, (stars + 1) * (scale + 1)).
        least = sum(b.stars * self.scale for b in self.bins if b.high_ps <= limit)
        most = sum((b.stars + (1 if b.plus else 0)) * (self.scale + 1) for b in self.bins if b.low_ps < limit)
        return least, most


def parse(text: str) -> Spread:
    """The last slack histogram and design-clock Fmax of a nextpnr log."""
    fmax = _FMAX.findall(text)
    if not fmax:
        raise ValueError("no 'Max frequency for clock' line: not a nextpnr log of a timed build")
    at = text.rfind("Slack histogram")
    if at < 0:
        raise ValueError("no slack histogram in the log")
    scale = None
    bins = []
    for line in text[at:].splitlines():
        m = _SCALE.search(line)
        if m and scale is None:
            scale = int(m.group(1))
            continue
        m = _BIN.search(line)
        if m:
            bins.append(Bin(int(m.group(1)), int(m.group(2)), len(m.group(3)), m.group(4) == "+"))
        elif bins:
            break
    if scale is None or not bins:
        raise ValueError("the slack histogram has no legend or no bins")
    clock, mhz, goal = fmax[-1]
    return Spread(clock, float(mhz), float(goal), scale, tuple(bins))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("builds", nargs="+", type=Path, help="build folders or nextpnr.log files")
    ap.add_argument("--mhz", nargs="+", type=float, default=[200.0, 250.0], help="clocks to count failures at")
    args = ap.parse_args(argv)
    for build in args.builds:
        log = build / "nextpnr.log" if build.is_dir() else build
        try:
            spread = parse(log.read_text(errors="replace"))
        except (OSError, ValueError) as exc:
            print(f"{build}: {exc}", file=sys.stderr)
            return 1
        counts = ", ".join(f"{mhz:g} MHz: {lo:,}-{hi:,}" for mhz in args.mhz for lo, hi in [spread.failing(mhz)])
        print(f"{build}: clock {spread.clock}, {spread.fmax_mhz:.1f} MHz (goal {spread.goal_mhz:g}); "
              f"endpoints failing {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
