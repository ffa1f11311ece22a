# SPDX-License-Identifier: Apache-2.0
"""Render sw/aes_regs.h: offsets, field masks and shifts, and constants for C."""

from __future__ import annotations

import textwrap

from aescores.regmap.model import Register, RegisterMap

PREFIX = "AES"


def _comment(text: str, indent: str = "") -> list[str]:
    body = textwrap.wrap(text, width=84 - len(indent), break_on_hyphens=False)
    if len(body) == 1:
        return [f"{indent}/* {body[0]} */"]
    return [f"{indent}/*"] + [f"{indent} * {line}" for line in body] + [f"{indent} */"]


def _define(name: str, value: str, comment: str = "") -> str:
    line = f"#define {name:<36} {value}"
    return f"{line:<60} /* {comment} */" if comment else line


def _reg_fields(lines: list[str], reg: Register, stem: str) -> None:
    for f in reg.fields:
        base = f"{PREFIX}_{stem}_{f.name.upper()}"
        lines += _comment(f"[{f.bits}] {f.name}: {f.desc}")
        lines.append(_define(f"{base}_SHIFT", f"{f.lsb}u"))
        lines.append(_define(f"{base}_MASK", f"0x{f.mask:08x}u"))


HEADER = """\
// SPDX-License-Identifier: Apache-2.0
/*
 * aes_regs.h: the register map of the aescores AES IP (aes_axi), for C.
 *
 * Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. The map
 * for people is docs/registers.md.
 *
 * AES_REG_<R> is the byte offset of register R from the IP's base address; every
 * register is 32 bits. Field F of R has AES_<R>_<F>_SHIFT (its lowest bit) and
 * AES_<R>_<F>_MASK (its bits in place): AES_FIELD_GET(AES_KEY_CTRL_SLOT, v) reads a
 * field of the value v, AES_FIELD_PREP(AES_KEY_CTRL_SLOT, 3) places one. Encodings
 * are AES_<ENCODING>_<NAME>.
 */
#ifndef AES_REGS_H
#define AES_REGS_H

#include <stdint.h>

#define AES_FIELD_GET(field, value)  ((((uint32_t)(value)) & field##_MASK) >> field##_SHIFT)
#define AES_FIELD_PREP(field, x)     ((((uint32_t)(x)) << field##_SHIFT) & field##_MASK)
"""


def render(regmap: RegisterMap) -> str:
    """The text of sw/aes_regs.h."""
    lines: list[str] = [HEADER]
    done_arrays: set[str] = set()
    for reg in regmap:
        if reg.array is not None:
            if reg.array in done_arrays:
                continue
            done_arrays.add(reg.array)
            words = [r for r in regmap if r.array == reg.array]
            lines.append("")
            lines += _comment(
                f"{words[0].name}..{words[-1].name} (0x{words[0].offset:03X}-0x{words[-1].offset:03X}, "
                f"{reg.access}): {reg.title.rsplit(' ', 1)[0]}. {reg.desc}"
            )
            lines.append(_define(f"{PREFIX}_REG_{reg.array}(n)", f"(0x{reg.offset:03x}u + 4u * (uint32_t)(n))"))
            lines.append(_define(f"{PREFIX}_REG_{reg.array}_COUNT", f"{len(words)}u"))
            for w in words:
                lines.append(_define(f"{PREFIX}_REG_{w.name}", f"0x{w.offset:03x}u"))
            _reg_fields(lines, reg, reg.array)
            continue
        lines.append("")
        lines += _comment(f"{reg.name} (0x{reg.offset:03X}, {reg.access}): {reg.title}. {reg.desc}")
        lines.append(_define(f"{PREFIX}_REG_{reg.name}", f"0x{reg.offset:03x}u"))
        _reg_fields(lines, reg, reg.name)
        if reg.kind == "const":
            lines.append(_define(f"{PREFIX}_{reg.name}_VALUE", f"0x{reg.reset:08x}u", "the value it reads"))

    for enum in regmap.enums:
        users = [f"{r.name}.{f.name}" for r in regmap for f in r.fields if f.enum == enum.name]
        # fields of array words would repeat: keep each once
        users = list(dict.fromkeys(users))
        what = f"codes of {', '.join(users)}" if users else "stream constants (docs/specification.md §3)"
        lines.append("")
        lines += _comment(f"Encoding {enum.name}: {what}.")
        for v in enum.values:
            if v.desc:
                lines += _comment(v.desc)
            lines.append(_define(f"{PREFIX}_{enum.name.upper()}_{v.name}", f"{v.value}u"))
    lines += ["", "#endif /* AES_REGS_H */", ""]
    return "\n".join(lines)
