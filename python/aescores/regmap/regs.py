# SPDX-License-Identifier: Apache-2.0
"""The aescores register map for Python: offsets, fields and encodings (docs/specification.md §5).

Read from rdl/aes.rdl through systemrdl-compiler when this module is first imported
(`load.load`, a tenth of a second), so there is no generated Python to keep fresh:

    from aescores.regmap import regs
    regs.KEY_CTRL.offset                                        # 0x010
    regs.KEY_CTRL.encode(slot=1, len=regs.KeyLen.K256, commit=1)
    regs.CAPS.decode(value)["lanes"]
    regs.MAP.at(0x01C).name                                     # "ERR"

Every register is an attribute named as in the .rdl (`KEY_CTRL`), so is every word of a
register array (`KEY0`..`KEY7`), and the array is the tuple of its words (`KEY`). Every
encoding is an IntEnum named from its SystemRDL enum (`key_len` -> `KeyLen`). A constant
register's value is `<REG>_VALUE` (`ID_VALUE`). `MAP` is the whole `model.RegisterMap`.

Why not PeakRDL-python: it generates a register access layer (some 17,000 lines of
Python for this map, classes for every register and field with sync and async
read/write callbacks) for driving a device. What our code needs is the map as data:
offsets, field positions and the kind of each register (command, secret word,
refusable, from our own SystemRDL properties), to encode and decode words in the cocotb
benches, `aescores.driver` and the tests. systemrdl-compiler, already the source of
every generated file, gives exactly that, with nothing to regenerate.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from aescores.regmap.load import load
from aescores.regmap.model import Register, RegisterMap

MAP: RegisterMap = load()
REGISTERS: tuple[Register, ...] = MAP.registers


def class_name(enum_name: str) -> str:
    """The IntEnum name of a SystemRDL enum: key_len -> KeyLen."""
    return "".join(part.capitalize() for part in enum_name.split("_"))


def _names(regmap: RegisterMap) -> dict[str, Any]:
    """The module attributes the map defines (see the module docstring)."""
    names: dict[str, Any] = {}
    arrays: dict[str, list[Register]] = {}
    for reg in regmap:
        names[reg.name] = reg
        if reg.array is not None:
            arrays.setdefault(reg.array, []).append(reg)
        if reg.kind == "const":
            names[f"{reg.name}_VALUE"] = reg.reset
    for array, words in arrays.items():
        names[array] = tuple(sorted(words, key=lambda r: r.index))
    for enum in regmap.enums:
        name = class_name(enum.name)
        names[name] = IntEnum(name, [(v.name, v.value) for v in enum.values], module=__name__)
    return names


def _publish() -> None:
    names = _names(MAP)
    taken = sorted(set(names) & set(globals()))
    if taken:
        raise RuntimeError(f"rdl/aes.rdl defines names this module uses already: {', '.join(taken)}")
    globals().update(names)


_publish()
