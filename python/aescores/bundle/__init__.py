# SPDX-License-Identifier: Apache-2.0
"""Integration bundles: everything a design needs to use `aes_axi` in one configuration,
in one folder (`aescores generate`, see docs/bundle.md).

A bundle holds the RTL files of `aes_axi` (`paths.rtl_sources_for`), copied, and a wrapper
module that fixes every parameter to the configuration's value (`bundle.wrapper`); the
file list in compile order and a FuseSoC core; the C register headers, the register
page and the C driver, copied (the headers and the page are generated from rdl/aes.rdl
by `python -m aescores.regmap`, and a test keeps them fresh); the register map as an
IP-XACT component (PeakRDL's exporter, from rdl/aes.rdl; optional, as that exporter
is GPL-3.0 and installed only with the `regmap` extra); and a README with the
parameters, the build commands, the latency and, when the configuration has been built,
its figures (`bundle.figures`).

`render_bundle` makes every file in memory (so that nothing is written when one of them
cannot be made); `write_bundle` writes them into a folder.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from aescores import __version__, configs, paths
from aescores.configs import Preset

from . import readme
from .figures import CORE_TOP, Figures, find_figures, implement_command
from .readme import VENDOR
from .wrapper import IP_TOP, BundleError, Header, check_identifier, compile_order, identifier_from, read_header

__all__ = [
    "Bundle", "BundleError", "bundle_module_names", "check_name", "default_name", "render_bundle",
    "write_bundle",
]

#: Files copied as they are into a bundle: bundle path -> repository path.
COPIED = {
    "sw/aes_regs.h": "sw/aes_regs.h",
    "sw/aes_codes.h": "sw/aes_codes.h",
    "sw/aes_driver.c": "sw/aes_driver.c",
    "sw/aes_driver.h": "sw/aes_driver.h",
    "docs/registers.md": "docs/registers.md",
    "rdl/aes.rdl": "rdl/aes.rdl",
    "LICENSE": "LICENSE",
}


@dataclass(frozen=True)
class Bundle:
    """The files of one bundle (path inside the bundle -> content), and what it was made of."""

    name: str
    config: Preset
    files: Mapping[str, bytes]
    rtl: tuple[str, ...]  # files.f: the RTL in compile order, the wrapper last
    figures: Mapping[str, Figures]


def bundle_module_names() -> list[str]:
    """The modules (file stems) of `aes_axi`'s files: names a wrapper must not take."""
    return [p.stem for p in paths.rtl_sources_for(IP_TOP)]


def default_name(config: Preset) -> str:
    """`aes_axi_<preset>` for a named preset as it is, `aes_axi_custom` for any other
    configuration, made a Verilog identifier."""
    return identifier_from(f"{IP_TOP}_{config.name if configs.is_named_preset(config) else 'custom'}")


def check_name(name: str) -> None:
    """BundleError (one line) unless `name` can be the wrapper's module and file name."""
    why = check_identifier(name, bundle_module_names())
    if why:
        raise BundleError(f"--name: {why}")


def _ipxact(name: str) -> bytes:
    """The register map (rdl/aes.rdl) as an IP-XACT 1685-2014 component named `name`
    (BundleError when peakrdl-ipxact, an optional dependency, is not installed)."""
    from aescores.regmap.load import RegmapError, compile_rdl, import_exporter

    try:
        exporter_module = import_exporter("peakrdl_ipxact", "the IP-XACT component (leave it out with --no-ipxact)")
        _, root = compile_rdl()
    except RegmapError as exc:
        raise BundleError(str(exc)) from exc
    exporter = exporter_module.IPXACTExporter(vendor=VENDOR, library=VENDOR, version=__version__)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{name}.xml"
        exporter.export(root.top, str(out), component_name=name)
        return out.read_bytes()


def render_bundle(config: Preset, name: str | None = None, *, preset: str | None = None,
                  header: Header | None = None, figures: Mapping[str, Figures] | None = None,
                  ipxact: bool = True) -> Bundle:
    """Every file of the bundle of `config` with the wrapper `name` (default
    `default_name`). `preset` is the preset the configuration was made from (for the
    `aescores implement` command the README gives); `figures` default to those found
    cached (`figures.find_figures`); `ipxact` False leaves the IP-XACT component out.
    BundleError when a file cannot be made."""
    from aescores.regmap.load import RegmapError, load

    from .wrapper import wrapper_text

    name = name or default_name(config)
    check_name(name)
    header = header or read_header()
    try:
        regmap = load()
    except RegmapError as exc:
        raise BundleError(str(exc)) from exc
    if figures is None:
        figures = find_figures(config)

    # The compile units in order; the include files (`include'd by them) are copied beside them.
    taken = paths.rtl_sources_for(IP_TOP)
    sources = compile_order([p for p in taken if p.suffix == ".v"])
    includes = tuple(f"rtl/{p.name}" for p in taken if p.suffix != ".v")
    rtl = tuple(f"rtl/{p.name}" for p in sources) + (f"rtl/{name}.v",)
    files: dict[str, bytes] = {f"rtl/{p.name}": p.read_bytes() for p in taken}
    files[f"rtl/{name}.v"] = wrapper_text(name, config, header).encode()
    files["files.f"] = readme.filelist_text(rtl).encode()
    files[f"{name}.core"] = readme.core_text(name, config, rtl, includes).encode()
    for dest, src in COPIED.items():
        files[dest] = (paths.ROOT / src).read_bytes()
    if ipxact:
        files[f"ipxact/{name}.xml"] = _ipxact(name)
    commands = {top: implement_command(preset, config, top) for top in (IP_TOP, CORE_TOP)}
    files["README.md"] = readme.readme_text(
        name, config, header=header, rtl=rtl, files=sorted(files), regmap=regmap, figures=figures,
        commands=commands,
    ).encode()
    return Bundle(name=name, config=config, files=files, rtl=rtl, figures=dict(figures))


def write_bundle(bundle: Bundle, out: Path) -> list[Path]:
    """Write the files of `bundle` under `out` (made if needed; a file of the same name is
    replaced); return the paths written, in the bundle's order."""
    written = []
    for rel, data in bundle.files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written
