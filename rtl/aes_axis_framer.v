// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Message framer: AXI4-Stream messages in, each beat classified and registered for the mode unit

/*
 * The first layer behind s_axis of aes_axi (specification §3). Two register stages:
 *
 *   F0  a skid buffer (aes_skid): s_axis_tready is a register. With each beat it keeps
 *       whether the beat opens a message, and the state of the slot it names at that
 *       clock (loaded, loading): a message starts when its first beat is taken, and that
 *       fixes its key. It also keeps the beat's tuser and tkeep decoded (the mode's
 *       datapath selects and kind, a mode that is invalid or not in this build; the
 *       blocks, last lane, a partial lane; whether the beat breaks each length rule,
 *       one fact per kind of beat), so that F1 only picks among registered facts.
 *   F1  the classification, registered: the operation the mode unit performs on the
 *       beat (come out all zero, echo the IV, one engine pass for all lanes, one pass a
 *       lane), what the mode asks of its datapath (counter, CBC, CFB, OFB, engine
 *       decryption), the message's key slot and first-beat tuser, the result code the
 *       beat carries, its data blocks and last lane, the block before the beat (the IV
 *       or the last lane of the beat before: the "previous C" of CBC and CFB decryption,
 *       and the chain a feedback message starts from), and for an IV beat the carries of
 *       the CTR counter's upper 96 bits (so that the mode unit can count across a 32-bit
 *       boundary in the clock after the IV).
 *
 * The mode unit reads only these registers: no decision about a beat is made in the
 * clock the beat arrives. F1 hands beats on through a valid/ready pair whose ready is the
 * register of the mode unit's own skid buffer. Its data registers load whenever it is
 * free; only its valid flag and the message state depend on the beat being taken. With
 * FULL_RATE it is free when empty or when the mode unit takes its beat; without (the
 * mode unit then takes a beat every other clock at most) only when empty, so the mode
 * unit's ready reaches F1's valid flag alone.
 *
 * s_axis_tready, for a beat that would open a message, is also low while the self-test
 * waits (pause) and while the slot that beat names is loading (specification §4). A
 * registered ready cannot see the tuser of a beat that is not on the bus yet, so: with
 * no slot loading, first beats flow at full rate; while any slot is loading, a first beat
 * is looked at on the bus (its master holds it there until it is taken) and taken the
 * next clock if its own slot is not loading. A load that starts in the very clock a
 * first beat of its slot is taken makes that beat wait in F1 until the load ends (its
 * message then uses the new key, as a message that starts after the commit must).
 *
 * Slot holds. A message holds its key slot from the clock its first beat is taken (or,
 * when it waited for a load, from the clock F1 finds the slot loaded) until the mode unit
 * reports its last beat issued (retire_*); from then on the mode unit's own count of
 * passes in flight holds the slot. A held slot is not reloaded or cleared under a message.
 *
 * GCM (GCM=1, mode 5, specification §3a): the IV beat's bytes 12-15 give the AAD length A;
 * the next ceil(A / (16 LANES)) beats are AAD beats, the beat with tlast is the tag beat,
 * every beat between them payload. m_gcm marks each kind for the mode unit; AAD and tag
 * beats pass as the IV beat does (OP_IV), payload beats as CTR beats (OP_PAR).
 *
 * Result codes decided here (specification §3): 6 self-test failed, 2 invalid mode,
 * 5 not in this build (ECB/CBC decryption with DECRYPT=0, GCM with GCM=0), 3 key slot
 * empty or being cleared or not below KEY_SLOTS, and 1 bad length (an IV beat that is the
 * message's last; a short beat before the last; a partial block in ECB or CBC; a beat
 * with no block; in GCM: an IV or AAD beat not full or with tlast, a payload beat whose
 * kept bytes are not 0..n-1, a beat after a partial payload beat that is not the tag
 * beat, a tag beat whose tkeep is not bytes 0..t-1 of lane 0 with t = 4, 8 or 12 to 16).
 * A message with codes 2, 3, 5 or 6 comes out all zero, IV beat included; code 1 zeroes
 * the bad beat and the rest of its message. (Code 7, the GCM tag, is the mode unit's.)
 */
