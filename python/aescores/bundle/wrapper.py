# SPDX-License-Identifier: Apache-2.0
"""The bundle's Verilog: the ports of `aes_axi` read from its source, the wrapper that fixes
its parameters, and the compile order of the files.

The ports are read from the ANSI header of rtl/aes_axi.v (one port per line, groups
separated by blank lines and titled by a `//` comment line), so the wrapper follows the
RTL: widths written with parameters (`[128*LANES-1:0]`) are computed for the
configuration. A header written otherwise stops with `BundleError` naming the line.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from aescores import configs, paths
from aescores.configs import ParamValue
from aescores.flow.wrapper import verilog_literal

#: The Verilog top a bundle wraps.
IP_TOP = "aes_axi"

# Verilog comments: /* ... */ and // to the end of the line.
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_PORT = re.compile(
    r"^\s*(?P<dir>input|output|inout)\s+(?:(?:wire|reg|signed)\s+)*"
    r"(?:\[\s*(?P<msb>[^:\]]+?)\s*:\s*(?P<lsb>[^\]]+?)\s*\]\s*)?"
    r"(?P<name>[A-Za-z_]\w*)\s*,?\s*(?://\s*(?P<note>.*?))?\s*$"
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# Reserved words of Verilog-2005 (IEEE 1364-2005 Annex B): not usable as a module name.
VERILOG_KEYWORDS = frozenset("""
    always and assign automatic begin buf bufif0 bufif1 case casex casez cell cmos config
    deassign default defparam design disable edge else end endcase endconfig endfunction
    endgenerate endmodule endprimitive endspecify endtable endtask event for force forever
    fork function generate genvar highz0 highz1 if ifnone incdir include initial inout input
    instance integer join large liblist library localparam macromodule medium module nand
    negedge nmos nor noshowcancelled not notif0 notif1 or output parameter pmos posedge
    primitive pull0 pull1 pulldown pullup pulsestyle_onevent pulsestyle_ondetect rcmos real
    realtime reg release repeat rnmos rpmos rtran rtranif0 rtranif1 scalared showcancelled
    signed small specify specparam strong0 strong1 supply0 supply1 table task time tran
    tranif0 tranif1 tri tri0 tri1 triand trior trireg unsigned use uwire vectored wait wand
    weak0 weak1 while wire wor xnor xor
