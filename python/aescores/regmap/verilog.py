# SPDX-License-Identifier: Apache-2.0
"""Render rtl/aes_csr.v, the AXI4-Lite register block, from the register map.

This generator is ours on purpose, where the other files made from rdl/aes.rdl come from
PeakRDL exporters (`aescores.regmap`):

- PeakRDL-regblock, the exporter for register RTL, writes SystemVerilog (packages,
  structs, interfaces). The project keeps synthesizable code to Verilog-2005 that Yosys,
  Verilator, Icarus and the vendors' tools all read as it is.
- The map uses SystemRDL properties of our own, which no exporter knows: `aes_command`
  (a write-only register without storage: a one-clock strobe with the written value),
  `aes_refusable` (the IP may refuse the command: SLVERR and no strobe) and `aes_secret`
  (key staging words with no path to the read data at all, zeroized by an input and by
  reset, the bus's write-data register zeroed after every write).
- The bus rules of docs/specification.md §5: SLVERR for a write to an unmapped or
  read-only address (which changes nothing) and for a refused command, 0 with SLVERR
  for an unmapped read, `wstrb` honoured byte by byte, reads without side effects.

`load` accepts only the field kinds implemented here and stops on anything else.
The output is plain Verilog-2005 in the project's style (docs/architecture.md, "Conventions"): x_reg/x_next with
one combinational block and one clocked block, synchronous active-high `rst`, AMBA port
names. Port names follow from the map: see `ports()` and the header comment of the
generated file.
"""

from __future__ import annotations

from dataclasses import dataclass

from aescores.regmap.model import Field, Register, RegisterMap

MODULE = "aes_csr"
ADDR_BITS = 12
WORD_ADDR_BITS = ADDR_BITS - 2
DATA_BITS = 32


@dataclass(frozen=True)
class Port:
    """One port of the CSR module to the rest of the IP."""

    direction: str  # "input" or "output"
    name: str
    width: int
    lsb: int = 0
    comment: str = ""

    @property
    def decl_range(self) -> str:
        if self.width == 1 and self.lsb == 0:
            return ""
        return f"[{self.lsb + self.width - 1}:{self.lsb}]"


def _lc(name: str) -> str:
    return name.lower()


def _port_name(reg: Register, f: Field) -> str:
    return f"{_lc(reg.name)}_{f.name}"


def _sl(f: Field) -> str:
    """The field's bits as a select of a 32-bit word."""
    return f"[{f.lsb}]" if f.width == 1 else f"[{f.msb}:{f.lsb}]"


def _rep(width: int, bit: str) -> str:
    """`bit` repeated to `width` bits."""
    return bit if width == 1 else f"{{{width}{{{bit}}}}}"


def _aligned(rows: list[tuple[str, str]], indent: str = "", sep: str = " = ", end: str = ";") -> list[str]:
    """Lines "left sep right end" with the separators lined up."""
    width = max((len(left) for left, _ in rows), default=0)
    return [f"{indent}{left:<{width}}{sep}{right}{end}" for left, right in rows]


def _event_span(reg: Register) -> tuple[int, int]:
    """Bits of the `<reg>_set` input: from bit 0, so that `1 << b` sets register bit b."""
    return 0, max(f.msb for f in reg.fields)


def has_irq(regmap: RegisterMap) -> bool:
    return any(f.enable for r in regmap for f in r.fields)


