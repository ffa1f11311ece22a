# SPDX-License-Identifier: Apache-2.0
"""The register map as plain Python objects.

`load.load()` builds a `RegisterMap` from rdl/aes.rdl; the CSR generator (`verilog`) and
the encodings render it, and `regs` publishes it for tests and drivers.

Field kinds (what the hardware does with a field; docs/architecture.md, "Register
block", explains them):

- ``const``:   read-only constant (its reset value), nothing in or out.
- ``status``:  read-only, its value is an input port of the CSR.
- ``storage``: read-write flip-flops, written byte by byte under wstrb.
- ``pulse``:   write 1 gives a one-clock output pulse; reads 0.
- ``event``:   set by an input pulse from the IP, cleared by writing 1 (RW1C).
- ``command``: write-only, no storage: a strobe and the written value go to the IP.
- ``secret``:  write-only key material stored in the CSR, never readable.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from typing import Iterator, Mapping

FIELD_KINDS = ("const", "status", "storage", "pulse", "event", "command", "secret")

#: Software access of a register as docs/specification.md §5 names it, from the kind of its fields.
ACCESS_OF_KIND = {
    "const": "RO",
    "status": "RO",
    "storage": "RW",
    "pulse": "RW",
    "event": "RW1C",
    "command": "WO",
    "secret": "WO",
}


@dataclass(frozen=True)
class EnumValue:
    """One named value of an encoding."""

    name: str
    value: int
    desc: str = ""


@dataclass(frozen=True)
class EnumType:
    """A named encoding (SystemRDL enum): a field's codes, or stream constants."""

    name: str
    values: tuple[EnumValue, ...]

    def __getitem__(self, name: str) -> int:
        for v in self.values:
            if v.name == name:
                return v.value
        raise KeyError(f"{self.name} has no value {name!r}")

    def name_of(self, value: int) -> str:
        """The name of `value`, or raise KeyError."""
        for v in self.values:
            if v.value == value:
                return v.name
        raise KeyError(f"{self.name} has no name for {value}")


@dataclass(frozen=True)
class Field:
    """A bit field of a register: bits [lsb + width - 1 : lsb]."""

    name: str
    lsb: int
    width: int
    kind: str
    reset: int | None = None
    desc: str = ""
    enum: str | None = None
    #: For ``event`` fields: the ``storage`` field that enables its interrupt, "REG.field".
    enable: str | None = None
    #: Hardware access (SystemRDL hw): "r" the IP sees the field, "w" the IP drives it, "na" neither.
    hw: str = "na"

    @property
    def msb(self) -> int:
        return self.lsb + self.width - 1

    @property
    def mask(self) -> int:
        """The field's bits in place (for a 32-bit register value)."""
        return ((1 << self.width) - 1) << self.lsb

    def get(self, reg_value: int) -> int:
        """The field's value in the register value `reg_value`."""
        return (reg_value >> self.lsb) & ((1 << self.width) - 1)

    def put(self, value: int) -> int:
        """`value` placed in the field's bits; raises ValueError when it does not fit."""
        if not 0 <= int(value) < (1 << self.width):
            raise ValueError(f"{value} does not fit the {self.width}-bit field {self.name}")
        return int(value) << self.lsb

    @property
    def bits(self) -> str:
        """Bit range as written in the docs: "7:4", or "8" for a single bit."""
        return str(self.lsb) if self.width == 1 else f"{self.msb}:{self.lsb}"


@dataclass(frozen=True)
class Register:
    """A 32-bit register at a byte offset."""

    name: str
    offset: int
    access: str
    title: str
    desc: str
    fields: tuple[Field, ...]
    #: Commands only: the IP may refuse a write (SLVERR, no strobe).
    refusable: bool = False
    #: Secret registers only: the staging vector this word belongs to.
    secret: str | None = None
    #: Words of a register array (KEY0..KEY7): the array's name ("KEY") and this index.
    array: str | None = None
    index: int = 0

    @property
    def kind(self) -> str:
        """The kind shared by every field of the register."""
        return self.fields[0].kind

    def field(self, name: str) -> Field:
        """The field called `name`; raises KeyError."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(f"{self.name} has no field {name!r}")

    def encode(self, **values: int) -> int:
        """A register value from field values, e.g. ``KEY_CTRL.encode(slot=1, commit=1)``."""
        word = 0
        for name, value in values.items():
            word |= self.field(name).put(value)
        return word

    def decode(self, reg_value: int) -> dict[str, int]:
        """Every field's value in `reg_value`."""
        return {f.name: f.get(reg_value) for f in self.fields}

    @property
    def reset(self) -> int:
        """The register's value after reset (0 for inputs and write-only fields)."""
        return sum((f.reset or 0) << f.lsb for f in self.fields if f.kind in ("const", "storage", "event"))


@dataclass(frozen=True)
class RegisterMap:
    """Every register, with the encodings the map defines."""

    name: str
    title: str
    desc: str
    registers: tuple[Register, ...]
    enums: tuple[EnumType, ...] = ()
    #: Names of the encodings published although no field uses them.
    constants: tuple[str, ...] = ()
    _by_name: Mapping[str, Register] = dc_field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", {r.name: r for r in self.registers})

    def __iter__(self) -> Iterator[Register]:
        return iter(self.registers)

    def __getitem__(self, name: str) -> Register:
        return self._by_name[name]

    def at(self, offset: int) -> Register | None:
        """The register at byte `offset`, or None when the offset is unmapped."""
        for r in self.registers:
            if r.offset == offset:
                return r
        return None

    def enum(self, name: str) -> EnumType:
        """The encoding called `name`; raises KeyError."""
        for e in self.enums:
            if e.name == name:
                return e
        raise KeyError(f"no encoding {name!r}")

    def field_ref(self, ref: str) -> tuple[Register, Field]:
        """The register and field that "REG.field" names."""
        reg_name, field_name = ref.split(".")
        reg = self[reg_name]
        return reg, reg.field(field_name)

    def secret_groups(self) -> dict[str, list[Register]]:
        """Secret staging vectors by name, their words in index order."""
        groups: dict[str, list[Register]] = {}
        for r in self.registers:
            if r.secret:
                groups.setdefault(r.secret, []).append(r)
        for words in groups.values():
            words.sort(key=lambda r: r.index)
        return groups
