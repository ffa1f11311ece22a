// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GHASH unit of AES-GCM (SP 800-38D §6.4): streams blocks in, hashes out, full rate or digit-serial

/*
 * What it computes. For each hash, the blocks X_1 .. X_n taken on s_* (the last one with
 * s_last) give Y_n with Y_0 = 0 and Y_i = (Y_(i-1) xor X_i) * H in GF(2^128), i.e.
 * Y_n = X_1 H^n xor X_2 H^(n-1) xor ... xor X_n H, delivered on m_hash. In GCM the
 * blocks are pad(A) || pad(C) || [len(A)]_64 || [len(C)]_64 and the tag is
 * E_K(J0) xor Y_n; this unit does the hash only (no AES, no padding, no length block).
 *
 * Byte order. h, s_block and m_hash carry blocks as every block port of the IP does
 * (docs/specification.md §1: byte i in bits [8i+7:8i]), so the framer can pass a lane
 * of tdata straight in. Inside, a block is a polynomial whose coefficient of x^k is
 * bit k of SP 800-38D's bit string (the most significant bit of byte 0 is x^0): bit
 * 8i + 7 - b of the polynomial is port bit 8i + b. The conversion is wiring.
 *
 * Interface.
 * - h_load (one clock, key on h): a new hash key. Every hash whose last block was taken
 *   up to and including that clock completes with the old key; a hash still open (some
 *   blocks taken, not its last) is dropped without a result. h_ready falls in the next
 *   clock and rises when the unit has the key and the powers of it that it needs
 *   (LOAD_CLOCKS below, counted from the h_load clock when no block is being hashed).
 *   Reset clears the key: nothing is taken until the first h_load has completed.
 * - s_valid / s_ready / s_block, s_blocks, s_first, s_last: AXI4-Stream-style beats of
 *   LANES blocks, of which lanes 0 .. s_blocks - 1 are hashed, lane 0 first (s_blocks
 *   from 1 to LANES; 0 counts as 1, and LANES = 1 ignores it). The flags are the beat's:
 *   a hash starts with a beat that has s_first, or with the first beat after a last
 *   beat, a reset or a key load; s_first on a beat in the middle of a hash drops the
 *   open hash (no result) and starts a new one. s_last marks the hash's last beat (in
 *   GCM the length block's); a beat may have both. What follows says "block" for a
 *   beat: with one lane they are the same.
 * - m_valid / m_ready / m_hash: one result per last block, in order, from a queue of
 *   QUEUE registers (PIPE + 2 at full rate, 2 digit-serial). A last block is only taken
 *   while fewer than QUEUE results are outstanding (taken, not yet handed over on m_*),
 *   so the queue never overflows and no pipeline has to stop; results are in flight for
 *   fewer clocks than it takes QUEUE last blocks two clocks apart to arrive, so a
 *   consumer that keeps m_ready high never slows the input of such hashes.
 * s_ready, h_ready and m_valid are functions of registers only, and m_hash is a
 * register: no combinational path runs from s_* to m_*, or from m_ready to s_ready.
 *
 * Full rate, DIGIT = 128: one block per clock. The multiplier sits in a loop of PIPE
 * register stages (the ring register a_reg, and PIPE - 1 inside aes_gf128_mul), so
 * PIPE partial hashes ("slots") circulate, one entering the multiplier in each clock.
 * A block is added to whichever slot enters the multiplier in its clock (no fixed
 * block-to-slot order, so gaps in s_valid cost nothing), and the slot is multiplied by
 * H^c, with c the number of blocks of the same hash added in this clock and the next
 * PIPE - 1 (0 to PIPE; H^0 = 1 passes the slot through unchanged). So each pass brings
 * a slot up to date with every block added before it comes round again, which is the
 * Horner recurrence spread over PIPE slots. To know c, blocks wait in a line of PIPE
 * registers (line_*) between s_* and the loop, each stage counting the blocks of its
 * hash taken after it, so that c is a register by the time its block is added. When a hash's last block has been added,
 * each slot comes round once more within PIPE clocks holding its share, complete; the
 * shares are XORed (fin_reg) and the sum is the result. In those PIPE clocks the slots
 * restart from zero, so the next hash's blocks can follow the last block with no gap.
 * A new hash's first block also clears the slots (the PIPE passes from its own), which
 * is how an open hash is dropped. The unit needs H^1 .. H^PIPE: after h_load it hashes
 * the blocks H, 0, ..., 0 (PIPE clocks apart) through its own loop and keeps the
 * slot's value after each pass (H^2 .. H^PIPE).
 *   The multiplier is aes_gf128_mul with KARATSUBA levels of Karatsuba's split
 *   (aes_clmul; 3 by default), which keeps each bit of a_reg and op_reg driving a few
 *   small products instead of 128 partial products spread over the whole multiplier
 *   (docs/gcm.md, "Area and speed"); KARATSUBA = 0 is the schoolbook product.
 *   PIPE = 1: the whole multiplier and the slot XOR in one clock.
 *   PIPE = 2: a register on the small products (the operand sums and their XOR trees
 *   before it; the recombination, the reduction and the slot XOR after it).
 *   PIPE = 3 (Karatsuba only): a second register on the unreduced product, so the
 *   reduction and the slot XOR are a stage of their own.
 *   PIPE = 4 (Karatsuba only): a third register on the small products' operands, so
 *   the operand sums are a stage of their own too.
 *   The slot logic is written for any PIPE; aes_gf128_mul limits it to 4.
 * Clocks: a last block taken in clock t puts its result on m_* in clock t + 2 PIPE + 1
 * (PIPE in the line, PIPE for the slots to come round, one for the queue). With m_ready
 * high, hashes of two or more blocks stream back to back at one block per clock (in
 * GCM every hash is separated from the next by the IV and tag beats); one-block
 * hashes back to back are taken at PIPE + 2 per 2 PIPE + 2 clocks. LOAD_CLOCKS = 2 for
 * PIPE = 1 and PIPE * PIPE + 2 for PIPE = 2 to 4 (one lane).
 *
 * Digit-serial, DIGIT < 128 (PIPE 1 or 2): one block per 128 / DIGIT + PIPE - 1
 * clocks, for ITERATIVE builds whose engine takes 11 to 15 clocks per block (DIGIT = 16:
 * 8 clocks, 9 with PIPE = 2; 32: 4 or 5). The block X waits in x_reg and the previous
 * result Y in y_reg (Y counts as zero for a first block); each clock aes_gf128_mul takes
 * the highest-degree digit of B = Y xor X from the two and computes
 * z <- z * x^DIGIT xor digit * H, and both shift up a digit. With PIPE = 1 the step is
 * one clock of logic: after 128 / DIGIT clocks z is B * H, which the last step also
 * writes to y_reg for the next block, and the next block is taken in the clock of the
 * last step, so blocks stream with no gap. With PIPE = 2 the multiplier registers each
 * digit's product (aes_gf128_mul) and adds it to z in the next clock: the digit and the
 * product's tree before the register, z * x^DIGIT, the sum and the reduction after it;
 * the digit is zero outside the steps, so the product is complete in the clock after the
 * last step (final_reg), which writes it to y_reg and takes the next block. Either way
 * the product never passes a multiplexer chain on its way back. A last block taken in
 * clock t puts its result on m_* in clock t + 128 / DIGIT + PIPE. LOAD_CLOCKS = 2 when
 * idle; a block being hashed finishes with the old key first.
 *
 * Several lanes (full rate only): with L = LANES blocks per beat the slot logic stays
 * and c counts blocks, not beats (0 to L * PIPE). The slot and lane 0's block are
 * multiplied by H^c, as above, and lane j's block by H^(c - j) in a multiplier of its
 * own (one per lane, beside the slot's, with the same PIPE); the products are XORed
 * into the slot as it comes round. So a beat X_0 .. X_(n-1) does to its slot what n
 * steps of Horner's rule do: (S xor X_0) H^c xor X_1 H^(c-1) xor ... xor X_(n-1)
 * H^(c-n+1). Lanes past s_blocks enter as zero and add nothing. The unit needs H^1 ..
 * H^(L * PIPE) (the aggregated powers of H), which the key load computes as above with
 * L * PIPE - 1 passes: LOAD_CLOCKS = L * PIPE * PIPE + 2 (2 when L = PIPE = 1). Rate,
 * latency and queue are those of one lane, per beat.
 *
 * Reset zeroizes the key registers (h_new_reg, the powers of H) and the control; the
 * data registers (slots, line data, the queue's data) are not cleared, and none of them
 * reaches m_hash without a hash completing.
 *
 * h_clear forgets the key and the hash state, for a key that is no longer in use: the key
 * registers (h_new_reg, the powers of H or h_reg) are zeroized, h_ready drops until the
 * next h_load, and the hash state is zeroed (digit-serial: X, Y and the product, and with
 * PIPE = 2 the registered digit product a clock later; full rate: the slots, dropped for
 * the D clocks their pass takes). A load under way is
 * abandoned, and a clear in the same clock as h_load wins. Results already in the queue
 * (m_valid, or behind it) still come out; a hash left open is lost (its next block must
 * be a first block), and so is a result still in the datapath (a last block taken less
 * than the latency ago), so a clear waits for the results it wants to reach the queue.
 */
