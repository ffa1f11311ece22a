# SPDX-License-Identifier: Apache-2.0
"""The register map: rdl/aes.rdl and everything made from it.

| what | made by | module |
|---|---|---|
| `rtl/aes_csr.v`, the AXI4-Lite register block | our generator (Verilog-2005 for Yosys, our own SystemRDL properties) | `verilog` |
| `sw/aes_regs.h`, offsets and fields for C | PeakRDL-cheader | `generate` |
| `sw/aes_codes.h`, the encodings for C | ours: no exporter writes enums | `encodings` |
| `docs/registers.md`, the map for people | PeakRDL-markdown, then the encodings | `generate`, `encodings` |
| the map for Python | systemrdl-compiler, read at import | `regs` |

`python -m aescores.regmap` regenerates the checked-in files; with `--check` it only
compares them and exits non-zero when one is stale (a test runs it). `load` reads the
.rdl into the `model` objects that the CSR generator, the encodings and `regs` share.
"""
