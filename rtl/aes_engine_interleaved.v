// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// ITERATIVE AES engine with T-tables in block RAM and three blocks interleaved.
//
// This is what aes_core builds for ARCH="ITERATIVE", SBOX="TTABLE": the smallest engine
// of the library in LUTs, because SubBytes, ShiftRows and MixColumns are all table reads.
//
// Datapath (per lane). A round is three clocks:
//   T  16 lookups in registered ROMs (aes_ttable_lookup: eight dual-port tables, one
//      DP16KD each on ECP5 for encryption only, two with decryption); the table output
//      is registered again (q_reg), which the flow moves into the DP16KD's own output
//      register (REGMODE OUTREG, python/aescores/flow/ebr_outreg.py), so no fabric path
//      starts at the memory array;
//   M  each output column is the XOR of four lookups, each rotated into its rows: one
//      LUT level, into p_reg;
//   X  the round key (or, for a load, the input block and round key 0): one LUT level;
//      one more (rows 1 and 3) picks the next table address by direction (ShiftRows or
//      InvShiftRows). The result is the next round's table address, or, after the last
//      round, the output block.
// Three blocks ("contexts") take turns, one in each of T, M and X, so the tables and the
// logic work on a round every clock. A table address is {direction, last round, byte}:
// the last round reads {0, 0, 0, S(x)} (or Si(x)) through the same XOR network, and
// decryption reads Td0 (equivalent inverse cipher, round keys from the key store in
// equivalent-inverse order, so round i reads index i in both directions).
//
// Contexts. The context in X is always register set A, then B and C; every clock A takes
// B's values, B takes C's and C takes A's updated ones, so the control never multiplexes
// by phase. A context holds one block: round 0 (load: input XOR round key 0), rounds
// 1 .. Nr-1 (T-table round), round Nr (the output is written to the output FIFO). A's
// control flags are decoded one clock ahead from B.
//
// Input and keys. A block is accepted into an input register. In a context's X the
// round key of its next X (three clocks later) is addressed, from a register chosen in
// the clock before: the key store reads it in the next clock, and it passes rk_reg and
// rk2_reg. A context that finishes a block commits the waiting one in the same X
// (addressing its round key 0) and loads it three clocks later, freeing the input
// register. Back to back each context takes Nr+1 turns of three clocks per block, and
// the three together one block every Nr+1 clocks (11, 13, 15), as the single-context
// ITERATIVE engine.
//
// Order and backpressure. Blocks leave through an 8-entry FIFO (aes_fifo) in the
// order they finish; a block is only committed when the FIFO is sure to have room for it
// (a credit count, as in the PIPELINED engine, so nothing stalls inside), and only if it
// cannot finish before the blocks in the other contexts (mixed key lengths), so the
// output order is the input order.
//
// Latency: 3 Nr + 6 clocks from the input handshake to m_valid for a block that finds the
// engine idle (committed in the next clock, loaded three clocks later, Nr rounds of three
// clocks, two clocks in the FIFO, whose read is registered). Under load a block waits in the input register until a
// context is free, up to 3 (Nr + 1) clocks more, where the single-context engine would
// hold s_ready low instead.
module aes_engine_interleaved #(
    // 128-bit blocks per beat, processed side by side: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Longest key length accepted, 128, 192 or 256 (only sizes the round counters).
    parameter MAX_KEY_BITS = 256,
    // 1: decryption (equivalent inverse cipher) too; 0: encryption only.
    parameter DECRYPT = 1,
    // Width of the tag carried with each block.
    parameter TAG_WIDTH = 8
) (
    input  wire                   clk,
    input  wire                   rst,

    // Blocks in.
    input  wire                   s_valid,
    output wire                   s_ready,
    input  wire [128*LANES-1:0]   s_data,
    input  wire [3:0]             s_slot,
    input  wire                   s_decrypt,
    input  wire [1:0]             s_len,
    input  wire [TAG_WIDTH-1:0]   s_tag,

    // Blocks out.
    output wire                   m_valid,
    input  wire                   m_ready,
    output wire [128*LANES-1:0]   m_data,
    output wire [TAG_WIDTH-1:0]   m_tag,

    // Round-key read port of the key store (data one clock after the address).
    output wire [3:0]             rk_slot,
    output wire [3:0]             rk_idx,
    output wire                   rk_dec,
    input  wire [127:0]           rk_key
);

    localparam W = 128 * LANES;
    localparam FIFO_DEPTH = 8;

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_engine_interleaved_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
        if (MAX_KEY_BITS != 128 && MAX_KEY_BITS != 192 && MAX_KEY_BITS != 256) begin : gen_invalid_key_bits
            aes_engine_interleaved_invalid_MAX_KEY_BITS_must_be_128_192_or_256 invalid_key_bits_inst ();
        end
    endgenerate

    // Nr of a key length code (0: 128, 1: 192, 2: 256), limited to what the build accepts.
    function [3:0] rounds_of(input [1:0] len);
        begin
            if (MAX_KEY_BITS == 128 || len == 2'd0) begin
                rounds_of = 4'd10;
            end else if (MAX_KEY_BITS == 192 || len == 2'd1) begin
                rounds_of = 4'd12;
            end else begin
                rounds_of = 4'd14;
            end
        end
    endfunction

    // ------------------------------------------------------------------------------
    // Input register: one block waiting for a context.

    reg                 in_valid_reg;
    reg                 in_taken_reg;     // committed to a context, loaded three clocks later
    reg [W-1:0]         in_data_reg;
    reg [3:0]           in_slot_reg;
    reg                 in_dec_reg;
    reg [3:0]           in_nr_reg;
    reg [TAG_WIDTH-1:0] in_tag_reg;

    // ------------------------------------------------------------------------------
    // Contexts: A is in X this clock, B in E.

    reg                 a_busy_reg, b_busy_reg, c_busy_reg;
    reg [3:0]           b_rnd_reg, c_rnd_reg;     // the round whose key the next X adds
    reg [3:0]           a_nr_reg, b_nr_reg, c_nr_reg;
    reg                 a_dec_reg, b_dec_reg, c_dec_reg;
    reg [3:0]           a_slot_reg, b_slot_reg, c_slot_reg;
    reg [TAG_WIDTH-1:0] a_tag_reg, b_tag_reg, c_tag_reg;

    // Decoded from B one clock ahead (A's values are B's of the previous clock), so the
    // control of a clock starts from flip-flops: A loads (round 0), A finishes (round Nr),
    // the lookups of this E are round Nr, and A's next round index.
    reg        a_load_reg, a_finish_reg, a_last_next_reg;
    reg [3:0]  a_rnd_inc_reg;
    always @(posedge clk) begin
        if (rst) begin
            a_load_reg <= 1'b0;
            a_finish_reg <= 1'b0;
        end else begin
            a_load_reg <= b_busy_reg && (b_rnd_reg == 4'd0);
            a_finish_reg <= b_busy_reg && (b_rnd_reg == b_nr_reg);
        end
        a_last_next_reg <= (b_rnd_reg + 4'd1 == b_nr_reg);
        a_rnd_inc_reg <= b_rnd_reg + 4'd1;
    end

    wire a_load = a_load_reg;
    wire a_finish = a_finish_reg;
    wire a_round = a_busy_reg && !a_finish;                 // load or rounds 1 .. Nr-1
    wire a_last_next = a_last_next_reg;

    // Blocks committed and not yet read from the output FIFO.
    reg [3:0] outstanding_reg;
    wire      pop = m_valid && m_ready;
    // The waiting block would finish after the blocks in B and C: their X come one and
    // two clocks before A's next one, so B finishes 3 (nr_b - rnd_b) + 1 clocks from now,
    // C 3 (nr_c - rnd_c) + 2, and this block 3 nr + 3; it does if nr >= nr_b - rnd_b and
    // nr >= nr_c - rnd_c. Checked conservatively (a shorter key waits until the other
    // block is past round 3, the difference in Nr being 2 or 4), which needs no adder;
    // with MAX_KEY_BITS=128 every block has the same Nr and the check is constant.
    wire      order_ok = (MAX_KEY_BITS == 128)
                         || ((!b_busy_reg || (in_nr_reg >= b_nr_reg) || (b_rnd_reg >= 4'd4))
                             && (!c_busy_reg || (in_nr_reg >= c_nr_reg) || (c_rnd_reg >= 4'd4)));
    wire      commit = in_valid_reg && !in_taken_reg && (!a_busy_reg || a_finish)
                       && !outstanding_reg[3] && order_ok;   // fewer than FIFO_DEPTH (8)

    assign s_ready = !in_valid_reg || a_load;
    wire   accept = s_valid && s_ready;

    // Round key for A's next X (three clocks from now: the store's read, rk_reg, rk2_reg).
    // The read address is a register, chosen a clock ahead from B: while A is free (idle
    // or finishing) it is the waiting block's round key 0, which a commit now uses (an
    // unused read otherwise), else A's next round. The waiting block's slot and direction
    // are taken as they will be in this clock (a block accepted in the clock before).
    reg [3:0]  rk_slot_reg;
    reg [3:0]  rk_idx_reg;
    reg        rk_dec_reg;
    wire       b_free = !b_busy_reg || (b_rnd_reg == b_nr_reg);    // A free in the next clock
    always @(posedge clk) begin
        rk_slot_reg <= b_free ? (accept ? s_slot : in_slot_reg) : b_slot_reg;
        rk_idx_reg <= b_free ? 4'd0 : b_rnd_reg + 4'd1;
        rk_dec_reg <= b_free ? (accept ? ((DECRYPT != 0) && s_decrypt) : in_dec_reg) : b_dec_reg;
    end
    assign rk_slot = rk_slot_reg;
    assign rk_idx = rk_idx_reg;
    assign rk_dec = rk_dec_reg;

    reg [127:0] rk_reg, rk2_reg;

    always @(posedge clk) begin
        rk_reg <= rk_key;
        rk2_reg <= rk_reg;
    end

    // ------------------------------------------------------------------------------
    // Datapath.

    wire [W-1:0] x_out;

    genvar l;
    generate
        for (l = 0; l < LANES; l = l + 1) begin : gen_lane
            // T and M: the 16 lookups of the round for the state s, registered in the
            // tables and again (OUTREG), then XORed into columns (p, into p_reg).
            // X: the key, or for a load the input block and the key.
            wire [127:0] p;
            reg  [127:0] p_reg;
            always @(posedge clk) begin
                p_reg <= p;
            end
            wire [127:0] s = rk2_reg ^ (a_load ? in_data_reg[128*l +: 128] : p_reg);
            assign x_out[128*l +: 128] = s;

            aes_ttable_lookup #(
                .DECRYPT(DECRYPT),
                .OUTREG(1)
            ) u_lookup (
                .clk(clk),
                .en(1'b1),
                .s(s),
                .dec(a_dec_reg),
                .last(a_last_next),
                .p(p)
            );
        end
    endgenerate

    // ------------------------------------------------------------------------------
    // Control.

    always @(posedge clk) begin
        if (rst) begin
            in_valid_reg <= 1'b0;
            in_taken_reg <= 1'b0;
            a_busy_reg <= 1'b0;
            b_busy_reg <= 1'b0;
            c_busy_reg <= 1'b0;
            outstanding_reg <= 4'd0;
        end else begin
            if (accept) begin
                in_valid_reg <= 1'b1;
                in_taken_reg <= 1'b0;
            end else if (a_load) begin
                in_valid_reg <= 1'b0;
                in_taken_reg <= 1'b0;
            end else if (commit) begin
                in_taken_reg <= 1'b1;
            end
            // A <- B <- C <- A updated.
            a_busy_reg <= b_busy_reg;
            b_busy_reg <= c_busy_reg;
            c_busy_reg <= a_round || commit;
            outstanding_reg <= outstanding_reg + {3'd0, commit} - {3'd0, pop};
        end

        if (accept) begin
            in_data_reg <= s_data;
            in_slot_reg <= s_slot;
            in_dec_reg <= (DECRYPT != 0) && s_decrypt;
            in_nr_reg <= rounds_of(s_len);
            in_tag_reg <= s_tag;
        end

        a_nr_reg <= b_nr_reg;
        a_dec_reg <= b_dec_reg;
        a_slot_reg <= b_slot_reg;
        a_tag_reg <= b_tag_reg;
        b_rnd_reg <= c_rnd_reg;
        b_nr_reg <= c_nr_reg;
        b_dec_reg <= c_dec_reg;
        b_slot_reg <= c_slot_reg;
        b_tag_reg <= c_tag_reg;
        if (a_round) begin
            c_rnd_reg <= a_rnd_inc_reg;
            c_nr_reg <= a_nr_reg;
            c_dec_reg <= a_dec_reg;
            c_slot_reg <= a_slot_reg;
            c_tag_reg <= a_tag_reg;
        end else begin
            c_rnd_reg <= 4'd0;
            c_nr_reg <= in_nr_reg;
            c_dec_reg <= in_dec_reg;
            c_slot_reg <= in_slot_reg;
            c_tag_reg <= in_tag_reg;
        end
    end

    // ------------------------------------------------------------------------------
    // Output: finished blocks in order.

    wire [W+TAG_WIDTH-1:0] fifo_wr_data = {a_tag_reg, x_out};
    wire [W+TAG_WIDTH-1:0] fifo_m_data;
    assign {m_tag, m_data} = fifo_m_data;

    aes_fifo #(.WIDTH(W + TAG_WIDTH), .DEPTH(FIFO_DEPTH)) u_fifo (
        .clk(clk),
        .rst(rst),
        .wr_valid(a_finish),
        .wr_data(fifo_wr_data),
        .m_valid(m_valid),
        .m_ready(m_ready),
        .m_data(fifo_m_data)
    );

endmodule

`resetall
