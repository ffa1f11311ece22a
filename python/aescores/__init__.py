# SPDX-License-Identifier: Apache-2.0
"""aescores: open AES cores for FPGAs, with NIST conformance and an open implementation flow."""

__version__ = "0.1.0"