def ports(regmap: RegisterMap) -> list[tuple[str, list[Port]]]:
    """The ports to the IP, grouped under a heading per register (or staging vector)."""
    groups: list[tuple[str, list[Port]]] = []
    secrets = regmap.secret_groups()
    for reg in regmap:
        lc = _lc(reg.name)
        heading = f"{reg.name} (0x{reg.offset:03X}, {reg.access}): {reg.title}"
        plist: list[Port] = []
        if reg.kind == "status":
            for f in reg.fields:
                plist.append(Port("input", _port_name(reg, f), f.width, comment=f"{reg.name}[{f.bits}]"))
        elif reg.kind == "storage":
            for f in reg.fields:
                if f.hw == "r":
                    plist.append(Port("output", _port_name(reg, f), f.width, comment=f"{reg.name}[{f.bits}]"))
        elif reg.kind == "pulse":
            for f in reg.fields:
                plist.append(Port("output", _port_name(reg, f), f.width, comment="one-clock pulse: software wrote 1"))
        elif reg.kind == "event":
            lo, hi = _event_span(reg)
            plist.append(Port("input", f"{lc}_set", hi - lo + 1, lo, comment=f"bit b high: set {reg.name}[b]"))
        elif reg.kind == "command":
            plist.append(Port("output", f"{lc}_wr", 1, comment="one-clock strobe: an accepted write"))
            for f in reg.fields:
                plist.append(Port("output", _port_name(reg, f), f.width, comment="written value, valid with the strobe"))
            if reg.refusable:
                plist.append(Port("input", f"{lc}_refuse", 1, comment="refuse the write now: SLVERR, no strobe"))
        elif reg.kind == "secret":
            if reg.index != 0:
                continue
            words = secrets[reg.secret]
            heading = (
                f"{words[0].name}..{words[-1].name} (0x{words[0].offset:03X}-0x{words[-1].offset:03X}, WO): "
                f"staged key material"
            )
            plist.append(Port("output", reg.secret, DATA_BITS * len(words), comment=f"{words[0].name} in the low bits"))
            plist.append(Port("input", f"{reg.secret}_clear", 1, comment="zeroize the staging words"))
        if plist:
            groups.append((heading, plist))
    if has_irq(regmap):
        groups.append(("Interrupt", [Port("output", "irq", 1, comment="high while ERR & IRQ_EN is non-zero")]))
    return groups


def _axi_ports() -> list[tuple[str, str, str]]:
    a, d = ADDR_BITS, DATA_BITS
    return [
        ("input", f"[{a - 1}:0]", "s_axil_awaddr"),
        ("input", "[2:0]", "s_axil_awprot"),
        ("input", "", "s_axil_awvalid"),
        ("output", "", "s_axil_awready"),
        ("input", f"[{d - 1}:0]", "s_axil_wdata"),
        ("input", f"[{d // 8 - 1}:0]", "s_axil_wstrb"),
        ("input", "", "s_axil_wvalid"),
        ("output", "", "s_axil_wready"),
        ("output", "[1:0]", "s_axil_bresp"),
        ("output", "", "s_axil_bvalid"),
        ("input", "", "s_axil_bready"),
        ("input", f"[{a - 1}:0]", "s_axil_araddr"),
        ("input", "[2:0]", "s_axil_arprot"),
        ("input", "", "s_axil_arvalid"),
        ("output", "", "s_axil_arready"),
        ("output", f"[{d - 1}:0]", "s_axil_rdata"),
        ("output", "[1:0]", "s_axil_rresp"),
        ("output", "", "s_axil_rvalid"),
        ("input", "", "s_axil_rready"),
    ]


