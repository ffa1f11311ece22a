// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Mode unit: classified beats in, blocks to the cipher engine, chained results out (ECB, CBC, CFB-128, OFB, CTR)

/*
 * The layer between the message framer (aes_axis_framer) and the cipher engine of
 * aes_axi, in four register stages:
 *
 *   S  a skid buffer (aes_skid) for the framer's classified beats: its ready is a
 *      register, so no path runs from here back into the framer.
 *   A  the head of S, where one decision a clock is made for the held beat from
 *      registers only: the framer's classification, the chain, the counters.
 *   B  the decision registered: the engine request (eng_valid, eng_data, eng_slot,
 *      eng_decrypt are registers) and the side-FIFO entry that says how its result is
 *      used (the FIFO's write port is driven by registers).
 *   O  the output stage: the head entry of the side FIFO completed with the engine's
 *      oldest result (or by itself for bypass entries) into a skid buffer whose
 *      registers drive m_axis; m_axis_tready reaches only that buffer.
 *
 *   parallel modes (one pass a beat, all lanes, one beat per clock when the engine can):
 *     ECB      engine(P)                       result = engine
 *     CTR      engine(counter + lane)          result = engine ^ data
 *     CBC dec  engine^-1(C)                    result = engine ^ previous C
 *     CFB dec  engine(previous C)              result = engine ^ C
 *   feedback modes (one pass a lane; the next waits for the previous result):
 *     CBC enc  engine(P ^ chain)               result = engine,        chain = result
 *     CFB enc  engine(chain)                   result = engine ^ P,    chain = result
 *     OFB      engine(chain)                   result = engine ^ data, chain = engine
 *
 * Beats that need no engine (IV echo, beats the framer marked all-zero) are "bypass"
 * entries of the same FIFO, so output order is input order.
 *
 * CTR counter. The 128-bit counter block is a big-endian integer {hi, lo}. Each lane
 * keeps its own low 32 bits (lo_reg) and a flag (carry_reg) saying that it has crossed
 * into hi + 1; hi + 1 is formed from three 32-bit chunks, each kept with its successor
 * and an all-ones flag (computed again a clock after hi changes, and given by the
 * framer for the IV). So a beat's counters are one select away from registers, and the
 * only adders are 32 bits wide. A counter that wraps from 2^128 - 1 to 0 inside a
 * message gives code 4 (the data is still processed).
 *
 * Credit. A decision reserves its side-FIFO entry (count_reg); the reservation is
 * checked against a registered flag that leaves two entries of margin for the clock it
 * lags. SIDE_DEPTH must cover every pass the engine can hold plus that margin for full
 * rate.
 *
 * Key slots. A message holds its slot in the framer until this unit issues its last
 * beat (retire_*); each pass holds its slot (slot_hold) from its decision until its
 * result leaves the side FIFO, so a key reload waits until they are done.
 *
 * Latency: a beat in S in clock t is at the engine's input in t+1; a result that the
 * engine presents in clock u is on m_axis in u+1.
 */
