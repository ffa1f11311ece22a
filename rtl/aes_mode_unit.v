`resetall
`timescale 1ns / 1ps
`default_nettype none

// Message framer and mode unit: AXI4-Stream messages (SPEC §3) in, blocks to the
// cipher engine, chained results out, for ECB, CBC, CFB-128, OFB and CTR.
//
// Input stage. One beat is held at a time. The first beat of a message carries the mode,
// direction and key slot in tuser; the unit checks them (result codes 2, 3, 5, 6), waits
// while the slot is loading, and for every mode but ECB takes the beat as the IV beat,
// which it echoes unchanged. Every later beat becomes one or more passes: a pass is one
// engine request plus one entry in the side FIFO that says how its result is used.
//
//   parallel modes (one pass a beat, all lanes, one beat per clock when the engine can):
//     ECB      engine(P)                       result = engine
//     CTR      engine(counter + lane)          result = engine ^ data
//     CBC dec  engine^-1(C)                    result = engine ^ previous C
//     CFB dec  engine(previous C)              result = engine ^ C
//   feedback modes (one pass a lane; the next waits for the previous result):
//     CBC enc  engine(P ^ chain)               result = engine,        chain = result
//     CFB enc  engine(chain)                   result = engine ^ P,    chain = result
//     OFB      engine(chain)                   result = engine ^ data, chain = engine
//
// Beats that need no engine (IV echo, messages or blocks with an error, which come out
// all zero) are "bypass" entries of the same FIFO, so output order is input order.
//
// Output stage. The head entry of the side FIFO is completed with the engine's oldest
// result (or by itself for bypass entries) into the output register; feedback passes
// of one beat are assembled lane by lane. Bytes not kept are zero. The result code goes
// to tuser[15:8] of the tlast beat, the message's first-beat tuser to tuser[7:0].
//
// Key slots. A slot stays held (slot_hold) while a message that selected it is open and
// while any pass that uses it is in flight, so a key reload waits until they are done.
module aes_mode_unit #(
    // 128-bit blocks per beat: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // 1: the engine decrypts; 0: ECB and CBC decryption end with code 5.
    parameter DECRYPT = 1,
    // Side FIFO entries: at least what the engine can hold, for full rate; 2 to 256.
    parameter SIDE_DEPTH = 4
) (
    input  wire                    clk,
    input  wire                    rst,

    // Messages in.
    input  wire [128*LANES-1:0]    s_axis_tdata,
    input  wire [16*LANES-1:0]     s_axis_tkeep,
    input  wire                    s_axis_tvalid,
    output wire                    s_axis_tready,
    input  wire                    s_axis_tlast,
    input  wire [7:0]              s_axis_tuser,

    // Messages out.
    output wire [128*LANES-1:0]    m_axis_tdata,
    output wire [16*LANES-1:0]     m_axis_tkeep,
    output wire                    m_axis_tvalid,
    input  wire                    m_axis_tready,
    output wire                    m_axis_tlast,
    output wire [15:0]             m_axis_tuser,

    // Control and key-slot state.
    input  wire                    enable,          // low: accept and issue nothing new
    input  wire                    pause,           // start no new message (self-test waits)
    input  wire                    selftest_failed, // every message ends with code 6
    input  wire [KEY_SLOTS-1:0]    slot_loaded,
    input  wire [KEY_SLOTS-1:0]    slot_loading,
    output wire [KEY_SLOTS-1:0]    slot_hold,
    output wire                    busy,            // a message is in the unit

    // Engine.
    output wire                    eng_valid,
    input  wire                    eng_ready,
    output wire [128*LANES-1:0]    eng_data,
    output wire [3:0]              eng_slot,
    output wire                    eng_decrypt,
    input  wire                    res_valid,
    output wire                    res_ready,
    input  wire [128*LANES-1:0]    res_data,

    // One pulse per output beat taken: data blocks in it; with tlast, the message code.
    output wire                    out_beat,
    output wire [3:0]              out_blocks,
    output wire                    out_msg_done,
    output wire [2:0]              out_code
);

    localparam W = 128 * LANES;
    localparam KW = 16 * LANES;
    localparam [2:0] M_ECB = 3'd0, M_CBC = 3'd1, M_CFB = 3'd2, M_OFB = 3'd3, M_CTR = 3'd4;
    localparam [2:0] C_OK = 3'd0, C_LENGTH = 3'd1, C_MODE = 3'd2, C_SLOT = 3'd3,
                     C_WRAP = 3'd4, C_BUILD = 3'd5, C_SELFTEST = 3'd6;
    localparam CW = SIDE_DEPTH <= 4 ? 3 : (SIDE_DEPTH <= 16 ? 5 : (SIDE_DEPTH <= 64 ? 7 : 9));

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_mode_unit_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
    endgenerate

    // Side FIFO entry.
    localparam E_XOR = 0;                   // W bits: XOR operand, or the whole beat (bypass)
    localparam E_KEEP = E_XOR + W;          // KW bits
    localparam E_USER = E_KEEP + KW;        // 8
    localparam E_CODE = E_USER + 8;         // 3
    localparam E_LAST = E_CODE + 3;
    localparam E_BYPASS = E_LAST + 1;
    localparam E_SINGLE = E_BYPASS + 1;     // one lane (feedback pass)
    localparam E_LANE = E_SINGLE + 1;       // 3
    localparam E_END = E_LANE + 3;          // completes the output beat
    localparam E_FB = E_END + 1;            // updates the chain
    localparam E_OFB = E_FB + 1;            // chain = engine output (else = result)
    localparam E_SLOT = E_OFB + 1;          // 4
    localparam E_NBLK = E_SLOT + 4;         // 4
    localparam SW = E_NBLK + 4;

    // ------------------------------------------------------------------ helpers
    function [127:0] byte_swap(input [127:0] x);
        integer i;
        begin
            for (i = 0; i < 16; i = i + 1) begin
                byte_swap[8*i +: 8] = x[8*(15-i) +: 8];
            end
        end
    endfunction

    function [W-1:0] keep_mask(input [KW-1:0] keep);
        integer i;
        begin
            for (i = 0; i < KW; i = i + 1) begin
                keep_mask[8*i +: 8] = {8{keep[i]}};
            end
        end
    endfunction

    // ------------------------------------------------------------------ registers
    reg              in_valid_reg, in_valid_next;
    reg [W-1:0]      in_data_reg, in_data_next;
    reg [KW-1:0]     in_keep_reg, in_keep_next;
    reg              in_last_reg, in_last_next;
    reg [7:0]        in_user_reg, in_user_next;
    // Slot state when the beat was taken (used if it opens a message): a message starts
    // when its first beat is accepted, so that is when its key is fixed.
    reg              in_slot_ok_reg, in_slot_ok_next;      // loaded: held from then on
    reg              in_slot_wait_reg, in_slot_wait_next;  // loading: wait for the load

    reg              msg_active_reg, msg_active_next;
    reg [2:0]        msg_mode_reg, msg_mode_next;
    reg              msg_dec_reg, msg_dec_next;
    reg [3:0]        msg_slot_reg, msg_slot_next;
    reg [7:0]        msg_user_reg, msg_user_next;
    reg              msg_err_reg, msg_err_next;      // zero the rest of the message
    reg [2:0]        msg_code_reg, msg_code_next;
    reg              msg_wrap_reg, msg_wrap_next;

    reg [127:0]      chain_reg, chain_next;          // IV, previous C, or previous O
    reg [127:0]      ctr_reg, ctr_next;              // next counter block (big-endian)
    reg              ctr_carry_reg, ctr_carry_next;  // the counter wrapped before this beat
    reg              fb_busy_reg, fb_busy_next;      // a feedback pass is in flight
    reg [2:0]        lane_reg, lane_next;            // next lane of a feedback beat

    reg [CW-1:0]     count_reg;                      // side FIFO entries (credit)

    reg              out_valid_reg, out_valid_next;
    reg [W-1:0]      out_data_reg, out_data_next;
    reg [KW-1:0]     out_keep_reg, out_keep_next;
    reg              out_last_reg, out_last_next;
    reg [15:0]       out_user_reg, out_user_next;
    reg [3:0]        out_nblk_reg, out_nblk_next;
    reg [W-1:0]      asm_reg, asm_next;              // feedback lanes of the beat so far

    // ------------------------------------------------------------------ input analysis
    wire        first = !msg_active_reg;
    wire [2:0]  mode = first ? in_user_reg[2:0] : msg_mode_reg;
    wire        dec = first ? in_user_reg[3] : msg_dec_reg;
    wire [3:0]  slot = first ? in_user_reg[7:4] : msg_slot_reg;

    reg [KEY_SLOTS-1:0] slot_bit;
    integer si;
    always @* begin
        for (si = 0; si < KEY_SLOTS; si = si + 1) begin
            slot_bit[si] = (slot == si[3:0]);
        end
    end
    // The slot named by a beat arriving now, and its state.
    reg [KEY_SLOTS-1:0] new_slot_bit;
    always @* begin
        for (si = 0; si < KEY_SLOTS; si = si + 1) begin
            new_slot_bit[si] = (s_axis_tuser[7:4] == si[3:0]);
        end
    end

    // A message whose slot was loading when it arrived waits for the load, then finds
    // the slot loaded, or empty (cleared meanwhile: code 3).
    wire slot_wait = in_slot_wait_reg && |(slot_bit & slot_loading);
    wire slot_ok = in_slot_ok_reg || (in_slot_wait_reg && |(slot_bit & slot_loaded));

    wire needs_inverse = (mode == M_ECB) || (mode == M_CBC);
    wire [2:0] start_code = selftest_failed ? C_SELFTEST :
                            (mode > M_CTR) ? C_MODE :
                            (dec && DECRYPT == 0 && needs_inverse) ? C_BUILD :
                            (!slot_ok && !slot_wait) ? C_SLOT : C_OK;
    wire wait_load = first && (start_code == C_OK) && slot_wait;
    wire err_now = first ? (start_code != C_OK) : msg_err_reg;
    wire [2:0] code_now = first ? start_code : msg_code_reg;
    wire iv_beat = first && !err_now && (mode != M_ECB);

    reg [LANES-1:0] lane_has, lane_full;
    reg [3:0]       nblk;
    reg [2:0]       last_lane;
    integer li;
    always @* begin
        nblk = 4'd0;
        last_lane = 3'd0;
        for (li = 0; li < LANES; li = li + 1) begin
            lane_has[li] = in_keep_reg[16*li];
            lane_full[li] = in_keep_reg[16*li + 15];
            if (in_keep_reg[16*li]) begin
                nblk = nblk + 4'd1;
                last_lane = li[2:0];
            end
        end
    end
    wire beat_full = &in_keep_reg;
    wire len_bad = (!in_last_reg && !beat_full) || (needs_inverse && |(lane_has & ~lane_full)) || (nblk == 4'd0);

    wire feedback = ((mode == M_CBC || mode == M_CFB) && !dec) || (mode == M_OFB);

    // Lane inputs of the parallel modes.
    reg [W-1:0]     par_in, par_xor;
    reg [LANES-1:0] ctr_carry;
    reg [128:0]     ctr_sum;
    integer pj;
    always @* begin
        for (pj = 0; pj < LANES; pj = pj + 1) begin
            ctr_sum = {1'b0, ctr_reg} + {126'd0, pj[2:0]};
            ctr_carry[pj] = ctr_sum[128];
            case (mode)
                M_CTR: begin
                    par_in[128*pj +: 128] = byte_swap(ctr_sum[127:0]);
                    par_xor[128*pj +: 128] = in_data_reg[128*pj +: 128];
                end
                M_CBC: begin
                    par_in[128*pj +: 128] = in_data_reg[128*pj +: 128];
                    par_xor[128*pj +: 128] = (pj == 0) ? chain_reg : in_data_reg[128*(pj == 0 ? 0 : pj-1) +: 128];
                end
                M_CFB: begin
                    par_in[128*pj +: 128] = (pj == 0) ? chain_reg : in_data_reg[128*(pj == 0 ? 0 : pj-1) +: 128];
                    par_xor[128*pj +: 128] = in_data_reg[128*pj +: 128];
                end
                default: begin  // ECB
                    par_in[128*pj +: 128] = in_data_reg[128*pj +: 128];
                    par_xor[128*pj +: 128] = 128'd0;
                end
            endcase
        end
    end
    wire [128:0] ctr_step = {1'b0, ctr_reg} + {125'd0, LANES[3:0]};
    wire         wrap_beat = ctr_carry_reg || |(ctr_carry & lane_has);

    // The lane of a feedback pass.
    wire [127:0] fb_data = in_data_reg[128*lane_reg +: 128];
    wire [127:0] fb_in = (mode == M_CBC) ? (fb_data ^ chain_reg) : chain_reg;
    wire [127:0] fb_xor = (mode == M_CBC) ? 128'd0 : fb_data;

    // ------------------------------------------------------------------ side FIFO
    wire          fifo_valid;
    wire [SW-1:0] fifo_head;
    reg           fifo_push, fifo_pop;
    reg  [SW-1:0] fifo_entry;

    aes_fifo #(.WIDTH(SW), .DEPTH(SIDE_DEPTH)) u_side (
        .clk(clk), .rst(rst),
        .wr_valid(fifo_push), .wr_data(fifo_entry),
        .m_valid(fifo_valid), .m_ready(fifo_pop), .m_data(fifo_head)
    );

    wire credit = (count_reg < SIDE_DEPTH);

    // ------------------------------------------------------------------ output stage view
    wire [W-1:0]  h_xor = fifo_head[E_XOR +: W];
    wire [KW-1:0] h_keep = fifo_head[E_KEEP +: KW];
    wire [7:0]    h_user = fifo_head[E_USER +: 8];
    wire [2:0]    h_code = fifo_head[E_CODE +: 3];
    wire          h_last = fifo_head[E_LAST];
    wire          h_bypass = fifo_head[E_BYPASS];
    wire          h_single = fifo_head[E_SINGLE];
    wire [2:0]    h_lane = fifo_head[E_LANE +: 3];
    wire          h_end = fifo_head[E_END];
    wire          h_fb = fifo_head[E_FB];
    wire          h_ofb = fifo_head[E_OFB];
    wire [3:0]    h_slot = fifo_head[E_SLOT +: 4];
    wire [3:0]    h_nblk = fifo_head[E_NBLK +: 4];

    wire          out_free = !out_valid_reg || m_axis_tready;
    wire          h_go = fifo_valid && (h_bypass || res_valid) && (!h_end || out_free);
    wire [127:0]  r0 = res_data[127:0] ^ h_xor[127:0];

    reg [W-1:0]   h_beat;
    integer hj;
    always @* begin
        h_beat = h_single ? asm_reg : (res_data ^ h_xor);
        // The loop runs in every case, so that hj is always assigned (no latch).
        for (hj = 0; hj < LANES; hj = hj + 1) begin
            if (h_single && h_lane == hj[2:0]) begin
                h_beat[128*hj +: 128] = r0;
            end
        end
    end

    // ------------------------------------------------------------------ next state
    reg              issue;          // engine request this clock
    reg [W-1:0]      issue_data;
    reg              consume;        // the held beat is done this clock
    reg [KEY_SLOTS-1:0] cnt_inc;

    always @* begin
        in_valid_next = in_valid_reg;
        in_data_next = in_data_reg;
        in_keep_next = in_keep_reg;
        in_last_next = in_last_reg;
        in_user_next = in_user_reg;
        in_slot_ok_next = in_slot_ok_reg;
        in_slot_wait_next = in_slot_wait_reg;
        msg_active_next = msg_active_reg;
        msg_mode_next = msg_mode_reg;
        msg_dec_next = msg_dec_reg;
        msg_slot_next = msg_slot_reg;
        msg_user_next = msg_user_reg;
        msg_err_next = msg_err_reg;
        msg_code_next = msg_code_reg;
        msg_wrap_next = msg_wrap_reg;
        chain_next = chain_reg;
        ctr_next = ctr_reg;
        ctr_carry_next = ctr_carry_reg;
        fb_busy_next = fb_busy_reg;
        lane_next = lane_reg;
        out_valid_next = out_valid_reg && !m_axis_tready;
        out_data_next = out_data_reg;
        out_keep_next = out_keep_reg;
        out_last_next = out_last_reg;
        out_user_next = out_user_reg;
        out_nblk_next = out_nblk_reg;
        asm_next = asm_reg;

        issue = 1'b0;
        issue_data = par_in;
        consume = 1'b0;
        fifo_push = 1'b0;
        fifo_pop = 1'b0;
        fifo_entry = {SW{1'b0}};
        fifo_entry[E_KEEP +: KW] = in_keep_reg;
        fifo_entry[E_USER +: 8] = first ? in_user_reg : msg_user_reg;
        fifo_entry[E_LAST] = in_last_reg;
        fifo_entry[E_END] = 1'b1;
        fifo_entry[E_SLOT +: 4] = slot;
        fifo_entry[E_NBLK +: 4] = nblk;

        // ---- input stage: one decision per clock for the held beat
        if (in_valid_reg && enable && credit && !wait_load) begin
            if (err_now) begin
                // Error message: all zero, same length.
                fifo_push = 1'b1;
                fifo_entry[E_BYPASS] = 1'b1;
                fifo_entry[E_CODE +: 3] = code_now;
                // The first beat of a valid non-ECB mode is its IV beat: no data blocks.
                if (first && mode != M_ECB && mode <= M_CTR) begin
                    fifo_entry[E_NBLK +: 4] = 4'd0;
                end
                consume = 1'b1;
            end else if (iv_beat) begin
                if (!fb_busy_reg) begin
                    fifo_push = 1'b1;
                    fifo_entry[E_BYPASS] = 1'b1;
                    fifo_entry[E_NBLK +: 4] = 4'd0;
                    if (in_last_reg) begin
                        // Only an IV: nothing to process (code 1), zeroed.
                        fifo_entry[E_CODE +: 3] = C_LENGTH;
                    end else begin
                        fifo_entry[E_XOR +: W] = in_data_reg;
                        chain_next = in_data_reg[127:0];
                        ctr_next = byte_swap(in_data_reg[127:0]);
                        ctr_carry_next = 1'b0;
                    end
                    consume = 1'b1;
                end
            end else if (len_bad) begin
                // A partial block where whole blocks are required, or a short beat
                // before the last: this beat and the rest of the message are zero.
                fifo_push = 1'b1;
                fifo_entry[E_BYPASS] = 1'b1;
                fifo_entry[E_CODE +: 3] = C_LENGTH;
                msg_err_next = 1'b1;
                msg_code_next = C_LENGTH;
                consume = 1'b1;
            end else if (!feedback) begin
                issue = 1'b1;
                if (eng_ready) begin
                    fifo_push = 1'b1;
                    fifo_entry[E_XOR +: W] = par_xor;
                    fifo_entry[E_CODE +: 3] = (mode == M_CTR && (msg_wrap_reg || wrap_beat)) ? C_WRAP : C_OK;
                    consume = 1'b1;
                    if (mode == M_CTR) begin
                        ctr_next = ctr_step[127:0];
                        ctr_carry_next = ctr_carry_reg || ctr_step[128];
                        msg_wrap_next = msg_wrap_reg || wrap_beat;
                    end else if (mode == M_CBC || mode == M_CFB) begin
                        chain_next = in_data_reg[128*(LANES-1) +: 128];  // previous C
                    end
                end
            end else if (!fb_busy_reg) begin
                issue = 1'b1;
                issue_data = {{(W-128){1'b0}}, fb_in};
                if (eng_ready) begin
                    fifo_push = 1'b1;
                    fifo_entry[E_XOR +: W] = {{(W-128){1'b0}}, fb_xor};
                    fifo_entry[E_SINGLE] = 1'b1;
                    fifo_entry[E_LANE +: 3] = lane_reg;
                    fifo_entry[E_END] = (lane_reg == last_lane);
                    fifo_entry[E_FB] = 1'b1;
                    fifo_entry[E_OFB] = (mode == M_OFB);
                    fb_busy_next = 1'b1;
                    if (lane_reg == last_lane) begin
                        lane_next = 3'd0;
                        consume = 1'b1;
                    end else begin
                        lane_next = lane_reg + 3'd1;
                    end
                end
            end
        end

        if (consume) begin
            if (first) begin
                msg_mode_next = mode;
                msg_dec_next = dec;
                msg_slot_next = slot;
                msg_user_next = in_user_reg;
                msg_err_next = err_now || (fifo_entry[E_CODE +: 3] == C_LENGTH);
                msg_code_next = (fifo_entry[E_CODE +: 3] == C_LENGTH) ? C_LENGTH : start_code;
                msg_wrap_next = (mode == M_CTR) && !iv_beat && wrap_beat;
            end
            msg_active_next = !in_last_reg;
            in_valid_next = 1'b0;
        end
        if (s_axis_tvalid && s_axis_tready) begin
            in_valid_next = 1'b1;
            in_data_next = s_axis_tdata;
            in_keep_next = s_axis_tkeep;
            in_last_next = s_axis_tlast;
            in_user_next = s_axis_tuser;
            in_slot_ok_next = |(new_slot_bit & slot_loaded);
            in_slot_wait_next = |(new_slot_bit & slot_loading);
        end

        // ---- output stage
        if (h_go) begin
            fifo_pop = 1'b1;
            if (h_single && !h_end) begin
                asm_next = h_beat;
            end
            if (h_end) begin
                out_valid_next = 1'b1;
                out_data_next = h_bypass ? h_xor : (h_beat & keep_mask(h_keep));
                out_keep_next = h_keep;
                out_last_next = h_last;
                out_user_next = {h_last ? {5'd0, h_code} : 8'd0, h_user};
                out_nblk_next = h_nblk;
                asm_next = {W{1'b0}};
            end
            if (h_fb && !h_bypass) begin
                chain_next = h_ofb ? res_data[127:0] : r0;
                fb_busy_next = 1'b0;
            end
        end
    end

    // In-flight passes per key slot.
    reg [CW-1:0] cnt_reg [0:KEY_SLOTS-1];
    reg [KEY_SLOTS-1:0] cnt_nz;
    integer ci;
    always @* begin
        for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
            cnt_inc[ci] = issue && eng_ready && (slot == ci[3:0]);
            cnt_nz[ci] = (cnt_reg[ci] != {CW{1'b0}});
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            in_valid_reg <= 1'b0;
            msg_active_reg <= 1'b0;
            msg_err_reg <= 1'b0;
            fb_busy_reg <= 1'b0;
            lane_reg <= 3'd0;
            count_reg <= {CW{1'b0}};
            out_valid_reg <= 1'b0;
            asm_reg <= {W{1'b0}};
            chain_reg <= 128'd0;
            ctr_reg <= 128'd0;
            for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
                cnt_reg[ci] <= {CW{1'b0}};
            end
        end else begin
            in_valid_reg <= in_valid_next;
            msg_active_reg <= msg_active_next;
            msg_err_reg <= msg_err_next;
            fb_busy_reg <= fb_busy_next;
            lane_reg <= lane_next;
            count_reg <= count_reg + {{CW-1{1'b0}}, fifo_push} - {{CW-1{1'b0}}, fifo_pop};
            out_valid_reg <= out_valid_next;
            asm_reg <= asm_next;
            chain_reg <= chain_next;
            ctr_reg <= ctr_next;
            for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
                cnt_reg[ci] <= cnt_reg[ci] + {{CW-1{1'b0}}, cnt_inc[ci]}
                               - {{CW-1{1'b0}}, fifo_pop && !h_bypass && (h_slot == ci[3:0])};
            end
        end
        in_data_reg <= in_data_next;
        in_keep_reg <= in_keep_next;
        in_last_reg <= in_last_next;
        in_user_reg <= in_user_next;
        in_slot_ok_reg <= in_slot_ok_next;
        in_slot_wait_reg <= in_slot_wait_next;
        msg_mode_reg <= msg_mode_next;
        msg_dec_reg <= msg_dec_next;
        msg_slot_reg <= msg_slot_next;
        msg_user_reg <= msg_user_next;
        msg_code_reg <= msg_code_next;
        msg_wrap_reg <= msg_wrap_next;
        ctr_carry_reg <= ctr_carry_next;
        out_data_reg <= out_data_next;
        out_keep_reg <= out_keep_next;
        out_last_reg <= out_last_next;
        out_user_reg <= out_user_next;
        out_nblk_reg <= out_nblk_next;
    end

    // The next beat taken would open a message: with `pause`, wait.
    wire next_is_first = in_valid_reg ? in_last_reg : !msg_active_reg;
    // A first beat naming a slot that is loading is not taken until the load ends (SPEC §4).
    wire new_slot_loading = |(new_slot_bit & slot_loading);
    assign s_axis_tready = enable && (!in_valid_reg || consume) && !(pause && next_is_first) &&
                           !(next_is_first && new_slot_loading);

    assign eng_valid = issue;
    assign eng_data = issue_data;
    assign eng_slot = slot;
    assign eng_decrypt = (mode == M_ECB || mode == M_CBC) && dec;
    assign res_ready = h_go && !h_bypass;

    assign m_axis_tdata = out_data_reg;
    assign m_axis_tkeep = out_keep_reg;
    assign m_axis_tvalid = out_valid_reg;
    assign m_axis_tlast = out_last_reg;
    assign m_axis_tuser = out_user_reg;

    // A slot is held by an open message, by a first beat taken while the slot was loaded,
    // and by passes in flight. A first beat that found its slot loading does not hold it
    // (the load would wait for the message).
    wire held_by_msg = msg_active_reg || (in_valid_reg && in_slot_ok_reg);
    assign slot_hold = cnt_nz | (held_by_msg ? slot_bit : {KEY_SLOTS{1'b0}});
    assign busy = in_valid_reg || msg_active_reg || (count_reg != {CW{1'b0}}) || out_valid_reg;

    assign out_beat = out_valid_reg && m_axis_tready;
    assign out_blocks = out_nblk_reg;
    assign out_msg_done = out_valid_reg && m_axis_tready && out_last_reg;
    assign out_code = out_user_reg[10:8];

endmodule

`resetall
