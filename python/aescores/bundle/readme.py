# SPDX-License-Identifier: Apache-2.0
"""The text files of a bundle that describe it: files.f, the FuseSoC core and README.md."""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

from aescores import __version__, configs
from aescores.configs import ParamValue, Preset
from aescores.regmap.model import RegisterMap

from .figures import CORE_TOP, IP_TOP, Figures
from .wrapper import Header, instance_lines

#: Vendor of the bundle's FuseSoC core and IP-XACT component.
VENDOR = "aescores"

#: What each file of a bundle is, by path, in the order the README lists them (the RTL, the
#: wrapper and the files named after the wrapper are described where the README lists them).
DESCRIPTIONS = {
    "files.f": "the RTL files in compile order, the wrapper last (Verilator `-f`, Yosys `read -f`, Icarus `-c`)",
    "sw/aes_regs.h": "register offsets (struct `aes_t`), field masks and positions for C (PeakRDL-cheader)",
    "sw/aes_codes.h": "the register map's encodings for C: key lengths, modes, result codes, tuser bit positions",
    "sw/aes_driver.h": "the C driver's interface",
    "sw/aes_driver.c": "the C driver (C99: identify the IP, load and clear keys, read and clear errors)",
    "rdl/aes.rdl": "the register map's SystemRDL source",
    "docs/registers.md": "the register map, register by register",
    "LICENSE": "the licence of everything here (Apache-2.0)",
    "README.md": "this page",
}


def filelist_text(rtl: Sequence[str]) -> str:
    """files.f: one path per line, relative to the bundle's folder."""
    return "".join(f"{p}\n" for p in rtl)


def core_name(name: str) -> str:
    """The FuseSoC VLNV of the bundle of the wrapper `name`."""
    return f"{VENDOR}:bundle:{name}:{__version__}"


def core_text(name: str, config: Preset, rtl: Sequence[str], includes: Sequence[str] = ()) -> str:
    """A FuseSoC CAPI=2 core of the bundle: the RTL fileset (`rtl` in compile order, then
    the Verilog `includes`), the C sources, a default target and a Verilator lint
    target, both with the wrapper as toplevel."""
    lines = [
        "CAPI=2:",
        "# SPDX-License-Identifier: Apache-2.0",
        f"# FuseSoC description of the aescores bundle {name}: aes_axi fixed to {config.name}.",
        f"name: {core_name(name)}",
        f"description: \"aescores AES IP (aes_axi) fixed to {config.name}, wrapped as {name}\"",
        "",
        "filesets:",
        "  rtl:",
        "    files:",
        *[f"      - {p}" for p in rtl],
        *[f"      - {p}: {{is_include_file: true}}" for p in includes],
        "    file_type: verilogSource",
        "  sw:",
        "    files:",
        "      - sw/aes_regs.h: {is_include_file: true}",
        "      - sw/aes_codes.h: {is_include_file: true}",
        "      - sw/aes_driver.h: {is_include_file: true}",
        "      - sw/aes_driver.c",
        "    file_type: cSource",
        "",
        "targets:",
        "  default:",
        "    filesets: [rtl]",
        f"    toplevel: {name}",
        "  lint:",
        "    default_tool: verilator",
        "    filesets: [rtl]",
        f"    toplevel: {name}",
        "    tools:",
        "      verilator:",
        "        mode: lint-only",
        "        verilator_options: [-Wall]",
    ]
    return "\n".join(lines) + "\n"


def _per_key_length(config: Preset, fn: Callable[[Mapping[str, ParamValue], int], int]) -> dict[int, int]:
    """`fn(params, key_bits)` for every key length the configuration accepts."""
    params = config.full_params
    return {k: fn(params, k) for k in (128, 192, 256) if k <= int(params["MAX_KEY_BITS"])}


def _clocks(n: int) -> str:
    return "1 clock" if n == 1 else f"{n} clocks"


