// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Mode unit: classified beats in, blocks to the cipher engine, chained results out (ECB, CBC, CFB-128, OFB, CTR, GCM)

/*
 * The layer between the message framer (aes_axis_framer) and the cipher engine of
 * aes_axi, in these register stages:
 *
 *   S  a skid buffer (aes_skid) for the framer's classified beats: its ready comes
 *      from its registers, so no path runs from here back into the framer.
 *   A  the head of S, where one decision a clock is made for the held beat, from
 *      registers only: the framer's classification (the operation as one-hot flags,
 *      the block before the beat), the chain of feedback results, the counters.
 *   B  the decision registered: the engine request in a buffer (aes_skid_pp, or one
 *      entry with FULL_RATE=0) whose valid, data and ready are functions of its
 *      registers, so the engine's ready reaches no decision, and the side-FIFO entry
 *      that says how its result is used (the FIFO's write port is driven by
 *      registers: with FULL_RATE, a second stage of them). The candidate operands are
 *      computed from A's registers whatever the decision; only the valid flags, the
 *      counters, the lane and the pop of S depend on it, and the kinds of beat that
 *      load or step the counters are flags of S, formed before it.
 *   J  two skid buffers: the side FIFO's head entry and the engine's oldest result
 *      each wait in one, so a FIFO's pop is its own valid and a registered ready.
 *   O1 the join register: the head entry taken together with the engine's oldest
 *      result (bypass entries need none).
 *   O  the output: the joined entry completed (XOR operand, kept bytes, assembled
 *      feedback lanes, result code) into a skid buffer whose registers drive m_axis;
 *      m_axis_tready reaches only that buffer.
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
 *   With ENGINE_CHAIN (the single-context ITERATIVE engine) the chain is not kept here:
 *   a message's passes after its first are sent with eng_chain, and the engine XORs in
 *   its own last output (chain = engine ^ P_prev in CFB: P_prev goes with the pass), so
 *   the next pass waits in B only until the engine finishes the one before.
 *
 *   GCM (GCM=1; the framer marks each beat of a mode 5 message, specification §3a)
 *     IV beat  engine(J0) = E_K(J0) kept for the tag; the beat is echoed. Before it,
 *              unless the unit holds the H of the beat's slot and key already, an
 *              entry with no output beat loads the unit with H: from the H store (builds
 *              of several slots, when it has the slot's H: no engine pass), else
 *              engine(0) = H
 *     H job    engine(0) = H for a slot whose key has just been loaded: a beat put in
 *              front of S between two messages, with no output (gen_gcm), so that H is
 *              there before the slot's first message; into the H store (several slots)
 *              and, while the unit holds no H, into the unit
 *     AAD      echoed, each block hashed (bytes past the AAD length A zero)
 *     payload  as CTR from IV || 00000002 with inc32; the ciphertext hashed
 *     tag      echoed through the FIFO; the length block [len(A)]_64 || [len(C)]_64 is
 *              hashed, and the tag E_K(J0) ^ hash replaces the beat (encryption) or is
 *              compared with it (decryption: a mismatch gives zeros and code 7)
 *   The GHASH unit (aes_ghash) sits at O1 (in ITERATIVE builds behind a one-entry
 *   register stage, gen_ghash_in), which holds a GCM entry until the unit (or the
 *   stage) has taken its blocks, all lanes in one clock (GHASH_LANES = LANES: a
 *   multiplier per lane) or one block per 128 / GHASH_DIGIT clocks, and the tag beat
 *   until the hash is there and, two clocks later, the tag beat's data and code are in
 *   registers. H stays in the unit across messages of the same slot and is zeroized
 *   once that slot's key changes or is cleared and no message needs it (gen_gcm). With
 *   several slots each slot's H is also kept in the H store (gen_h_store), one 128-bit
 *   register per slot (and, for a full-rate unit, the slot's powers of H as the unit
 *   computed them), zeroized with the slot's round keys and read only by the unit.
 *
 * "previous C" and the IV come from the framer (the block before each beat), so the
 * chain register holds only feedback results. Beats that need no engine (IV echo, beats
 * the framer marked all-zero) are "bypass" entries of the same FIFO, so output order is
 * input order.
 *
 * CTR counter. The 128-bit counter block is a big-endian integer {hi, lo}. Each lane
 * keeps its own low 32 bits (lo_reg) and a flag (carry_reg) saying that it has crossed
 * into hi + 1 (never lane 0: the beat whose lane 0 carries steps hi itself); hi + 1 is
 * formed from three 32-bit chunks, each kept with its successor and an all-ones flag
 * (computed again a clock after hi changes). So a beat's counters are one select away
 * from registers, and the only adders are 32 bits wide; each lane's step to the next
 * beat (lo + LANES, and whether it carries) is a register too, so no adder sits between
 * the counter registers and the registers the decision loads. A full-rate unit, which
 * can decide a beat in the clock after an IV, has the IV's chunks from the framer and
 * computes the steps when lo loads; a unit without FULL_RATE decides a beat every other
 * clock at most (S holds one beat), so it forms both from its counter registers in the
 * clock between, with no adders on the IV and no selects in front of the registers. A
 * counter that wraps from 2^128 - 1 to 0 inside a message gives code 4 (the data is
 * still processed).
 *
 * Credit. count_reg counts side-FIFO entries from the entry register (a clock after
 * the decision; with FULL_RATE the FIFO writes the entry a clock later still) until a
 * clock after they leave O1, from registered pulses; the decision
 * reads a registered flag of it, so three decisions can be on their way that the flag
 * does not show yet: it leaves three entries of margin. SIDE_DEPTH must cover every
 * pass the engine can hold plus that margin for full rate.
 *
 * Key slots. A message holds its slot in the framer until this unit issues its last
 * beat (retire_*); each pass holds its slot (slot_hold) from its decision until a clock
 * after its result leaves the join register O1, so a key reload waits until they are
 * done.
 *
 * Latency: a beat in S in clock t is at the engine's input in t+1; a result that the
 * engine presents in clock u is on m_axis in u+3 (J, O1, O). A feedback pass decided in
 * clock t lets the next one be decided in t + engine latency + 4, or, with ENGINE_CHAIN,
 * enter the engine in the clock the one before finishes (Nr + 1 clocks a block).
 */
