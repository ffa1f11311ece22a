"""Simulation: cocotb test runs and the fast Verilator harnesses."""
