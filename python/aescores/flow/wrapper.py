# SPDX-License-Identifier: Apache-2.0
"""The implementation wrapper: registers around every port of the top, for Fmax and pins.

A core's ports are driven and read by registers in any real system, so its Fmax must
include the logic between its ports and its own registers. The wrapper provides those
registers, which makes every timed path a register-to-register path of the one clock:

- "registered" (out-of-context targets): the wrapper has the top's own ports, and one
  register on each input bit (the clock excepted) and each output bit.
- "serial" (targets whose pins are placed): four pins. The inputs of the top come from
  one shift register fed by `impl_sin`; its outputs are captured, on `impl_load`, into a
  second shift register read out on `impl_sout`.

The wrapper's registers carry `(* keep *)` so that Yosys keeps every one of them, even
on ports the top ignores: their number is then exact (`Ports.wrapper_ff`) and is
subtracted from the totals to give the core's figures. The serial wrapper also costs one
LUT per output bit (the load multiplexer), subtracted the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

WRAPPER_TOP = "aescores_impl_top"


@dataclass(frozen=True)
class Port:
    name: str
    direction: str  # "input" or "output"
    width: int


@dataclass(frozen=True)
class Ports:
    """The ports of the elaborated top, in declaration order, and its clock."""

    ports: tuple[Port, ...]
    clock: str

    def __post_init__(self) -> None:
        names = [p.name for p in self.ports]
        if self.clock not in names:
            raise ValueError(f"the top has no clock port {self.clock!r} (ports: {', '.join(names)})")
        for p in self.ports:
            if p.direction not in ("input", "output"):
                raise ValueError(f"port {p.name}: {p.direction} ports are not supported by the flow")

    @property
    def inputs(self) -> list[Port]:
        return [p for p in self.ports if p.direction == "input" and p.name != self.clock]

    @property
    def outputs(self) -> list[Port]:
        return [p for p in self.ports if p.direction == "output"]

    @property
    def in_bits(self) -> int:
        return sum(p.width for p in self.inputs)

    @property
    def out_bits(self) -> int:
        return sum(p.width for p in self.outputs)

    def wrapper_ff(self) -> int:
        """Registers the wrapper adds (the same for both styles)."""
        return self.in_bits + self.out_bits

    def wrapper_lut4(self, style: str) -> int:
        """LUTs the wrapper adds: the serial style's load multiplexers."""
        return self.out_bits if style == "serial" else 0


def top_module(netlist: Mapping) -> str:
    """The name of the one module of a Yosys `write_json` netlist marked as top."""
    modules = netlist["modules"]
    tops = [n for n, m in modules.items() if int(str(m.get("attributes", {}).get("top", "0")), 2) == 1]
    if len(tops) != 1:
        raise ValueError(f"expected one top module in the netlist, found {tops or 'none'}")
    return tops[0]


def ports_from_yosys_json(
    netlist: Mapping, clock: str, text_params: Iterable[str] = ()
) -> tuple[str, Ports, dict[str, object]]:
    """(module name, ports, parameter values) of the top in a Yosys `write_json` netlist.

    Parameters named in `text_params` are read back as text even when the module
    declares them as bit vectors (`parameter [8*16-1:0] ARCH = "ITERATIVE"`).
    """
    top = top_module(netlist)
    mod = netlist["modules"][top]
    ports = tuple(Port(n, p["direction"], len(p["bits"])) for n, p in mod["ports"].items())
    text = set(text_params)
    params = {k: _decode_param(v, k in text) for k, v in mod.get("parameter_default_values", {}).items()}
    return top, Ports(ports, clock), params


