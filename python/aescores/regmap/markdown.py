# SPDX-License-Identifier: Apache-2.0
"""Render docs/registers.md: the register map for people."""

from __future__ import annotations

from aescores.regmap import verilog
from aescores.regmap.model import Register, RegisterMap

KIND_TEXT = {
    "const": "constant",
    "status": "read-only, from the IP",
    "storage": "read-write",
    "pulse": "write 1: one-clock pulse; reads 0",
    "event": "set by the IP, write 1 to clear",
    "command": "write-only command",
    "secret": "write-only key material",
}

HOW_WRITTEN = """\
## How this map is written

`rdl/aes.rdl` (SystemRDL 2.0) is the one source of the register map. Our generator,
`python/aescores/regmap`, reads it with `systemrdl-compiler` and writes every file that
depends on it:

| file | what |
|---|---|
| `rtl/aes_csr.v` | the AXI4-Lite register block, plain Verilog-2005 |
| `sw/aes_regs.h` | offsets, field masks and shifts, encodings for C |
| `python/aescores/regmap/regs.py` | the same for Python (tests, drivers) |
| `docs/registers.md` | this page |

Change the `.rdl`, then run `python -m aescores.regmap`; `python -m aescores.regmap
--check` (run by the tests) fails when a checked-in file differs from what the `.rdl`
generates. We do not use PeakRDL-regblock because it emits SystemVerilog, which the
project keeps out of synthesizable code.

The generator implements a fixed set of field kinds and stops with an error on any
other SystemRDL behaviour (counters, read side effects, hardware write enables...), so
the RTL never silently differs from the `.rdl`. A register holds fields of one kind.

| kind | SystemRDL | access | hardware |
|---|---|---|---|
| constant | `sw=r; hw=na;` with a reset value | RO | none: the read mux returns the reset value |
| status | `sw=r; hw=w;` | RO | input `<reg>_<field>` |
| storage | `sw=rw; hw=r;` (or `hw=na`) with a reset value | RW | flip-flops, written byte by byte under wstrb; output `<reg>_<field>` when `hw=r` |
| pulse | `sw=rw; hw=r; singlepulse;` | RW | output `<reg>_<field>` high one clock when 1 is written; reads 0 |
| event | `sw=rw; hw=w; onwrite=woclr; intr;` optional `enable = REG.field` | RW1C | input `<reg>_set` (one bit per register bit); output `irq` |
| command | register with `aes_command = true;` fields `sw=w; hw=r;` | WO | strobe `<reg>_wr` and the written `<reg>_<field>`; with `aes_refusable = true;` an input `<reg>_refuse` |
| secret | register array with `aes_secret = "<vector>";` one 32-bit field `sw=w; hw=r;` reset 0 | WO | output `<vector>` (word 0 in the low bits), input `<vector>_clear`; never in the read mux |

Encodings are SystemRDL `enum`s: those used by a field (`encode = ...`) and those the
address map lists in `aes_constants` (stream codes that no register holds) are
published in the C header (`AES_<ENUM>_<NAME>`) and in Python (`regs.<Enum>`).
"""

ACCESS_RULES = """\
## Access rules

- Registers are 32 bits at 12-bit byte addresses; address bits [1:0] and the AXI
  protection bits are ignored.
- A read of an unmapped address returns 0 with SLVERR. A write to an unmapped or
  read-only address changes nothing and answers SLVERR.
- Write-only registers (commands, key staging words) and CTRL read as 0 with OKAY.
- `wstrb` is honoured. Read-write registers and staging words are written byte by byte.
  RW1C and pulse bits act only in strobed bytes. A command takes the bytes not strobed
  as zero: a KEY_CTRL write with wstrb = 4'b0001 is a command with commit = 0, which
  does nothing.
- A command the IP refuses (KEY_CTRL, RK_CTRL; see each) answers SLVERR and does
  nothing.
- Reads never change state (there is no clear-on-read).
- Bus timing: the write address and data channels are independent and may come in
  either order; one write and one read can be in flight at a time. bvalid rises one
  clock after the later of the AW and W handshakes, rvalid one clock after the AR
  handshake; each is held until taken. At best one write every three clocks and one
  read every two.
- Key material (KEY0..KEY7, RK0..RK3, the slots' keys and round keys) is never readable
  through the bus: the staging words are not connected to the read data at all.
"""


def _esc(text: str) -> str:
    return text.replace("|", "\\|")


def _reset(reg: Register, f) -> str:
    if f.kind in ("const", "storage", "event") and f.reset is not None:
        return f"0x{f.reset:x}"
    if f.kind == "status":
        return "input"
    return "—"


