# SPDX-License-Identifier: Apache-2.0
"""Simulation: cocotb test runs and the fast Verilator harnesses."""
