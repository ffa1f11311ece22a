# SPDX-License-Identifier: Apache-2.0
"""No input port of aes_axi reaches an output port without passing a register.

The layers of the IP meet at registered valid/ready boundaries (docs/architecture.md),
so an integrator's timing closure never pays for a path through the IP: s_axis_tready,
s_axil_*ready, m_axis_* and irq all come from flip-flops. Checked structurally with
Yosys on the elaborated, flattened netlist of every preset's parameters: the input
cone of every output port, traversed through every cell but flip-flops (and through
memories only from their read address to their read data), must hold no input port
other than the clock.

The check is shown to be able to fail: on a copy of the RTL whose skid buffer drives
s_ready combinationally (the textbook way to lose the registered ready), it names the
path from s_axis_tvalid to s_axis_tready.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aescores import configs, paths
from aescores.flow import netlist

# A combinational path ends at a flip-flop (netlist.REGISTER_CELLS); memories are followed
# only from read address to read data (an asynchronous read is combinational; a write is not).
MEMORY_WRITE_PORTS = "WR_DATA,WR_ADDR,WR_EN,WR_CLK"


def comb_inputs_to_outputs(params: dict[str, object], rtl_dir: Path, workdir: Path) -> list[str]:
    """Input ports of aes_axi (with `params`) in the combinational input cone of any output port,
    from the RTL files of the core (`paths.rtl_sources`) as they are in `rtl_dir` (rtl/ or a copy)."""
    cone = netlist.query("aes_axi", params, rtl_dir, workdir, [
        "opt_clean",
        "memory -nomap",
        f"select -write cone.txt o:* %ci*:-{netlist.REGISTER_CELLS}:-[{MEMORY_WRITE_PORTS}] i:* %i",
    ], "cone.txt")
    ports = []
    for line in cone.splitlines():
        line = line.strip()
        if line.startswith("aes_axi/"):
            ports.append(line.split("/", 1)[1])
    return sorted(set(ports) - {"aclk"})


@pytest.mark.parametrize("preset", sorted(configs.PRESETS))
def test_no_input_reaches_an_output_without_a_register(preset: str, tmp_path: Path) -> None:
    params = configs.get_preset(preset).full_params
    found = comb_inputs_to_outputs(params, paths.RTL_DIR, tmp_path)
    assert not found, f"{preset}: input ports with a combinational path to an output port: {found}"


def test_check_finds_a_combinational_ready(tmp_path: Path) -> None:
    rtl = netlist.changed_rtl(tmp_path, "aes_skid.v", "    assign s_ready = s_ready_reg;",
                              "    assign s_ready = s_ready_early;")
    # A PIPELINED build: its layers use the two-entry (full-rate) form of aes_skid.
    small = dict(configs.AES_AXI_DEFAULTS, MAX_KEY_BITS=128, DECRYPT=0, KEY_SLOTS=1)
    found = comb_inputs_to_outputs(small, rtl, rtl)
    assert "s_axis_tvalid" in found, f"the check missed s_axis_tvalid -> s_axis_tready: {found}"
