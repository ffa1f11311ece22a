# SPDX-License-Identifier: Apache-2.0
"""Move flip-flops that register an ECP5 block RAM's output into the block RAM.

Yosys maps a synchronous read (`q <= mem[addr]`) into a DP16KD with `REGMODE=NOREG`:
the address is registered inside the EBR and the data leaves it straight from the
memory array, which nextpnr's ECP5 model gives about 4.1 ns from the clock. A second
register in the RTL (`q2 <= q`) becomes fabric flip-flops that the placer may put far
from the EBR. The DP16KD has an output register of its own (`REGMODE_x=OUTREG`), which
Yosys 0.70 does not infer; this pass, run on the synthesized JSON netlist before
nextpnr, moves such flip-flops into it.

A port (A or B) of a DP16KD in true dual-port use (both DATA_WIDTH at most 18; in the
36-bit pseudo-dual-port use the read data leaves on both ports' pins, so the cell is
left alone) is converted only when every data output bit of that port
that drives anything drives exactly one cell pin, the D input of a TRELLIS_FF that
  - is clocked by the port's clock net, on the rising edge (CLKMUX "CLK"),
  - has no clock enable (CEMUX "1") and no set/reset (its LSR tied to 0),
and the port's output enable and reset are constant (OCE = 1, RST = 0). Such a
flip-flop loads the EBR output every clock, exactly what OUTREG does; the flip-flop is
removed and its output net is driven by the EBR pin. Anything else is left alone. The
only difference is the power-up value of those registers before the first clock, which
no design here reads.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

PORTS = ("A", "B")


def _plain_ff(cell: dict, clk: object) -> bool:
    p, c = cell["parameters"], cell["connections"]
    return (
        cell["type"] == "TRELLIS_FF"
        and c.get("CLK") == clk
        and p.get("CLKMUX", "CLK").strip() == "CLK"
        and p.get("CEMUX", "1").strip() == "1"
        and c.get("LSR", ["0"]) == ["0"]
    )


def _width(value: object) -> int:
    """A DATA_WIDTH parameter as Yosys writes it: a binary string, a number or text."""
    text = str(value).strip()
    if text and set(text) <= {"0", "1"} and len(text) > 2:
        return int(text, 2)
    return int(text)


def absorb(netlist: dict) -> int:
    """Convert every eligible DP16KD port of every module in place; return how many."""
    converted = 0
    for module in netlist["modules"].values():
        cells = module.get("cells", {})
        # sinks[net bit] = [(cell name, pin)], and bits that leave the module
        sinks: dict[object, list[tuple[str, str]]] = defaultdict(list)
        for name, cell in cells.items():
            for pin, bits in cell["connections"].items():
                if cell.get("port_directions", {}).get(pin, "input") != "output":
                    for b in bits:
                        sinks[b].append((name, pin))
        port_bits = {b for port in module.get("ports", {}).values() for b in port["bits"]}

        removed: set[str] = set()
        for name, cell in list(cells.items()):
            if cell["type"] != "DP16KD":
                continue
            conn, params = cell["connections"], cell["parameters"]
            if any(_width(params.get(f"DATA_WIDTH_{x}", "18")) > 18 for x in PORTS):
                continue
            for x in PORTS:
                if params.get(f"REGMODE_{x}", "NOREG") != "NOREG":
                    continue
                if conn.get(f"OCE{x}") != ["1"] or conn.get(f"RST{x}") != ["0"]:
                    continue
                clk = conn.get(f"CLK{x}")
                pins = [p for p in conn if p.startswith(f"DO{x}")]
                moves = []
                ok = True
                for pin in pins:
                    (bit,) = conn[pin]
                    users = sinks.get(bit, [])
                    if not users and bit not in port_bits:
                        continue  # unused output bit
                    if bit in port_bits or len(users) != 1 or users[0][1] != "DI":
                        ok = False
                        break
                    ff = cells[users[0][0]]
                    if users[0][0] in removed or not _plain_ff(ff, clk):
                        ok = False
                        break
                    moves.append((pin, users[0][0]))
                if not ok or not moves:
                    continue
                for pin, ff_name in moves:
                    conn[pin] = list(cells[ff_name]["connections"]["Q"])
                    removed.add(ff_name)
                params[f"REGMODE_{x}"] = "OUTREG"
                converted += 1
        for ff_name in removed:
            del cells[ff_name]
    return converted


def absorb_file(path: Path) -> int:
    """`absorb` on a Yosys JSON netlist file, rewritten in place."""
    netlist = json.loads(path.read_text())
    n = absorb(netlist)
    if n:
        path.write_text(json.dumps(netlist))
    return n
