// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: aes_axi's own ports obey the AXI4-Lite slave and AXI4-Stream master rules

/*
 * The whole IP (small build: ARCH as given, one key slot, 128-bit keys, encryption only,
 * one lane, self-test on) with every input free, reset at any time: fv_axil_slave checks its
 * AXI4-Lite slave port, fv_axis_master its AXI4-Stream master port. This repeats the
 * aes_csr and aes_mode_unit proofs (csr_axil.sby, mode_axis.sby) on the top itself, so
 * that nothing between those blocks and the ports (self-test, key control, resets)
 * breaks the rules.
 */
module fv_axi_top #(
    parameter [8*16-1:0] ARCH = "ITERATIVE"
) (
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
    input wire [127:0]  s_axis_tdata,
    input wire [15:0]   s_axis_tkeep,
    input wire          s_axis_tvalid,
    input wire          s_axis_tlast,
    input wire [7:0]    s_axis_tuser,
    input wire          m_axis_tready
);

reg init = 1'b1;
always @(posedge clk) init <= 1'b0;
wire rst = init || rst_in;

wire        s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
wire [1:0]  s_axil_bresp, s_axil_rresp;
wire [31:0] s_axil_rdata;
wire [127:0] m_axis_tdata;
wire [15:0] m_axis_tkeep, m_axis_tuser;
wire        m_axis_tvalid, m_axis_tlast;
wire [3:0]  aw_out, w_out, ar_out;

aes_axi #(
    .ARCH(ARCH), .STAGES_PER_ROUND(1), .SBOX("LUT"), .LANES(1), .MAX_KEY_BITS(128),
    .KEY_SLOTS(1), .DECRYPT(0), .KEY_EXPANSION("HW"), .SELFTEST(1), .GCM(0)
) u_dut (
    .aclk(clk), .aresetn(!rst),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
    .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(), .s_axis_tlast(s_axis_tlast), .s_axis_tuser(s_axis_tuser),
    .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast), .m_axis_tuser(m_axis_tuser),
    .irq()
);

fv_axil_slave #(
    .ADDR_WIDTH(12), .DATA_WIDTH(32), .MAX_OUTSTANDING(1), .WR_LATENCY(2), .RD_LATENCY(2),
    .ACCEPT_WAIT(3)
) u_axil_check (
    .clk(clk), .rst(rst),
    .awaddr(s_axil_awaddr), .awprot(s_axil_awprot), .awvalid(s_axil_awvalid), .awready(s_axil_awready),
    .wdata(s_axil_wdata), .wstrb(s_axil_wstrb), .wvalid(s_axil_wvalid), .wready(s_axil_wready),
    .bresp(s_axil_bresp), .bvalid(s_axil_bvalid), .bready(s_axil_bready),
    .araddr(s_axil_araddr), .arprot(s_axil_arprot), .arvalid(s_axil_arvalid), .arready(s_axil_arready),
    .rdata(s_axil_rdata), .rresp(s_axil_rresp), .rvalid(s_axil_rvalid), .rready(s_axil_rready),
    .aw_outstanding(aw_out), .w_outstanding(w_out), .ar_outstanding(ar_out)
);

fv_axis_master #(.DATA_WIDTH(128), .KEEP_WIDTH(16), .USER_WIDTH(16)) u_axis_check (
    .clk(clk), .rst(rst),
    .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tvalid(m_axis_tvalid), .tready(m_axis_tready),
    .tlast(m_axis_tlast), .tuser(m_axis_tuser)
);

`ifdef FORMAL
// Probes (axi_top.sby): aes_csr's holding registers. Invariants as in fv_csr_axil.
wire fv_aw_full, fv_w_full, fv_ar_full;
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