module aes_axis_framer #(
    // 128-bit blocks per beat: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // 1: the engine decrypts; 0: ECB and CBC decryption end with code 5.
    parameter DECRYPT = 1,
    // 1: a beat every clock (PIPELINED builds); 0: a beat every other clock at most, with
    // a one-entry input buffer (ITERATIVE builds, whose engine is slower still).
    parameter FULL_RATE = 1,
    // 1: mode 5 is GCM (specification §3a); 0: mode 5 ends with code 5.
    parameter GCM = 0
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

    // Classified beats out (registers; m_ready is a register of the mode unit).
    output wire                    m_valid,
    input  wire                    m_ready,
    output wire [128*LANES-1:0]    m_data,
    output wire [16*LANES-1:0]     m_keep,
    output wire                    m_last,
    output wire [7:0]              m_user,       // the message's first-beat tuser
    output wire [3:0]              m_slot,
    output wire [3:0]              m_op,         // one-hot: OP_ZERO, OP_IV, OP_PAR, OP_FB
    output wire [4:0]              m_sel,        // one-hot: SEL_CTR, SEL_CBC, SEL_CFB,
                                                 // SEL_OFB, SEL_DEC (engine decrypts)
    output wire [127:0]            m_prev,       // the block before this beat's lane 0:
                                                 // the IV, or the last lane of the beat
                                                 // before (previous C in CBC/CFB)
    output wire                    m_first_data, // the message's first beat after its IV
    output wire [2:0]              m_code,       // the code of an OP_ZERO beat
    output wire [3:0]              m_nblk,       // data blocks the beat counts for
    output wire [2:0]              m_last_lane,  // last lane holding a block
    output wire                    m_hold,       // the message holds its slot
    output wire [95:0]             m_hi_inc,     // IV beat: the three 32-bit chunks of
    output wire [2:0]              m_hi_ones,    // the counter's upper 96 bits plus one,
                                                 // and which chunks are all ones (zero
                                                 // without FULL_RATE: the mode unit
                                                 // forms them itself)
    output wire [3:0]              m_gcm,        // one-hot, GCM beats only: G_IV, G_AAD,
                                                 // G_PAY (payload), G_TAG

    // Control and key-slot state.
    input  wire                    enable,          // low: take no beat
    input  wire                    pause,           // take no first beat (self-test waits)
    input  wire                    selftest_failed, // every message ends with code 6
    input  wire [KEY_SLOTS-1:0]    slot_loaded,
    input  wire [KEY_SLOTS-1:0]    slot_loading,
    input  wire                    retire_valid,    // a holding message's last beat issued
    input  wire [3:0]              retire_slot,
    output wire [KEY_SLOTS-1:0]    slot_hold,
    output wire                    msg_open,        // s_axis: a message's first beat taken
    output wire                    busy             // a message is in the framer
);

    localparam W = 128 * LANES;
    localparam KW = 16 * LANES;
    localparam [2:0] M_ECB = 3'd0, M_CBC = 3'd1, M_CFB = 3'd2, M_OFB = 3'd3, M_CTR = 3'd4, M_GCM = 3'd5;
    localparam [2:0] C_OK = 3'd0, C_LENGTH = 3'd1, C_MODE = 3'd2, C_SLOT = 3'd3,
                     C_BUILD = 3'd5, C_SELFTEST = 3'd6;
    // Operations of a beat in the mode unit (m_op, one-hot): come out all zero, echo the
    // IV, one engine pass for all lanes (ECB, CTR, CBC/CFB decryption), one pass a lane
    // (CBC/CFB encryption, OFB).
    localparam OP_ZERO = 0, OP_IV = 1, OP_PAR = 2, OP_FB = 3;
    // What the mode asks of the mode unit's datapath (m_sel, one-hot but SEL_DEC).
    localparam SEL_CTR = 0, SEL_CBC = 1, SEL_CFB = 2, SEL_OFB = 3, SEL_DEC = 4;
    // The kind of a GCM beat (m_gcm, one-hot; zero for every other beat): the IV beat, an
    // AAD beat, a payload beat, the tag beat (specification §3a).
    localparam G_IV = 0, G_AAD = 1, G_PAY = 2, G_TAG = 3;
    // log2 of the bytes in a beat: an IV beat's AAD length in bytes becomes a count of
    // AAD beats by a shift.
    localparam LG_BEAT = LANES == 1 ? 4 : (LANES == 2 ? 5 : (LANES == 4 ? 6 : 7));
    localparam AADW = 33 - LG_BEAT;  // bits of the count of AAD beats
    // Messages one slot can have counted at once: F0 (2), F1 (1), the mode unit's skid
    // buffer (2) and its registered retire (1); a count of 0..15 leaves room.
    localparam HW = 4;

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_axis_framer_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
        if (KEY_SLOTS < 1 || KEY_SLOTS > 16) begin : gen_invalid_slots
            aes_axis_framer_invalid_KEY_SLOTS_must_be_1_to_16 invalid_slots_inst ();
        end
        if (GCM != 0 && GCM != 1) begin : gen_invalid_gcm
            aes_axis_framer_invalid_GCM_must_be_0_or_1 invalid_gcm_inst ();
        end
    endgenerate

    function [KEY_SLOTS-1:0] slot_onehot(input [3:0] s);
        integer i;
        begin
            for (i = 0; i < KEY_SLOTS; i = i + 1) begin
                slot_onehot[i] = (s == i[3:0]);
            end
        end
    endfunction

    // ------------------------------------------------------------------ F0: skid buffer
    // With each beat F0 keeps what F1 needs decoded from its tuser and tkeep (below), so
    // that F1 combines registered facts instead of decoding the bus.
    localparam D_W = 5 + 5 + 4 + 3 + 3 + 2 + 4;
    localparam F0_W = W + KW + 1 + 8 + 2 + 2 * KEY_SLOTS + D_W;

    reg  in_first_reg;                   // the next beat taken opens a message
    wire in_take = s_axis_tvalid && s_axis_tready;
    wire [KEY_SLOTS-1:0] in_slot = slot_onehot(s_axis_tuser[7:4]);
    wire in_loaded = |(in_slot & slot_loaded);
    wire in_loading = |(in_slot & slot_loading);
    wire in_ok = in_loaded && !in_loading;
    // A first beat taken while its slot is loading: that slot, one-hot (else zero), so
    // that F1's wait for the load is one AND of two registers per slot.
    wire [KEY_SLOTS-1:0] in_wait_slot = in_first_reg ? (in_slot & slot_loading) : {KEY_SLOTS{1'b0}};

    // The beat on the bus in the next clock opens a message: the beat taken now was a
    // last beat, or nothing is taken now and the next beat was to open one. If a beat is
    // on the bus and not taken now, it is the same beat next clock (AXI4-Stream keeps it).
    wire next_first = in_take ? s_axis_tlast : in_first_reg;
    wire same_beat = s_axis_tvalid && !in_take;
    wire any_loading = |slot_loading;
    wire first_blocked = pause || (same_beat ? in_loading : any_loading);
    wire f0_block = !enable || (next_first && first_blocked);

    // What the beat's tuser selects, were the beat a message's first (F1 uses it only
    // then; later beats follow the message's registers).
    wire [2:0] in_mode = s_axis_tuser[2:0];
    wire       in_dec = s_axis_tuser[3];
    wire       in_inverse = (in_mode == M_ECB) || (in_mode == M_CBC);
    wire       in_gcm = (GCM != 0) && (in_mode == M_GCM);
    reg  [4:0] in_sel;
    always @* begin
        in_sel = 5'd0;
        // GCM's payload is CTR with inc32 (the mode unit knows a GCM beat by m_gcm).
        in_sel[SEL_CTR] = (in_mode == M_CTR) || in_gcm;
        in_sel[SEL_CBC] = (in_mode == M_CBC);
        in_sel[SEL_CFB] = (in_mode == M_CFB);
        in_sel[SEL_OFB] = (in_mode == M_OFB);
        in_sel[SEL_DEC] = in_inverse && in_dec;
    end
    wire       in_feedback = ((in_mode == M_CBC || in_mode == M_CFB) && !in_dec) || (in_mode == M_OFB);
    wire       in_ecb = (in_mode == M_ECB);
    wire       in_build_bad = (in_dec && DECRYPT == 0 && in_inverse) || (GCM == 0 && in_mode == M_GCM);
    wire       in_mode_bad = (in_mode > M_GCM);

    // The beat's blocks, from tkeep: how many (a lane with any kept byte holds one), the
    // last lane holding one, and whether a lane holds a partial block or the beat is short.
    reg  [3:0] in_nblk;
    reg  [2:0] in_last_lane;
    reg        in_partial;
    integer li;
    always @* begin
        in_nblk = 4'd0;
        in_last_lane = 3'd0;
        in_partial = 1'b0;
        for (li = 0; li < LANES; li = li + 1) begin
            if (|s_axis_tkeep[16*li +: 16]) begin
                in_nblk = in_nblk + 4'd1;
                in_last_lane = li[2:0];
                in_partial = in_partial || !s_axis_tkeep[16*li + 15];
            end
        end
    end
    wire       in_full = &s_axis_tkeep;
    wire       in_none = (in_nblk == 4'd0);
    // The kept bytes are 0..n-1 (no kept byte above a byte not kept); in GCM, a tag
    // beat's tkeep keeps bytes 0..t-1 of lane 0 with t one of 4, 8, 12 to 16.
    wire       in_prefix = ~|(s_axis_tkeep[KW-1:1] & ~s_axis_tkeep[KW-2:0]);
    wire       in_upper_none = (LANES == 1) || ~|(s_axis_tkeep >> 16);
    wire       in_tag_ok = in_prefix && in_upper_none &&
                           (s_axis_tkeep[15:0] == 16'h000f || s_axis_tkeep[15:0] == 16'h00ff ||
                            s_axis_tkeep[11:0] == 12'hfff);

    // The length rules, each as one fact of the beat, so that F1 picks among them by the
    // message's state instead of evaluating them. A message's first beat: an IV beat that
    // is its last or is not full, or an ECB beat that breaks the rules below. A later
    // beat: short before the last, with no block, or whose kept bytes are not 0..n-1 (the
    // ECB and CBC rule on partial blocks is F1's, from in_partial); in GCM, an AAD beat
    // that is not full or is the last, a tag beat whose tkeep is not one of the tag
    // lengths, a payload beat with no block or whose kept bytes are not 0..n-1.
    wire       in_plain_bad = (!s_axis_tlast && !in_full) || in_none || !in_prefix;
    wire       in_first_bad = in_ecb ? (in_plain_bad || in_partial) : (s_axis_tlast || !in_full);
    wire       in_aad_bad = s_axis_tlast || !in_full;
    wire       in_tag_bad = !in_tag_ok;
    wire       in_pay_bad = in_none || !in_prefix;

    wire          b_valid;
    reg           b_ready;
    wire [F0_W-1:0] b_word;

    wire [F0_W-1:0] in_word = {in_mode_bad || in_build_bad, in_first_bad, in_plain_bad, in_aad_bad, in_tag_bad,
                               in_pay_bad, in_gcm, in_sel, in_feedback, in_inverse, in_ecb, in_build_bad, in_mode_bad,
                               in_nblk, in_last_lane, in_full, in_partial,
                               in_wait_slot, in_slot, in_first_reg, in_ok,
                               s_axis_tuser, s_axis_tlast, s_axis_tkeep, s_axis_tdata};

    aes_skid #(
        .WIDTH(F0_W),
        .FULL_RATE(FULL_RATE)
    ) u_in (
        .clk(clk),
        .rst(rst),
        .s_data(in_word),
        .s_valid(s_axis_tvalid),
        .s_ready(s_axis_tready),
        .s_block(f0_block),
        .m_data(b_word),
        .m_valid(b_valid),
        .m_ready(b_ready)
    );

    // F0's word, field by field, in in_word's order.
    wire [W-1:0]  b_data;
    wire [KW-1:0] b_keep;
    wire          b_last;
    wire [7:0]    b_user;
    wire          b_ok;                        // slot loaded (and not loading) when taken
    wire          b_first;
    wire [KEY_SLOTS-1:0] b_slot_bit;           // tuser's slot, one-hot
    // A first beat's slot, one-hot, if it was loading when the beat was taken (else 0).
    wire [KEY_SLOTS-1:0] b_wait_slot;
    wire          b_partial, b_full;
    wire [2:0]    b_last_lane;
    wire [3:0]    b_nblk;
    wire          b_mode_bad, b_build_bad, b_ecb, b_inverse, b_feedback;
    wire [4:0]    b_sel;
    wire          b_gcm, b_pay_bad, b_tag_bad, b_aad_bad, b_plain_bad, b_first_bad;
    wire          b_static_bad;                // mode invalid or not in this build
    assign {b_static_bad, b_first_bad, b_plain_bad, b_aad_bad, b_tag_bad,
            b_pay_bad, b_gcm, b_sel, b_feedback, b_inverse, b_ecb, b_build_bad, b_mode_bad,
            b_nblk, b_last_lane, b_full, b_partial,
            b_wait_slot, b_slot_bit, b_first, b_ok,
            b_user, b_last, b_keep, b_data} = b_word;
    wire          b_wait = |b_wait_slot;

    // ------------------------------------------------------------------ F1: classify
    reg           msg_active_reg, msg_active_next;
    reg [4:0]     msg_sel_reg, msg_sel_next;        // the message's m_sel
    reg           msg_feedback_reg, msg_feedback_next;
    reg           msg_inverse_reg, msg_inverse_next; // ECB or CBC: whole blocks only
    reg [3:0]     msg_slot_reg, msg_slot_next;
    reg [7:0]     msg_user_reg, msg_user_next;
    reg           msg_err_reg, msg_err_next;        // zero the rest of the message
    reg [2:0]     msg_code_reg, msg_code_next;
    reg           msg_hold_reg, msg_hold_next;
    // GCM (specification §3a): the message is GCM, AAD beats still to come, and the last
    // payload beat was partial (a beat after it that is not the tag beat is code 1).
    reg           msg_gcm_reg, msg_gcm_next;
    reg [AADW-1:0] msg_aad_reg, msg_aad_next;
    reg           msg_aad_nz_reg, msg_aad_nz_next;  // msg_aad_reg is not zero
    reg           msg_part_reg, msg_part_next;

    reg           o_valid_reg, o_valid_next;
    reg [W-1:0]   o_data_reg;
    reg [KW-1:0]  o_keep_reg;
    reg           o_last_reg;
    reg [7:0]     o_user_reg;
    reg [3:0]     o_slot_reg;
    reg [3:0]     o_op_reg, o_op_next;
    reg [4:0]     o_sel_reg;
    reg [127:0]   o_prev_reg;
    reg           o_first_data_reg;
    reg [127:0]   msg_prev_reg, msg_prev_next;       // the block before the next beat
    reg           msg_first_data_reg, msg_first_data_next;
    reg [2:0]     o_code_reg, o_code_next;
    reg [3:0]     o_nblk_reg, o_nblk_next;
    reg [2:0]     o_last_lane_reg;
    reg           o_hold_reg;
    reg [95:0]    o_hi_inc_reg;
    reg [2:0]     o_hi_ones_reg;
    reg [3:0]     o_gcm_reg, o_gcm_next;

    // b_first and msg_active_reg say the same thing for the beat at the head of F0;
    // b_first is the register that the input side kept.
    wire       first = b_first;
    wire [4:0] sel = first ? b_sel : msg_sel_reg;
    wire       feedback = first ? b_feedback : msg_feedback_reg;
    wire       needs_inverse = first ? b_inverse : msg_inverse_reg;
    wire [3:0] slot = first ? b_user[7:4] : msg_slot_reg;

    // A message whose slot was loading when it arrived waits for the load, then finds the
    // slot loaded, or empty (cleared meanwhile: code 3).
    wire slot_ok = b_ok || |(b_wait_slot & slot_loaded);

    wire start_err = selftest_failed || b_static_bad || !slot_ok;
    wire [2:0] start_code = selftest_failed ? C_SELFTEST :
                            b_mode_bad ? C_MODE :
                            b_build_bad ? C_BUILD :
                            !slot_ok ? C_SLOT : C_OK;
    // A first beat whose slot was loading when it was taken waits while it still is (a
    // message that fails for another reason waits too: it only comes out later). The
    // slot state is read a clock late, from registers (loading_reg), so that the wait
    // is not on the path that pops F0. That is exact because a load of a slot never
    // starts in the clock after the key slots became idle (aes_axi refuses commits in
    // that clock): when loading_reg shows the load over, no new load of it is pending.
    reg [KEY_SLOTS-1:0] loading_reg;
    always @(posedge clk) begin
        loading_reg <= slot_loading;
    end
    wire wait_load = |(b_wait_slot & loading_reg);
    wire err_now = first ? start_err : msg_err_reg;
    wire [2:0] code_now = first ? start_code : msg_code_reg;
    wire iv_beat = first && !start_err && !b_ecb;

    // GCM beats after the IV beat: AAD while AAD beats are due, then payload, and the
    // beat with tlast is the tag beat. Each kind has its own length rules (§3a).
    // (GCM=0 builds: constant 0, so that none of the GCM logic is built.)
    wire gcm = (GCM != 0) && (first ? b_gcm : msg_gcm_reg);
    wire g_aad = (GCM != 0) && msg_aad_nz_reg;
    wire g_tag = !g_aad && b_last;
    wire g_bad = g_aad ? b_aad_bad : (b_last ? b_tag_bad : (msg_part_reg || b_pay_bad));
    // The beat breaks a length rule (code 1; F0 gave each rule as a fact of the beat): a
    // first beat that is not an error message already, or a later beat of a message that
    // is not.
    wire later_bad = ((GCM != 0) && msg_gcm_reg) ? g_bad : (b_plain_bad || (needs_inverse && b_partial));
    wire len_bad = first ? (!start_err && b_first_bad) : (!msg_err_reg && later_bad);

    // The IV beat's AAD length A (bytes 12-15, big-endian) as a count of AAD beats,
    // ceil(A / (16 LANES)).
    wire [31:0] iv_aad_bytes = {b_data[8*12 +: 8], b_data[8*13 +: 8], b_data[8*14 +: 8], b_data[8*15 +: 8]};
    wire [32:0] iv_aad_round = {1'b0, iv_aad_bytes} + ((33'd1 << LG_BEAT) - 33'd1);
    wire [AADW-1:0] iv_aad_beats = iv_aad_round[32:LG_BEAT];
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_aad_round = &{1'b0, iv_aad_round[LG_BEAT-1:0]};
    /* verilator lint_on UNUSEDSIGNAL */

    // The counter block of an IV beat is lane 0 read as a big-endian integer: its upper
    // 96 bits are bytes 0..11, chunk k (32 bits) bytes 8-4k..11-4k. Only a full-rate
    // mode unit needs them with the beat; one that takes a beat every other clock forms
    // them from its counter in the clock between (aes_mode_unit, "CTR counter").
    reg [95:0] iv_hi_inc;
    reg [2:0]  iv_hi_ones;
    reg [31:0] iv_chunk;
    integer ck, cb;
    always @* begin
        iv_hi_inc = 96'd0;
        iv_hi_ones = 3'd0;
        for (ck = 0; ck < 3; ck = ck + 1) begin
            for (cb = 0; cb < 4; cb = cb + 1) begin
                iv_chunk[8*cb +: 8] = b_data[8*(11 - 4*ck - cb) +: 8];
            end
            if (FULL_RATE != 0) begin
                iv_hi_inc[32*ck +: 32] = iv_chunk + 32'd1;
                iv_hi_ones[ck] = &iv_chunk;
            end
        end
    end

    // F1 is free when it is empty, or (FULL_RATE) when the mode unit takes its beat now.
    // Without FULL_RATE the mode unit's buffer S takes a beat every other clock at most,
    // so F1 takes one only when empty and the mode unit's ready reaches F1's valid flag
    // only, not the take, the message state or the data registers' clock enable.
    wire f1_free = !o_valid_reg || ((FULL_RATE != 0) && m_ready);
    wire f1_take = b_valid && f1_free && !wait_load;
    // A message that waited for its slot's load holds the slot from the clock F1 finds it
    // loaded; one that found it loaded when taken holds it since then (hold_in).
    wire hold_late = f1_take && b_wait && slot_ok;
    reg  hold_late_reg;

    always @* begin
        b_ready = f1_free && !wait_load;
        msg_active_next = msg_active_reg;
        msg_sel_next = msg_sel_reg;
        msg_feedback_next = msg_feedback_reg;
        msg_inverse_next = msg_inverse_reg;
        msg_slot_next = msg_slot_reg;
        msg_user_next = msg_user_reg;
        msg_err_next = msg_err_reg;
        msg_code_next = msg_code_reg;
        msg_hold_next = msg_hold_reg;
        o_valid_next = o_valid_reg && !m_ready;
        msg_prev_next = msg_prev_reg;
        msg_first_data_next = msg_first_data_reg;
        o_op_next = 4'd0;
        o_op_next[feedback ? OP_FB : OP_PAR] = 1'b1;
        o_code_next = C_OK;
        // Data blocks the beat counts for (BLOCKS): in GCM, payload blocks only.
        o_nblk_next = (gcm && (g_aad || g_tag)) ? 4'd0 : b_nblk;
        o_gcm_next = 4'd0;
        msg_gcm_next = msg_gcm_reg;
        msg_aad_next = msg_aad_reg;
        msg_aad_nz_next = msg_aad_nz_reg;
        msg_part_next = msg_part_reg;

        if (err_now) begin
            // Error message: all zero, same length. The first beat of a valid mode other
            // than ECB is its IV beat: no data blocks.
            o_op_next = 4'd1 << OP_ZERO;
            o_code_next = code_now;
            if (first && !b_ecb && !b_mode_bad) begin
                o_nblk_next = 4'd0;
            end
        end else if (len_bad) begin
            // An IV beat that is the message's last (or a GCM IV beat that is not full),
            // a partial block where whole blocks are required, or a short beat before the
            // last (GCM: the rules above): this beat and the rest of the message are zero.
            o_op_next = 4'd1 << OP_ZERO;
            o_code_next = C_LENGTH;
            if (first && !b_ecb) begin
                o_nblk_next = 4'd0;
            end
        end else if (iv_beat) begin
            o_nblk_next = 4'd0;
            o_op_next = 4'd1 << OP_IV;
            o_gcm_next[G_IV] = gcm;
        end else if (gcm) begin
            // AAD and tag beats pass the mode unit as the IV beat does (echoed, no engine
            // pass; the mode unit hashes them), payload beats as CTR beats.
            if (g_aad || g_tag) begin
                o_op_next = 4'd1 << OP_IV;
            end
            o_gcm_next[G_AAD] = g_aad;
            o_gcm_next[G_TAG] = g_tag;
            o_gcm_next[G_PAY] = !g_aad && !g_tag;
        end

        if (f1_take) begin
            // The IV, then each beat's last lane, is the block before the next beat. (The
            // first beat of an ECB or error message is no IV; nothing reads it then.)
            msg_prev_next = first ? b_data[127:0] : b_data[128*(LANES-1) +: 128];
            msg_first_data_next = iv_beat;
            o_valid_next = 1'b1;
            if (first) begin
                msg_gcm_next = gcm;
                msg_aad_next = gcm ? iv_aad_beats : {AADW{1'b0}};
                msg_aad_nz_next = gcm && (iv_aad_bytes != 32'd0);
                msg_part_next = 1'b0;
            end else begin
                if (g_aad) begin
                    msg_aad_next = msg_aad_reg - {{AADW-1{1'b0}}, 1'b1};
                    msg_aad_nz_next = (msg_aad_reg != {{AADW-1{1'b0}}, 1'b1});
                end else begin
                    msg_part_next = !b_full;
                end
            end
            if (first) begin
                msg_sel_next = b_sel;
                msg_feedback_next = b_feedback;
                msg_inverse_next = b_inverse;
                msg_slot_next = slot;
                msg_user_next = b_user;
                msg_hold_next = slot_ok;
            end
            msg_err_next = err_now || len_bad;
            msg_code_next = len_bad ? C_LENGTH : code_now;
            msg_active_next = !b_last;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            in_first_reg <= 1'b1;
            msg_active_reg <= 1'b0;
            msg_err_reg <= 1'b0;
            o_valid_reg <= 1'b0;
        end else begin
            if (in_take) begin
                in_first_reg <= s_axis_tlast;
            end
            msg_active_reg <= msg_active_next;
            msg_err_reg <= msg_err_next;
            o_valid_reg <= o_valid_next;
        end
        msg_sel_reg <= msg_sel_next;
        msg_feedback_reg <= msg_feedback_next;
        msg_inverse_reg <= msg_inverse_next;
        msg_slot_reg <= msg_slot_next;
        msg_user_reg <= msg_user_next;
        msg_code_reg <= msg_code_next;
        msg_hold_reg <= msg_hold_next;
        msg_gcm_reg <= msg_gcm_next;
        msg_aad_reg <= msg_aad_next;
        msg_aad_nz_reg <= msg_aad_nz_next;
        msg_part_reg <= msg_part_next;
        msg_prev_reg <= msg_prev_next;
        msg_first_data_reg <= msg_first_data_next;
        // F1's data registers load in every clock that F1 is free, a beat taken or not
        // (o_valid_reg says which), so that their clock enable is one gate of two
        // registers (without FULL_RATE, F1's valid flag alone) and neither the input
        // handshake nor the wait for a load reaches it.
        if (f1_free) begin
            o_data_reg <= b_data;
            o_keep_reg <= b_keep;
            o_last_reg <= b_last;
            o_user_reg <= first ? b_user : msg_user_reg;
            o_slot_reg <= slot;
            o_op_reg <= o_op_next;
            o_sel_reg <= sel;
            o_prev_reg <= msg_prev_reg;
            o_first_data_reg <= msg_first_data_reg;
            o_code_reg <= o_code_next;
            o_nblk_reg <= o_nblk_next;
            o_last_lane_reg <= b_last_lane;
            o_hold_reg <= first ? slot_ok : msg_hold_reg;
            o_hi_inc_reg <= iv_hi_inc;
            o_hi_ones_reg <= iv_hi_ones;
            o_gcm_reg <= o_gcm_next;
        end
    end

    // ------------------------------------------------------------------ slot holds
    // Per slot: messages that hold it and have not retired. A first beat taken while its
    // slot is loaded and not loading counts at once (hold_in); one that waited counts
    // when F1 finds the slot loaded (hold_late, counted a clock later: a load of that
    // slot cannot start before, see wait_load); the mode unit retires a message when it
    // issues its last beat.
    wire hold_in = msg_open && in_ok;
    reg  [KEY_SLOTS-1:0] late_slot_reg;
    wire [KEY_SLOTS-1:0] ret_slot = slot_onehot(retire_slot);
    wire [KEY_SLOTS-1:0] hold_nz;
    always @(posedge clk) begin
        hold_late_reg <= !rst && hold_late;
        late_slot_reg <= b_slot_bit;
    end
    genvar gh;
    generate
        for (gh = 0; gh < KEY_SLOTS; gh = gh + 1) begin : gen_slot_hold
            reg [HW-1:0] hold_cnt_reg;
            assign hold_nz[gh] = (hold_cnt_reg != {HW{1'b0}});
            always @(posedge clk) begin
                if (rst) begin
                    hold_cnt_reg <= {HW{1'b0}};
                end else begin
                    hold_cnt_reg <= hold_cnt_reg
                                    + {{HW-1{1'b0}}, hold_in && in_slot[gh]}
                                    + {{HW-1{1'b0}}, hold_late_reg && late_slot_reg[gh]}
                                    - {{HW-1{1'b0}}, retire_valid && ret_slot[gh]};
                end
            end
        end
    endgenerate

    // A late hold counts from its register on, the clock after F1 took the beat (as a
    // count of it would), so the key slots see it as early as before.
    assign slot_hold = hold_nz | (hold_late_reg ? late_slot_reg : {KEY_SLOTS{1'b0}});
    // A beat taken now counts: the self-test must not start in the next clock.
    assign busy = in_take || !in_first_reg || b_valid || msg_active_reg || o_valid_reg;
    assign msg_open = in_take && in_first_reg;

    assign m_valid = o_valid_reg;
    assign m_data = o_data_reg;
    assign m_keep = o_keep_reg;
    assign m_last = o_last_reg;
    assign m_user = o_user_reg;
    assign m_slot = o_slot_reg;
    assign m_op = o_op_reg;
    assign m_sel = o_sel_reg;
    assign m_prev = o_prev_reg;
    assign m_first_data = o_first_data_reg;
    assign m_code = o_code_reg;
    assign m_nblk = o_nblk_reg;
    assign m_last_lane = o_last_lane_reg;
    assign m_hold = o_hold_reg;
    assign m_hi_inc = o_hi_inc_reg;
    assign m_hi_ones = o_hi_ones_reg;
    assign m_gcm = o_gcm_reg;

endmodule

`resetall
