// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: aes_csr, the AXI4-Lite slave of aes_axi, obeys the AXI4-Lite handshake rules

/*
 * aes_csr with every input free: the bus (constrained only by the master's AMBA rules,
 * fv_axil_slave), every status and refuse input from the IP, and reset at any time
 * (always in the first clock). fv_axil_slave asserts the slave's rules; the response
 * latencies are the ones aes_csr documents (BVALID two clocks after the later of the AW
 * and W handshakes at most, RVALID two clocks after the AR handshake). The i_* asserts
 * relate the checker's counts to aes_csr's ports, so that k-induction closes.
 */
module fv_csr_axil (
    input wire          clk,
    input wire          rst_in,
    input wire [11:0]   s_axil_awaddr,
    input wire [2:0]    s_axil_awprot,
    input wire          s_axil_awvalid,
    input wire [31:0]   s_axil_wdata,
    input wire [3:0]    s_axil_wstrb,
    input wire          s_axil_wvalid,
    input wire          s_axil_bready,
    input wire [11:0]   s_axil_araddr,
    input wire [2:0]    s_axil_arprot,
    input wire          s_axil_arvalid,
    input wire          s_axil_rready,
    // everything the IP drives into the register block
    input wire [31:0]   latency_clocks,
    input wire [2:0]    status,
    input wire          key_ctrl_refuse,
    input wire [15:0]   slots_loaded,
    input wire [15:0]   slots_loading,
    input wire [7:0]    err_set,
    input wire          key_stage_clear,
    input wire [31:0]   msgs_count,
    input wire [31:0]   blocks_count,
    input wire          rk_stage_clear,
    input wire          rk_ctrl_refuse,
    input wire [21:0]   caps
);

reg init = 1'b1;
always @(posedge clk) init <= 1'b0;
wire rst = init || rst_in;

wire        s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
wire [1:0]  s_axil_bresp, s_axil_rresp;
wire [31:0] s_axil_rdata;
wire [3:0]  aw_out, w_out, ar_out;     // the checker's counts of requests not yet answered

aes_csr u_csr (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
    .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .caps_arch(caps[1:0]), .caps_stages(caps[4:2]), .caps_lanes(caps[8:5]), .caps_max_key(caps[10:9]),
    .caps_key_slots(caps[15:11]), .caps_decrypt(caps[16]), .caps_host_keys(caps[17]),
    .caps_selftest(caps[18]), .caps_sbox(caps[20:19]), .caps_gcm(caps[21]),
    .latency_clocks(latency_clocks),
    .status_selftest_done(status[0]), .status_selftest_passed(status[1]), .status_busy(status[2]),
    .key_ctrl_wr(), .key_ctrl_slot(), .key_ctrl_len(), .key_ctrl_commit(), .key_ctrl_refuse(key_ctrl_refuse),
    .key_clear_wr(), .key_clear_slots(),
    .slots_loaded(slots_loaded), .slots_loading(slots_loading),
    .err_set(err_set),
    .key_stage(), .key_stage_clear(key_stage_clear),
    .msgs_count(msgs_count), .blocks_count(blocks_count),
    .ctrl_selftest(),
    .rk_stage(), .rk_stage_clear(rk_stage_clear),
    .rk_ctrl_wr(), .rk_ctrl_slot(), .rk_ctrl_len(), .rk_ctrl_commit(), .rk_ctrl_write(),
    .rk_ctrl_table(), .rk_ctrl_index(), .rk_ctrl_refuse(rk_ctrl_refuse),
    .irq()
);

fv_axil_slave #(
    .ADDR_WIDTH(12), .DATA_WIDTH(32), .MAX_OUTSTANDING(1), .WR_LATENCY(2), .RD_LATENCY(2),
    .ACCEPT_WAIT(3)
) u_check (
    .clk(clk), .rst(rst),
    .awaddr(s_axil_awaddr), .awprot(s_axil_awprot), .awvalid(s_axil_awvalid), .awready(s_axil_awready),
    .wdata(s_axil_wdata), .wstrb(s_axil_wstrb), .wvalid(s_axil_wvalid), .wready(s_axil_wready),
    .bresp(s_axil_bresp), .bvalid(s_axil_bvalid), .bready(s_axil_bready),
    .araddr(s_axil_araddr), .arprot(s_axil_arprot), .arvalid(s_axil_arvalid), .arready(s_axil_arready),
    .rdata(s_axil_rdata), .rresp(s_axil_rresp), .rvalid(s_axil_rvalid), .rready(s_axil_rready),
    .aw_outstanding(aw_out), .w_outstanding(w_out), .ar_outstanding(ar_out)
);

`ifdef FORMAL
// Probes: aes_csr's channel registers, connected by csr_axil.sby after flattening.
wire fv_aw_full;    // u_csr.aw_full_reg
wire fv_w_full;     // u_csr.w_full_reg
wire fv_ar_full;    // u_csr.ar_full_reg

// Induction invariants: the checker's counts are what aes_csr holds. A write being
// answered has freed both holding registers; otherwise each holds its half of the write.
always @* begin
    if (!rst) begin
        if (s_axil_bvalid) begin
            i_b: assert (aw_out == 1 && w_out == 1 && !fv_aw_full && !fv_w_full);
        end else begin
            i_aw: assert (aw_out == (fv_aw_full ? 1 : 0));
            i_w: assert (w_out == (fv_w_full ? 1 : 0));
        end
        i_r: assert (ar_out == ((fv_ar_full || s_axil_rvalid) ? 1 : 0) && !(fv_ar_full && s_axil_rvalid));
    end
end
`endif

endmodule

`resetall
