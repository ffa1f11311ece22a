// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: the stream handshakes of the message framer and the mode unit keep their beats

/*
 * aes_axis_framer and aes_mode_unit (LANES=1, KEY_SLOTS slots, DECRYPT=0) wired as aes_axi
 * wires them, with every input free: the input stream, m_axis_tready, the key-slot
 * state, the control inputs, and the whole engine side (eng_ready, res_valid, res_data:
 * any engine behaviour at all, so the properties hold whatever the cipher engine does),
 * reset at any time (enable only gates the framer's input). fv_axis_master asserts the AXI4-Stream master rules (a beat once
 * offered is neither withdrawn nor changed) on three streams:
 *   u_out   m_axis of the mode unit, which aes_axi drives its m_axis_* ports from;
 *   u_link  the framer's classified beats into the mode unit (every field of the beat);
 *   u_eng   the mode unit's requests to the engine.
 * With GCM=1 (the GCM tasks of mode_axis.sby) mode 5 is GCM, and aes_ghash is
 * fv_ghash_free.v, whose outputs are free: the properties hold whatever the GHASH unit
 * does, and a cover shows a GCM message's tag beat leaving with code 0.
 * With KEY_SLOTS=2 (the _slots2 tasks) each slot's state is free on its own, messages
 * name either slot or a slot not in the build, and with GCM=1 the mode unit has its H
 * store (with GHASH_PIPE=2, the powers of H per slot too): the properties hold through
 * the store's entries, and a cover shows a GCM tag beat of slot 1 leaving with code 0.
 */
module fv_mode_axis #(
    parameter GCM = 0,
    // Key slots of the framer and the mode unit: 1 or 2.
    parameter KEY_SLOTS = 1,
    // Register stages of the GHASH multiplier the mode unit is built for (1, or 2: a
    // full-rate unit with powers of H, which the H store keeps per slot).
    parameter GHASH_PIPE = 1
) (
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
    input wire [KEY_SLOTS-1:0] slot_loaded,
    input wire [KEY_SLOTS-1:0] slot_loading,
    input wire          eng_ready,
    input wire          res_valid,
    input wire [127:0]  res_data
);

reg init = 1'b1;
always @(posedge clk) init <= 1'b0;
wire rst = init || rst_in;

wire         fr_valid, fr_ready, fr_last, fr_first_data, fr_hold;
wire [127:0] fr_data;
wire [15:0]  fr_keep;
wire [7:0]   fr_user;
wire [2:0]   fr_code, fr_last_lane, fr_hi_ones;
wire [3:0]   fr_slot, fr_nblk, fr_op;
wire [4:0]   fr_sel;
wire [127:0] fr_prev;
wire [95:0]  fr_hi_inc;
wire [3:0]   fr_gcm;
wire         retire_valid;
wire [3:0]   retire_slot;
// The slot holds of the framer and the mode unit, as aes_axi joins them.
wire [KEY_SLOTS-1:0] fr_slot_hold, mu_slot_hold;
wire [KEY_SLOTS-1:0] slot_held = fr_slot_hold | mu_slot_hold;

aes_axis_framer #(
    .LANES(1),
    .KEY_SLOTS(KEY_SLOTS),
    .DECRYPT(0),
    .GCM(GCM)
) u_framer (
    .clk(clk),
    .rst(rst),
    .s_axis_tdata(s_axis_tdata),
    .s_axis_tkeep(s_axis_tkeep),
    .s_axis_tvalid(s_axis_tvalid),
    .s_axis_tready(),
    .s_axis_tlast(s_axis_tlast),
    .s_axis_tuser(s_axis_tuser),
    .m_valid(fr_valid),
    .m_ready(fr_ready),
    .m_data(fr_data),
    .m_keep(fr_keep),
    .m_last(fr_last),
    .m_user(fr_user),
    .m_slot(fr_slot),
    .m_op(fr_op),
    .m_sel(fr_sel),
    .m_prev(fr_prev),
    .m_first_data(fr_first_data),
    .m_code(fr_code),
    .m_nblk(fr_nblk),
    .m_last_lane(fr_last_lane),
    .m_hold(fr_hold),
    .m_hi_inc(fr_hi_inc),
    .m_hi_ones(fr_hi_ones),
    .m_gcm(fr_gcm),
    .enable(enable),
    .pause(pause),
    .selftest_failed(selftest_failed),
    .slot_loaded(slot_loaded),
    .slot_loading(slot_loading),
    .retire_valid(retire_valid),
    .retire_slot(retire_slot),
    .slot_hold(fr_slot_hold),
    .msg_open(),
    .busy()
);

wire [127:0] m_axis_tdata, eng_data;
wire [15:0]  m_axis_tkeep, m_axis_tuser;
wire         m_axis_tvalid, m_axis_tlast;
wire         eng_valid, eng_decrypt;
wire [3:0]   eng_slot;