module aes_mode_unit #(
    // 128-bit blocks per beat: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // Side FIFO entries: 4, 8, 16, or a multiple of 16 up to 256 (aes_fifo); with
    // FULL_RATE=0, 4, 8 or 16 (aes_fifo_half).
    parameter SIDE_DEPTH = 16,
    // 1: a beat every clock (PIPELINED builds); 0: one-entry buffers between the stages,
    // a beat every other clock at most (ITERATIVE builds, whose engine is slower still).
    parameter FULL_RATE = 1,
    // 1: the engine chains feedback passes itself (eng_chain: lane 0 XORed with its last
    // output; aes_engine_iterative); 0: the chain waits here for each result.
    parameter ENGINE_CHAIN = 0,
    // 1: GCM messages (the framer's s_gcm beats) with a GHASH unit; 0: none.
    parameter GCM = 0,
    // The GHASH unit's multiplier (aes_ghash): bits of the operand per clock (128: one
    // block per clock; 8 to 64: digit-serial), register stages (1 to 4, DIGIT=128) and
    // lanes (LANES: a beat a clock, DIGIT=128 only; 1: one lane of a beat at a time).
    parameter GHASH_DIGIT = 128,
    parameter GHASH_PIPE = 1,
    parameter GHASH_LANES = 1
) (
    input  wire                    clk,
    input  wire                    rst,

    // Classified beats from the framer (aes_axis_framer: m_*).
    input  wire                    s_valid,
    output wire                    s_ready,
    input  wire [128*LANES-1:0]    s_data,
    input  wire [16*LANES-1:0]     s_keep,
    input  wire                    s_last,
    input  wire [7:0]              s_user,
    input  wire [3:0]              s_slot,
    input  wire [3:0]              s_op,
    input  wire [4:0]              s_sel,
    input  wire [127:0]            s_prev,
    input  wire                    s_first_data,
    input  wire [2:0]              s_code,
    input  wire [3:0]              s_nblk,
    input  wire [2:0]              s_last_lane,
    input  wire                    s_hold,
    input  wire [95:0]             s_hi_inc,
    input  wire [2:0]              s_hi_ones,
    input  wire [3:0]              s_gcm,

    // Messages out.
    output wire [128*LANES-1:0]    m_axis_tdata,
    output wire [16*LANES-1:0]     m_axis_tkeep,
    output wire                    m_axis_tvalid,
    input  wire                    m_axis_tready,
    output wire                    m_axis_tlast,
    output wire [15:0]             m_axis_tuser,

    // Key slots.
    output wire [KEY_SLOTS-1:0]    slot_hold,       // passes in flight use the slot
    input  wire [KEY_SLOTS-1:0]    slot_loaded,     // slots holding their key (aes_key_slots)
    input  wire [KEY_SLOTS-1:0]    slot_held,       // slots held by a message or a pass (aes_axi)
    output wire                    retire_valid,    // a holding message's last beat issued
    output wire [3:0]              retire_slot,
    output wire                    busy,            // a beat or a pass is in the unit

    // Engine.
    output wire                    eng_valid,
    input  wire                    eng_ready,
    output wire [128*LANES-1:0]    eng_data,
    output wire [3:0]              eng_slot,
    output wire                    eng_decrypt,
    output wire                    eng_chain,
    input  wire                    res_valid,
    output wire                    res_ready,
    input  wire [128*LANES-1:0]    res_data,

    // One pulse per output beat taken: data blocks in it; with tlast, the message code.
    output wire                    out_beat,
    output wire [3:0]              out_blocks,
    output wire                    out_msg_done,
    output wire [2:0]              out_code,

    // The self-test's GCM known-answer test drives the GHASH unit while st_own is high
    // (the stream is idle then); GCM=0 leaves these unused.
    input  wire                    st_own,
    input  wire [127:0]            st_h,
    input  wire                    st_h_load,
    output wire                    st_h_ready,
    input  wire                    st_h_clear,
    input  wire                    st_s_valid,
    output wire                    st_s_ready,
    input  wire [127:0]            st_s_block,
    input  wire                    st_s_first,
    input  wire                    st_s_last,
    output wire                    st_m_valid,
    output wire [127:0]            st_m_hash
);

    localparam W = 128 * LANES;
    localparam KW = 16 * LANES;
    localparam [2:0] C_OK = 3'd0, C_WRAP = 3'd4;
    // s_op and s_sel bits (aes_axis_framer).
    localparam OP_ZERO = 0, OP_IV = 1, OP_PAR = 2, OP_FB = 3;
    localparam SEL_CTR = 0, SEL_CBC = 1, SEL_CFB = 2, SEL_OFB = 3, SEL_DEC = 4;
    // s_gcm bits (aes_axis_framer).
    localparam G_IV = 0, G_AAD = 1, G_PAY = 2, G_TAG = 3;
    localparam [2:0] C_TAG = 3'd7;
    localparam CW = SIDE_DEPTH <= 4 ? 3 : (SIDE_DEPTH <= 16 ? 5 : (SIDE_DEPTH <= 64 ? 7 : 9));
    localparam [CW-1:0] CREDIT_MAX = SIDE_DEPTH - 3;
    localparam [32:0] LANES_33 = {1'b0, LANES[31:0]};

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_mode_unit_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
        if (SIDE_DEPTH < 4) begin : gen_invalid_depth
            aes_mode_unit_invalid_SIDE_DEPTH_must_be_at_least_4 invalid_depth_inst ();
        end
        if (GCM != 0 && GCM != 1) begin : gen_invalid_gcm
            aes_mode_unit_invalid_GCM_must_be_0_or_1 invalid_gcm_inst ();
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
    localparam SW0 = E_NBLK + 4;            // the entry of a build without GCM
    // GCM builds add the entry's GCM kind (one-hot): the H pass (E_K(0), no output beat),
    // the IV beat (its pass is E_K(J0)), an AAD beat, a payload beat, the tag beat; and
    // whether the entry is the last of a GCM message that started (its IV beat's pass).
    // GCM builds of several slots keep H per slot (gen_h_store) and add whether an H
    // pass only writes that store (the H job while the GHASH unit holds another H).
    localparam K_H = 0, K_IV = 1, K_AAD = 2, K_PAY = 3, K_TAG = 4;
    localparam H_STORE = (GCM != 0 && KEY_SLOTS > 1) ? 1 : 0;
    localparam E_KIND = SW0;                // 5, GCM builds only
    localparam E_GEND = SW0 + 5;            // GCM builds only
    localparam E_HX = SW0 + 6;              // GCM builds of several slots only
    localparam SW = GCM ? SW0 + 6 + H_STORE : SW0;

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

    // Bytes a tkeep keeps (a payload beat's length, for GCM's len(C)).
    function [7:0] kept_bytes(input [KW-1:0] keep);
        integer i;
        begin
            kept_bytes = 8'd0;
            for (i = 0; i < KW; i = i + 1) begin
                kept_bytes = kept_bytes + {7'd0, keep[i]};
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
    localparam A_KEEP = W;
    localparam A_LAST = A_KEEP + KW;
    localparam A_USER = A_LAST + 1;
    localparam A_SLOT = A_USER + 8;
    localparam A_OP = A_SLOT + 4;
    localparam A_SEL = A_OP + 4;
    localparam A_PREV = A_SEL + 5;
    localparam A_FIRST = A_PREV + 128;
    localparam A_CODE = A_FIRST + 1;
    localparam A_NBLK = A_CODE + 3;
    localparam A_LLANE = A_NBLK + 4;
    localparam A_HOLD = A_LLANE + 3;
    localparam A_HINC = A_HOLD + 1;
    localparam A_HONES = A_HINC + 96;
    localparam A_GCM = A_HONES + 3;
    localparam A_KIV = A_GCM + 4;
    localparam A_KSTEP = A_KIV + 1;
    localparam A_KHI = A_KSTEP + 1;
    localparam A_XSEL = A_KHI + 1;          // the side entry's XOR operand (X_*)
    localparam A_ISEL = A_XSEL + 3;         // the engine operand of the parallel modes (I_*)
    localparam A_GJOB = A_ISEL + 3;         // GCM builds only: the H job (gen_gcm)
    localparam S_W = GCM ? A_GJOB + 1 : A_ISEL + 3;
    // Operand selects, one-hot or zero: X_DATA the beat's block, X_PREV the block before
    // (CBC decryption), X_FB the feedback lane's block (lane 0 of the entry); I_CTR the
    // counter, I_PREV the block before (CFB decryption), I_DATA the block.
    localparam X_DATA = 0, X_PREV = 1, X_FB = 2;
    localparam I_CTR = 0, I_PREV = 1, I_DATA = 2;

    wire             a_valid;
    reg              a_consume;
    wire [S_W-1:0]   a_word;
    // The kinds of beat that load or step the CTR counter, formed before S so that each
    // counter enable is one flag of S and the decision (see "decisions"): an IV beat
    // (not a GCM AAD or tag beat) loads it, a CTR beat steps it, and a CTR beat other
    // than GCM payload can carry into its upper 96 bits.
    wire             s_k_iv = s_op[OP_IV] && !((GCM != 0) && (s_gcm[G_AAD] || s_gcm[G_TAG]));
    wire             s_k_step = s_op[OP_PAR] && s_sel[SEL_CTR];
    wire             s_k_hi = s_k_step && !((GCM != 0) && s_gcm[G_PAY]);
    // The operand selects, formed before S from the beat's kind (see "A: operands"), so
    // that the entry's and the engine's operands each have select registers of their own
    // and no mode flag of A reaches both. The framer's operation flags are one-hot.
    wire [2:0]       s_xsel = {s_op[OP_FB] && !s_sel[SEL_CBC],
                               s_op[OP_PAR] && s_sel[SEL_CBC],
                               s_op[OP_IV] || (s_op[OP_PAR] && !s_sel[SEL_CBC] && (s_sel[SEL_CTR] || s_sel[SEL_CFB]))};
    wire             s_i_par = !s_op[OP_FB] && !((GCM != 0) && s_gcm[G_IV]);
    wire [2:0]       s_isel = {s_i_par && !s_sel[SEL_CTR] && !s_sel[SEL_CFB],
                               s_i_par && !s_sel[SEL_CTR] && s_sel[SEL_CFB],
                               s_i_par && s_sel[SEL_CTR]};
    wire [A_ISEL+2:0] s_fr_word = {s_isel, s_xsel, s_k_hi, s_k_step, s_k_iv, s_gcm, s_hi_ones, s_hi_inc, s_hold, s_last_lane, s_nblk,
                                  s_code, s_first_data, s_prev, s_sel, s_op, s_slot, s_user, s_last, s_keep, s_data};
    // GCM builds insert the H job between messages (gen_gcm): while hj_req is high the
    // framer waits and S takes the job's beat, a GCM IV beat of slot hj_slot with no
    // output, no counter, no message hold and no last flag, whose only work is the H pass
    // E_K(0^128) (its data bits are the framer's, unused: the pass's operand is zero).
    // hj_req is a register, so the framer's ready stays one gate of registers.
    wire             hj_req;
    wire [3:0]       hj_slot;
    wire             in_ready;
    wire             in_valid = s_valid || hj_req;
    wire [S_W-1:0]   s_word;
    generate
        if (GCM != 0) begin : gen_s_job
            reg [A_ISEL+2:0] job_word;
            always @* begin
                job_word = s_fr_word;
                job_word[A_ISEL +: 3] = 3'd0;
                job_word[A_XSEL +: 3] = 3'd0;
                job_word[A_KHI] = 1'b0;
                job_word[A_KSTEP] = 1'b0;
                job_word[A_KIV] = 1'b0;
                job_word[A_GCM +: 4] = 4'd1 << G_IV;
                job_word[A_HOLD] = 1'b0;
                job_word[A_CODE +: 3] = C_OK;
                job_word[A_FIRST] = 1'b0;
                job_word[A_SEL +: 5] = 5'd0;
                job_word[A_OP +: 4] = 4'd0;
                job_word[A_SLOT +: 4] = hj_slot;
                job_word[A_LAST] = 1'b0;
            end
            assign s_word = hj_req ? {1'b1, job_word} : {1'b0, s_fr_word};
        end else begin : gen_s_word
            assign s_word = s_fr_word;
        end
    endgenerate
    assign s_ready = in_ready && !hj_req;

    aes_skid #(
        .WIDTH(S_W),
        .FULL_RATE(FULL_RATE)
    ) u_in (
        .clk(clk),
        .rst(rst),
        .s_data(s_word),
        .s_valid(in_valid),
        .s_ready(in_ready),
        .s_block(1'b0),
        .m_data(a_word),
        .m_valid(a_valid),
        .m_ready(a_consume)
    );

    wire [W-1:0]  a_data = a_word[0 +: W];
    wire [KW-1:0] a_keep = a_word[A_KEEP +: KW];
    wire          a_last = a_word[A_LAST];
    wire [7:0]    a_user = a_word[A_USER +: 8];
    wire [3:0]    a_slot = a_word[A_SLOT +: 4];
    wire          a_zero = a_word[A_OP + OP_ZERO];
    wire          a_iv = a_word[A_OP + OP_IV];
    wire          a_par = a_word[A_OP + OP_PAR];
    wire          a_fb = a_word[A_OP + OP_FB];
    wire          a_ctr = a_word[A_SEL + SEL_CTR];
    wire          a_cbc = a_word[A_SEL + SEL_CBC];
    wire          a_cfb = a_word[A_SEL + SEL_CFB];
    wire          a_ofb = a_word[A_SEL + SEL_OFB];
    wire          a_dec = a_word[A_SEL + SEL_DEC];
    wire [127:0]  a_prev = a_word[A_PREV +: 128];
    wire          a_first_data = a_word[A_FIRST];
    wire [2:0]    a_code = a_word[A_CODE +: 3];
    wire [3:0]    a_nblk = a_word[A_NBLK +: 4];
    wire [2:0]    a_last_lane = a_word[A_LLANE +: 3];
    wire          a_hold = a_word[A_HOLD];
    wire [95:0]   a_hi_inc = a_word[A_HINC +: 96];
    wire [2:0]    a_hi_ones = a_word[A_HONES +: 3];
    // GCM beats (constant zero in a build without GCM).
    wire          a_giv = (GCM != 0) && a_word[A_GCM + G_IV];
    wire          a_gaad = (GCM != 0) && a_word[A_GCM + G_AAD];
    wire          a_gpay = (GCM != 0) && a_word[A_GCM + G_PAY];
    wire          a_gtag = (GCM != 0) && a_word[A_GCM + G_TAG];
    wire          a_gjob = (GCM != 0) && a_word[S_W - 1];   // the H job (an IV beat too)
    wire          a_k_iv = a_word[A_KIV];
    wire          a_k_step = a_word[A_KSTEP];
    wire          a_k_hi = a_word[A_KHI];
    wire [2:0]    a_xsel = a_word[A_XSEL +: 3];
    wire [2:0]    a_isel = a_word[A_ISEL +: 3];

    // ------------------------------------------------------------------ registers
    reg [127:0]      chain_reg, chain_next;          // the last feedback result
    reg              fb_busy_reg, fb_busy_next;      // a feedback pass is in flight
    reg [2:0]        lane_reg, lane_next;            // next lane of a feedback beat
    reg              msg_wrap_reg, msg_wrap_next;    // the CTR counter wrapped
    reg              wrap_pend_reg, wrap_pend_next;  // it wraps at the next beat's lane 0
    reg              fb_pop_reg, fb_pop_next;        // pop the feedback beat of A now
    reg              gh_reg, gh_next;                // GCM IV beat in A: its H pass issued
    wire             go;                             // the beat in A is decided this clock
    wire             g_h_have;                       // GCM: the GHASH unit has A's slot's H
    wire             g_hr;                           // GCM: ... else the H store has it
    wire             g_hx;                           // GCM: A's H pass fills only the store
    wire             g_gend;                         // GCM: A's beat ends a GCM message
    wire [KEY_SLOTS-1:0] hj_hold;                    // GCM: the H job uses the slot

    // CTR counter (see the header).
    reg [32*LANES-1:0] lo_reg, lo_next;
    reg [32*LANES-1:0] step_reg, step_next;          // lo_reg + LANES, each lane
    reg [LANES-1:0]    step_carry_reg, step_carry_next; // ... carries out of 32 bits
    reg [LANES-1:0]    carry_reg, carry_next;
    reg [95:0]         hi_reg, hi_next;
    reg [95:0]         chunk_inc_reg;                // each 32-bit chunk of hi, plus one
    reg [2:0]          chunk_ones_reg;               // each chunk all ones
    reg                ctr_load;                     // IV: chunk_* from the framer

    reg              push_reg, push_next;            // side-FIFO write
    reg [SW-1:0]     entry_reg, entry_next;
    reg              retire_reg, retire_next;
    reg [3:0]        retire_slot_reg;

    reg [CW-1:0]     count_reg;                      // side-FIFO entries written, not taken
    reg              credit_reg;                     // count_reg <= SIDE_DEPTH - 3
    reg              o1_take_reg;

    // ------------------------------------------------------------------ counter blocks
    wire [95:0] hi_inc = {chunk_ones_reg[0] && chunk_ones_reg[1] ? chunk_inc_reg[64 +: 32] : hi_reg[64 +: 32],
                          chunk_ones_reg[0] ? chunk_inc_reg[32 +: 32] : hi_reg[32 +: 32],
                          chunk_inc_reg[0 +: 32]};
    wire        hi_ones = &chunk_ones_reg;

    // A beat's step (lo + LANES, and its carry) is kept in registers, computed when lo
    // is loaded (FULL_RATE) or in the clock after: no adder sits between the counter
    // registers and the decision.
    reg [W-1:0]        ctr_blocks;
    reg [LANES-1:0]    ctr_wrap;
    reg [32*LANES-1:0] step_step;                    // step_reg + LANES
    reg [LANES-1:0]    step_step_carry;
    reg [32:0]         step_sum;
    reg [32*LANES-1:0] step_lo;                      // lo_reg + LANES
    reg [LANES-1:0]    step_lo_carry;
    reg [32:0]         lo_sum;
    integer cj;
    always @* begin
        for (cj = 0; cj < LANES; cj = cj + 1) begin
            // GCM counts with inc32: no carry into the upper 96 bits, and a carry out of
            // the low 32 is the wrap of code 4.
            ctr_blocks[128*cj +: 128] = byte_swap({(cj != 0 && carry_reg[cj] && !a_gpay) ? hi_inc : hi_reg,
                                                   lo_reg[32*cj +: 32]});
            ctr_wrap[cj] = (cj != 0) && carry_reg[cj] && (hi_ones || a_gpay);
            step_sum = {1'b0, step_reg[32*cj +: 32]} + LANES_33;
            step_step[32*cj +: 32] = step_sum[31:0];
            step_step_carry[cj] = step_sum[32];
            lo_sum = {1'b0, lo_reg[32*cj +: 32]} + LANES_33;
            step_lo[32*cj +: 32] = lo_sum[31:0];
            step_lo_carry[cj] = lo_sum[32];
        end
    end

    // The IV's counter block and its lanes. GCM's first payload block is IV || 00000002
    // (J0 = IV || 00000001 is the tag's).
    wire [127:0] iv_int = byte_swap(a_data[127:0]);
    wire [31:0]  iv_lo_base = a_giv ? 32'd2 : iv_int[31:0];
    // Lane j starts at IV + j; its step is IV + j + LANES, whose carry counts only when
    // IV + j did not carry already (both cannot: j + LANES < 16).
    reg [32*LANES-1:0] iv_lo;
    reg [LANES-1:0]    iv_carry;
    reg [32:0]         iv_sum;
    reg [32*LANES-1:0] iv_step;
    reg [LANES-1:0]    iv_step_carry;
    reg [32:0]         iv_step_sum;
    integer vj;
    always @* begin
        for (vj = 0; vj < LANES; vj = vj + 1) begin
            iv_sum = {1'b0, iv_lo_base} + {30'd0, vj[2:0]};
            iv_lo[32*vj +: 32] = iv_sum[31:0];
            iv_carry[vj] = iv_sum[32];
            iv_step_sum = {1'b0, iv_lo_base} + {29'd0, vj[2:0]} + LANES_33;
            iv_step[32*vj +: 32] = iv_step_sum[31:0];
            iv_step_carry[vj] = iv_step_sum[32] && !iv_sum[32];
        end
    end

    // ------------------------------------------------------------------ A: operands
    // Candidate operands of the held beat, from registers: they go into B and the side
    // FIFO's entry whatever the decision, which only sets the valid flags.
    wire wrap_beat = wrap_pend_reg || |(ctr_wrap & lane_has(a_keep));

    // Parallel modes, per lane j (previous = the block before lane j: a_prev for lane 0).
    //   ECB: engine(P)          CTR: engine(counter), ^ data
    //   CBC decryption: engine^-1(C), ^ previous     CFB decryption: engine(previous), ^ C
    // Each operand is an AND-OR of candidates with its own one-hot selects (a_isel for
    // the engine's, a_xsel for the entry's XOR operand, formed before S): the engine's
    // is zero for a feedback beat and a GCM IV beat, par_xor in lane 0 for a feedback
    // beat. The engine operand of every beat (eng_in, below) adds lane 0's feedback and
    // GCM candidates to the same sum, each with a select of its own; as no two
    // candidates' selects are high together unless their blocks are meant to be XORed,
    // it is written as an XOR of gated candidates, which maps to fewer LUTs than the
    // choice between the three kinds of beat.
    reg [W-1:0] par_xor;
    reg [127:0] previous;
    integer pj;
    always @* begin
        for (pj = 0; pj < LANES; pj = pj + 1) begin
            previous = (pj == 0) ? a_prev : a_data[128*(pj == 0 ? 0 : pj-1) +: 128];
            par_xor[128*pj +: 128] = (a_data[128*pj +: 128] & {128{a_xsel[X_DATA]}}) |
                                     (previous & {128{a_xsel[X_PREV]}});
        end
    end

    // Feedback modes, one lane per pass; a message's first pass chains from its IV.
    //   CBC encryption: engine(P ^ chain)    CFB encryption: engine(chain), ^ P
    //   OFB: engine(chain), ^ data
    // A single lane has no lane index to compare. The operand is the chain XOR the data
    // gated by a_cbc, so that each bit is one small function of registers.
    wire         lane_last = (LANES == 1) || (lane_reg == a_last_lane);
    wire [127:0] fb_data = a_data[128*lane_reg +: 128];
    wire         fb_first = a_first_data && (LANES == 1 || lane_reg == 3'd0);
    wire         fb_chain = (ENGINE_CHAIN != 0) && !fb_first;   // the engine adds its last output
    // A feedback pass's operand is an XOR of gated candidates: the IV or the chain, the
    // lane's data block (CBC), the block before the lane (ENGINE_CHAIN, CFB).
    wire         fb_sel_prev;       // a_prev: the IV, or (ENGINE_CHAIN) the block before lane 0
    wire         fb_sel_chain;      // chain_reg
    wire         fb_sel_before;     // fb_before: the block before a lane other than 0
    wire [127:0] fb_before;
    wire         fb_sel_data = a_fb && a_cbc;
    wire [127:0] fb_xor = fb_data & {128{a_xsel[X_FB]}};   // zero in CBC encryption
    generate
        if (ENGINE_CHAIN != 0) begin : gen_fb_engine
            // The engine XORs in its last output, the result before this pass's in CBC
            // and the engine output in OFB; CFB's chain is that output XOR the data block
            // before this lane's, which goes with the pass. A first pass takes the IV.
            reg [127:0] lane_before;
            integer     fj;
            always @* begin
                lane_before = {128{1'b0}};
                for (fj = 1; fj < LANES; fj = fj + 1) begin
                    if (lane_reg == fj[2:0]) begin
                        lane_before = a_data[128*(fj-1) +: 128];
                    end
                end
            end
            wire lane0 = (LANES == 1) || lane_reg == 3'd0;
            assign fb_before = lane_before;
            assign fb_sel_prev = a_fb && (fb_first || a_cfb) && lane0;
            assign fb_sel_before = a_fb && a_cfb && !lane0;
            assign fb_sel_chain = 1'b0;
        end else begin : gen_fb_here
            assign fb_before = {128{1'b0}};
            assign fb_sel_prev = a_fb && fb_first;
            assign fb_sel_before = 1'b0;
            assign fb_sel_chain = a_fb && !fb_first;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_cfb = &{1'b0, a_cfb};     // CFB's chain is chain_reg here
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // GCM IV beat: E_K(J0) with J0 = IV || 00000001 in lane 0, after the hash key H
    // when the GHASH unit does not hold the H of the beat's slot (gen_gcm): an entry that
    // loads the unit from the slot's stored H (g_hr, builds of several slots: no engine
    // pass), or else the pass E_K(0^128).
    wire         giv_h = a_giv && !gh_reg && !g_h_have;
    wire [127:0] giv_j0 = {8'h01, 24'd0, a_data[95:0]};
    wire         giv_sel = a_giv && !a_fb && !giv_h;

    // The engine operand of the held beat (see "Parallel modes"): lane 0's candidates
    // are the counter, a_prev, the data block, the chain, the feedback lane's data block,
    // the block before it and J0; with one lane the feedback lane is lane 0, so its data
    // block shares the data block's select. The other lanes are parallel-mode only.
    wire         one_lane = (LANES == 1);
    wire         sel_prev0 = a_isel[I_PREV] || fb_sel_prev;
    wire         sel_data0 = a_isel[I_DATA] || (one_lane && fb_sel_data);
    wire         sel_fbdata = !one_lane && fb_sel_data;
    reg [W-1:0]  eng_in;
    reg [127:0]  eng_prev;
    integer      ej;
    always @* begin
        for (ej = 0; ej < LANES; ej = ej + 1) begin
            eng_prev = (ej == 0) ? a_prev : a_data[128*(ej == 0 ? 0 : ej-1) +: 128];
            eng_in[128*ej +: 128] = (ctr_blocks[128*ej +: 128] & {128{a_isel[I_CTR]}}) ^
                                    (eng_prev & {128{ej == 0 ? sel_prev0 : a_isel[I_PREV]}}) ^
                                    (a_data[128*ej +: 128] & {128{ej == 0 ? sel_data0 : a_isel[I_DATA]}});
        end
        eng_in[127:0] = eng_in[127:0] ^ (chain_reg & {128{fb_sel_chain}}) ^ (fb_data & {128{sel_fbdata}}) ^
                        (fb_before & {128{fb_sel_before}}) ^ (giv_j0 & {128{giv_sel}});
    end

    reg [SW0-1:0] entry_base;
    always @* begin
        entry_base = {SW0{1'b0}};
        entry_base[E_XOR +: W] = par_xor | {{(W-128){1'b0}}, fb_xor};
        entry_base[E_KEEP +: KW] = a_keep;
        entry_base[E_USER +: 8] = a_user;
        // The wrap of a beat counts for the beats that use counters (a GCM tag beat
        // reports the wraps of its payload).
        entry_base[E_CODE +: 3] = a_zero ? a_code :
                                  ((a_ctr && (msg_wrap_reg || ((a_par || GCM == 0) && wrap_beat))) ? C_WRAP : C_OK);
        entry_base[E_LAST] = a_last;
        entry_base[E_BYPASS] = a_zero || (a_iv && !a_giv) || (giv_h && g_hr);
        entry_base[E_SINGLE] = a_fb;
        entry_base[E_LANE +: 3] = lane_reg;
        entry_base[E_END] = (!a_fb || lane_last) && !giv_h;
        entry_base[E_FB] = a_fb;
        entry_base[E_OFB] = a_ofb;
        entry_base[E_SLOT +: 4] = a_slot;
        entry_base[E_NBLK +: 4] = a_nblk;
    end
    wire [4:0] entry_kind = {a_gtag, a_gpay, a_gaad, a_giv && !giv_h, giv_h};
    generate
        if (H_STORE != 0) begin : gen_entry_store
            always @* entry_next = {g_hx, g_gend, entry_kind, entry_base};
        end else if (GCM != 0) begin : gen_entry_gcm
            always @* entry_next = {g_gend, entry_kind, entry_base};
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_hx = &{1'b0, g_hx};
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : gen_entry
            always @* entry_next = entry_base;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_kind = &{1'b0, entry_kind, g_gend, g_hx};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // ------------------------------------------------------------------ side FIFO
    wire          fifo_valid;
    wire [SW-1:0] fifo_head;
    wire          fifo_ready;
    wire          side_wr_valid;
    wire [SW-1:0] side_wr_data;

    // With FULL_RATE, the entry passes one more register on its way to the FIFO: the
    // entry register can then sit by the decision and this one by the FIFO's memory,
    // wherever the placer puts that. The count and the slot counters still count the
    // entry from entry_reg, a clock before it is written, so they never count less than
    // the FIFO holds; an engine result waits at J for its entry, which is there long
    // before the engine's latency has passed.
    generate
        if (FULL_RATE != 0) begin : gen_side_stage
            reg          side_push_reg;
            reg [SW-1:0] side_entry_reg;
            always @(posedge clk) begin
                if (rst) begin
                    side_push_reg <= 1'b0;
                end else begin
                    side_push_reg <= push_reg;
                end
                side_entry_reg <= entry_reg;
            end
            assign side_wr_valid = side_push_reg;
            assign side_wr_data = side_entry_reg;
        end else begin : gen_side_direct
            assign side_wr_valid = push_reg;
            assign side_wr_data = entry_reg;
        end
    endgenerate

    // Without FULL_RATE the head buffer (u_head) takes an entry every other clock at
    // most, so the FIFO can be aes_fifo_half: one bank of distributed RAM, each bit of
    // the entry written into one cell instead of two.
    generate
        if (FULL_RATE != 0) begin : gen_side_full
            aes_fifo #(
                .WIDTH(SW),
                .DEPTH(SIDE_DEPTH)
            ) u_side (
                .clk(clk),
                .rst(rst),
                .wr_valid(side_wr_valid),
                .wr_data(side_wr_data),
                .m_valid(fifo_valid),
                .m_ready(fifo_ready),
                .m_data(fifo_head)
            );
        end else begin : gen_side_half
            aes_fifo_half #(
                .WIDTH(SW),
                .DEPTH(SIDE_DEPTH)
            ) u_side (
                .clk(clk),
                .rst(rst),
                .wr_valid(side_wr_valid),
                .wr_data(side_wr_data),
                .m_valid(fifo_valid),
                .m_ready(fifo_ready),
                .m_data(fifo_head)
            );
        end
    endgenerate

    // ------------------------------------------------------------------ J: the join's inputs
    // The side FIFO's head entry and the engine's oldest result each wait in a skid
    // buffer, so neither FIFO's pop depends on the other's head or on the join: each pop
    // is the FIFO's own valid and the buffer's ready, a register.
    wire          hd_valid, hd_ready;
    wire [SW-1:0] hd_entry;
    wire          rs_valid, rs_ready;
    wire [W-1:0]  rs_data;

    // With FULL_RATE, two entries written in turn: the join's decision reaches their
    // valid flags only, not the clock enables of the wide entries; without, one entry.
    aes_skid_pp #(
        .WIDTH(SW),
        .FULL_RATE(FULL_RATE)
    ) u_head (
        .clk(clk),
        .rst(rst),
        .s_data(fifo_head),
        .s_valid(fifo_valid),
        .s_ready(fifo_ready),
        .m_data(hd_entry),
        .m_valid(hd_valid),
        .m_ready(hd_ready)
    );

    aes_skid_pp #(
        .WIDTH(W),
        .FULL_RATE(FULL_RATE)
    ) u_res (
        .clk(clk),
        .rst(rst),
        .s_data(res_data),
        .s_valid(res_valid),
        .s_ready(res_ready),
        .m_data(rs_data),
        .m_valid(rs_valid),
        .m_ready(rs_ready)
    );

    // ------------------------------------------------------------------ O1: the join
    // The head entry and the engine's oldest result (bypass entries need none) are taken
    // together from their skid buffers into the join register O1. Its data registers
    // load whenever it is free, which depends on registers alone; only its valid flag and
    // the two buffers' pops depend on the heads (registers too).
    wire          h_bypass = hd_entry[E_BYPASS];
    reg           o1_valid_reg;
    reg [W-1:0]   o1_res_reg;
    reg [SW-1:0]  o1_head_reg;

    wire [W-1:0]  o1_xor = o1_head_reg[E_XOR +: W];
    wire [KW-1:0] o1_keep = o1_head_reg[E_KEEP +: KW];
    wire [7:0]    o1_user = o1_head_reg[E_USER +: 8];
    wire [2:0]    o1_code = o1_head_reg[E_CODE +: 3];
    wire          o1_last = o1_head_reg[E_LAST];
    wire          o1_bypass = o1_head_reg[E_BYPASS];
    wire          o1_single = o1_head_reg[E_SINGLE];
    wire [2:0]    o1_lane = o1_head_reg[E_LANE +: 3];
    wire          o1_end = o1_head_reg[E_END];
    wire          o1_fb = o1_head_reg[E_FB];
    wire          o1_ofb = o1_head_reg[E_OFB];
    wire [3:0]    o1_slot = o1_head_reg[E_SLOT +: 4];
    wire [3:0]    o1_nblk = o1_head_reg[E_NBLK +: 4];

    localparam O_W = W + KW + 1 + 16 + 4;
    wire          o_ready;
    wire          o_valid;
    wire [O_W-1:0] o_word;
    // GCM (gen_gcm below): O1 holds a GCM entry while the GHASH unit takes its blocks,
    // and the tag beat until the hash and the tag registers are there; it then completes
    // the tag beat.
    wire          g_hold;
    wire          g_tag;
    wire          g_iv;          // the GCM IV beat: its pass is E_K(J0), its output the beat
    wire [127:0]  g_tag_data;
    wire [2:0]    g_tag_code;
    // O1 hands its entry on: a lane of a feedback beat into the assembly register, the
    // end of a beat into the output skid buffer (whose ready is a register).
    wire          o1_take = o1_valid_reg && (!o1_end || o_ready) && !g_hold;
    wire          o1_free = !o1_valid_reg || ((!o1_end || o_ready) && !g_hold);
    wire          h_go = hd_valid && (h_bypass || rs_valid) && o1_free;

    wire [127:0]  r0 = o1_res_reg[127:0] ^ o1_xor[127:0];

    // The lanes of a feedback beat are assembled as their entries leave O1: each lane
    // below the last has its own register, loaded while O1 holds that lane's entry (an
    // entry that is not a beat's end is taken at once, and a feedback entry is never held
    // by GCM). No enable depends on the output's ready, and none spans the beat. The
    // registers are not cleared: the beat's end reads only the lanes below its own, which
    // the same beat has written, since the lanes of a feedback beat are issued in order.
    wire [W-1:0]  asm_lanes;                         // the top lane reads as zero
    generate
        if (LANES > 1) begin : gen_asm
            reg [W-129:0] asm_reg;
            integer aj;
            always @(posedge clk) begin
                for (aj = 0; aj < LANES - 1; aj = aj + 1) begin
                    if (o1_valid_reg && o1_single && !o1_end && o1_lane == aj[2:0]) begin
                        asm_reg[128*aj +: 128] <= r0;
                    end
                end
            end
            assign asm_lanes = {128'd0, asm_reg};
        end else begin : gen_no_asm
            assign asm_lanes = {W{1'b0}};
        end
    endgenerate

    // A single-lane entry's beat: its own lane from the result, the lanes below from the
    // assembly, zero above (tkeep masks them too).
    reg [W-1:0]   o1_beat;
    integer hj;
    always @* begin
        o1_beat = o1_res_reg ^ o1_xor;
        // The loop runs in every case, so that hj is always assigned (no latch).
        for (hj = 0; hj < LANES; hj = hj + 1) begin
            if (o1_single) begin
                if (LANES == 1 || o1_lane == hj[2:0]) begin
                    o1_beat[128*hj +: 128] = r0;
                end else if (o1_lane > hj[2:0]) begin
                    o1_beat[128*hj +: 128] = asm_lanes[128*hj +: 128];
                end else begin
                    o1_beat[128*hj +: 128] = 128'd0;
                end
            end
        end
    end
    wire [W-1:0]  o_data_in = g_tag ? {{(W-128){1'b0}}, g_tag_data} :
                            ((o1_bypass || g_iv) ? o1_xor : (o1_beat & keep_mask(o1_keep)));
    wire [2:0]    o_code_in = g_tag ? g_tag_code : o1_code;
    wire [15:0]   o_user_in = {o1_last ? {5'd0, o_code_in} : 8'd0, o1_user};

    // ------------------------------------------------------------------ GCM: GHASH
    generate
        if (GCM != 0) begin : gen_gcm
            localparam [31:0] LAST_LANE_32 = LANES - 1;
            localparam [2:0] LAST_LANE = LAST_LANE_32[2:0];
            // Blocks per GHASH beat: the whole entry (a multiplier per lane), or one lane at
            // a time.
            localparam GH_L = (GHASH_LANES == LANES) ? LANES : 1;
            localparam GW = 128 * GH_L;
            localparam [31:0] GH_BYTES = 16 * GH_L;
            wire [4:0] o1_kind = o1_head_reg[E_KIND +: 5];
            wire       k_h = o1_valid_reg && o1_kind[K_H];
            wire       k_iv = o1_kind[K_IV];
            wire       k_aad = o1_kind[K_AAD];
            wire       k_pay = o1_kind[K_PAY];
            wire       k_tag = o1_kind[K_TAG];
            wire       o1_dec = o1_user[3];

            // Per message, from the IV entry: E_K(J0), the AAD length A in bytes (the IV
            // beat's bytes 12-15, big-endian), the AAD bytes not hashed yet; the payload
            // bytes hashed so far (a payload beat's kept bytes are added a clock after it
            // leaves O1, so the tag waits while one is pending). E_K(J0) and the tag
            // registers are zeroized in the clock after the last beat of any message
            // leaves O1 (msg_done_reg: the clears are a register's fan-out, not the end
            // of O1's decision), so they do not outlive the message that needed them; a
            // load in that clock wins (it overwrites the old value).
            //
            // H is kept with its slot. The GHASH unit holds the H of one slot (its
            // powers too), loaded by an H pass (the H job of a key load, below, or a
            // message's own) and kept across messages while that slot holds the same
            // key, so a message whose slot's H is there issues only the E_K(J0) pass and
            // the unit needs no key load. At A, ha_*_reg say whose H the unit holds once
            // the passes issued so far have reached O1: set by an H pass when its slot is
            // loaded, cleared as soon as that slot is not (aes_key_slots: a load or a
            // clear accepted, a reset, the self-test's clear), so no message that starts
            // after a key change uses the old H. The unit is zeroized (h_clear) once that
            // H is stale (drop_pend_reg) and no GCM message or H job is between its IV
            // beat in A and its last entry's exit from O1 (a message started before a key
            // change still finishes with the old key and its H, as its blocks do with
            // the old round keys).
            reg         ha_valid_reg;    // the unit holds (or gets) the H of slot ha_slot_reg
            reg [3:0]   ha_slot_reg;
            reg         gm_open_reg;     // a GCM message's IV pass issued, its last beat not
            reg [CW-1:0] gm_cnt_reg;     // GCM messages whose last entry is past A, not O1
            reg         gm_done_reg;     // one left O1 (a clock ago)
            reg         drop_pend_reg;   // the unit's H is of a key no longer in its slot
            reg         h_clear_reg;     // zeroize the unit now
            reg         a_loaded;        // slot_loaded of A's slot, of ha_slot_reg
            reg         ha_loaded;
            integer     ls;
            always @* begin
                a_loaded = 1'b0;
                ha_loaded = 1'b0;
                for (ls = 0; ls < KEY_SLOTS; ls = ls + 1) begin
                    if (a_slot == ls[3:0]) begin
                        a_loaded = slot_loaded[ls];
                    end
                    if (ha_slot_reg == ls[3:0]) begin
                        ha_loaded = slot_loaded[ls];
                    end
                end
            end
            // An H entry decided that loads the unit: an H pass or a load from the H
            // store, not the H job's pass that fills only the store (g_hx).
            wire        h_pass = go && giv_h && !g_hx;
            wire        gm_in_use = (a_valid && a_giv) || gm_open_reg || (push_reg && entry_reg[E_GEND]) ||
                                    (gm_cnt_reg != {CW{1'b0}});
            wire        h_clear_now = drop_pend_reg && !gm_in_use && !st_own;

            // The H job: H is computed when a key is loaded. A slot whose key has just
            // been loaded (slot_loaded rising: a load finished, or a host key committed)
            // is wanted until an H pass of it is decided; while the unit holds no H
            // (after reset, a clear or a key change of the slot whose H it held), the
            // lowest wanted slot's job is requested at the next message boundary (the
            // framer's beats into S, in_msg_reg) and enters S as a GCM IV beat of that
            // slot (gen_s_job), whose H pass then loads the unit at O1 in stream order.
            // The request, and the job until A decides on it, hold the slot, so its key
            // cannot change under it; at A the job is dropped without a pass if the unit
            // holds an H by then (a message's own H pass may have come first). A unit
            // holding an H is never displaced by a job: in builds of several slots the
            // first GCM message of another slot still computes that slot's H itself.
            // The self-test owns the engine while st_own is high: no job is requested
            // then, and one requested is withdrawn (busy holds the self-test back).
            reg                 hj_req_reg;      // the job waits to enter S
            reg                 hj_pend_reg;     // the job is in S, not decided yet
            reg  [3:0]          hj_slot_reg;
            reg                 in_msg_reg;      // S has taken part of a message
            reg  [KEY_SLOTS-1:0] loaded_q_reg;
            reg  [KEY_SLOTS-1:0] want_reg;       // loaded slots whose H is not computed
            reg  [3:0]          want_slot;
            reg  [KEY_SLOTS-1:0] want_done;
            integer             ws;
            wire                hj_in = hj_req_reg && in_ready;
            wire                fr_take = s_valid && s_ready;
            wire                in_msg_next = fr_take ? !s_last : in_msg_reg;
            always @* begin
                want_slot = 4'd0;
                for (ws = KEY_SLOTS - 1; ws >= 0; ws = ws - 1) begin
                    if (want_reg[ws]) begin
                        want_slot = ws[3:0];
                    end
                end
                for (ws = 0; ws < KEY_SLOTS; ws = ws + 1) begin
                    want_done[ws] = (h_pass && a_slot == ws[3:0]) || (hj_in && hj_slot_reg == ws[3:0]);
                end
            end
            assign hj_req = hj_req_reg;
            assign hj_slot = hj_slot_reg;
            genvar hs;
            for (hs = 0; hs < KEY_SLOTS; hs = hs + 1) begin : gen_job_hold
                assign hj_hold[hs] = (hj_req_reg || hj_pend_reg) && hj_slot_reg == hs;
            end
            always @(posedge clk) begin
                if (rst) begin
                    hj_req_reg <= 1'b0;
                    hj_pend_reg <= 1'b0;
                    in_msg_reg <= 1'b0;
                    loaded_q_reg <= {KEY_SLOTS{1'b0}};
                    want_reg <= {KEY_SLOTS{1'b0}};
                end else begin
                    hj_req_reg <= hj_req_reg ? !(hj_in || st_own) :
                                  ((want_reg != {KEY_SLOTS{1'b0}}) && !in_msg_next && !st_own && !hj_pend_reg &&
                                   (H_STORE != 0 || (!ha_valid_reg && !drop_pend_reg && !h_clear_reg)));
                    hj_pend_reg <= hj_in || (hj_pend_reg && !(go && a_gjob));
                    in_msg_reg <= in_msg_next;
                    loaded_q_reg <= slot_loaded;
                    want_reg <= (want_reg | (slot_loaded & ~loaded_q_reg)) & slot_loaded & ~want_done;
                end
                if (!hj_req_reg) begin
                    hj_slot_reg <= want_slot;
                end
            end
            // The H store (builds of several slots): H kept per slot, so that a message
            // to another slot than the one whose H the unit holds loads the unit from
            // there (an entry with no engine pass) instead of computing H again.
            //   Written at O1 by every H pass of the slot (the H job's or a message's,
            //   whose result is E_K(0^128) with the slot's round keys), in stream order;
            //   zeroized, like the round keys, once the slot is not loaded (a load or a
            //   clear accepted, a reset, the self-test's clear) and no message or pass
            //   holds it any more (slot_held: the hold that keeps aes_key_slots from
            //   rewriting its round keys), and at reset. It has no read path but the
            //   GHASH unit's key input.
            //   At A, hs_a_reg says which slots' H the store holds once the passes decided
            //   so far have reached O1: set by an H pass of a loaded slot, cleared as soon
            //   as the slot is not loaded. A GCM IV beat whose slot's H is not in the unit
            //   but in the store gets a store entry (g_hr: a bypass entry of kind H) that
            //   loads the unit from the store at O1; the slot stays held from that decision
            //   until the message's last pass leaves O1, so the stored word cannot be
            //   zeroized in between.
            //   The H job runs for every slot whose key has been loaded (at a message
            //   boundary, as above) and is dropped at A if the store has that slot's H
            //   already; while the unit holds an H (or is being cleared) the job's pass
            //   fills only the store (g_hx, the entry's E_HX), so the unit keeps the H it
            //   has.
            //   Full-rate units that need powers of H (GHASH_PIPE x lanes > 1) get them
            //   computed again at each key load (aes_ghash's LOAD_CLOCKS), so the store
            //   also keeps each slot's set as the unit holds it after a load from an H
            //   (gen_h_powers: captured from the unit's h_pows once its key load is done,
            //   if the slot is still loaded then), and an H entry of a slot whose set is
            //   there loads the unit with it at once (h_pows_load: h_ready GHASH_PIPE + 2
            //   clocks later). Without a set (the H job filled only the H word, or the capture
            //   was cancelled) the H entry loads the unit from the H word, and the set is
            //   captured from that load.
            localparam GH_NP = (GHASH_DIGIT == 128) ? GH_L * GHASH_PIPE : 1;
            localparam H_POWERS = (H_STORE != 0 && GH_NP > 1) ? 1 : 0;
            wire        h_unit_have = ha_valid_reg && (KEY_SLOTS == 1 || ha_slot_reg == a_slot || a_gjob);
            wire [127:0] gh_h_word;      // the H that an H entry in O1 loads into the unit
            wire        o1_h_unit;       // the H entry in O1 loads the unit (not only the store)
            wire        gh_h_ready;
            wire [128*GH_NP-1:0] gh_pows;     // the unit's key and powers
            wire        g_pows_load;     // the H entry in O1 loads the unit's set from the store
            wire [128*GH_NP-1:0] g_pows;      // ... this one
            if (H_STORE != 0) begin : gen_h_store
                reg  [KEY_SLOTS-1:0]     hs_a_reg;
                reg  [128*KEY_SLOTS-1:0] hs_word_reg;
                reg                      a_hs;
                reg  [127:0]             o1_hs;
                integer                  hk;
                always @* begin
                    a_hs = 1'b0;
                    o1_hs = 128'd0;
                    for (hk = 0; hk < KEY_SLOTS; hk = hk + 1) begin
                        if (a_slot == hk[3:0]) begin
                            a_hs = hs_a_reg[hk];
                        end
                        if (o1_slot == hk[3:0]) begin
                            o1_hs = hs_word_reg[128*hk +: 128];
                        end
                    end
                end
                wire h_engine = go && giv_h && !g_hr;        // an H pass decided
                wire o1_h_pass = k_h && !o1_bypass;          // an H pass's result in O1
                integer hw;
                always @(posedge clk) begin
                    for (hw = 0; hw < KEY_SLOTS; hw = hw + 1) begin
                        if (rst) begin
                            hs_a_reg[hw] <= 1'b0;
                        end else begin
                            hs_a_reg[hw] <= slot_loaded[hw] && (hs_a_reg[hw] || (h_engine && a_slot == hw[3:0]));
                        end
                        if (rst || (!slot_loaded[hw] && !slot_held[hw])) begin
                            hs_word_reg[128*hw +: 128] <= 128'd0;
                        end else if (o1_h_pass && o1_slot == hw[3:0]) begin
                            hs_word_reg[128*hw +: 128] <= o1_res_reg[127:0];
                        end
                    end
                end
                assign g_h_have = a_gjob ? a_hs : h_unit_have;
                assign g_hr = a_hs && !a_gjob;
                assign g_hx = a_gjob && (ha_valid_reg || drop_pend_reg || h_clear_reg);
                assign gh_h_word = o1_bypass ? o1_hs : o1_res_reg[127:0];
                assign o1_h_unit = !o1_head_reg[E_HX];

                if (H_POWERS != 0) begin : gen_h_powers
                    reg  [128*GH_NP*KEY_SLOTS-1:0] hp_word_reg;   // slot k at [128*GH_NP*k +: 128*GH_NP]
                    reg  [KEY_SLOTS-1:0]           hp_ok_reg;
                    reg                            cap_reg;       // the unit is loading the H of cap_slot_reg
                    reg  [3:0]                     cap_slot_reg;
                    reg                            o1_hp_ok;
                    reg  [128*GH_NP-1:0]           o1_hp;
                    reg                            cap_loaded;
                    integer                        pk;
                    always @* begin
                        o1_hp_ok = 1'b0;
                        o1_hp = {128*GH_NP{1'b0}};
                        cap_loaded = 1'b0;
                        for (pk = 0; pk < KEY_SLOTS; pk = pk + 1) begin
                            if (o1_slot == pk[3:0]) begin
                                o1_hp_ok = hp_ok_reg[pk];
                                o1_hp = hp_word_reg[128*GH_NP*pk +: 128*GH_NP];
                            end
                            if (cap_slot_reg == pk[3:0]) begin
                                cap_loaded = slot_loaded[pk];
                            end
                        end
                    end
                    // The unit takes an H entry now (u_h_load or u_pows_load below).
                    wire stream_h = !st_own && k_h && o1_h_unit && !h_clear_reg;
                    wire direct = o1_bypass && o1_hp_ok;
                    wire capture = cap_reg && gh_h_ready && cap_loaded && !st_own;
                    integer pw;
                    always @(posedge clk) begin
                        if (rst) begin
                            cap_reg <= 1'b0;
                        end else if (stream_h) begin
                            cap_reg <= !direct;
                        end else if (capture || !cap_loaded || st_own || h_clear_reg) begin
                            cap_reg <= 1'b0;
                        end
                        if (stream_h) begin
                            cap_slot_reg <= o1_slot;
                        end
                        for (pw = 0; pw < KEY_SLOTS; pw = pw + 1) begin
                            if (rst || (!slot_loaded[pw] && !slot_held[pw])) begin
                                hp_word_reg[128*GH_NP*pw +: 128*GH_NP] <= {128*GH_NP{1'b0}};
                                hp_ok_reg[pw] <= 1'b0;
                            end else if (capture && cap_slot_reg == pw[3:0]) begin
                                hp_word_reg[128*GH_NP*pw +: 128*GH_NP] <= gh_pows;
                                hp_ok_reg[pw] <= 1'b1;
                            end
                        end
                    end
                    assign g_pows_load = direct;
                    assign g_pows = o1_hp;
                end else begin : gen_h_only
                    assign g_pows_load = 1'b0;
                    assign g_pows = {128*GH_NP{1'b0}};
                    /* verilator lint_off UNUSEDSIGNAL */
                    wire unused_pows = &{1'b0, gh_pows};
                    /* verilator lint_on UNUSEDSIGNAL */
                end
            end else begin : gen_h_unit
                assign g_h_have = h_unit_have;
                assign g_hr = 1'b0;
                assign g_hx = 1'b0;
                assign gh_h_word = o1_res_reg[127:0];
                assign o1_h_unit = 1'b1;
                assign g_pows_load = 1'b0;
                assign g_pows = {128*GH_NP{1'b0}};
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_held = &{1'b0, slot_held, gh_pows};
                /* verilator lint_on UNUSEDSIGNAL */
            end
            // The last entry of a GCM message, and the H job's pass, are counted until
            // they leave O1 (gm_cnt_reg), so that no h_clear falls between them.
            assign g_gend = (a_last && gm_open_reg) || a_gjob;

            wire [31:0] iv_a_len = {o1_xor[8*12 +: 8], o1_xor[8*13 +: 8], o1_xor[8*14 +: 8], o1_xor[8*15 +: 8]};
            wire        msg_done = o1_take && o1_end && o1_last;
            reg         msg_done_reg;
            reg [127:0] ej0_reg;
            reg [31:0]  a_len_reg;
            reg [31:0]  aad_left_reg;
            reg [35:0]  c_bytes_reg;
            reg         pay_pend_reg;
            reg [KW-1:0] pay_keep_reg;
            reg [2:0]   g_lane_reg;      // next lane of O1's entry to hash (one lane a beat)
            reg         g_fed_reg;       // every block of O1's entry hashed
            reg         g_open_reg;      // the message's hash has its first block

            // The blocks of the GHASH beat, lanes g_base .. g_base + GH_L - 1 of O1's
            // entry: AAD bytes past A and payload bytes not kept are zero (SP 800-38D
            // pads with zeros); the ciphertext is the payload beat's input when
            // decrypting and its output when encrypting.
            wire [2:0]    g_base = (GH_L == LANES) ? 3'd0 : g_lane_reg;
            wire [W-1:0]  pay_text = (o1_dec ? o1_xor : (o1_res_reg ^ o1_xor)) & keep_mask(o1_keep);
            wire [GW-1:0] lanes_aad = o1_xor[128*g_base +: GW];
            wire [GW-1:0] lanes_pay = pay_text[128*g_base +: GW];
            // The AAD bytes of block j of the beat: all 16 while A has 16 (j + 1) or more
            // left, none when it has 16 j or fewer, else the first aad_left - 16 j; the
            // beat's blocks are those with AAD bytes. These facts are registers beside
            // aad_left_reg, loaded when it is (from the IV beat's A, or for the count a
            // GHASH beat on, from aad_left_reg against thresholds moved up by that beat's
            // blocks), so no comparison of the count stands in front of the GHASH unit's
            // input: {left <= 16, blocks, bytes} of left - 16 * skip (0 when negative).
            function [16*GH_L+4:0] aad_facts(input [31:0] left, input integer skip);
                integer fj;
                integer fb;
                reg [31:0] hi;     // whole blocks of AAD left
                reg [3:0]  lo;
                reg [31:0] at;
                begin
                    hi = {4'd0, left[31:4]};
                    lo = left[3:0];
                    aad_facts = {(16*GH_L+5){1'b0}};
                    aad_facts[16*GH_L+4] = (left <= 32'd16 + 32'd16 * skip);
                    for (fj = 0; fj < GH_L; fj = fj + 1) begin
                        at = fj + skip;
                        for (fb = 0; fb < 16; fb = fb + 1) begin
                            aad_facts[16*fj + fb] = (hi > at) || ((hi == at) && (lo > fb[3:0]));
                        end
                        if ((hi > at) || ((hi == at) && (lo != 4'd0))) begin
                            aad_facts[16*GH_L +: 4] = fj[3:0] + 4'd1;
                        end
                    end
                end
            endfunction

            reg  [16*GH_L-1:0] aad_bytes_reg;     // the AAD bytes of each block of the next AAD beat
            reg  [3:0]         aad_blocks_reg;    // its blocks with AAD bytes
            reg                aad_le16_reg;      // aad_left_reg <= 16
            reg  [GW-1:0]      aad_mask;
            integer mb;
            always @* begin
                for (mb = 0; mb < 16 * GH_L; mb = mb + 1) begin
                    aad_mask[8*mb +: 8] = {8{aad_bytes_reg[mb]}};
                end
            end
            // The length block [len(A)]_64 || [len(C)]_64, in bits, big-endian.
            wire [127:0]  len_block = byte_swap({29'd0, a_len_reg, 3'd0, 25'd0, c_bytes_reg, 3'd0});
            wire          g_feeds = k_aad || k_pay || k_tag;
            wire          g_lane_last = (GH_L == LANES) || k_tag ||
                                      (k_aad && (g_lane_reg == LAST_LANE || aad_le16_reg)) ||
                                      (k_pay && ({1'b0, g_lane_reg} == o1_nblk - 4'd1));
            wire          gh_s_valid = o1_valid_reg && g_feeds && !g_fed_reg && !(k_tag && pay_pend_reg);
            wire          gh_s_ready;
            wire [GW-1:0] gh_s_block = k_tag ? {{(GW-128){1'b0}}, len_block} : (k_aad ? (lanes_aad & aad_mask) : lanes_pay);
            wire [3:0]    gh_s_blocks = (k_tag || GH_L == 1) ? 4'd1 : (k_aad ? aad_blocks_reg : o1_nblk);
            wire          gh_fed_now = gh_s_valid && gh_s_ready && g_lane_last;
            wire          gh_m_valid;
            wire [127:0]  gh_m_hash;
            wire          gh_first = !g_open_reg;
            wire          gh_m_ready;
            wire [127:0]  gh_h = gh_h_word;

            // The unit's inputs: the message's, or the self-test's while it owns the unit.
            wire [127:0]  u_h = st_own ? st_h : gh_h;
            // The self-test owns the unit only once the stream is idle; it loads its own
            // key, and the slots' clear before it leaves the unit's H stale, so the unit
            // is zeroized once the self-test lets go of it.
            wire          u_h_load = st_own ? st_h_load : (k_h && o1_h_unit && !g_pows_load && !h_clear_reg);
            wire          u_pows_load = !st_own && k_h && g_pows_load && !h_clear_reg;
            wire          u_h_clear = st_own ? st_h_clear : h_clear_reg;
            wire          u_s_valid = st_own ? st_s_valid : gh_s_valid;
            wire [GW-1:0] u_s_block = st_own ? {{(GW-128){1'b0}}, st_s_block} : gh_s_block;
            wire [3:0]    u_s_blocks = st_own ? 4'd1 : gh_s_blocks;
            wire          u_s_first = st_own ? st_s_first : gh_first;
            wire          u_s_last = st_own ? st_s_last : k_tag;
            wire          u_m_ready = st_own || gh_m_ready;

            // Without FULL_RATE (ITERATIVE builds) a register stage in front of the unit
            // (aes_skid, one entry), so that O1's head and the choice of the GHASH beat
            // reach only its registers, and the unit's accept and counts start from
            // registers. Only blocks to hash pass there (AAD, ciphertext, the length
            // block, the self-test's blocks); H goes to the unit directly. Every block is
            // in the unit before its message's hash can come out, so the tag beat, and
            // with it an H load or clear for the next message, finds the stage empty.
            // Full-rate builds connect the unit directly (a two-entry stage measured
            // slower and larger in gcm-pipelined, CHANGELOG.md).
            wire          q_valid;
            wire          q_ready;
            wire [GW-1:0] q_block;
            wire [3:0]    q_blocks;
            wire          q_first;
            wire          q_last;
            wire [GW+5:0] u_s_beat = {u_s_block, u_s_blocks, u_s_first, u_s_last};
            wire [GW+5:0] q_beat;
            assign {q_block, q_blocks, q_first, q_last} = q_beat;
            if (FULL_RATE == 0) begin : gen_ghash_in
                aes_skid #(
                    .WIDTH(GW + 6),
                    .FULL_RATE(0)
                ) u_ghash_in (
                    .clk(clk),
                    .rst(rst),
                    .s_data(u_s_beat),
                    .s_valid(u_s_valid),
                    .s_ready(gh_s_ready),
                    .s_block(1'b0),
                    .m_data(q_beat),
                    .m_valid(q_valid),
                    .m_ready(q_ready)
                );
            end else begin : gen_ghash_direct
                assign q_beat = u_s_beat;
                assign q_valid = u_s_valid;
                assign gh_s_ready = q_ready;
            end

            aes_ghash #(
                .DIGIT(GHASH_DIGIT),
                .PIPE(GHASH_PIPE),
                .LANES(GH_L),
                .POW_LOAD(H_POWERS)
            ) u_ghash (
                .clk(clk),
                .rst(rst),
                .h(u_h),
                .h_load(u_h_load),
                .h_ready(gh_h_ready),
                .h_pows(gh_pows),
                .h_pows_load(u_pows_load),
                .h_pows_in(g_pows),
                .h_clear(u_h_clear),
                .s_valid(q_valid),
                .s_ready(q_ready),
                .s_block(q_block),
                .s_blocks(q_blocks),
                .s_first(q_first),
                .s_last(q_last),
                .m_valid(gh_m_valid),
                .m_ready(u_m_ready),
                .m_hash(gh_m_hash)
            );
            assign st_h_ready = gh_h_ready;
            assign st_s_ready = gh_s_ready;
            assign st_m_valid = gh_m_valid;
            assign st_m_hash = gh_m_hash;

            // The tag: E_K(J0) xor the hash, its first t bytes (the tag beat's tkeep). A
            // decryption outputs the expected tag when it matches, else zeros and code 7.
            // Two register stages, so that neither the 128-bit comparison nor the choice
            // of the tag beat's data sits in front of the output buffer: in the clock
            // after the hash is there (tag_load) the beat's data if the tags match (the
            // computed tag, or on decryption the received one, cut to the kept bytes)
            // and, per kept byte, whether the tags differ in it are registered, and the
            // hash leaves the GHASH unit a clock later (its m_ready is a register, not
            // O1's take); in the next clock the tag beat's data and code (tag_ready_reg),
            // from which the beat leaves O1. All of them are zeroed with E_K(J0).
            reg  [127:0] tag_mask;       // lane 0's kept bytes
            integer kb;
            always @* begin
                for (kb = 0; kb < 16; kb = kb + 1) begin
                    tag_mask[8*kb +: 8] = {8{o1_keep[kb]}};
                end
            end
            wire [127:0] tag_full = gh_m_hash ^ ej0_reg;
            wire [127:0] tag_diff = tag_full ^ o1_xor[127:0];
            reg          tag_stage_reg;  // the first stage holds this message's tag
            reg          tag_ready_reg;  // the second stage does
            reg  [127:0] tag_cand_reg;   // the tag beat's data unless the tags differ
            reg  [15:0]  tag_diff_reg;   // bit b: byte b is kept and the tags differ in it
            reg  [127:0] tag_data_reg;   // the tag beat's data
            reg          tag_fail_reg;   // a decryption whose tag differs: code 7
            wire         tag_match = tag_diff_reg == 16'd0;
            assign g_tag = o1_valid_reg && k_tag;
            wire         tag_load = g_tag && gh_m_valid && !tag_stage_reg && !tag_ready_reg;
            assign gh_m_ready = tag_stage_reg;
            assign g_iv = k_iv;
            assign g_tag_data = tag_data_reg;
            assign g_tag_code = tag_fail_reg ? C_TAG : o1_code;
            // Without FULL_RATE (ITERATIVE builds) an entry is handed on in the clock after
            // the unit took its last block (g_fed_reg), so the hold, and with it O1's
            // enables and the join's pops, are functions of registers. It loses nothing:
            // the unit is still busy with that block then (9 clocks a block at one lane,
            // 5 at two, 2 a lane at four), so the next entry's first block could not be
            // taken sooner.
            wire          g_fed = (FULL_RATE != 0) ? (g_fed_reg || gh_fed_now) : g_fed_reg;
            assign g_hold = (o1_valid_reg && g_feeds && (k_tag ? !tag_ready_reg : !g_fed)) ||
                            (k_h && h_clear_reg);

            integer tb;
            always @(posedge clk) begin
                if (rst) begin
                    ha_valid_reg <= 1'b0;
                    gm_open_reg <= 1'b0;
                    gm_cnt_reg <= {CW{1'b0}};
                    gm_done_reg <= 1'b0;
                    drop_pend_reg <= 1'b0;
                    h_clear_reg <= 1'b0;
                    msg_done_reg <= 1'b0;
                    g_lane_reg <= 3'd0;
                    g_fed_reg <= 1'b0;
                    g_open_reg <= 1'b0;
                    pay_pend_reg <= 1'b0;
                    ej0_reg <= 128'd0;
                    tag_stage_reg <= 1'b0;
                    tag_ready_reg <= 1'b0;
                    tag_cand_reg <= 128'd0;
                    tag_diff_reg <= 16'd0;
                    tag_data_reg <= 128'd0;
                    tag_fail_reg <= 1'b0;
                end else begin
                    ha_valid_reg <= h_pass ? a_loaded : (ha_valid_reg && ha_loaded && !h_clear_now);
                    gm_open_reg <= (go && a_giv && !giv_h && !a_gjob) || (gm_open_reg && !(a_consume && a_last));
                    gm_done_reg <= o1_take && o1_head_reg[E_GEND];
                    gm_cnt_reg <= gm_cnt_reg + {{CW-1{1'b0}}, push_reg && entry_reg[E_GEND]} -
                                  {{CW-1{1'b0}}, gm_done_reg};
                    drop_pend_reg <= (drop_pend_reg && !h_clear_now) || (ha_valid_reg && !ha_loaded) ||
                                     (h_pass && !a_loaded);
                    h_clear_reg <= h_clear_now;
                    msg_done_reg <= msg_done;
                    if (gh_s_valid && gh_s_ready) begin
                        g_lane_reg <= g_lane_last ? 3'd0 : g_lane_reg + 3'd1;
                        g_open_reg <= !k_tag;
                    end
                    if (o1_take) begin
                        g_fed_reg <= 1'b0;
                    end else if (gh_fed_now) begin
                        g_fed_reg <= 1'b1;
                    end
                    pay_pend_reg <= o1_take && k_pay;
                    if (o1_take && k_iv) begin
                        g_open_reg <= 1'b0;
                    end
                    if (o1_valid_reg && k_iv) begin
                        ej0_reg <= o1_res_reg[127:0];
                    end else if (msg_done_reg) begin
                        ej0_reg <= 128'd0;
                    end
                    tag_stage_reg <= tag_load;
                    tag_ready_reg <= (tag_ready_reg || tag_stage_reg) && !o1_take;
                    if (tag_load) begin
                        tag_cand_reg <= (o1_dec ? o1_xor[127:0] : tag_full) & tag_mask;
                        for (tb = 0; tb < 16; tb = tb + 1) begin
                            tag_diff_reg[tb] <= o1_keep[tb] && |tag_diff[8*tb +: 8];
                        end
                    end else if (msg_done_reg) begin
                        tag_cand_reg <= 128'd0;
                        tag_diff_reg <= 16'd0;
                    end
                    if (tag_stage_reg) begin
                        tag_data_reg <= (o1_dec && !tag_match) ? 128'd0 : tag_cand_reg;
                        tag_fail_reg <= o1_dec && !tag_match;
                    end else if (msg_done_reg) begin
                        tag_data_reg <= 128'd0;
                        tag_fail_reg <= 1'b0;
                    end
                end
                if (h_pass) begin
                    ha_slot_reg <= a_slot;
                end
                if (gh_s_valid && gh_s_ready && k_aad) begin
                    aad_left_reg <= (aad_left_reg > GH_BYTES) ? aad_left_reg - GH_BYTES : 32'd0;
                    {aad_le16_reg, aad_blocks_reg, aad_bytes_reg} <= aad_facts(aad_left_reg, GH_L);
                end
                if (pay_pend_reg) begin
                    c_bytes_reg <= c_bytes_reg + {28'd0, kept_bytes(pay_keep_reg)};
                end
                pay_keep_reg <= o1_keep;
                if (o1_valid_reg && k_iv) begin
                    a_len_reg <= iv_a_len;
                    aad_left_reg <= iv_a_len;
                    {aad_le16_reg, aad_blocks_reg, aad_bytes_reg} <= aad_facts(iv_a_len, 0);
                    c_bytes_reg <= 36'd0;
                end
            end
        end else begin : gen_no_gcm
            assign g_h_have = 1'b0;
            assign g_hr = 1'b0;
            assign g_hx = 1'b0;
            assign g_gend = 1'b0;
            assign hj_req = 1'b0;
            assign hj_slot = 4'd0;
            assign hj_hold = {KEY_SLOTS{1'b0}};
            assign g_hold = 1'b0;
            assign g_tag = 1'b0;
            assign g_iv = 1'b0;
            assign g_tag_data = 128'd0;
            assign g_tag_code = 3'd0;
            assign st_h_ready = 1'b0;
            assign st_s_ready = 1'b0;
            assign st_m_valid = 1'b0;
            assign st_m_hash = 128'd0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_st = &{1'b0, st_own, st_h, st_h_load, st_h_clear, st_s_valid, st_s_block,
                               st_s_first, st_s_last, slot_loaded, slot_held, hj_slot};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // ------------------------------------------------------------------ O: output
    wire [O_W-1:0] o_word_in = {o1_nblk, o_user_in, o1_last, o1_keep, o_data_in};
    wire           o_valid_in = o1_valid_reg && o1_end && !g_hold;

    aes_skid #(
        .WIDTH(O_W),
        .FULL_RATE(FULL_RATE)
    ) u_out (
        .clk(clk),
        .rst(rst),
        .s_data(o_word_in),
        .s_valid(o_valid_in),
        .s_ready(o_ready),
        .s_block(1'b0),
        .m_data(o_word),
        .m_valid(o_valid),
        .m_ready(m_axis_tready)
    );

    // ------------------------------------------------------------------ B: engine requests
    // Its ready is a function of its registers, so the engine's ready reaches no
    // decision. With FULL_RATE, two entries that load the operands with no multiplexer
    // in front of them (the request is chosen between the entries, on the engine's
    // side); without, one entry.
    wire          b_ready;
    wire          pass;                  // an engine pass decided this clock
    wire [W-1:0]  b_data_in = eng_in;
    wire [W+5:0]  b_word = {a_fb && fb_chain, a_dec, a_slot, b_data_in};
    wire [W+5:0]  eng_word;
    assign {eng_chain, eng_decrypt, eng_slot, eng_data} = eng_word;

    aes_skid_pp #(
        .WIDTH(W + 6),
        .FULL_RATE(FULL_RATE)
    ) u_eng (
        .clk(clk),
        .rst(rst),
        .s_data(b_word),
        .s_valid(pass),
        .s_ready(b_ready),
        .m_data(eng_word),
        .m_valid(eng_valid),
        .m_ready(eng_ready)
    );

    // ------------------------------------------------------------------ decisions
    assign go = a_valid && credit_reg && b_ready;
    // A feedback lane can go when the chain is there: here, the result before it; with
    // ENGINE_CHAIN, in the engine (not in the clock its beat leaves S, fb_pop_reg).
    wire fb_issue = a_fb && ((ENGINE_CHAIN != 0) ? !fb_pop_reg : !fb_busy_reg);
    assign pass = go && (a_par || fb_issue || (a_giv && (giv_h ? !g_hr : !a_gjob)));

    always @* begin
        chain_next = chain_reg;
        fb_busy_next = fb_busy_reg;
        lane_next = lane_reg;
        msg_wrap_next = msg_wrap_reg;
        wrap_pend_next = wrap_pend_reg;
        lo_next = lo_reg;
        // Without FULL_RATE the step follows lo a clock later, before the next decision.
        step_next = (FULL_RATE != 0) ? step_reg : step_lo;
        step_carry_next = (FULL_RATE != 0) ? step_carry_reg : step_lo_carry;
        carry_next = carry_reg;
        hi_next = hi_reg;

        // ---- A: one decision per clock for the held beat
        push_next = go && (!a_fb || fb_issue) && (giv_h || !a_gjob);
        // A feedback beat leaves S the clock after its last lane is issued (fb_pop_reg;
        // fb_busy_reg keeps that clock from issuing again), so the pop of S is two LUT
        // levels of registers.
        // A GCM IV beat stays for its E_K(J0) pass after its H pass; the H job leaves
        // with its H pass, or at once when the unit holds an H already (g_h_have).
        a_consume = (go && !a_fb && (!giv_h || a_gjob)) || fb_pop_reg;
        gh_next = a_giv && go ? (giv_h && !a_gjob) : gh_reg;
        retire_next = a_consume && a_last && a_hold;
        fb_pop_next = go && fb_issue && lane_last;
        // The CTR counter: an IV beat loads it, a CTR beat steps it (never both, the
        // operation is one-hot). Each register's next value is chosen by the beat's
        // kind alone, and the decision only enables it; the upper 96 bits change only on
        // a load or a carry into them.
        ctr_load = go && a_k_iv;
        if (go && (a_k_iv || a_k_step)) begin
            lo_next = a_k_iv ? iv_lo : step_reg;
            if (FULL_RATE != 0) begin
                step_next = a_k_iv ? iv_step : step_step;
                step_carry_next = a_k_iv ? iv_step_carry : step_step_carry;
            end
            carry_next = a_k_iv ? iv_carry :
                         (step_carry_reg[0] ? {LANES{1'b0}} : (carry_reg | step_carry_reg));
            carry_next[0] = 1'b0;   // lane 0's carry steps hi (and IV + 0 has none)
            msg_wrap_next = !a_k_iv && (msg_wrap_reg || wrap_beat);
            wrap_pend_next = !a_k_iv && step_carry_reg[0] && (hi_ones || a_gpay);
        end
        if (go && (a_k_iv || (a_k_hi && step_carry_reg[0]))) begin
            hi_next = a_k_iv ? iv_int[127:32] : hi_inc;
        end
        if (go && fb_issue) begin
            fb_busy_next = (ENGINE_CHAIN == 0);
            lane_next = (LANES == 1 || lane_last) ? 3'd0 : lane_reg + 3'd1;
        end

        // ---- O1: the joined entry, completed
        // A feedback result in O1 is the chain: it loads while O1 holds it, taken or not
        // (its value does not change while it waits, and no pass reads the chain before
        // it is taken: fb_busy_reg), so the load enable is a function of O1's registers
        // and not of the output's ready.
        if (o1_valid_reg && o1_fb && !o1_bypass) begin
            chain_next = o1_ofb ? o1_res_reg[127:0] : r0;
        end
        if (o1_take && o1_fb && !o1_bypass) begin
            fb_busy_next = 1'b0;
        end
    end
    assign hd_ready = h_go;

    // In-flight passes per key slot: counted a clock after the decision (the message's
    // own hold, retired a clock late too, covers that clock) until a clock after the
    // result leaves O1. The counters add registered pulses only: a pass decided a clock
    // ago is the side-FIFO entry written now that is not a bypass entry (push_reg and
    // entry_reg), so no decision reaches them.
    wire [KEY_SLOTS-1:0] cnt_nz, cnt_inc, cnt_dec;
    reg  [KEY_SLOTS-1:0] cnt_dec_reg;
    wire         passed = push_reg && !entry_reg[E_BYPASS];
    wire [3:0]   passed_slot = entry_reg[E_SLOT +: 4];
    genvar gc;
    generate
        for (gc = 0; gc < KEY_SLOTS; gc = gc + 1) begin : gen_slot_count
            reg [CW-1:0] cnt_reg;
            assign cnt_inc[gc] = passed && (passed_slot == gc);
            assign cnt_dec[gc] = o1_take && !o1_bypass && (o1_slot == gc);
            assign cnt_nz[gc] = (cnt_reg != {CW{1'b0}});
            always @(posedge clk) begin
                if (rst) begin
                    cnt_reg <= {CW{1'b0}};
                end else begin
                    cnt_reg <= cnt_reg + {{CW-1{1'b0}}, cnt_inc[gc]} - {{CW-1{1'b0}}, cnt_dec_reg[gc]};
                end
            end
        end
    endgenerate

    always @(posedge clk) begin
        if (rst) begin
            fb_busy_reg <= 1'b0;
            fb_pop_reg <= 1'b0;
            gh_reg <= 1'b0;
            lane_reg <= 3'd0;
            push_reg <= 1'b0;
            retire_reg <= 1'b0;
            count_reg <= {CW{1'b0}};
            credit_reg <= 1'b0;
            o1_take_reg <= 1'b0;
            cnt_dec_reg <= {KEY_SLOTS{1'b0}};
            chain_reg <= 128'd0;
            o1_valid_reg <= 1'b0;
        end else begin
            fb_busy_reg <= fb_busy_next;
            fb_pop_reg <= fb_pop_next;
            gh_reg <= gh_next;
            lane_reg <= lane_next;
            push_reg <= push_next;
            retire_reg <= retire_next;
            // From registered pulses: a write counts a clock after its decision, so the
            // credit (a register of a register) lags three decisions: the margin.
            o1_take_reg <= o1_take;
            count_reg <= count_reg + {{CW-1{1'b0}}, push_reg} - {{CW-1{1'b0}}, o1_take_reg};
            credit_reg <= (count_reg <= CREDIT_MAX);
            cnt_dec_reg <= cnt_dec;
            chain_reg <= chain_next;
            o1_valid_reg <= h_go || (o1_valid_reg && !o1_take);
        end
        msg_wrap_reg <= msg_wrap_next;
        wrap_pend_reg <= wrap_pend_next;
        lo_reg <= lo_next;
        step_reg <= step_next;
        step_carry_reg <= step_carry_next;
        carry_reg <= carry_next;
        hi_reg <= hi_next;
        if (ctr_load && FULL_RATE != 0) begin
            chunk_inc_reg <= a_hi_inc;
            chunk_ones_reg <= a_hi_ones;
        end else begin
            // Valid a clock after hi_reg changes: a carry into hi is at least 2^29 beats
            // from the next one, and (full rate) the IV loads them with hi.
            chunk_inc_reg <= {hi_reg[64 +: 32] + 32'd1, hi_reg[32 +: 32] + 32'd1, hi_reg[0 +: 32] + 32'd1};
            chunk_ones_reg <= {&hi_reg[64 +: 32], &hi_reg[32 +: 32], &hi_reg[0 +: 32]};
        end
        entry_reg <= entry_next;
        retire_slot_reg <= a_slot;
        if (o1_free) begin
            o1_res_reg <= rs_data;
            o1_head_reg <= hd_entry;
        end
    end

    assign rs_ready = h_go && !h_bypass;

    assign m_axis_tdata = o_word[0 +: W];
    assign m_axis_tkeep = o_word[W +: KW];
    assign m_axis_tlast = o_word[W + KW];
    assign m_axis_tuser = o_word[W + KW + 1 +: 16];
    assign m_axis_tvalid = o_valid;

    assign slot_hold = cnt_nz | cnt_inc | hj_hold;
    assign retire_valid = retire_reg;
    assign retire_slot = retire_slot_reg;
    assign busy = hj_req || a_valid || eng_valid || (count_reg != {CW{1'b0}}) || o_valid || fb_busy_reg;

    assign out_beat = o_valid && m_axis_tready;
    assign out_blocks = o_word[W + KW + 17 +: 4];
    assign out_msg_done = o_valid && m_axis_tready && m_axis_tlast;
    assign out_code = m_axis_tuser[10:8];

endmodule

`resetall