def _latency_text(config: Preset) -> str:
    """The core's latency: '12 clocks', or per key length when it depends on it."""
    values = _per_key_length(config, configs.latency_clocks)
    if len(set(values.values())) == 1:
        return _clocks(next(iter(values.values()))) + (" whatever the key length" if len(values) > 1 else "")
    return ", ".join(f"{_clocks(v)} for AES-{k}" for k, v in values.items())


def _rate_text(config: Preset) -> str:
    """How often a lane takes a block: 'every clock', 'every 11 clocks', or per key length."""
    values = _per_key_length(config, configs.clocks_per_block)
    if len(set(values.values())) == 1:
        n = next(iter(values.values()))
        return "every clock" if n == 1 else f"every {n} clocks"
    return ", ".join(f"every {_clocks(v)} for AES-{k}" for k, v in values.items())


def _figures_section(config: Preset, figures: Mapping[str, Figures], commands: Mapping[str, str]) -> list[str]:
    from aescores.flow.targets import TARGETS

    target = TARGETS.get(config.target)
    device = f"{config.target} ({target.device})" if target else config.target
    lines = [
        "## Figures",
        "",
        f"Post-route on {device}, as the aescores flow builds it (Yosys and nextpnr; every port "
        f"registered). Gbit/s = 128 x {config.lanes} lane(s) x Fmax / {config.clocks_per_block} "
        f"clock(s) per block, for AES-{config.key_bits}.",
        "",
    ]
    rows = [(CORE_TOP, "cipher core"), (IP_TOP, "whole IP")]
    found = [(top, what, figures.get(top)) for top, what in rows]
    if any(f is not None for _, _, f in found):
        lines += [
            "| build | LUT4 | FF | EBR | Fmax (MHz) | Gbit/s | from |",
            "|---|---:|---:|---:|---:|---:|---|",
        ]
        for top, what, f in found:
            if f is None:
                lines.append(f"| {what} (`{top}`) | | | | | | not built yet: run `{commands[top]}` |")
                continue
            note = ", ".join([f"aescores `{f.source}`" + (f" {f.detail}" if f.detail else "")]
                             + ([f"seed {f.seed}"] if f.seed is not None else [])
                             + ([f"goal {float(f.freq_goal_mhz):g} MHz"] if f.freq_goal_mhz else []))
            if f.stale:
                note += f"; **may be stale: {f.stale}**"
            lines.append(f"| {what} (`{top}`) | {f.lut4:,} | {f.ff:,} | {f.ebr} | {f.fmax_mhz:.1f} | "
                         f"{f.gbps:.3f} | {note} |")
        lines.append("")
        if any(f is not None and f.stale for _, _, f in found):
            lines += [
                "A figure marked stale may not come from the RTL and the flow of the aescores tree this "
                "bundle was made from (other sources, another flow, or sources not recorded): build "
                "again to be sure.",
                "",
            ]
    else:
        lines += [f"This configuration is not built yet: run `{commands[IP_TOP]}` (the whole IP; "
                  f"`{commands[CORE_TOP]}` for the cipher core alone), then generate the bundle again.", ""]
    return lines