HEADER = """\
// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// aes_csr: the AXI4-Lite register block of aes_axi (docs/specification.md §5).

/*
 * Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. Change the
 * .rdl and regenerate; `python -m aescores.regmap --check` finds a stale copy.
 *
 * The register map, field by field, is docs/registers.md. This block only stores and
 * decodes; what a command does is up to the IP behind the ports below.
 *
 * Bus. AXI4-Lite slave, 32-bit data, 12-bit byte address; address bits [1:0] and the
 * protection signals are ignored. The write address (AW) and write data (W) channels
 * are independent: each is taken once, in either order or together, and its ready
 * stays low until the write has been answered. The write is done in the clock after
 * the later of the two handshakes; bvalid rises at the end of that clock and is held
 * until bready. The read address is decoded in the clock it is taken; the read data
 * is formed in the next clock from that decode, and rvalid rises at its end and is
 * held until rready. One write and one read may be outstanding at a time, each on its
 * own channels. Reads never change anything.
 *
 * Responses. Unmapped address: a read returns 0 with SLVERR, a write does nothing and
 * answers SLVERR. Read-only register: a write does nothing and answers SLVERR.
 * Write-only register: a read returns 0 with OKAY. A command that the IP refuses
 * answers SLVERR.
 *
 * wstrb. Read-write registers and staging words are written byte by byte; RW1C and
 * pulse bits act only in strobed bytes; a command takes the bytes not strobed as zero
 * (a write with wstrb = 0 to a command is a command with all fields 0).
 *
 * Key material. The staging words (KEY0..KEY7, RK0..RK3) are written by the bus and
 * read only by the IP, through the staging vectors. They are not in the read mux at
 * all: a read of their address returns the constant 0. Reset and the *_clear inputs
 * zeroize them, and the write-data register is zeroed after every write, so no copy
 * of a key word stays on the bus side.
 *
 * Ports to the IP, by register kind:
 *   RO            input  <reg>_<field>   the value a read returns.
 *   RW            output <reg>_<field>   the register's value.
 *   pulse         output <reg>_<field>   high for one clock when software writes 1.
 *   RW1C          input  <reg>_set       bit b high for a clock sets register bit b (bits
 *                                        without a field are ignored); a set in the
 *                                        clock of a software clear wins.
 *                 output irq             high while a RW1C bit and its enable bit are
 *                                        both set (an OR of register pairs).
 *   command       output <reg>_wr        high for exactly one clock per accepted write,
 *                 output <reg>_<field>   with the written fields (valid only then).
 *                 input  <reg>_refuse    refusable commands: sampled in that clock; when
 *                                        high there is no strobe and the write answers
 *                                        SLVERR. It may depend on <reg>_<field> and on
 *                                        the IP's state, never on <reg>_wr.
 *   staging       output <vector>        word w in bits [32w+31:32w].
 *                 input  <vector>_clear  zeroize every word (a bus write to a word in the
 *                                        same clock still lands, on the zeroed word).
 *
 * Timing. Strobes, pulses and command values come from registers through one level of
 * decode (plus the refuse input). Every input port reaches only a register through
 * its decode, and the read data is a register formed from registers. At best one
 * write every three clocks and one read every three.
 */
"""


def render(regmap: RegisterMap) -> str:
    """The text of rtl/aes_csr.v."""
    out: list[str] = [HEADER, f"module {MODULE} (\n"]
    # Port lines as (declaration, comment); a heading comment has no declaration.
    rows: list[tuple[str, str]] = [
        ("input  wire          clk", ""),
        ("input  wire          rst", "// synchronous, active high"),
        ("", ""),
        ("", "/*"),
        ("", f" * AXI4-Lite slave ({DATA_BITS}-bit data, {ADDR_BITS}-bit byte address)"),
        ("", " */"),
    ]
    for direction, rng, name in _axi_ports():
        rows.append((f"{direction:<6} wire {rng:<8} {name}", ""))
    for heading, plist in ports(regmap):
        rows += [("", ""), ("", "/*"), ("", f" * {heading}"), ("", " */")]
        for p in plist:
            rows.append((f"{p.direction:<6} wire {p.decl_range:<8} {p.name}", f"// {p.comment}"))
    last = max(i for i, (decl, _) in enumerate(rows) if decl)
    lines = []
    for i, (decl, comment) in enumerate(rows):
        if not decl:
            lines.append(f"    {comment}".rstrip())
            continue
        text = decl + ("" if i == last else ",")
        lines.append(f"    {text:<48} {comment}".rstrip() if comment else f"    {text}")
    out.append("\n".join(lines) + "\n);\n\n")
    out.append(_body(regmap))
    out.append("endmodule\n\n`resetall\n")
    return "".join(out)