module aes_ghash #(
    // Bits of the multiplier operand consumed per clock: 128 (full rate, a block per
    // clock), or 8, 16, 32 or 64 (digit-serial, 128 / DIGIT clocks per block).
    parameter DIGIT = 128,
    // Register stages in the multiplier loop of the full-rate unit: 1, 2, or 3 and 4
    // (with KARATSUBA > 0). Digit-serial (DIGIT < 128): 1, or 2 to register each
    // digit's product before it is added (one clock more per block).
    parameter PIPE = 1,
    // Levels of Karatsuba's split in the full-rate multiplier (aes_gf128_mul, aes_clmul),
    // 0 to 4; 0 is the schoolbook product. The digit-serial unit does not use it.
    parameter KARATSUBA = 3,
    // Blocks per beat, 1 to 8 (full rate only): LANES multipliers side by side.
    parameter LANES = 1,
    // 1 (full rate only): the key and its powers can also be loaded as a whole
    // (h_pows_load), as h_pows gave them after an earlier h_load; 0: h_pows_* unused.
    parameter POW_LOAD = 0
) (
    input  wire         clk,
    input  wire         rst,

    // Hash key H (in GCM, AES_K(0^128)).
    input  wire [127:0] h,
    input  wire         h_load,
    output wire         h_ready,
    // The key and its powers H^1 .. H^(LANES * PIPE) as the unit holds them (full rate;
    // H^1 in the low 128 bits; zero in the digit-serial unit), and a load of a set of
    // them (POW_LOAD=1): h_pows_load as h_load, with the set on h_pows_in.
    output wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows,
    input  wire         h_pows_load,
    input  wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows_in,
    // Zeroize the key and the hash state (see above).
    input  wire         h_clear,

    // Blocks in.
    input  wire                   s_valid,
    output wire                   s_ready,
    input  wire [128*LANES-1:0]   s_block,
    input  wire [3:0]             s_blocks,   // lanes hashed: 0 .. s_blocks - 1
    input  wire                   s_first,
    input  wire         s_last,

    // Hashes out.
    output wire         m_valid,
    input  wire         m_ready,
    output wire [127:0] m_hash
);

    localparam FULL = (DIGIT == 128);
    // Entries of the result queue: enough that last blocks two or more clocks apart never
    // wait for the consumer's m_ready (results are in flight 2 PIPE + 1 clocks in the
    // full-rate unit, 128 / DIGIT + PIPE in the digit-serial one).
    localparam integer QUEUE = FULL ? PIPE + 2 : 2;
    localparam [2:0] QUEUE_LIMIT = QUEUE[2:0];

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (DIGIT != 8 && DIGIT != 16 && DIGIT != 32 && DIGIT != 64 && DIGIT != 128) begin : gen_invalid_digit
            aes_ghash_invalid_DIGIT_must_be_8_16_32_64_or_128 invalid_digit_inst ();
        end
        if (PIPE < 1 || PIPE > 4 || (PIPE >= 3 && KARATSUBA == 0)) begin : gen_invalid_pipe
            aes_ghash_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA invalid_pipe_inst ();
        end
        if (!FULL && PIPE > 2) begin : gen_invalid_serial_pipe
            aes_ghash_invalid_PIPE_must_be_1_or_2_when_DIGIT_is_below_128 invalid_serial_pipe_inst ();
        end
        if (LANES < 1 || LANES > 8) begin : gen_invalid_lanes
            aes_ghash_invalid_LANES_must_be_1_to_8 invalid_lanes_inst ();
        end
        if (!FULL && LANES != 1) begin : gen_invalid_serial_lanes
            aes_ghash_invalid_LANES_must_be_1_when_DIGIT_is_below_128 invalid_serial_lanes_inst ();
        end
        if (KARATSUBA < 0 || KARATSUBA > 4) begin : gen_invalid_karatsuba
            aes_ghash_invalid_KARATSUBA_must_be_0_to_4 invalid_karatsuba_inst ();
        end
        if (POW_LOAD != 0 && (!FULL || POW_LOAD != 1)) begin : gen_invalid_pow_load
            aes_ghash_invalid_POW_LOAD_must_be_0_or_1_with_DIGIT_128 invalid_pow_load_inst ();
        end
    endgenerate

    // The IP's byte order <-> SP 800-38D's bit order (an involution: the bits of each
    // byte in reverse).
    function [127:0] bit_order(input [127:0] v);
        integer i;
        begin
            for (i = 0; i < 128; i = i + 1) begin
                bit_order[i] = v[8 * (i / 8) + 7 - i % 8];
            end
        end
    endfunction

    reg [128*LANES-1:0] s_poly;
    integer li;
    always @* begin
        for (li = 0; li < LANES; li = li + 1) begin
            s_poly[128*li +: 128] = bit_order(s_block[128*li +: 128]);
        end
    end

    // ---------------------------------------------------------------- key and control

    reg          key_ok_reg, key_ok_next;     // h_ready
    reg          loading_reg, loading_next;   // a key load is under way
    reg [127:0]  h_new_reg;                   // the key being loaded
    reg          fresh_reg, fresh_next;       // the next block starts a new hash
    reg [2:0]    pending_reg, pending_next;   // results taken (last block) and not yet out

    // A load of a whole set of powers (POW_LOAD; an h_load in the same clock wins).
    wire         key_direct = (POW_LOAD != 0) && h_pows_load && !h_load;
    wire         take_ok;      // the datapath can take a block in this clock (registers only)
    wire         load_done;    // the datapath has the new key (and its powers) now
    wire         res_valid;    // a result leaves the datapath now
    wire [127:0] res_poly;

    assign h_ready = key_ok_reg;
    assign s_ready = key_ok_reg && take_ok && (pending_reg < QUEUE_LIMIT);
    wire accept = s_valid && s_ready;
    wire first_in = s_first || fresh_reg;

    // The result queue, head in entry 0 (m_*); valid entries are contiguous from 0.
    reg [QUEUE-1:0]     q_valid_reg, q_valid_next;
    reg [QUEUE-1:0]     q_moved;      // q_valid_reg after the pop, before the result
    reg [128*QUEUE-1:0] q_poly_reg, q_poly_next;
    wire                pop = q_valid_reg[0] && m_ready;

    integer qi;
    always @* begin
        key_ok_next = key_ok_reg;
        loading_next = loading_reg;
        fresh_next = fresh_reg;
        if (accept) begin
            fresh_next = s_last;
        end
        if (load_done) begin
            key_ok_next = 1'b1;
            loading_next = 1'b0;
            fresh_next = 1'b1;
        end
        if (h_load || key_direct) begin
            key_ok_next = 1'b0;
            loading_next = 1'b1;
        end
        if (h_clear) begin
            key_ok_next = 1'b0;
            loading_next = 1'b0;
        end
        pending_next = pending_reg + {2'b00, accept && s_last} - {2'b00, pop};

        // A pop moves every entry down one; a result goes to the first free entry (the
        // pending count keeps one from finding none). Valid entries are contiguous from
        // 0, so the first free entry is the one whose left neighbour is valid: each
        // entry's choice reads its own and its neighbours' flags, not a chain of them.
        q_moved = pop ? (q_valid_reg >> 1) : q_valid_reg;
        q_valid_next = q_moved;
        q_poly_next = pop ? (q_poly_reg >> 128) : q_poly_reg;
        for (qi = 0; qi < QUEUE; qi = qi + 1) begin
            if (res_valid && !q_moved[qi] && (qi == 0 || q_moved[(qi == 0) ? 0 : qi - 1])) begin
                q_valid_next[qi] = 1'b1;
                q_poly_next[128*qi +: 128] = res_poly;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            key_ok_reg <= 1'b0;
            loading_reg <= 1'b0;
            h_new_reg <= 128'd0;
            fresh_reg <= 1'b1;
            pending_reg <= 3'd0;
            q_valid_reg <= {QUEUE{1'b0}};
        end else begin
            key_ok_reg <= key_ok_next;
            loading_reg <= loading_next;
            if (h_clear) begin
                h_new_reg <= 128'd0;
            end else if (h_load) begin
                h_new_reg <= bit_order(h);
            end else if (key_direct) begin
                h_new_reg <= h_pows_in[127:0];
            end
            fresh_reg <= fresh_next;
            pending_reg <= pending_next;
            q_valid_reg <= q_valid_next;
        end
        q_poly_reg <= q_poly_next;
    end

    assign m_valid = q_valid_reg[0];
    assign m_hash = bit_order(q_poly_reg[127:0]);

    // ---------------------------------------------------------------- datapath

    generate
        if (FULL) begin : gen_full
            localparam D = PIPE;                          // slots in the loop
            localparam L = LANES;
            localparam N = L * D;                         // powers of H kept: H^1 .. H^N
            localparam LW = 128 * L;                      // a beat
            localparam LOAD_DONE_AT = (N == 1) ? 1 : 1 + N * D;
            localparam CW = (LOAD_DONE_AT < 4) ? 2 : (LOAD_DONE_AT < 8) ? 3 : (LOAD_DONE_AT < 16) ? 4 :
                            (LOAD_DONE_AT < 32) ? 5 : (LOAD_DONE_AT < 64) ? 6 : (LOAD_DONE_AT < 128) ? 7 : 8;
            localparam integer KEY_SWAP_NUM = D;
            localparam [CW-1:0] KEY_SWAP_AT = KEY_SWAP_NUM[CW-1:0];   // the powers take the new key
            localparam [CW-1:0] DONE_AT = LOAD_DONE_AT[CW-1:0];
            // A direct load (h_pows_load) takes the set a clock after the key swap.
            localparam integer DIRECT_DONE_NUM = (N == 1) ? 1 : D + 1;
            localparam [CW-1:0] DIRECT_DONE_AT = DIRECT_DONE_NUM[CW-1:0];
            localparam [CW-1:0] ONE_AT = 1;
            localparam [127:0] POLY_ONE = 128'd1;         // H^0
            localparam [3:0] L4 = L[3:0];

            // Blocks in the beat offered: 1 to L (0 counts as 1).
            wire [3:0] n_in = (L == 1 || s_blocks == 4'd0) ? 4'd1 : ((s_blocks > L4) ? L4 : s_blocks);

            // The line: stage 0 takes a beat from s_* (or a block of the key load); stage
            // D-1 is added to the slot entering the multiplier. Data and flags are zero in
            // an empty stage, and so are the lanes past a beat's count. Each stage also
            // carries c for its beat (or its empty place) so far: its own blocks and those
            // of the same hash taken after it (line_cnt_reg), and whether a later beat of
            // the hash may still count (line_open_reg: no last beat yet, itself included,
            // and no first beat after it). At stage D-1 the count is complete: c is a
            // register, whatever the number of lanes.
            localparam NW = 6;                            // counts up to N <= 32
            reg [D-1:0]     line_first_reg, line_last_reg;
            reg [D-1:0]     line_open_reg;
            reg [NW*D-1:0]  line_cnt_reg;                 // stage m at [NW*m +: NW]
            reg [LW*D-1:0]  line_data_reg;                // stage m at [LW*m +: LW]
            // What was added in the D clocks before: bit m-1 for clock t-m.
            reg [D-1:0]     added_last_reg, added_first_reg;
            reg [127:0]     a_reg;                        // the slot entering the multiplier
            reg [127:0]     op_reg;                       // the power of H it is multiplied by
            reg [127:0]     fin_reg, fin_next;            // sum of a finished hash's slots so far
            reg [128*N-1:0] pow_reg;                      // H^k at [128*(k-1) +: 128]
            reg [CW-1:0]    load_cnt_reg;                 // clocks since h_load (1 in the next)
            wire            direct;                       // the load is a direct one (h_pows_load)
            wire [128*N-1:0] pows_set;                    // its set, until the key swap

            wire [127:0] p_slot;                          // the slot of D clocks ago, times its power
            wire [127:0] p;                               // ... with the other lanes' products

            aes_gf128_mul #(
                .DIGIT     (128),
                .PIPE      (D),
                .KARATSUBA (KARATSUBA)
            ) u_mul (
                .clk (clk),
                .a   (a_reg),
                .b   (op_reg),
                .c   (128'd0),
                .p   (p_slot)
            );

            wire         add_first = line_first_reg[D-1];
            wire         add_last = line_last_reg[D-1];
            wire [LW-1:0] add_data = line_data_reg[LW*(D-1) +: LW];

            // The key load: inject H (as a first block) one clock after h_load and a zero
            // block every D clocks after it, N - 2 of them; keep the slot after each pass.
            // A direct load injects nothing: at the key swap the whole set is taken.
            wire at_key_swap = loading_reg && (load_cnt_reg == KEY_SWAP_AT);
            assign load_done = loading_reg && (load_cnt_reg == (direct ? DIRECT_DONE_AT : DONE_AT));
            wire       computing = loading_reg && !direct;
            wire       inject_first = computing && (N > 1) && (load_cnt_reg == ONE_AT);
            wire [N:0] inject_zero;                       // bit n: the n-th zero block now
            wire [N:1] capture;                           // bit k: p is H^k now
            assign inject_zero[0] = 1'b0;
            assign capture[1] = 1'b0;
            genvar gn;
            for (gn = 1; gn <= N; gn = gn + 1) begin : gen_load_step
                localparam integer AT_NUM = 1 + gn * D;
                localparam [CW-1:0] AT = AT_NUM[CW-1:0];
                if (gn <= N - 2) begin : gen_zero
                    assign inject_zero[gn] = computing && (load_cnt_reg == AT);
                end else begin : gen_no_zero
                    assign inject_zero[gn] = 1'b0;
                end
                if (gn >= 2) begin : gen_capture
                    assign capture[gn] = computing && (load_cnt_reg == AT);
                end
            end
            wire inject = inject_first || |inject_zero;

            // c: blocks of the hash the entering slot belongs to, added now and in the
            // next D-1 clocks, up to its last beat and before a later first beat (the
            // count stage D-1 carries). The slot is multiplied by H^c, lane j's block by
            // H^(c - j) (a lane with a block has c > j; the others multiply zero).
            wire [31:0] count = {26'd0, line_cnt_reg[NW*(D-1) +: NW]};
            // What enters the line now, and what it adds to the counts of the stages
            // before it.
            wire [NW-1:0] enter_n = accept ? {2'b00, n_in} : {5'd0, inject};
            wire        enter_first = (accept && first_in) || inject_first;
            wire        enter_last = accept && s_last;
            // The counts of the stages in the next clock.
            reg [NW*D-1:0] cnt_next;
            integer     cs;
            always @* begin
                cnt_next[NW-1:0] = enter_n;
                for (cs = 1; cs < D; cs = cs + 1) begin
                    cnt_next[NW*cs +: NW] = line_cnt_reg[NW*(cs-1) +: NW] +
                                            ((line_open_reg[cs-1] && !enter_first) ? enter_n : {NW{1'b0}});
                end
            end
            reg         drop;
            reg         stale;
            reg         later_last;
            reg [127:0] op_next;
            integer     m;
            always @* begin
                op_next = POLY_ONE;
                for (m = 1; m <= N; m = m + 1) begin
                    if (count == m) begin
                        op_next = pow_reg[128*(m-1) +: 128];
                    end
                end
                // A first block added now or in the D-1 clocks before clears the slot.
                drop = add_first;
                for (m = 1; m < D; m = m + 1) begin
                    drop = drop | added_first_reg[m-1];
                end
                // In a flush, the slot is no share of the finishing hash (the one whose
                // last block is the oldest in added_last_reg) when that hash's first block
                // came after the slot's previous pass: a first block added in the D-1
                // clocks before, not later than that last block.
                stale = 1'b0;
                later_last = 1'b0;
                for (m = D - 1; m >= 1; m = m - 1) begin
                    later_last = later_last | added_last_reg[m];
                    stale = stale | (added_first_reg[m-1] && !later_last);
                end
            end

            // Lanes 1 .. L-1: the block times its power, in step with the slot's product.
            // Each lane chooses its power from a count of its own, c - gl (x_cnt_reg), so
            // that the choice is made beside the lane's multiplier and not across the
            // device from one register. It holds c less the lane's number rather than a
            // copy of c: synthesis merges registers of equal input, keep attribute or not,
            // and a copy would become one register with line_cnt_reg's stage D-1. Below
            // gl it wraps past N, where no power is chosen.
            wire [LW-1:0] lane_p;                         // lane j at [128*j +: 128]; lane 0 zero
            assign lane_p[127:0] = 128'd0;
            genvar gl;
            for (gl = 1; gl < L; gl = gl + 1) begin : gen_lane
                reg [127:0] x_reg;                        // lane gl's block
                reg [127:0] x_op_reg;                     // its power of H: H^(c - gl), or 0
                localparam [NW-1:0] GL = gl;
                reg  [NW-1:0] x_cnt_reg;                  // c - gl, c as line_cnt_reg's stage D-1
                wire [31:0] x_count = {26'd0, x_cnt_reg};
                reg  [127:0] x_op_next;
                integer xm;
                always @* begin
                    x_op_next = 128'd0;
                    for (xm = 1; xm <= N - gl; xm = xm + 1) begin
                        if (x_count == xm) begin
                            x_op_next = pow_reg[128*(xm-1) +: 128];
                        end
                    end
                end
                always @(posedge clk) begin
                    if (rst) begin
                        x_cnt_reg <= {NW{1'b0}};
                    end else begin
                        x_cnt_reg <= cnt_next[NW*(D-1) +: NW] - GL;
                    end
                    x_reg <= h_clear ? 128'd0 : add_data[128*gl +: 128];
                    x_op_reg <= x_op_next;
                end
                aes_gf128_mul #(
                    .DIGIT     (128),
                    .PIPE      (D),
                    .KARATSUBA (KARATSUBA)
                ) u_mul (
                    .clk (clk),
                    .a   (x_reg),
                    .b   (x_op_reg),
                    .c   (128'd0),
                    .p   (lane_p[128*gl +: 128])
                );
            end
            reg [127:0] lanes_sum;
            integer     sj;
            always @* begin
                lanes_sum = p_slot;
                for (sj = 1; sj < L; sj = sj + 1) begin
                    lanes_sum = lanes_sum ^ lane_p[128*sj +: 128];
                end
            end
            assign p = lanes_sum;

            // A last block added in the D clocks before: the slot is a finished share.
            wire         flush = |added_last_reg;
            wire         keep = !flush && !drop;
            wire [127:0] slot_in = (p & {128{keep}}) ^ add_data[127:0];
            wire [127:0] share_sum = fin_reg ^ (p & {128{!stale}});
            assign res_valid = added_last_reg[D-1];      // the hash's last share comes round now
            assign res_poly = share_sum;

            always @* begin
                fin_next = fin_reg;
                if (res_valid) begin
                    fin_next = 128'd0;
                end else if (flush) begin
                    fin_next = share_sum;
                end
            end

            assign take_ok = 1'b1;

            // The beat taken, its lanes past the count zeroed.
            reg [LW-1:0] in_data;
            integer      ij;
            always @* begin
                for (ij = 0; ij < L; ij = ij + 1) begin
                    in_data[128*ij +: 128] = (ij < n_in) ? s_poly[128*ij +: 128] : 128'd0;
                end
            end

            integer s;
            always @(posedge clk) begin
                if (rst) begin
                    line_open_reg <= {D{1'b1}};
                    line_cnt_reg <= {NW*D{1'b0}};
                    line_first_reg <= {D{1'b0}};
                    line_last_reg <= {D{1'b0}};
                    added_last_reg <= {D{1'b0}};
                    added_first_reg <= {D{1'b0}};
                    fin_reg <= 128'd0;
                    pow_reg <= {128*N{1'b0}};
                    load_cnt_reg <= {CW{1'b0}};
                end else begin
                    line_cnt_reg <= cnt_next;
                    line_open_reg[0] <= !enter_last;
                    line_first_reg[0] <= enter_first;
                    line_last_reg[0] <= enter_last;
                    for (s = 1; s < D; s = s + 1) begin
                        line_open_reg[s] <= line_open_reg[s-1] && !enter_first && !enter_last;
                        line_first_reg[s] <= line_first_reg[s-1];
                        line_last_reg[s] <= line_last_reg[s-1];
                    end
                    added_last_reg <= (added_last_reg << 1) | {{D-1{1'b0}}, add_last};
                    // a clear drops the slots still in the multiplier, as a first block would
                    added_first_reg <= h_clear ? {D{1'b1}} :
                                       ((added_first_reg << 1) | {{D-1{1'b0}}, add_first});
                    fin_reg <= fin_next;
                    if (h_clear) begin
                        pow_reg <= {128*N{1'b0}};
                    end else if (at_key_swap && direct) begin
                        pow_reg <= pows_set;
                    end else begin
                        if (at_key_swap) begin
                            pow_reg[127:0] <= h_new_reg;
                        end
                        for (s = 2; s <= N; s = s + 1) begin
                            if (capture[s]) begin
                                pow_reg[128*(s-1) +: 128] <= p;
                            end
                        end
                    end
                    if (h_load || key_direct) begin
                        load_cnt_reg <= ONE_AT;
                    end else if (loading_reg) begin
                        load_cnt_reg <= load_cnt_reg + 1'b1;
                    end
                end
                // Line data: the beat taken, the key being loaded, or zero.
                if (accept) begin
                    line_data_reg[LW-1:0] <= in_data;
                end else if (inject_first) begin
                    line_data_reg[LW-1:0] <= {{(LW-128){1'b0}}, h_new_reg};
                end else begin
                    line_data_reg[LW-1:0] <= {LW{1'b0}};
                end
                for (s = 1; s < D; s = s + 1) begin
                    line_data_reg[LW*s +: LW] <= line_data_reg[LW*(s-1) +: LW];
                end
                a_reg <= h_clear ? 128'd0 : slot_in;
                op_reg <= op_next;
            end
            assign h_pows = pow_reg;

            // The direct load's set waits in pows_in_reg until the key swap (so a hash
            // still in the loop finishes with the old powers, as after h_load), and is
            // zeroized then, by a clear and at reset.
            if (POW_LOAD != 0) begin : gen_pow_load
                reg             direct_reg;
                reg [128*N-1:0] pows_in_reg;
                assign direct = direct_reg;
                assign pows_set = pows_in_reg;
                always @(posedge clk) begin
                    if (rst) begin
                        direct_reg <= 1'b0;
                    end else if (h_load || key_direct) begin
                        direct_reg <= key_direct;
                    end
                    // A new set in the clock of the last one's swap is kept.
                    if (rst || h_clear) begin
                        pows_in_reg <= {128*N{1'b0}};
                    end else if (key_direct) begin
                        pows_in_reg <= h_pows_in;
                    end else if (at_key_swap && direct_reg) begin
                        pows_in_reg <= {128*N{1'b0}};
                    end
                end
            end else begin : gen_no_pow_load
                assign direct = 1'b0;
                assign pows_set = {128*N{1'b0}};
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_pows = &{1'b0, h_pows_in, h_pows_load};
                /* verilator lint_on UNUSEDSIGNAL */
            end

            // The line's oldest first flag is only needed for D-1 clocks; lane 0 has no
            // product of its own beside the slot's.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_bits = &{1'b0, added_first_reg[D-1], capture[1], inject_zero[0], lane_p[127:0]};
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : gen_serial
            localparam STEPS = 128 / DIGIT;
            localparam SW = (STEPS <= 2) ? 1 : (STEPS <= 4) ? 2 : (STEPS <= 8) ? 3 : 4;
            localparam integer LAST_STEP_NUM = STEPS - 1;
            localparam [SW-1:0] LAST_STEP = LAST_STEP_NUM[SW-1:0];
            // PIPE = 2: the digit's product is registered before it is added, so the
            // product is complete one clock after the last digit (the "final" clock).
            localparam SPLIT = (PIPE == 2);

            reg          busy_reg, busy_next;
            reg [SW-1:0] step_reg, step_next;
            reg          last_step_reg, last_step_next;   // busy in its last step
            reg          final_reg, final_next;       // SPLIT: the clock after the last step
            reg          cleared_reg;                 // SPLIT: the clock after an h_clear
            reg          last_reg, last_next;         // the block being hashed is a last block
            reg          new_reg, new_next;           // ... is a first block (Y counts as zero)
            reg [127:0]  x_reg, x_next;               // X, shifting up a digit per step
            reg [127:0]  y_reg, y_next;               // Y, the previous result, likewise
            reg [127:0]  z_reg, z_next;               // the product so far
            reg [127:0]  h_reg;

            // The digit of B = Y xor X that this step multiplies; with SPLIT, zero outside
            // the steps, so that nothing is added to the product then. A clear does not
            // gate it (h_clear stays off the product's path): the product registered in
            // the clock of a clear is dropped in the next (cleared_reg zeroes z again, and
            // the block's final clock is cancelled), and the one after it is of X = Y = 0.
            wire [DIGIT-1:0] digit_b = (y_reg[127 -: DIGIT] & {DIGIT{!new_reg}}) ^ x_reg[127 -: DIGIT];
            wire [DIGIT-1:0] digit = SPLIT ? (digit_b & {DIGIT{busy_reg}}) : digit_b;
            // z * x^DIGIT xor digit * H; with SPLIT, of the z and the digit of the clock
            // before (the multiplier keeps its own copy of z, from z_next).
            wire [127:0]     z_step;
            wire [127:0]     z_in = SPLIT ? z_next : z_reg;
            // the clock in which z_step is the whole product of the block
            wire             done = SPLIT ? final_reg : last_step_reg;

            aes_gf128_mul #(
                .DIGIT (DIGIT),
                .PIPE  (PIPE)
            ) u_mul (
                .clk (clk),
                .a   (digit),
                .b   (h_reg),
                .c   (z_in),
                .p   (z_step)
            );

            assign take_ok = !busy_reg || (!SPLIT && last_step_reg);
            assign load_done = loading_reg && !busy_reg;
            assign res_valid = done && last_reg;
            assign res_poly = z_step;

            always @* begin
                busy_next = busy_reg;
                step_next = step_reg;
                last_next = last_reg;
                new_next = new_reg;
                x_next = x_reg;
                y_next = y_reg;
                z_next = SPLIT ? z_step : z_reg;
                if (busy_reg) begin
                    z_next = z_step;
                    x_next = {x_reg[127-DIGIT:0], {DIGIT{1'b0}}};
                    y_next = {y_reg[127-DIGIT:0], {DIGIT{1'b0}}};
                    step_next = step_reg + 1'b1;
                    if (last_step_reg) begin
                        busy_next = 1'b0;
                    end
                end
                // the whole product is the next block's Y
                if (done) begin
                    y_next = z_step;
                end
                if (accept) begin
                    busy_next = 1'b1;
                    step_next = {SW{1'b0}};
                    last_next = s_last;
                    new_next = first_in;
                    x_next = s_poly[127:0];
                    z_next = 128'd0;
                end
                if (h_clear) begin
                    x_next = 128'd0;
                    y_next = 128'd0;
                    z_next = 128'd0;
                end
                if (SPLIT && cleared_reg) begin
                    z_next = 128'd0;
                end
                last_step_next = busy_next && (step_next == LAST_STEP);
                final_next = SPLIT && busy_reg && last_step_reg && !h_clear;
            end

            always @(posedge clk) begin
                if (rst) begin
                    busy_reg <= 1'b0;
                    step_reg <= {SW{1'b0}};
                    last_step_reg <= 1'b0;
                    final_reg <= 1'b0;
                    cleared_reg <= 1'b0;
                    last_reg <= 1'b0;
                    h_reg <= 128'd0;
                end else begin
                    busy_reg <= busy_next;
                    step_reg <= step_next;
                    last_step_reg <= last_step_next;
                    final_reg <= final_next;
                    cleared_reg <= SPLIT && h_clear;
                    last_reg <= last_next;
                    if (h_clear) begin
                        h_reg <= 128'd0;
                    end else if (load_done) begin
                        h_reg <= h_new_reg;
                    end
                end
                new_reg <= new_next;
                x_reg <= x_next;
                y_reg <= y_next;
                z_reg <= z_next;
            end

            // One block per beat: the count and the other lanes are not read; no direct
            // load (POW_LOAD is full rate only).
            assign h_pows = 128'd0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_serial = &{1'b0, s_blocks, s_poly, h_pows_in, h_pows_load};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

endmodule

`resetall