""".split())


class BundleError(RuntimeError):
    """A bundle cannot be made from the sources as they are (one line, for maintainers)."""


@dataclass(frozen=True)
class Port:
    """One port of the top: direction, name, range as written (None: one bit), trailing note."""

    direction: str
    name: str
    msb: str | None = None
    lsb: str | None = None
    note: str = ""

    def bounds(self, params: Mapping[str, ParamValue]) -> tuple[int, int] | None:
        """(msb, lsb) computed with `params`, or None for a one-bit port."""
        if self.msb is None or self.lsb is None:
            return None
        return evaluate(self.msb, params), evaluate(self.lsb, params)

    def width(self, params: Mapping[str, ParamValue]) -> int:
        """Bits of the port with `params`."""
        b = self.bounds(params)
        return 1 if b is None else abs(b[0] - b[1]) + 1

    def range_text(self, params: Mapping[str, ParamValue]) -> str:
        """'[511:0]' for a vector (numbers computed with `params`), '' for one bit."""
        b = self.bounds(params)
        return "" if b is None else f"[{b[0]}:{b[1]}]"


@dataclass(frozen=True)
class PortGroup:
    """Ports declared together, under the comment lines above them (empty: none)."""

    title: tuple[str, ...]
    ports: tuple[Port, ...]


@dataclass(frozen=True)
class Header:
    """The ANSI header of a module: its parameter names and its port groups."""

    module: str
    parameters: tuple[str, ...]
    groups: tuple[PortGroup, ...]

    @property
    def ports(self) -> list[Port]:
        """Every port, in declaration order."""
        return [p for g in self.groups for p in g.ports]


def evaluate(expr: str, params: Mapping[str, ParamValue]) -> int:
    """The integer value of a range bound such as `128*LANES-1`: integers, parameter names
    of `params` (integer-valued), + - * / % and parentheses. BundleError otherwise."""
    try:
        tree = ast.parse(expr.strip(), mode="eval")
    except SyntaxError:
        raise BundleError(f"cannot compute the port range bound {expr!r}") from None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Name) and isinstance(params.get(node.id), int):
            return int(params[node.id])
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            v = value(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp):
            a, b = value(node.left), value(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)) and b != 0:
                q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)  # Verilog truncates
                return q if not isinstance(node.op, ast.Mod) else a - q * b
        raise BundleError(f"cannot compute the port range bound {expr!r} (only integers, integer "
                          "parameters, + - * / % and parentheses)")

    return value(tree)


def _blank_comments(text: str) -> str:
    """`text` with every comment replaced by spaces (newlines kept): same offsets, no comments."""
    return _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)


def _matching_paren(code: str, start: int) -> int:
    """Offset of the ')' that closes the '(' at `start` in comment-free `code`."""
    depth = 0
    for i in range(start, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    raise BundleError("unbalanced parentheses in the module header")


def read_header(path: Path | None = None, module: str = IP_TOP) -> Header:
    """The parameters and port groups of `module`, read from its file (default rtl/<module>.v)."""
    path = path or paths.RTL_DIR / f"{module}.v"
    text = path.read_text()
    code = _blank_comments(text)
    where = f"rtl/{path.name}" if path.parent == paths.RTL_DIR else path.name
    m = re.search(rf"\bmodule\s+{re.escape(module)}\b\s*", code)
    if m is None:
        raise BundleError(f"{where}: no module {module}")
    at = m.end()
    parameters: tuple[str, ...] = ()
    if code[at] == "#":
        open_at = code.index("(", at)
        close_at = _matching_paren(code, open_at)
        parameters = tuple(re.findall(r"\bparameter\s+(?:\[[^\]]*\]\s*)?(\w+)", code[open_at:close_at]))
        at = close_at + 1
    open_at = code.index("(", at)
    close_at = _matching_paren(code, open_at)
    first_line = text.count("\n", 0, open_at) + 1

    groups: list[PortGroup] = []
    title: list[str] = []
    ports: list[Port] = []

    def close_group() -> None:
        if ports:
            groups.append(PortGroup(tuple(title), tuple(ports)))
        title.clear()
        ports.clear()

    for number, line in enumerate(text[open_at + 1:close_at].split("\n"), start=first_line):
        stripped = line.strip()
        if not stripped:
            close_group()
        elif stripped.startswith("//"):
            if ports:
                close_group()
            title.append(stripped[2:].strip())
        else:
            pm = _PORT.match(line)
            if pm is None:
                raise BundleError(f"{where} line {number}: expected one port declaration per line, "
                                  f"got {stripped!r}")
            ports.append(Port(pm["dir"], pm["name"], pm["msb"], pm["lsb"], pm["note"] or ""))
    close_group()
    if not groups:
        raise BundleError(f"{where}: module {module} declares no ports")
    return Header(module, parameters, tuple(groups))


def check_identifier(name: str, taken: Sequence[str] = ()) -> str | None:
    """Why `name` cannot be the wrapper's module name, or None: it must be a simple Verilog
    identifier (a letter or `_`, then letters, digits, `_`), not a reserved word, and not
    the name of a module in `taken`."""
    if not _IDENTIFIER.fullmatch(name):
        return (f"{name!r} is not a Verilog identifier: use a letter or _ then letters, digits "
                f"or _, e.g. aes_axi_custom")
    if name in VERILOG_KEYWORDS:
        return f"{name!r} is a Verilog reserved word"
    if name in taken:
        return f"{name!r} is the name of a module of the IP (rtl/{name}.v)"
    return None


def identifier_from(text: str) -> str:
    """`text` made a Verilog identifier: every other character becomes `_`."""
    name = re.sub(r"[^A-Za-z0-9_]+", "_", text).strip("_") or "custom"
    return name if re.match(r"[A-Za-z_]", name) else f"_{name}"


def compile_order(files: Sequence[Path]) -> list[Path]:
    """`files` (one module per file, named as the file) ordered so that every module comes
    after the modules it names (its submodules), then by name."""
    by_name = {Path(f).stem: Path(f) for f in files}
    uses: dict[str, list[str]] = {}
    for name, path in by_name.items():
        words = set(re.findall(r"\b\w+\b", _COMMENT.sub(" ", path.read_text())))
        uses[name] = sorted((words & by_name.keys()) - {name})
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        for sub in uses[name]:
            visit(sub)
        order.append(name)

    for name in sorted(by_name):
        visit(name)
    return [by_name[n] for n in order]


def _port_lines(header: Header, params: Mapping[str, ParamValue], indent: str) -> list[str]:
    """The wrapper's port declarations, grouped and titled as in the top's header."""
    ranges = {p.name: p.range_text(params) for p in header.ports}
    col = max(16, max(len(r) for r in ranges.values()) + 2)
    last = header.ports[-1].name
    lines: list[str] = []
    for i, group in enumerate(header.groups):
        if i:
            lines.append("")
        lines += [f"{indent}// {t}" if t else f"{indent}//" for t in group.title]
        for p in group.ports:
            sep = "" if p.name == last else ","
            note = f"  // {p.note}" if p.note else ""
            lines.append(f"{indent}{p.direction:<6} wire {ranges[p.name]:<{col}} {p.name}{sep}{note}".rstrip())
    return lines


def instance_lines(header: Header, module: str, instance: str, indent: str = "    ",
                   params: Mapping[str, ParamValue] | None = None, docs: Mapping[str, str] | None = None,
                   signals: Mapping[str, str] | None = None) -> list[str]:
    """An instance of `module` with the ports of `header`, one connection per line (each port
    to the signal of the same name unless `signals` names another), and `params` (with a
    trailing comment each from `docs`) in its parameter list."""
    lines: list[str] = []
    if params:
        lines.append(f"{indent}{module} #(")
        width = max(len(f".{k}({verilog_literal(v)})") for k, v in params.items()) + 1
        names = list(params)
        for k in names:
            item = f".{k}({verilog_literal(params[k])})" + ("" if k == names[-1] else ",")
            doc = (docs or {}).get(k, "")
            lines.append(f"{indent}    {item:<{width}} // {doc}" if doc else f"{indent}    {item}")
        lines.append(f"{indent}) {instance} (")
    else:
        lines.append(f"{indent}{module} {instance} (")
    ports = header.ports
    for i, group in enumerate(header.groups):
        if i and group.title:
            lines.append(f"{indent}    // {group.title[0]}")
        for p in group.ports:
            sep = "" if p is ports[-1] else ","
            lines.append(f"{indent}    .{p.name}({(signals or {}).get(p.name, p.name)}){sep}")
    lines.append(f"{indent});")
    return lines


def wrapper_text(name: str, config: configs.Preset, header: Header | None = None) -> str:
    """Verilog-2005 text of the module `name`: `aes_axi` with every parameter of
    `config` fixed, and the same ports (widths computed for the configuration)."""
    header = header or read_header()
    params = config.full_params
    missing = [k for k in params if k not in header.parameters]
    if missing:
        raise BundleError(f"rtl/{IP_TOP}.v does not declare the parameters {', '.join(missing)}")
    docs = {k: spec.doc for k, spec in configs.PARAMETERS.items()}
    what = f"preset {config.name}" if configs.is_named_preset(config) else "a custom configuration"
    lines = [
        "// SPDX-License-Identifier: Apache-2.0",
        "`resetall",
        "`timescale 1ns / 1ps",
        "`default_nettype none",
        "",
        f"// {name}: the aescores AES IP ({IP_TOP}) with every parameter fixed ({what}), "
        "made by `aescores generate`.",
        f"module {name} (",
        *_port_lines(header, params, "    "),
        ");",
        "",
        *instance_lines(header, IP_TOP, f"u_{IP_TOP}", params=params, docs=docs),
        "",
        "endmodule",
        "",
        "`resetall",
    ]
    return "\n".join(lines) + "\n"
