# SPDX-License-Identifier: Apache-2.0
"""The register map: rdl/aes.rdl and everything generated from it.

`python -m aescores.regmap` regenerates the checked-in files (rtl/aes_csr.v,
sw/aes_regs.h, python/aescores/regmap/regs.py, docs/registers.md); with `--check` it
only compares them and exits non-zero when one is stale.

Importing this package (or `aescores.regmap.regs`) does not need the SystemRDL
compiler; only generating does.
"""