def _decode_param(value: object, as_text: bool = False) -> object:
    """Yosys writes numbers (and sized string parameters) as binary strings, strings as themselves."""
    text = str(value)
    if text and set(text) <= {"0", "1"}:
        number = int(text, 2)
        if as_text:
            return number.to_bytes((len(text) + 7) // 8, "big").lstrip(b"\0").decode("ascii", "replace")
        return number
    return text.rstrip()  # Yosys pads some strings with a trailing space


def verilog_literal(value: object) -> str:
    """A parameter value as Verilog: strings quoted, numbers in decimal."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if '"' in text or "\\" in text:
        raise ValueError(f"parameter value {text!r} cannot be written as a Verilog string")
    return f'"{text}"'


def _range(width: int) -> str:
    return f"[{width - 1}:0] " if width > 1 else ""


def _instance(top: str, params: Mapping[str, object], connections: list[tuple[str, str]]) -> list[str]:
    lines = []
    if params:
        plist = ",\n".join(f"        .{k}({verilog_literal(v)})" for k, v in params.items())
        lines.append(f"    {top} #(\n{plist}\n    ) u_top (")
    else:
        lines.append(f"    {top} u_top (")
    lines.append(",\n".join(f"        .{p}({sig})" for p, sig in connections))
    lines.append("    );")
    return lines


def generate(top: str, params: Mapping[str, object], ports: Ports, style: str) -> str:
    """Verilog text of the wrapper module `aescores_impl_top` around `top`."""
    if style == "registered":
        body = _registered(top, params, ports)
    elif style == "serial":
        body = _serial(top, params, ports)
    else:
        raise ValueError(f"unknown wrapper style {style!r}")
    head = [
        "`resetall",
        "`timescale 1ns / 1ps",
        "`default_nettype none",
        "",
        f"// Implementation wrapper ({style} I/O) around {top}, generated by aescores.flow.",
    ]
    return "\n".join([*head, *body, "", "`resetall", ""])


def _registered(top: str, params: Mapping[str, object], ports: Ports) -> list[str]:
    decl = [f"    input  wire {ports.clock}"]
    for p in ports.inputs:
        decl.append(f"    input  wire {_range(p.width)}{p.name}")
    for p in ports.outputs:
        decl.append(f"    output wire {_range(p.width)}{p.name}")
    lines = [f"module {WRAPPER_TOP} (", ",\n".join(decl), ");", ""]
    for p in ports.inputs:
        lines.append(f"    (* keep *) reg {_range(p.width)}{p.name}_in_reg;")
    for p in ports.outputs:
        lines.append(f"    (* keep *) reg {_range(p.width)}{p.name}_out_reg;")
        lines.append(f"    wire {_range(p.width)}{p.name}_out;")
    lines += ["", f"    always @(posedge {ports.clock}) begin"]
    lines += [f"        {p.name}_in_reg <= {p.name};" for p in ports.inputs]
    lines += [f"        {p.name}_out_reg <= {p.name}_out;" for p in ports.outputs]
    lines += ["    end", ""]
    lines += [f"    assign {p.name} = {p.name}_out_reg;" for p in ports.outputs]
    conns = [(ports.clock, ports.clock)]
    conns += [(p.name, f"{p.name}_in_reg") for p in ports.inputs]
    conns += [(p.name, f"{p.name}_out") for p in ports.outputs]
    lines += ["", *_instance(top, params, conns), "", "endmodule"]
    return lines


def _serial(top: str, params: Mapping[str, object], ports: Ports) -> list[str]:
    n_in, n_out = ports.in_bits, ports.out_bits
    clk = ports.clock
    lines = [
        f"module {WRAPPER_TOP} (",
        f"    input  wire {clk},",
        "    input  wire impl_sin,",
        "    input  wire impl_load,",
        "    output wire impl_sout",
        ");",
        "",
    ]
    if n_in:
        lines.append(f"    (* keep *) reg {_range(n_in)}in_reg;")
    if n_out:
        lines.append(f"    (* keep *) reg {_range(n_out)}out_reg;")
        lines.append(f"    wire {_range(n_out)}out_w;")
    lines += ["", f"    always @(posedge {clk}) begin"]
    if n_in:
        shift_in = "impl_sin" if n_in == 1 else f"{{in_reg[{n_in - 2}:0], impl_sin}}"
        lines.append(f"        in_reg <= {shift_in};")
    if n_out:
        shift_out = "1'b0" if n_out == 1 else f"{{out_reg[{n_out - 2}:0], 1'b0}}"
        lines.append(f"        out_reg <= impl_load ? out_w : {shift_out};")
    lines += ["    end", ""]
    sout = f"out_reg[{n_out - 1}]" if n_out > 1 else ("out_reg" if n_out == 1 else "1'b0")
    lines.append(f"    assign impl_sout = {sout};")
    conns = [(clk, clk)]
    at = 0
    for p in ports.inputs:
        conns.append((p.name, _slice("in_reg", n_in, at, p.width)))
        at += p.width
    at = 0
    for p in ports.outputs:
        conns.append((p.name, _slice("out_w", n_out, at, p.width)))
        at += p.width
    lines += ["", *_instance(top, params, conns), "", "endmodule"]
    return lines


def _slice(vec: str, total: int, at: int, width: int) -> str:
    if total == 1:
        return vec
    if width == 1:
        return f"{vec}[{at}]"
    return f"{vec}[{at + width - 1}:{at}]"


def constraints(style: str, family: str, pins: Mapping[str, str], clock: str) -> tuple[str, str] | None:
    """(file suffix, text) of the pin constraints for a serial wrapper, or None."""
    if style != "serial":
        return None
    names = {"clock": clock, "sin": "impl_sin", "load": "impl_load", "sout": "impl_sout"}
    if family == "nexus":
        text = "".join(f"ldc_set_location -site {{{pins[r]}}} [get_ports {names[r]}]\n" for r in names)
        return ".pdc", text
    if family == "ice40":
        text = "".join(f"set_io {names[r]} {pins[r]}\n" for r in names)
        return ".pcf", text
    raise ValueError(f"no pin constraints for family {family!r}")