def readme_text(
    name: str,
    config: Preset,
    *,
    header: Header,
    rtl: Sequence[str],
    files: Sequence[str],
    regmap: RegisterMap,
    figures: Mapping[str, Figures],
    commands: Mapping[str, str],
) -> str:
    """README.md of the bundle."""
    params = config.full_params
    wrapper = f"rtl/{name}.v"
    lanes_text = "it" if config.lanes == 1 else f"each of its {config.lanes} lanes"
    lines = [
        f"# {name}: the aescores AES IP in one configuration",
        "",
        f"An integration bundle of the aescores AES IP (`{IP_TOP}`: AXI4-Lite registers, AXI4-Stream "
        f"messages) with every parameter fixed to the configuration **{config.name}**: "
        f"{config.description}. Made by `aescores generate` (aescores {__version__}); everything "
        "needed to build the IP and drive it from C is in this folder, nothing outside it is used.",
        "",
        "## Contents",
        "",
        "| path | what |",
        "|---|---|",
        f"| `{wrapper}` | the wrapper: module `{name}`, `{IP_TOP}` with the parameters below, the same ports |",
        f"| `rtl/*.v` (the other {len(rtl) - 1}) | the RTL of `{IP_TOP}`, copied (Verilog-2005) |",
        f"| `{name}.core` | FuseSoC core `{core_name(name)}` (CAPI=2), toplevel `{name}` |",
    ]
    ipxact = f"ipxact/{name}.xml"
    if ipxact in files:
        lines.append(f"| `{ipxact}` | the register map as an IP-XACT (IEEE 1685-2014) component, made "
                     "with PeakRDL IP-XACT from `rdl/aes.rdl` |")
    lines += [f"| `{f}` | {text} |" for f, text in DESCRIPTIONS.items() if f in files or f == "README.md"]
    lines += [
        "",
        "## Parameters",
        "",
        f"`{name}` has no parameters: it instantiates `{IP_TOP}` with these values.",
        "",
        "| parameter | value | default | legal values | meaning |",
        "|---|---|---|---|---|",
    ]
    for k, v in params.items():
        spec = configs.PARAMETERS[k]
        lines.append(f"| `{k}` | `{v}` | {spec.default} | {spec.legal_text()} | {spec.doc} |")
    lines += [
        "",
        f"Architecture: {config.arch_text}.",
        "",
        "## Instantiate",
        "",
        f"The ports are those of `{IP_TOP}` (same names; AXI4-Stream data widths for "
        f"LANES={config.lanes}). Everything is synchronous to `aclk`; `aresetn` is synchronous and "
        "active low.",
        "",
        "| port | direction | bits |",
        "|---|---|---:|",
    ]
    lines += [f"| `{p.name}` | {p.direction} | {p.width(params)} |" for p in header.ports]
    lines += [
        "",
        "```verilog",
        *instance_lines(header, name, "u_aes", indent=""),
        "```",
        "",
        "## Build",
        "",
        "Every path is relative to this folder. `files.f` lists the RTL in compile order "
        "(submodules first), the wrapper last; the include files (`rtl/*.vh`) are found "
        "with `-Irtl` (Yosys looks beside the file that includes them):",
        "",
        "```sh",
        f"verilator --lint-only -Wall -Irtl -f files.f --top-module {name}",
        f"yosys -p \"read -f files.f; hierarchy -check -top {name}; synth_ecp5 -top {name}\"",
        f"iverilog -g2005 -Irtl -s {name} -c files.f -o {name}.vvp",
        "```",
        "",
        f"With FuseSoC, the core `{name}.core` has the same files (targets `default` and `lint`):",
        "",
        "```sh",
        f"fusesoc --cores-root . run --target=lint {core_name(name)}",
        "```",
        "",
        "The C driver compiles on its own (C99); define `AES_REG_READ` and `AES_REG_WRITE` for your "
        "platform's register accessors if plain volatile loads and stores do not suit it "
        "(`sw/aes_driver.h`):",
        "",
        "```sh",
        "cc -std=c99 -Wall -Isw -c sw/aes_driver.c",
        "```",
        "",
        "## Latency and throughput",
        "",
        f"The cipher core takes {_latency_text(config)} from a block's input to its output (ECB, no "
        f"backpressure); {lanes_text} takes a new block {_rate_text(config)}.",
    ]
    latency = next((r for r in regmap if r.name == "LATENCY"), None)
    if latency is not None:
        lines.append(
            f"The whole IP adds its registered AXI4-Stream layers to that: its port-to-port latency "
            f"in clocks is what its `LATENCY` register reads (offset 0x{latency.offset:03X}, "
            "`docs/registers.md`).")
    lines += ["", *_figures_section(config, figures, commands)]
    lines += [
        "## Registers",
        "",
        "`docs/registers.md` describes every register; `sw/aes_regs.h` and `sw/aes_codes.h` give them to C"
        + (f" and `{ipxact}` to IP-XACT tools" if ipxact in files else "")
        + ". A driver checks `ID` first and reads `CAPS`, which reports the parameters above.",
        "",
    ]
    return "\n".join(lines)
