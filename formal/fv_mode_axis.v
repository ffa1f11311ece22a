`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: the AXI4-Stream master of aes_mode_unit (m_axis of aes_axi) keeps its beat

/*
 * aes_mode_unit (LANES=1, KEY_SLOTS=1, DECRYPT=0) with every input free: the input
 * stream, m_axis_tready, the key-slot state, the control inputs, and the whole engine
 * side (eng_ready, res_valid, res_data: any engine behaviour at all, so the property
 * holds whatever the cipher engine does), reset at any time. fv_axis_master asserts the
 * AXI4-Stream master rules on m_axis. aes_axi drives its m_axis_* ports straight from
 * these outputs.
 */
module fv_mode_axis (
    input wire          clk,
    input wire          rst_in,
    input wire [127:0]  s_axis_tdata,
    input wire [15:0]   s_axis_tkeep,
    input wire          s_axis_tvalid,
    input wire          s_axis_tlast,
    input wire [7:0]    s_axis_tuser,
    input wire          m_axis_tready,
    input wire          enable,
    input wire          pause,
    input wire          selftest_failed,
    input wire          slot_loaded,
    input wire          slot_loading,
    input wire          eng_ready,
    input wire          res_valid,
    input wire [127:0]  res_data
);

reg init = 1'b1;
always @(posedge clk) init <= 1'b0;
wire rst = init || rst_in;

wire [127:0] m_axis_tdata;
wire [15:0]  m_axis_tkeep, m_axis_tuser;
wire         m_axis_tvalid, m_axis_tlast;

aes_mode_unit #(
    .LANES(1), .KEY_SLOTS(1), .DECRYPT(0), .SIDE_DEPTH(4)
) u_mode (
    .clk(clk), .rst(rst),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(), .s_axis_tlast(s_axis_tlast), .s_axis_tuser(s_axis_tuser),
    .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready), .m_axis_tlast(m_axis_tlast), .m_axis_tuser(m_axis_tuser),
    .enable(enable), .pause(pause), .selftest_failed(selftest_failed),
    .slot_loaded(slot_loaded), .slot_loading(slot_loading), .slot_hold(), .busy(),
    .eng_valid(), .eng_ready(eng_ready), .eng_data(), .eng_slot(), .eng_decrypt(),
    .res_valid(res_valid), .res_ready(), .res_data(res_data),
    .out_beat(), .out_blocks(), .out_msg_done(), .out_code()
);

fv_axis_master #(.DATA_WIDTH(128), .KEEP_WIDTH(16), .USER_WIDTH(16)) u_check (
    .clk(clk), .rst(rst),
    .tdata(m_axis_tdata), .tkeep(m_axis_tkeep), .tvalid(m_axis_tvalid), .tready(m_axis_tready),
    .tlast(m_axis_tlast), .tuser(m_axis_tuser)
);

endmodule

`resetall