aes_mode_unit #(
    .LANES(1),
    .KEY_SLOTS(KEY_SLOTS),
    .SIDE_DEPTH(4),
    .GCM(GCM),
    .GHASH_PIPE(GHASH_PIPE)
) u_mode (
    .clk(clk),
    .rst(rst),
    .s_valid(fr_valid),
    .s_ready(fr_ready),
    .s_data(fr_data),
    .s_keep(fr_keep),
    .s_last(fr_last),
    .s_user(fr_user),
    .s_slot(fr_slot),
    .s_op(fr_op),
    .s_sel(fr_sel),
    .s_prev(fr_prev),
    .s_first_data(fr_first_data),
    .s_code(fr_code),
    .s_nblk(fr_nblk),
    .s_last_lane(fr_last_lane),
    .s_hold(fr_hold),
    .s_hi_inc(fr_hi_inc),
    .s_hi_ones(fr_hi_ones),
    .s_gcm(fr_gcm),
    .m_axis_tdata(m_axis_tdata),
    .m_axis_tkeep(m_axis_tkeep),
    .m_axis_tvalid(m_axis_tvalid),
    .m_axis_tready(m_axis_tready),
    .m_axis_tlast(m_axis_tlast),
    .m_axis_tuser(m_axis_tuser),
    .slot_hold(mu_slot_hold),
    .slot_loaded(slot_loaded),
    .slot_held(slot_held),
    .retire_valid(retire_valid),
    .retire_slot(retire_slot),
    .busy(),
    .eng_valid(eng_valid),
    .eng_ready(eng_ready),
    .eng_data(eng_data),
    .eng_slot(eng_slot),
    .eng_decrypt(eng_decrypt),
    .res_valid(res_valid),
    .res_ready(),
    .res_data(res_data),
    .out_beat(),
    .out_blocks(),
    .out_msg_done(),
    .out_code(),
    // The self-test owns the GHASH unit only while no message is in the IP; the stream
    // proof runs with it off.
    .st_own(1'b0),
    .st_h(128'd0),
    .st_h_load(1'b0),
    .st_h_ready(),
    .st_h_clear(1'b0),
    .st_s_valid(1'b0),
    .st_s_ready(),
    .st_s_block(128'd0),
    .st_s_first(1'b0),
    .st_s_last(1'b0),
    .st_m_valid(),
    .st_m_hash()
);

fv_axis_master #(
    .DATA_WIDTH(128),
    .KEEP_WIDTH(16),
    .USER_WIDTH(16)
) u_out (
    .clk(clk),
    .rst(rst),
    .tdata(m_axis_tdata),
    .tkeep(m_axis_tkeep),
    .tvalid(m_axis_tvalid),
    .tready(m_axis_tready),
    .tlast(m_axis_tlast),
    .tuser(m_axis_tuser)
);

// Every field of a classified beat rides in TUSER of the link checker.
wire [263:0] fr_fields = {fr_gcm, fr_user, fr_slot, fr_op, fr_sel, fr_prev, fr_first_data, fr_code, fr_nblk,
                          fr_last_lane, fr_hold, fr_hi_inc, fr_hi_ones};

fv_axis_master #(
    .DATA_WIDTH(128),
    .KEEP_WIDTH(16),
    .USER_WIDTH(264)
) u_link (
    .clk(clk),
    .rst(rst),
    .tdata(fr_data),
    .tkeep(fr_keep),
    .tvalid(fr_valid),
    .tready(fr_ready),
    .tlast(fr_last),
    .tuser(fr_fields)
);

fv_axis_master #(
    .DATA_WIDTH(128),
    .KEEP_WIDTH(1),
    .USER_WIDTH(5)
) u_eng (
    .clk(clk),
    .rst(rst),
    .tdata(eng_data),
    .tkeep(1'b1),
    .tvalid(eng_valid),
    .tready(eng_ready),
    .tlast(1'b0),
    .tuser({eng_slot, eng_decrypt})
);

// A GCM message's tag beat leaves with code 0 (the GCM tasks: reachable, so the GCM path
// is not ruled out by the assumptions).
generate
    if (GCM != 0) begin : gen_gcm_cover
        always @(posedge clk) begin
            if (!rst) begin
                c_gcm_tag: cover (m_axis_tvalid && m_axis_tready && m_axis_tlast &&
                                  m_axis_tuser[2:0] == 3'd5 && m_axis_tuser[15:8] == 8'd0);
                if (KEY_SLOTS > 1) begin
                    c_gcm_tag_slot1: cover (m_axis_tvalid && m_axis_tready && m_axis_tlast &&
                                            m_axis_tuser[2:0] == 3'd5 && m_axis_tuser[7:4] == 4'd1 &&
                                            m_axis_tuser[15:8] == 8'd0);
                end
            end
        end
    end
endgenerate

endmodule

`resetall