def _field_table(reg: Register, regmap: RegisterMap) -> list[str]:
    lines = ["| bits | field | reset | description |", "|---|---|---|---|"]
    for f in sorted(reg.fields, key=lambda x: -x.lsb):
        desc = f.desc
        if f.enum:
            codes = ", ".join(f"{v.value} {v.name}" for v in regmap.enum(f.enum).values)
            desc += f" Codes: {codes}."
        lines.append(f"| {f.bits} | `{f.name}` | {_reset(reg, f)} | {_esc(desc)} |")
    return lines


def render(regmap: RegisterMap) -> str:
    """The text of docs/registers.md."""
    out: list[str] = [
        "# Registers",
        "",
        "<!-- Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. -->",
        "",
        f"The register map of {regmap.title} (`aes_axi`, docs/specification.md §5), generated from",
        "[`rdl/aes.rdl`](../rdl/aes.rdl). C: [`sw/aes_regs.h`](../sw/aes_regs.h);",
        "Python: `aescores.regmap.regs`; RTL: [`rtl/aes_csr.v`](../rtl/aes_csr.v).",
        "",
        regmap.desc,
        "",
        "## Summary",
        "",
        "| offset | name | access | contents |",
        "|---|---|---|---|",
    ]
    arrays_done: set[str] = set()
    for reg in regmap:
        if reg.array is not None:
            if reg.array in arrays_done:
                continue
            arrays_done.add(reg.array)
            words = [r for r in regmap if r.array == reg.array]
            out.append(
                f"| 0x{words[0].offset:03X}-0x{words[-1].offset:03X} | [{words[0].name}..{words[-1].name}]"
                f"(#{reg.array.lower()}) | {reg.access} | {_esc(reg.title.rsplit(' ', 1)[0])} |"
            )
            continue
        out.append(f"| 0x{reg.offset:03X} | [{reg.name}](#{reg.name.lower()}) | {reg.access} | {_esc(reg.title)} |")
    out += ["", ACCESS_RULES]

    out += ["## Register details", ""]
    arrays_done = set()
    for reg in regmap:
        if reg.array is not None:
            if reg.array in arrays_done:
                continue
            arrays_done.add(reg.array)
            words = [r for r in regmap if r.array == reg.array]
            offsets = ", ".join(f"{w.name} 0x{w.offset:03X}" for w in words)
            out += [
                f"### {reg.array}",
                "",
                f"**{words[0].name}..{words[-1].name}** · {offsets} · {reg.access} ({KIND_TEXT[reg.kind]})",
                "",
                reg.desc,
                "",
            ]
        else:
            out += [
                f"### {reg.name}",
                "",
                f"**{reg.title}** · offset 0x{reg.offset:03X} · {reg.access} ({KIND_TEXT[reg.kind]})"
                + (" · the IP may refuse a write" if reg.refusable else ""),
                "",
                reg.desc,
                "",
            ]
        out += _field_table(reg, regmap)
        out.append("")

    out += ["## Encodings", ""]
    for enum in regmap.enums:
        users = list(dict.fromkeys(f"{r.array or r.name}.{f.name}" for r in regmap for f in r.fields if f.enum == enum.name))
        where = ", ".join(f"`{u}`" for u in users) if users else "the AXI4-Stream side band (docs/specification.md §3)"
        out += [f"### {enum.name}", "", f"Used by {where}.", "", "| value | name | meaning |", "|---|---|---|"]
        for v in enum.values:
            out.append(f"| {v.value} | `{v.name}` | {_esc(v.desc)} |")
        out.append("")

    out += [
        "## CSR ports (`rtl/aes_csr.v`)",
        "",
        "Besides `clk`, `rst` (synchronous, active high) and the `s_axil_*` AXI4-Lite slave",
        "(AMBA names), the register block has these ports to the rest of the IP. Strobes,",
        "pulses and command values are valid for the one clock in which the write is done;",
        "a `_refuse` input is sampled in that clock and may depend on the command's field",
        "outputs and on the IP's state, never on the strobe.",
        "",
        "| port | dir | width | meaning |",
        "|---|---|---|---|",
    ]
    for heading, plist in verilog.ports(regmap):
        group = heading.split(" ", 1)[0]
        for p in plist:
            width = f"[{p.lsb + p.width - 1}:{p.lsb}]" if (p.width > 1 or p.lsb) else "1"
            out.append(f"| `{p.name}` | {'out' if p.direction == 'output' else 'in'} | {width} | {group}: {_esc(p.comment)} |")
    out += ["", HOW_WRITTEN]
    return "\n".join(out).rstrip() + "\n"
