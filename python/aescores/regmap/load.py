# SPDX-License-Identifier: Apache-2.0
"""Read rdl/aes.rdl with systemrdl-compiler into a `model.RegisterMap`.

Only the SystemRDL the CSR generator (`verilog`) implements is accepted: each field must
be one of the kinds listed in `model`, recognised from its properties as below; anything
else (a counter, a read-clear, a hardware write-enable, ...) stops the load with an
error naming the field, so the RTL never silently differs from the .rdl.

| kind    | SystemRDL                                                    |
|---------|--------------------------------------------------------------|
| const   | sw=r, hw=na, with a reset value                              |
| status  | sw=r, hw=w                                                   |
| storage | sw=rw, hw=r or na, with a reset value                        |
| pulse   | sw=rw, hw=r, singlepulse                                     |
| event   | sw=rw, hw=w, onwrite=woclr, intr (optional enable = a field) |
| command | register with aes_command = true; fields sw=w, hw=r          |
| secret  | register with aes_secret = "<vector>"; one 32-bit field sw=w, hw=r, reset 0 |
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from aescores import paths
from aescores.regmap.model import ACCESS_OF_KIND, EnumType, EnumValue, Field, Register, RegisterMap

#: The register map's source.
RDL_FILE = paths.ROOT / "rdl" / "aes.rdl"

REG_WIDTH = 32
ADDR_SPACE = 0x1000  # 12-bit byte address

# Field properties that change hardware behaviour and that no generator implements.
_UNSUPPORTED_TRUE = (
    "swmod", "swacc", "swwe", "swwel", "we", "wel", "hwclr", "hwset", "hwenable", "hwmask",
    "counter", "anded", "ored", "xored", "paritycheck", "sticky", "overflow", "underflow",
)


class RegmapError(ValueError):
    """The .rdl does not compile, or uses something the CSR generator does not implement."""


#: The optional PeakRDL exporters (the `regmap` extra of pyproject.toml), by module.
EXPORTERS = {
    "peakrdl_cheader": ("peakrdl-cheader", "LGPL-3.0"),
    "peakrdl_markdown": ("peakrdl-markdown", "GPL-3.0"),
    "peakrdl_ipxact": ("peakrdl-ipxact", "GPL-3.0"),
}


def import_exporter(module: str, purpose: str) -> ModuleType:
    """Import one of the optional PeakRDL exporters (`EXPORTERS`); RegmapError saying
    which package to install, and why it is optional, when it is missing."""
    package, licence = EXPORTERS[module]
    try:
        return importlib.import_module(module)
    except ImportError:
        raise RegmapError(
            f"{purpose} needs {package} ({licence}), an optional dependency: "
            "pip install 'aescores[regmap]'"
        ) from None


def _text(node: Any, prop: str) -> str:
    value = node.get_property(prop)
    return " ".join(str(value).split()) if value else ""


def _udp(node: Any, name: str, default: Any) -> Any:
    return node.get_property(name, default=default)


def _access(node: Any, prop: str) -> str:
    return node.get_property(prop).name  # AccessType.rw -> "rw"


def _classify(reg: Any, fld: Any) -> str:
    """The kind of one field (see the module docstring)."""
    where = f"{reg.get_path()}.{fld.inst_name}"
    for prop in _UNSUPPORTED_TRUE:
        if fld.get_property(prop, default=False):
            raise RegmapError(f"{where}: property {prop} is not supported by aescores.regmap")
    if fld.get_property("onread") is not None:
        raise RegmapError(f"{where}: onread side effects are not supported (reads never change state)")
    sw, hw = _access(fld, "sw"), _access(fld, "hw")
    onwrite = fld.get_property("onwrite")
    onwrite = onwrite.name if onwrite is not None else None
    reset = fld.get_property("reset")
    singlepulse = fld.get_property("singlepulse")
    intr = fld.get_property("intr")

    if _udp(reg, "aes_command", False):
        if (sw, hw) != ("w", "r") or onwrite or singlepulse or intr:
            raise RegmapError(f"{where}: a command field is sw=w, hw=r and nothing else")
        return "command"
    if _udp(reg, "aes_secret", None):
        if (sw, hw) != ("w", "r") or reset != 0 or fld.width != REG_WIDTH or onwrite or singlepulse:
            raise RegmapError(f"{where}: a secret word is one 32-bit field, sw=w, hw=r, reset 0")
        return "secret"
    if intr or onwrite is not None:
        if not (intr and onwrite == "woclr" and (sw, hw) == ("rw", "w") and reset is not None):
            raise RegmapError(f"{where}: the only write side effect supported is an intr field, sw=rw, hw=w, onwrite=woclr, with a reset")
        return "event"
    if sw == "r":
        if hw == "na":
            if reset is None:
                raise RegmapError(f"{where}: a constant (sw=r, hw=na) needs a reset value")
            return "const"
        if hw == "w":
            return "status"
        raise RegmapError(f"{where}: a read-only field is hw=na (constant) or hw=w (input)")
    if sw == "rw":
        if singlepulse:
            if hw != "r":
                raise RegmapError(f"{where}: a singlepulse field is hw=r")
            return "pulse"
        if hw in ("r", "na"):
            if reset is None:
                raise RegmapError(f"{where}: a read-write field needs a reset value")
            return "storage"
        raise RegmapError(f"{where}: a read-write field is hw=r or hw=na")
    raise RegmapError(f"{where}: sw={sw} is supported only in aes_command and aes_secret registers")


def _enum(enum_cls: Any) -> EnumType:
    return EnumType(
        name=enum_cls.type_name,
        values=tuple(EnumValue(m.name, int(m.value), " ".join((m.rdl_desc or "").split())) for m in enum_cls),
    )


def compile_rdl(rdl_file: Path = RDL_FILE) -> tuple[Any, Any]:
    """Compile and elaborate `rdl_file` with systemrdl-compiler: the compiler (whose
    namespace holds the enums) and the elaborated root node, which the PeakRDL exporters
    take. RegmapError when it does not compile."""
    from systemrdl import RDLCompileError, RDLCompiler

    compiler = RDLCompiler()
    try:
        compiler.compile_file(str(rdl_file))
        root = compiler.elaborate()
    except RDLCompileError as exc:
        raise RegmapError(f"{rdl_file}: does not compile: {exc}") from exc
    return compiler, root


def load(rdl_file: Path = RDL_FILE, compiled: tuple[Any, Any] | None = None) -> RegisterMap:
    """The (only) address map of `rdl_file` as a RegisterMap; `compiled` is what
    `compile_rdl(rdl_file)` returned, when the caller has it already."""
    compiler, root = compiled or compile_rdl(rdl_file)
    top = root.top

    enums: dict[str, EnumType] = {}
    registers: list[Register] = []
    for reg in top.registers(unroll=True):
        if reg.size * 8 != REG_WIDTH or reg.get_property("regwidth") != REG_WIDTH:
            raise RegmapError(f"{reg.get_path()}: registers are {REG_WIDTH}-bit")
        offset = reg.absolute_address
        if offset % 4 or offset >= ADDR_SPACE:
            raise RegmapError(f"{reg.get_path()}: offset 0x{offset:x} is not a word in the 12-bit space")
        index = reg.current_idx[0] if reg.is_array else None
        if reg.is_array and len(reg.current_idx) != 1:
            raise RegmapError(f"{reg.get_path()}: only one-dimensional register arrays are supported")
        name = reg.inst_name + (str(index) if index is not None else "")
        title = _text(reg, "name") + (f" {index}" if index is not None else "")

        fields: list[Field] = []
        for fld in reg.fields():
            kind = _classify(reg, fld)
            encode = fld.get_property("encode")
            if encode is not None:
                enums.setdefault(encode.type_name, _enum(encode))
            enable = fld.get_property("enable") if kind == "event" else None
            enable_ref = None
            if enable is not None:
                enable_ref = f"{enable.parent.inst_name}.{enable.inst_name}"
            fields.append(
                Field(
                    name=fld.inst_name,
                    lsb=fld.lsb,
                    width=fld.width,
                    kind=kind,
                    reset=fld.get_property("reset") if kind in ("const", "storage", "event") else None,
                    desc=_text(fld, "desc"),
                    enum=encode.type_name if encode is not None else None,
                    enable=enable_ref,
                    hw=_access(fld, "hw"),
                )
            )
        kinds = {f.kind for f in fields}
        if len(kinds) != 1:
            raise RegmapError(f"{reg.get_path()}: fields of kinds {sorted(kinds)}; a register holds one kind")
        kind = kinds.pop()
        if not _text(reg, "desc") or any(not f.desc for f in fields):
            raise RegmapError(f"{reg.get_path()}: every register and field needs a desc")
        secret = _udp(reg, "aes_secret", None) or None
        if secret and index is None:
            raise RegmapError(f"{reg.get_path()}: secret words are a register array")
        registers.append(
            Register(
                name=name,
                offset=offset,
                access=ACCESS_OF_KIND[kind],
                title=title,
                desc=_text(reg, "desc"),
                fields=tuple(fields),
                refusable=bool(_udp(reg, "aes_refusable", False)),
                secret=secret,
                array=reg.inst_name if index is not None else None,
                index=index or 0,
            )
        )
        if registers[-1].refusable and kind != "command":
            raise RegmapError(f"{reg.get_path()}: only commands can be refusable")

    constants = tuple((_udp(top, "aes_constants", "") or "").split())
    for cname in constants:
        enum_cls = compiler.namespace.lookup_type(cname)
        if enum_cls is None or not hasattr(enum_cls, "type_name"):
            raise RegmapError(f"aes_constants names {cname!r}, which is not an enum of {rdl_file.name}")
        enums.setdefault(cname, _enum(enum_cls))

    regmap = RegisterMap(
        name=top.inst_name,
        title=_text(top, "name"),
        desc=_text(top, "desc"),
        registers=tuple(sorted(registers, key=lambda r: r.offset)),
        enums=tuple(enums.values()),
        constants=constants,
    )
    _check(regmap)
    return regmap


def _check(regmap: RegisterMap) -> None:
    """Checks across registers that the compiler does not make."""
    for reg in regmap:
        for f in reg.fields:
            if f.enable is not None:
                _, en = regmap.field_ref(f.enable)
                if en.kind != "storage" or en.width != f.width:
                    raise RegmapError(f"{reg.name}.{f.name}: its enable must be a storage field of the same width")
    events = [r for r in regmap if r.kind == "event"]
    if len([r for r in events if any(f.enable for f in r.fields)]) > 1:
        raise RegmapError("one interrupt register (the `irq` output) is supported")
