# SPDX-License-Identifier: Apache-2.0
"""The encodings of rdl/aes.rdl (its SystemRDL enums), for C and for the register page.

The PeakRDL exporters we use publish no enum: peakrdl-cheader writes offsets and field
masks, peakrdl-markdown one table per register. The codes are part of the map all the
same (key lengths, round-key tables, the stream's mode, direction and result codes, the
tuser bit positions), so this module writes them from the same .rdl: `c_header` is
sw/aes_codes.h (each code with its meaning as a comment), `markdown` the "Encodings"
section at the end of docs/registers.md.

An encoding is published when a field uses it (`encode = ...`) or when the address map
names it in `aes_constants` (codes that no register holds).
"""

from __future__ import annotations

import textwrap

from aescores.regmap.model import EnumType, RegisterMap


def users(regmap: RegisterMap, enum: EnumType) -> list[str]:
    """The fields that use `enum`, as "REG.field" (a register array once, by its name)."""
    return list(dict.fromkeys(f"{r.array or r.name}.{f.name}" for r in regmap for f in r.fields if f.enum == enum.name))


def _used_by(regmap: RegisterMap, enum: EnumType, quote: str = "") -> str:
    names = users(regmap, enum)
    if not names:
        return "the AXI4-Stream side band (docs/specification.md §3)"
    return ", ".join(f"{quote}{n}{quote}" for n in names)


C_HEAD = """\
// SPDX-License-Identifier: Apache-2.0
/*
 * aes_codes.h: the encodings of the aescores AES IP's register map, for C.
 *
 * Generated from rdl/aes.rdl by `python -m aescores.regmap` (aescores.regmap.encodings):
 * do not edit. Value V of encoding E is AES_<E>_<V>. The registers themselves (offsets,
 * field masks) are in aes_regs.h, which PeakRDL-cheader writes and which has no enums.
 */
#ifndef AES_CODES_H
#define AES_CODES_H
"""


C_WIDTH = 96
"""Longest line of a value's comment in sw/aes_codes.h."""


def _c_comment(text: str) -> list[str]:
    """`text` as a C comment of lines up to C_WIDTH characters ("*/" kept out of it)."""
    body = textwrap.wrap(text.replace("*/", "* /"), C_WIDTH - 6, break_on_hyphens=False) or [""]
    if len(body) == 1:
        return [f"/* {body[0]} */"]
    return [f"/* {body[0]}"] + [f" * {line}" for line in body[1:-1]] + [f" * {body[-1]} */"]


def c_header(regmap: RegisterMap) -> str:
    """The text of sw/aes_codes.h: per encoding, each value's meaning (its `desc`) above
    its macro."""
    lines = [C_HEAD]
    for enum in regmap.enums:
        lines.append(f"/* {enum.name}: codes of {_used_by(regmap, enum)}. */")
        width = max(len(f"AES_{enum.name}_{v.name}") for v in enum.values)
        for v in enum.values:
            name = f"AES_{enum.name}_{v.name}".upper()
            if v.desc:
                lines += _c_comment(v.desc)
            lines.append(f"#define {name:<{width}} {v.value}u")
        lines.append("")
    lines.append("#endif /* AES_CODES_H */")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(regmap: RegisterMap) -> str:
    """The "Encodings" section of docs/registers.md."""
    out = ["", "## Encodings", "",
           "The codes the fields above and the AXI4-Stream side band use "
           "(C: `sw/aes_codes.h`, `AES_<ENCODING>_<NAME>`).", ""]
    for enum in regmap.enums:
        out += [f"### {enum.name}", "", f"Used by {_used_by(regmap, enum, '`')}.", "",
                "| value | name | meaning |", "|---|---|---|"]
        out += [f"| {v.value} | `{v.name}` | {_cell(v.desc)} |" for v in enum.values]
        out.append("")
    return "\n".join(out)
