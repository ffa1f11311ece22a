# SPDX-License-Identifier: Apache-2.0
"""Render python/aescores/regmap/regs.py: the register map as Python objects."""

from __future__ import annotations

import textwrap

from aescores.regmap.model import EnumType, Field, Register, RegisterMap

HEADER = '''\
# SPDX-License-Identifier: Apache-2.0
"""The aescores register map for Python: offsets, fields and encodings (docs/specification.md §5).

Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. The map for
people is docs/registers.md.

    from aescores.regmap import regs
    regs.KEY_CTRL.offset                                        # 0x010
    regs.KEY_CTRL.encode(slot=1, len=regs.KeyLen.K256, commit=1)
    regs.CAPS.decode(value)["lanes"]
    regs.MAP.at(0x01C).name                                     # "ERR"
"""

from __future__ import annotations

from enum import IntEnum

from aescores.regmap.model import EnumType, EnumValue, Field, Register, RegisterMap
'''


def _class_name(enum_name: str) -> str:
    return "".join(part.capitalize() for part in enum_name.split("_"))


def _field(f: Field) -> str:
    args = [f"{f.name!r}", f"lsb={f.lsb}", f"width={f.width}", f"kind={f.kind!r}"]
    if f.reset is not None:
        args.append(f"reset=0x{f.reset:x}")
    if f.enum is not None:
        args.append(f"enum={f.enum!r}")
    if f.enable is not None:
        args.append(f"enable={f.enable!r}")
    args.append(f"hw={f.hw!r}")
    args.append(f"desc={f.desc!r}")
    return "        Field(" + ", ".join(args) + "),"


def _register(reg: Register) -> list[str]:
    lines = [
        f"{reg.name} = Register(",
        f"    name={reg.name!r},",
        f"    offset=0x{reg.offset:03X},",
        f"    access={reg.access!r},",
        f"    title={reg.title!r},",
        f"    desc={reg.desc!r},",
        "    fields=(",
    ]
    lines += [_field(f) for f in reg.fields]
    lines.append("    ),")
    if reg.refusable:
        lines.append("    refusable=True,")
    if reg.secret is not None:
        lines.append(f"    secret={reg.secret!r},")
    if reg.array is not None:
        lines.append(f"    array={reg.array!r},")
        lines.append(f"    index={reg.index},")
    lines.append(")")
    return lines


def _enum_type(enum: EnumType) -> list[str]:
    lines = [f"    EnumType({enum.name!r}, ("]
    for v in enum.values:
        lines.append(f"        EnumValue({v.name!r}, {v.value}, {v.desc!r}),")
    lines.append("    )),")
    return lines


def render(regmap: RegisterMap) -> str:
    """The text of regs.py."""
    lines: list[str] = [HEADER]
    lines.append("")
    lines.append("# Registers, in offset order.")
    lines.append("")
    for reg in regmap:
        lines += _register(reg)
        lines.append("")
    arrays: dict[str, list[str]] = {}
    for reg in regmap:
        if reg.array is not None:
            arrays.setdefault(reg.array, []).append(reg.name)
    for name, words in arrays.items():
        lines.append(f"#: The words of the {name} array, index order.")
        lines.append(f"{name} = ({', '.join(words)},)")
        lines.append("")
    lines.append("")
    lines.append("# Encodings, as IntEnum for use in code.")
    for enum in regmap.enums:
        lines.append("")
        lines.append("")
        lines.append(f"class {_class_name(enum.name)}(IntEnum):")
        lines.append(f'    """Encoding {enum.name} of rdl/aes.rdl."""')
        lines.append("")
        for v in enum.values:
            lines.append(f"    {v.name} = {v.value}")
    lines.append("")
    lines.append("")
    lines.append("ENUMS = (")
    for enum in regmap.enums:
        lines += _enum_type(enum)
    lines.append(")")
    lines.append("")
    lines.append("MAP = RegisterMap(")
    lines.append(f"    name={regmap.name!r},")
    lines.append(f"    title={regmap.title!r},")
    lines.append(f"    desc={regmap.desc!r},")
    lines.append("    registers=(")
    lines += textwrap.wrap(", ".join(r.name for r in regmap) + ",", width=88, initial_indent=" " * 8, subsequent_indent=" " * 8)
    lines.append("    ),")
    lines.append("    enums=ENUMS,")
    lines.append(f"    constants={regmap.constants!r},")
    lines.append(")")
    lines.append("")
    lines.append("REGISTERS = MAP.registers")
    for reg in regmap:
        if reg.kind == "const":
            lines.append(f"{reg.name}_VALUE = 0x{reg.reset:08X}")
    lines.append("")
    return "\n".join(lines)