module aes_mode_unit #(
    // 128-bit blocks per beat: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // Side FIFO entries: 4, 8, 16, or a multiple of 16 up to 256 (see aes_fifo).
    parameter SIDE_DEPTH = 16
) (
    input  wire                    clk,
    input  wire                    rst,

    // Classified beats from the framer.
    input  wire                    s_valid,
    output wire                    s_ready,
    input  wire [128*LANES-1:0]    s_data,
    input  wire [16*LANES-1:0]     s_keep,
    input  wire                    s_last,
    input  wire [7:0]              s_user,
    input  wire [2:0]              s_mode,
    input  wire                    s_dec,
    input  wire [3:0]              s_slot,
    input  wire [1:0]              s_kind,
    input  wire [2:0]              s_code,
    input  wire [3:0]              s_nblk,
    input  wire [2:0]              s_last_lane,
    input  wire                    s_hold,
    input  wire [95:0]             s_hi_inc,
    input  wire [2:0]              s_hi_ones,

    // Messages out.
    output wire [128*LANES-1:0]    m_axis_tdata,
    output wire [16*LANES-1:0]     m_axis_tkeep,
    output wire                    m_axis_tvalid,
    input  wire                    m_axis_tready,
    output wire                    m_axis_tlast,
    output wire [15:0]             m_axis_tuser,

    // Control and key slots.
    input  wire                    enable,          // low: issue nothing new
    output wire [KEY_SLOTS-1:0]    slot_hold,       // passes in flight use the slot
    output wire                    retire_valid,    // a holding message's last beat issued
    output wire [3:0]              retire_slot,
    output wire                    busy,            // a beat or a pass is in the unit

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
    localparam [2:0] C_OK = 3'd0, C_WRAP = 3'd4;
    localparam [1:0] KIND_IV = 2'd1, KIND_ZERO = 2'd2;  // else a data beat (aes_axis_framer)
    localparam CW = SIDE_DEPTH <= 4 ? 3 : (SIDE_DEPTH <= 16 ? 5 : (SIDE_DEPTH <= 64 ? 7 : 9));
    localparam [CW-1:0] CREDIT_MAX = SIDE_DEPTH - 2;
    localparam [32:0] LANES_33 = LANES;

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_mode_unit_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
        if (SIDE_DEPTH < 4) begin : gen_invalid_depth
            aes_mode_unit_invalid_SIDE_DEPTH_must_be_at_least_4 invalid_depth_inst ();
        end
    endgenerate

    // Side FIFO entry.
    localparam E_XOR = 0;                   // W bits: XOR operand, or the whole beat (IV echo)
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

    function [LANES-1:0] lane_has(input [KW-1:0] keep);
        integer i;
        begin
            for (i = 0; i < LANES; i = i + 1) begin
                lane_has[i] = keep[16*i];
            end
        end
    endfunction

    // ------------------------------------------------------------------ S: skid buffer
    localparam S_W = W + KW + 1 + 8 + 3 + 1 + 4 + 2 + 3 + 4 + 3 + 1 + 96 + 3;

    wire             a_valid;
    reg              a_consume;
    wire [S_W-1:0]   a_word;

    aes_skid #(
        .WIDTH(S_W)
    ) u_in (
        .clk(clk),
        .rst(rst),
        .s_data({s_hi_ones, s_hi_inc, s_hold, s_last_lane, s_nblk, s_code, s_kind, s_slot, s_dec, s_mode,
                 s_user, s_last, s_keep, s_data}),
        .s_valid(s_valid),
        .s_ready(s_ready),
        .s_block(1'b0),
        .m_data(a_word),
        .m_valid(a_valid),
        .m_ready(a_consume)
    );

    localparam A_KEEP = W;
    localparam A_LAST = A_KEEP + KW;
    localparam A_USER = A_LAST + 1;
    localparam A_MODE = A_USER + 8;
    localparam A_DEC = A_MODE + 3;
    localparam A_SLOT = A_DEC + 1;
    localparam A_KIND = A_SLOT + 4;
    localparam A_CODE = A_KIND + 2;
    localparam A_NBLK = A_CODE + 3;
    localparam A_LLANE = A_NBLK + 4;
    localparam A_HOLD = A_LLANE + 3;
    localparam A_HINC = A_HOLD + 1;
    localparam A_HONES = A_HINC + 96;

    wire [W-1:0]  a_data = a_word[0 +: W];
    wire [KW-1:0] a_keep = a_word[A_KEEP +: KW];
    wire          a_last = a_word[A_LAST];
    wire [7:0]    a_user = a_word[A_USER +: 8];
    wire [2:0]    a_mode = a_word[A_MODE +: 3];
    wire          a_dec = a_word[A_DEC];
    wire [3:0]    a_slot = a_word[A_SLOT +: 4];
    wire [1:0]    a_kind = a_word[A_KIND +: 2];
    wire [2:0]    a_code = a_word[A_CODE +: 3];
    wire [3:0]    a_nblk = a_word[A_NBLK +: 4];
    wire [2:0]    a_last_lane = a_word[A_LLANE +: 3];
    wire          a_hold = a_word[A_HOLD];
    wire [95:0]   a_hi_inc = a_word[A_HINC +: 96];
    wire [2:0]    a_hi_ones = a_word[A_HONES +: 3];

    // ------------------------------------------------------------------ registers
    reg [127:0]      chain_reg, chain_next;          // IV, previous C, or previous O
    reg              fb_busy_reg, fb_busy_next;      // a feedback pass is in flight
    reg [2:0]        lane_reg, lane_next;            // next lane of a feedback beat
    reg              msg_wrap_reg, msg_wrap_next;    // the CTR counter wrapped
    reg              wrap_pend_reg, wrap_pend_next;  // it wraps at the next beat's lane 0

    // CTR counter (see the header).
    reg [32*LANES-1:0] lo_reg, lo_next;
    reg [LANES-1:0]    carry_reg, carry_next;
    reg [95:0]         hi_reg, hi_next;
    reg [95:0]         chunk_inc_reg;                // each 32-bit chunk of hi, plus one
    reg [2:0]          chunk_ones_reg;               // each chunk all ones
    reg                ctr_load;                     // IV: chunk_* from the framer

    reg              b_valid_reg, b_valid_next;      // engine request
    reg [W-1:0]      b_data_reg, b_data_next;
    reg [3:0]        b_slot_reg;
    reg              b_dec_reg;
    reg              push_reg, push_next;            // side-FIFO write
    reg [SW-1:0]     entry_reg, entry_next;
    reg              retire_reg, retire_next;
    reg [3:0]        retire_slot_reg;

    reg [CW-1:0]     count_reg;                      // side-FIFO entries reserved
    reg              credit_reg;                     // count_reg <= SIDE_DEPTH - 2
    reg [W-1:0]      asm_reg, asm_next;              // feedback lanes of the beat so far

    // ------------------------------------------------------------------ counter blocks
    wire [95:0] hi_inc = {chunk_ones_reg[0] && chunk_ones_reg[1] ? chunk_inc_reg[64 +: 32] : hi_reg[64 +: 32],
                          chunk_ones_reg[0] ? chunk_inc_reg[32 +: 32] : hi_reg[32 +: 32],
                          chunk_inc_reg[0 +: 32]};
    wire        hi_ones = &chunk_ones_reg;

    reg [W-1:0]     ctr_blocks;
    reg [LANES-1:0] ctr_wrap;
    reg [LANES-1:0] lo_step_carry;
    reg [32*LANES-1:0] lo_step;
    reg [32:0]      lo_sum;
    integer cj;
    always @* begin
        for (cj = 0; cj < LANES; cj = cj + 1) begin
            ctr_blocks[128*cj +: 128] = byte_swap({carry_reg[cj] ? hi_inc : hi_reg, lo_reg[32*cj +: 32]});
            ctr_wrap[cj] = carry_reg[cj] && hi_ones;
            lo_sum = {1'b0, lo_reg[32*cj +: 32]} + LANES_33;
            lo_step[32*cj +: 32] = lo_sum[31:0];
            lo_step_carry[cj] = lo_sum[32];
        end
    end

    // The IV's counter block and its lanes.
    wire [127:0] iv_int = byte_swap(a_data[127:0]);
    reg [32*LANES-1:0] iv_lo;
    reg [LANES-1:0]    iv_carry;
    reg [32:0]         iv_sum;
    integer vj;
    always @* begin
        for (vj = 0; vj < LANES; vj = vj + 1) begin
            iv_sum = {1'b0, iv_int[31:0]} + {30'd0, vj[2:0]};
            iv_lo[32*vj +: 32] = iv_sum[31:0];
            iv_carry[vj] = iv_sum[32];
        end
    end

    // ------------------------------------------------------------------ A: the decision
    wire feedback = ((a_mode == M_CBC || a_mode == M_CFB) && !a_dec) || (a_mode == M_OFB);
    wire wrap_beat = wrap_pend_reg || |(ctr_wrap & lane_has(a_keep));


    // Lane inputs of the parallel modes.
    reg [W-1:0] par_in, par_xor;
    integer pj;
    always @* begin
        for (pj = 0; pj < LANES; pj = pj + 1) begin
            case (a_mode)
                M_CTR: begin
                    par_in[128*pj +: 128] = ctr_blocks[128*pj +: 128];
                    par_xor[128*pj +: 128] = a_data[128*pj +: 128];
                end
                M_CBC: begin
                    par_in[128*pj +: 128] = a_data[128*pj +: 128];
                    par_xor[128*pj +: 128] = (pj == 0) ? chain_reg : a_data[128*(pj == 0 ? 0 : pj-1) +: 128];
                end
                M_CFB: begin
                    par_in[128*pj +: 128] = (pj == 0) ? chain_reg : a_data[128*(pj == 0 ? 0 : pj-1) +: 128];
                    par_xor[128*pj +: 128] = a_data[128*pj +: 128];
                end
                default: begin  // ECB
                    par_in[128*pj +: 128] = a_data[128*pj +: 128];
                    par_xor[128*pj +: 128] = 128'd0;
                end
            endcase
        end
    end

    // The lane of a feedback pass.
    wire [127:0] fb_data = a_data[128*lane_reg +: 128];
    wire [127:0] fb_in = (a_mode == M_CBC) ? (fb_data ^ chain_reg) : chain_reg;
    wire [127:0] fb_xor = (a_mode == M_CBC) ? 128'd0 : fb_data;

    // ------------------------------------------------------------------ side FIFO
    wire          fifo_valid;
    wire [SW-1:0] fifo_head;
    reg           fifo_pop;

    aes_fifo #(
        .WIDTH(SW),
        .DEPTH(SIDE_DEPTH)
    ) u_side (
        .clk(clk),
        .rst(rst),
        .wr_valid(push_reg),
        .wr_data(entry_reg),
        .m_valid(fifo_valid),
        .m_ready(fifo_pop),
        .m_data(fifo_head)
    );

    // ------------------------------------------------------------------ O: output stage
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

    localparam O_W = W + KW + 1 + 16 + 4;
    wire          o_ready;
    wire          o_valid;
    wire [O_W-1:0] o_word;
    wire          h_go = fifo_valid && (h_bypass || res_valid) && (!h_end || o_ready);
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
    wire [W-1:0]  o_data_in = h_bypass ? h_xor : (h_beat & keep_mask(h_keep));
    wire [15:0]   o_user_in = {h_last ? {5'd0, h_code} : 8'd0, h_user};

    aes_skid #(
        .WIDTH(O_W)
    ) u_out (
        .clk(clk),
        .rst(rst),
        .s_data({h_nblk, o_user_in, h_last, h_keep, o_data_in}),
        .s_valid(h_go && h_end),
        .s_ready(o_ready),
        .s_block(1'b0),
        .m_data(o_word),
        .m_valid(o_valid),
        .m_ready(m_axis_tready)
    );

    // ------------------------------------------------------------------ next state
    wire b_free = !b_valid_reg || eng_ready;
    wire go = a_valid && enable && credit_reg && b_free;
    reg  pass;                       // an engine pass decided this clock

    always @* begin
        chain_next = chain_reg;
        fb_busy_next = fb_busy_reg;
        lane_next = lane_reg;
        msg_wrap_next = msg_wrap_reg;
        wrap_pend_next = wrap_pend_reg;
        lo_next = lo_reg;
        carry_next = carry_reg;
        hi_next = hi_reg;
        ctr_load = 1'b0;
        b_valid_next = b_valid_reg && !eng_ready;
        b_data_next = b_data_reg;
        push_next = 1'b0;
        retire_next = 1'b0;
        asm_next = asm_reg;
        a_consume = 1'b0;
        pass = 1'b0;
        fifo_pop = 1'b0;

        entry_next = {SW{1'b0}};
        entry_next[E_KEEP +: KW] = a_keep;
        entry_next[E_USER +: 8] = a_user;
        entry_next[E_LAST] = a_last;
        entry_next[E_END] = 1'b1;
        entry_next[E_SLOT +: 4] = a_slot;
        entry_next[E_NBLK +: 4] = a_nblk;

        // ---- A: one decision per clock for the held beat
        if (go) begin
            if (a_kind == KIND_ZERO) begin
                push_next = 1'b1;
                entry_next[E_BYPASS] = 1'b1;
                entry_next[E_CODE +: 3] = a_code;
                a_consume = 1'b1;
            end else if (a_kind == KIND_IV) begin
                // The chain of the message before must be settled first.
                if (!fb_busy_reg) begin
                    push_next = 1'b1;
                    entry_next[E_BYPASS] = 1'b1;
                    entry_next[E_XOR +: W] = a_data;
                    chain_next = a_data[127:0];
                    lo_next = iv_lo;
                    carry_next = iv_carry;
                    hi_next = iv_int[127:32];
                    ctr_load = 1'b1;
                    msg_wrap_next = 1'b0;
                    wrap_pend_next = 1'b0;
                    a_consume = 1'b1;
                end
            end else if (!feedback) begin
                pass = 1'b1;
                b_valid_next = 1'b1;
                b_data_next = par_in;
                push_next = 1'b1;
                entry_next[E_XOR +: W] = par_xor;
                entry_next[E_CODE +: 3] = (a_mode == M_CTR && (msg_wrap_reg || wrap_beat)) ? C_WRAP : C_OK;
                a_consume = 1'b1;
                if (a_mode == M_CTR) begin
                    lo_next = lo_step;
                    hi_next = lo_step_carry[0] ? hi_inc : hi_reg;
                    carry_next = lo_step_carry[0] ? {LANES{1'b0}} : (carry_reg | lo_step_carry);
                    msg_wrap_next = msg_wrap_reg || wrap_beat;
                    wrap_pend_next = lo_step_carry[0] && hi_ones;
                end else if (a_mode == M_CBC || a_mode == M_CFB) begin
                    chain_next = a_data[128*(LANES-1) +: 128];  // previous C
                end
            end else if (!fb_busy_reg) begin
                pass = 1'b1;
                b_valid_next = 1'b1;
                b_data_next = {{(W-128){1'b0}}, fb_in};
                push_next = 1'b1;
                entry_next[E_XOR +: W] = {{(W-128){1'b0}}, fb_xor};
                entry_next[E_SINGLE] = 1'b1;
                entry_next[E_LANE +: 3] = lane_reg;
                entry_next[E_END] = (lane_reg == a_last_lane);
                entry_next[E_FB] = 1'b1;
                entry_next[E_OFB] = (a_mode == M_OFB);
                fb_busy_next = 1'b1;
                if (lane_reg == a_last_lane) begin
                    lane_next = 3'd0;
                    a_consume = 1'b1;
                end else begin
                    lane_next = lane_reg + 3'd1;
                end
            end
        end
        retire_next = a_consume && a_last && a_hold;

        // ---- O: the head entry, completed
        if (h_go) begin
            fifo_pop = 1'b1;
            if (h_single && !h_end) begin
                asm_next = h_beat;
            end
            if (h_end) begin
                asm_next = {W{1'b0}};
            end
            if (h_fb && !h_bypass) begin
                chain_next = h_ofb ? res_data[127:0] : r0;
                fb_busy_next = 1'b0;
            end
        end
    end

    // In-flight passes per key slot: from the decision until the result leaves the FIFO.
    reg [CW-1:0] cnt_reg [0:KEY_SLOTS-1];
    reg [KEY_SLOTS-1:0] cnt_nz, cnt_inc, cnt_dec;
    integer ci;
    always @* begin
        for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
            cnt_inc[ci] = pass && (a_slot == ci[3:0]);
            cnt_dec[ci] = fifo_pop && !h_bypass && (h_slot == ci[3:0]);
            cnt_nz[ci] = (cnt_reg[ci] != {CW{1'b0}});
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            fb_busy_reg <= 1'b0;
            lane_reg <= 3'd0;
            b_valid_reg <= 1'b0;
            push_reg <= 1'b0;
            retire_reg <= 1'b0;
            count_reg <= {CW{1'b0}};
            credit_reg <= 1'b0;
            asm_reg <= {W{1'b0}};
            chain_reg <= 128'd0;
            for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
                cnt_reg[ci] <= {CW{1'b0}};
            end
        end else begin
            fb_busy_reg <= fb_busy_next;
            lane_reg <= lane_next;
            b_valid_reg <= b_valid_next;
            push_reg <= push_next;
            retire_reg <= retire_next;
            count_reg <= count_reg + {{CW-1{1'b0}}, push_next} - {{CW-1{1'b0}}, fifo_pop};
            credit_reg <= (count_reg <= CREDIT_MAX);
            asm_reg <= asm_next;
            chain_reg <= chain_next;
            for (ci = 0; ci < KEY_SLOTS; ci = ci + 1) begin
                cnt_reg[ci] <= cnt_reg[ci] + {{CW-1{1'b0}}, cnt_inc[ci]} - {{CW-1{1'b0}}, cnt_dec[ci]};
            end
        end
        msg_wrap_reg <= msg_wrap_next;
        wrap_pend_reg <= wrap_pend_next;
        lo_reg <= lo_next;
        carry_reg <= carry_next;
        hi_reg <= hi_next;
        if (ctr_load) begin
            chunk_inc_reg <= a_hi_inc;
            chunk_ones_reg <= a_hi_ones;
        end else begin
            // Valid a clock after hi_reg changes: a carry into hi is at least 2^29 beats
            // from the next one, and the IV loads them with hi.
            chunk_inc_reg <= {hi_reg[64 +: 32] + 32'd1, hi_reg[32 +: 32] + 32'd1, hi_reg[0 +: 32] + 32'd1};
            chunk_ones_reg <= {&hi_reg[64 +: 32], &hi_reg[32 +: 32], &hi_reg[0 +: 32]};
        end
        b_data_reg <= b_data_next;
        if (pass) begin
            b_slot_reg <= a_slot;
            b_dec_reg <= (a_mode == M_ECB || a_mode == M_CBC) && a_dec;
        end
        entry_reg <= entry_next;
        retire_slot_reg <= a_slot;
    end

    assign eng_valid = b_valid_reg;
    assign eng_data = b_data_reg;
    assign eng_slot = b_slot_reg;
    assign eng_decrypt = b_dec_reg;
    assign res_ready = h_go && !h_bypass;

    assign m_axis_tdata = o_word[0 +: W];
    assign m_axis_tkeep = o_word[W +: KW];
    assign m_axis_tlast = o_word[W + KW];
    assign m_axis_tuser = o_word[W + KW + 1 +: 16];
    assign m_axis_tvalid = o_valid;

    assign slot_hold = cnt_nz;
    assign retire_valid = retire_reg;
    assign retire_slot = retire_slot_reg;
    assign busy = a_valid || b_valid_reg || (count_reg != {CW{1'b0}}) || o_valid || fb_busy_reg;

    assign out_beat = o_valid && m_axis_tready;
    assign out_blocks = o_word[W + KW + 17 +: 4];
    assign out_msg_done = o_valid && m_axis_tready && m_axis_tlast;
    assign out_code = m_axis_tuser[10:8];

endmodule

`resetall