def _channel_regs(writable: int, readable: int) -> tuple[tuple[str, int, str, str], ...]:
    """The AXI4-Lite channel registers (name, width, reset, comment); `writable` sizes
    aw_hit and `readable` ar_hit."""
    return (
        ("aw_full", 1, "1'b0", "write address held"),
        ("aw_hit", writable, f"{writable}'d0", "its register, one-hot (0: read-only or unmapped)"),
        ("w_full", 1, "1'b0", "write data held"),
        ("w_data", DATA_BITS, "32'd0", "its data, zeroed once written"),
        ("w_strb", DATA_BITS // 8, "4'd0", "its byte strobes"),
        ("b_valid", 1, "1'b0", ""),
        ("b_resp", 2, "RESP_OKAY", ""),
        ("ar_full", 1, "1'b0", "read address held"),
        ("ar_hit", readable, f"{readable}'d0", "its register, one-hot (0: write-only or unmapped)"),
        ("ar_bad", 1, "1'b0", "its address unmapped"),
        ("r_valid", 1, "1'b0", ""),
        ("r_data", DATA_BITS, "32'd0", ""),
        ("r_resp", 2, "RESP_OKAY", ""),
    )


def _decl(name: str, width: int, comment: str = "") -> str:
    rng = f"[{width - 1}:0]" if width > 1 else ""
    line = f"reg {rng:<7} {name}_reg, {name}_next;"
    return f"{line:<60} // {comment}" if comment else line


def _decoder(index: str, name: str, port: str, regs: list[Register]) -> list[str]:
    """A one-hot decode of `port`'s word address: a localparam `<index>_<REG>` per register
    of `regs` (its bit), and the combinational vector `name` (then a blank line)."""
    lines = _aligned([(f"localparam {index}_{r.name}", f"{i}") for i, r in enumerate(regs)])
    lines += ["", f"reg [{len(regs) - 1}:0] {name};", "", "always @* begin"]
    lines += _aligned(
        [(f"{name}[{index}_{r.name}]", f"({port}[{ADDR_BITS - 1}:2] == ADDR_{r.name})") for r in regs],
        indent="    ",
    )
    return lines + ["end", ""]


def _body(regmap: RegisterMap) -> str:
    w = WORD_ADDR_BITS
    lines: list[str] = []
    add = lines.append
    secrets = regmap.secret_groups()
    writable = [r for r in regmap if r.kind not in ("const", "status")]
    # write-only registers (and pulses) are not in the read mux: they read as 0
    write_only = [r for r in regmap if r.kind in ("command", "secret", "pulse")]
    readable = [r for r in regmap if r not in write_only]
    nw, nr = len(writable), len(readable)
    channel = _channel_regs(nw, nr)

    add("localparam [1:0] RESP_OKAY   = 2'b00;")
    add("localparam [1:0] RESP_SLVERR = 2'b10;")
    add("")
    add("// Register word addresses (byte offset / 4).")
    width = max(len(r.name) for r in regmap) + 5
    for reg in regmap:
        add(f"localparam [{w - 1}:0] {'ADDR_' + reg.name:<{width}} = {w}'h{reg.offset >> 2:03x};  // 0x{reg.offset:03X} {reg.access}")
    add("")

    # ---- declarations
    add("// AXI4-Lite channel state: at most one write and one read in flight.")
    for name, wid, _, comment in channel:
        add(_decl(name, wid, comment))
    add("")
    storage: list[tuple[str, int, int, str]] = []  # name, width, reset, comment
    for reg in regmap:
        if reg.kind in ("storage", "event"):
            for f in reg.fields:
                storage.append((f"{_lc(reg.name)}_{f.name}", f.width, f.reset or 0, f"{reg.name}[{f.bits}]"))
        elif reg.kind == "secret":
            storage.append((_lc(reg.name), DATA_BITS, 0, f"{reg.name}: key material, never read back"))
    add("// Register storage.")
    for name, wid, _, comment in storage:
        add(_decl(name, wid, comment))
    add("")

    # ---- AXI outputs
    add("// Each channel takes one transfer, then waits for its response to be taken.")
    lines += _aligned(
        [
            ("assign s_axil_awready", "!aw_full_reg && !b_valid_reg"),
            ("assign s_axil_wready", "!w_full_reg && !b_valid_reg"),
            ("assign s_axil_bresp", "b_resp_reg"),
            ("assign s_axil_bvalid", "b_valid_reg"),
            ("assign s_axil_arready", "!ar_full_reg && !r_valid_reg"),
            ("assign s_axil_rdata", "r_data_reg"),
            ("assign s_axil_rresp", "r_resp_reg"),
            ("assign s_axil_rvalid", "r_valid_reg"),
        ]
    )
    add("")

    # ---- write decode
    # wr_mask and wr_bits serve the registers other than the staging words (which take
    # w_data_reg's bytes under their own byte enables): as wide as those registers' fields.
    staging = [r for r in writable if r.kind == "secret"]
    masked = {b for r in writable if r.kind != "secret" for f in r.fields for b in range(f.lsb, f.msb + 1)}
    mw = max(masked) + 1 if staging and masked else DATA_BITS
    mask = ", ".join(f"{{{min(8, mw - 8 * b)}{{w_strb_reg[{b}]}}}}" for b in reversed(range((mw + 7) // 8)))
    add("// Write decode: a write is done in the one clock where its address and data are held.")
    if mw < DATA_BITS:
        add("// wr_mask and wr_bits span the fields of the registers other than the staging words,")
        add("// which take the write-data register's bytes under byte enables of their own.")
    lines += _aligned(
        [
            ("wire        wr_go", "aw_full_reg && w_full_reg && !b_valid_reg"),
            (f"wire {f'[{mw - 1}:0]':<6} wr_mask", f"{{{mask}}}"),
            (f"wire {f'[{mw - 1}:0]':<6} wr_bits", "w_data_reg & wr_mask" if mw == DATA_BITS else f"w_data_reg[{mw - 1}:0] & wr_mask"),
        ]
    )
    add("")
    add("// The write address is decoded in the clock it is taken, so that a write's enables")
    add("// come from registers: aw_hit_reg has one bit per writable register.")
    lines += _decoder("HIT", "aw_dec", "s_axil_awaddr", writable)
    lines += _aligned([(f"wire hit_{_lc(r.name)}", f"wr_go && aw_hit_reg[HIT_{r.name}]") for r in writable])
    add("")
    if staging:
        add("// The staging words' byte enables: a byte is written where its word is hit and its")
        add("// strobe is set.")
        lines += _aligned(
            [(f"wire [{DATA_BITS // 8 - 1}:0] {_lc(r.name)}_wr_bytes", f"{{{DATA_BITS // 8}{{hit_{_lc(r.name)}}}}} & w_strb_reg") for r in staging]
        )
        add("")

    # ---- outputs to the IP
    add("// To the IP: command strobes and values (a command sees bytes not strobed as zero),")
    add("// pulses, read-write values, the staged key material and irq.")
    outs: list[tuple[str, str]] = []
    for reg in regmap:
        lc = _lc(reg.name)
        if reg.kind == "command":
            outs.append((f"assign {lc}_wr", f"hit_{lc}" + (f" && !{lc}_refuse" if reg.refusable else "")))
            outs += [(f"assign {_port_name(reg, f)}", f"wr_bits{_sl(f)}") for f in reg.fields]
        elif reg.kind == "pulse":
            outs += [(f"assign {_port_name(reg, f)}", f"{_rep(f.width, 'hit_' + lc)} & wr_bits{_sl(f)}") for f in reg.fields]
        elif reg.kind == "storage":
            outs += [(f"assign {_port_name(reg, f)}", f"{lc}_{f.name}_reg") for f in reg.fields if f.hw == "r"]
        elif reg.kind == "secret" and reg.index == 0:
            cat = ", ".join(f"{_lc(x.name)}_reg" for x in reversed(secrets[reg.secret]))
            outs.append((f"assign {reg.secret}", f"{{{cat}}}"))
    lines += _aligned(outs)
    add("")
    if has_irq(regmap):
        terms = []
        for reg in regmap:
            for f in reg.fields:
                if f.enable:
                    en_reg, en_f = regmap.field_ref(f.enable)
                    terms.append(f"({_lc(reg.name)}_{f.name}_reg & {_lc(en_reg.name)}_{en_f.name}_reg)")
        add("// irq: high exactly while ERR & IRQ_EN != 0, from the registers through one OR (a")
        add("// register of the next values would put the whole write decode in front of it).")
        add("assign irq = |{" + (",\n               ".join(terms)) + "};")
        add("")

    # ---- write response
    add("// Write response: OKAY for a writable register unless the IP refuses the command;")
    add("// SLVERR for a read-only or unmapped address, which the write does not change.")
    add("// aw_hit_reg is one-hot or zero, so a refused command is the one hit bit masked:")
    add("// an OR of the hit bits and one gate per refusable command, not a term per register.")
    terms = ["(|aw_hit_reg)"] + [
        f"!(aw_hit_reg[HIT_{r.name}] && {_lc(r.name)}_refuse)" for r in writable if r.refusable
    ]
    add("wire wr_ok = " + " &&\n             ".join(terms) + ";")
    add("wire [1:0] wr_resp = wr_ok ? RESP_OKAY : RESP_SLVERR;")
    add("")

    # ---- read decode and mux
    add("// Read decode: the read address is decoded in the clock it is taken (ar_hit_reg,")
    add("// one bit per readable register), and the read data is formed from that decode in")
    add("// the next clock. Only readable values appear in the mux. The staging words are")
    add("// write-only key material with no path to s_axil_rdata: their addresses hit nothing")
    add("// and read as 0.")
    lines += _decoder("RHIT", "ar_dec", "s_axil_araddr", readable)
    add("// Write-only (and pulse) registers hit nothing and read as 0 with OKAY; any other")
    add("// address is unmapped: 0 with SLVERR.")
    terms = [f"(s_axil_araddr[{ADDR_BITS - 1}:2] == ADDR_{r.name})" for r in write_only]
    add("wire ar_write_only = " + " ||\n                     ".join(terms) + ";")
    add("wire ar_unmapped = !(|ar_dec) && !ar_write_only;")
    add("")
    add("// The read data: each readable register's word, kept where its bit is set.")
    add("reg [31:0] rd_data;")
    add("")
    add("always @* begin")
    add("    rd_data = 32'd0;")
    for reg in readable:
        lc = _lc(reg.name)
        rows = []
        for f in reg.fields:
            if reg.kind == "const":
                value = f"{f.width}'h{f.reset:x}"
            elif reg.kind == "status":
                value = _port_name(reg, f)
            else:
                value = f"{lc}_{f.name}_reg"
            rows.append((f"rd_data{_sl(f)}", f"rd_data{_sl(f)} | ({_rep(f.width, f'ar_hit_reg[RHIT_{reg.name}]')} & {value})"))
        lines += _aligned(rows, indent="    ")
    add("end")
    add("")

    # ---- next state
    add("always @* begin")
    lines += _aligned([(f"{n}_next", f"{n}_reg") for n, *_ in channel], indent="    ")
    add("")
    add("    // Write address and data, taken in either order; then the write and its response.")
    add("    if (s_axil_awvalid && s_axil_awready) begin")
    add("        aw_full_next = 1'b1;")
    add("        aw_hit_next = aw_dec;")
    add("    end")
    add("    if (s_axil_wvalid && s_axil_wready) begin")
    add("        w_full_next = 1'b1;")
    add("        w_data_next = s_axil_wdata;")
    add("        w_strb_next = s_axil_wstrb;")
    add("    end")
    add("    if (wr_go) begin")
    lines += _aligned(
        [
            ("aw_full_next", "1'b0"),
            ("w_full_next", "1'b0"),
            ("w_data_next", "32'd0;  // leave no copy of the written (key) data behind"),
            ("b_valid_next", "1'b1"),
            ("b_resp_next", "wr_resp"),
        ],
        indent="        ",
    )
    lines[-3] = lines[-3].rstrip(";")
    add("    end else if (s_axil_bready) begin")
    add("        b_valid_next = 1'b0;")
    add("    end")
    add("")
    add("    // Read: the address decoded when taken, answered in the next clock, held until")
    add("    // taken. Reads change nothing else.")
    add("    if (s_axil_arvalid && s_axil_arready) begin")
    lines += _aligned([("ar_full_next", "1'b1"), ("ar_hit_next", "ar_dec"), ("ar_bad_next", "ar_unmapped")], indent="        ")
    add("    end")
    add("    if (ar_full_reg) begin")
    lines += _aligned(
        [
            ("ar_full_next", "1'b0"),
            ("r_valid_next", "1'b1"),
            ("r_data_next", "rd_data"),
            ("r_resp_next", "ar_bad_reg ? RESP_SLVERR : RESP_OKAY"),
        ],
        indent="        ",
    )
    add("    end else if (s_axil_rready) begin")
    add("        r_valid_next = 1'b0;")
    add("    end")
    for reg in regmap:
        lc = _lc(reg.name)
        if reg.kind == "storage":
            add("")
            add(f"    // {reg.name}: read-write, byte by byte.")
            rows = []
            for f in reg.fields:
                n = f"{lc}_{f.name}"
                rows.append((f"{n}_next", f"hit_{lc} ? (({n}_reg & ~wr_mask{_sl(f)}) | wr_bits{_sl(f)}) : {n}_reg"))
            lines += _aligned(rows, indent="    ")
        elif reg.kind == "event":
            add("")
            add(f"    // {reg.name}: set by the IP, cleared by writing 1; a set in the same clock wins.")
            rows = []
            for f in reg.fields:
                n = f"{lc}_{f.name}"
                rows.append((f"{n}_next", f"({n}_reg & ~({_rep(f.width, 'hit_' + lc)} & wr_bits{_sl(f)})) | {lc}_set{_sl(f)}"))
            lines += _aligned(rows, indent="    ")
    for group, words in secrets.items():
        add("")
        add(f"    // {words[0].name}..{words[-1].name}: zeroized by {group}_clear; a write in the same clock lands after it.")
        add("    // Byte by byte: a byte written (its word hit, its strobe set) takes the write-data")
        add("    // register's byte; else the clear zeroes it; else it holds. Synthesis maps the byte")
        add("    // enable to the flip-flops' clock enable and the clear to their synchronous reset,")
        add("    // so the D input is the write-data bit itself, with no LUT in front of it.")
        for reg in words:
            n = _lc(reg.name)
            for b in range(DATA_BITS // 8):
                sl = f"[{8 * b + 7}:{8 * b}]"
                add(f"    if ({group}_clear && !{n}_wr_bytes[{b}]) {n}_next{sl} = 8'd0;")
                add(f"    else if ({n}_wr_bytes[{b}]) {n}_next{sl} = w_data_reg{sl};")
                add(f"    else {n}_next{sl} = {n}_reg{sl};")
    add("end")
    add("")

    # ---- clocked block
    add("always @(posedge clk) begin")
    regs = [n for n, *_ in channel] + [n for n, *_ in storage]
    lines += _aligned([(f"{n}_reg", f"{n}_next") for n in regs], indent="    ", sep=" <= ")
    add("")
    add("    if (rst) begin")
    resets = [(f"{n}_reg", r) for n, _, r, _ in channel]
    resets += [(f"{n}_reg", f"{wid}'h{r:x}") for n, wid, r, _ in storage]
    lines += _aligned(resets, indent="        ", sep=" <= ")
    add("    end")
    add("end")
    add("")

    # ---- unused inputs
    unused = ["s_axil_awaddr[1:0]", "s_axil_awprot", "s_axil_araddr[1:0]", "s_axil_arprot"]
    for reg in regmap:
        if reg.kind == "event":
            lo, hi = _event_span(reg)
            covered = {b for f in reg.fields for b in range(f.lsb, f.msb + 1)}
            unused += [f"{_lc(reg.name)}_set[{b}]" for b in range(lo, hi + 1) if b not in covered]
    if mw < DATA_BITS:
        unused += [f"wr_bits[{b}]" for b in range(mw) if b not in masked]
    add("// Inputs that AXI4-Lite lets this block ignore.")
    add(f"wire unused_ok = &{{1'b0, {', '.join(unused)}}};")
    add("")
    return "\n".join(lines) + "\n"
