// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// PIPELINED AES engine: Nr round units unrolled, STAGES_PER_ROUND registers each, LANES copies
//
// Structure (one lane; LANES lanes side by side share every control and key):
//
//   s_* --> I --(+ key 0)--> unit 1 --> unit 2 --> ... --> unit NR --> O --> FIFO --> m_*
//
// I is the input register, unit u (aes_pipe_round) applies round u with S =
// STAGES_PER_ROUND registers, O is the output register and FIFO the output buffer
// (aes_fifo). NR is the Nr of MAX_KEY_BITS (10, 12, 14). Beside the data, a
// metadata pipeline carries each block's valid bit, key slot, direction, key length
// and tag from register to register, so consecutive blocks may use different keys,
// directions and key lengths at no cost.
//
// Round keys. Round u of either direction reads key index u (docs/architecture.md),
// from its own read port of the key store (aes_key_store, PER_INDEX_PORTS=1: address
// in clock t, key in clock t+1). The port of unit u is addressed with the slot and
// direction of the block one register before the register whose logic adds the key, so
// the key arrives exactly with its block. Port 0 (the initial AddRoundKey, done
// between I and unit 1) is addressed straight from s_slot / s_decrypt.
//
// Key lengths. A block whose key is shorter than MAX_KEY_BITS has its last round in
// unit 10 or 12 (those units drop MixColumns when their block's flag says so), and
// the units after it pass it through unchanged; the flags are decoded from the block's
// key length one register ahead. Every block takes the same time.
//
// Timing. A block accepted in clock t is in I in t+1, in register s of unit u in
// t+1+(u-1)*S+s, in O in t+2+NR*S, and on m_* in t+4+NR*S at the earliest (the FIFO
// registers its read): LATENCY = NR*S + 4 clocks (AES-128 build: 14, 24, 34, 44 for
// S = 1..4), the same for every block, key length and direction.
//
// Backpressure: credits, no stall. The pipeline never stops; a block is accepted only
// when the FIFO is sure to have room for it when it arrives: the blocks accepted and
// not yet delivered (in the pipeline or in the FIFO), plus the one delivered in the
// clock before (its credit comes back a clock late), stay at most FIFO_DEPTH.
// FIFO_DEPTH is the smallest multiple of 16 from LATENCY + 2 on, so with m_ready high
// the engine accepts one beat every clock; with m_ready low it fills the FIFO and then
// holds s_ready low. s_ready and m_valid are registers. m_ready drives one LUT level
// in front of the FIFO's occupancy and read-pointer registers and one register here
// (the credit return); s_valid one LUT level in front of the credit registers.
module aes_engine_pipelined #(
    // Register stages per round unit, 1 to 4 (cuts: aes_pipe_round, docs/engines.md).
    parameter STAGES_PER_ROUND = 1,
    // S-box implementation: "LUT", "COMPOSITE" or "TTABLE".
    parameter [8*16-1:0] SBOX = "LUT",
    // 128-bit blocks per beat, processed side by side: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Longest key: 128, 192 or 256 (sets the number of round units).
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

    // Round-key read ports of the key store, one per index p (data one clock after
    // the address); ports beyond NR are not used.
    output wire [4*15-1:0]        rk_slot,
    output wire [14:0]            rk_dec,
    input  wire [128*15-1:0]      rk_key
);

    localparam S = STAGES_PER_ROUND;
    localparam NR = MAX_KEY_BITS == 128 ? 10 : (MAX_KEY_BITS == 192 ? 12 : 14);
    localparam W = 128 * LANES;
    // Metadata registers: 0 is I, (u-1)*S + s is register s of unit u, LAST is O.
    localparam LAST = NR * S + 1;
    localparam NREG = LAST + 1;
    // The register of a unit after which the round key is added (see aes_pipe_round).
    localparam KEY_STAGE = (SBOX == "TTABLE" && S == 4) ? 3 : S;
    // Clocks from the input handshake to the output beat, without backpressure.
    localparam LATENCY = NR * S + 4;
    // Output buffer and credits: the smallest multiple of 16 (a bank of distributed RAM)
    // from LATENCY + 2 on, so that with m_ready high the engine accepts one beat every
    // clock (a credit is away for LATENCY + 1 clocks: the block's LATENCY and the clock
    // its return is registered). AES-128: 16, 32, 48, 48 entries for S = 1..4.
    localparam FIFO_DEPTH = 16 * ((LATENCY + 2 + 15) / 16);
    localparam CW = 8;   // credit count bits (FIFO_DEPTH <= 64)

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (STAGES_PER_ROUND < 1 || STAGES_PER_ROUND > 4) begin : gen_invalid_stages
            aes_engine_pipelined_invalid_STAGES_PER_ROUND_must_be_1_to_4 invalid_stages_inst ();
        end
        if (SBOX != "LUT" && SBOX != "COMPOSITE" && SBOX != "TTABLE") begin : gen_invalid_sbox
            aes_engine_pipelined_invalid_SBOX_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();
        end
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid_lanes
            aes_engine_pipelined_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
        if (MAX_KEY_BITS != 128 && MAX_KEY_BITS != 192 && MAX_KEY_BITS != 256) begin : gen_invalid_key
            aes_engine_pipelined_invalid_MAX_KEY_BITS_must_be_128_192_or_256 invalid_key_inst ();
        end
        if (DECRYPT != 0 && DECRYPT != 1) begin : gen_invalid_decrypt
            aes_engine_pipelined_invalid_DECRYPT_must_be_0_or_1 invalid_decrypt_inst ();
        end
        if (TAG_WIDTH < 1) begin : gen_invalid_tag
            aes_engine_pipelined_invalid_TAG_WIDTH_must_be_at_least_1 invalid_tag_inst ();
        end
    endgenerate

    // ---------------------------------------------------------------------------------
    // Credits and input
    // ---------------------------------------------------------------------------------

    // Free credits (FIFO_DEPTH at reset). A block accepted takes one at once; a block
    // delivered gives its credit back one clock later (deliver_reg), so that m_ready
    // only drives one register here. Beside the count, two flags are registers:
    // any_reg (a credit is free) and one_reg (exactly one). The next values of all
    // three are chosen by accept among values computed from registers alone (the count
    // plus or minus one, "exactly two" decoded from the count), so s_valid is the last
    // input of one LUT in front of each; s_ready is any_next registered (low in reset
    // and in the clock after it, as any_reg is not).
    reg [CW-1:0] free_reg, free_next;
    reg          any_reg, any_next;
    reg          one_reg, one_next;
    reg          deliver_reg;
    reg          s_ready_reg;

    wire accept = s_valid && s_ready_reg;
    wire deliver = m_valid && m_ready;
    wire s_dec = (DECRYPT != 0) && s_decrypt;

    wire [CW-1:0] free_acc = deliver_reg ? free_reg : free_reg - 1'b1;
    wire [CW-1:0] free_stay = deliver_reg ? free_reg + 1'b1 : free_reg;
    wire          two = (free_reg == 2);

    always @* begin
        free_next = accept ? free_acc : free_stay;
        // a credit free: one returned, or more than the one an accept takes
        any_next = deliver_reg || (any_reg && !(accept && one_reg));
        // exactly one: (accept and return) keeps the count, an accept from two, a
        // return into none
        if (accept) begin
            one_next = deliver_reg ? one_reg : two;
        end else begin
            one_next = deliver_reg ? !any_reg : one_reg;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            free_reg <= FIFO_DEPTH[CW-1:0];
            any_reg <= 1'b1;
            one_reg <= 1'b0;
            deliver_reg <= 1'b0;
            s_ready_reg <= 1'b0;
        end else begin
            free_reg <= free_next;
            any_reg <= any_next;
            one_reg <= one_next;
            deliver_reg <= deliver;
            s_ready_reg <= any_next;
        end
    end

    assign s_ready = s_ready_reg;

    // ---------------------------------------------------------------------------------
    // Metadata pipeline: register k holds the block's valid bit, slot, direction, key
    // length, tag, and the last-round and pass flags of the unit register k belongs to.
    // ---------------------------------------------------------------------------------

    reg [NREG-1:0]           valid_reg, valid_next;
    reg [4*NREG-1:0]         slot_reg, slot_next;
    reg [NREG-1:0]           dec_reg, dec_next;
    reg [2*NREG-1:0]         len_reg, len_next;
    reg [TAG_WIDTH*NREG-1:0] tag_reg, tag_next;
    reg [NREG-1:0]           last_reg, last_next;
    reg [NREG-1:0]           pass_reg, pass_next;

    integer k;
    integer unit_k;         // the round unit register k belongs to
    integer nr_k;           // Nr of the block entering register k

    always @* begin
        valid_next = {valid_reg[NREG-2:0], accept};
        slot_next = {slot_reg[4*(NREG-1)-1:0], s_slot};
        dec_next = {dec_reg[NREG-2:0], s_dec};
        len_next = {len_reg[2*(NREG-1)-1:0], s_len};
        tag_next = {tag_reg[TAG_WIDTH*(NREG-1)-1:0], s_tag};
        last_next = {NREG{1'b0}};
        pass_next = {NREG{1'b0}};
        for (k = 1; k < LAST; k = k + 1) begin
            unit_k = (k - 1) / S + 1;
            nr_k = 10 + 2 * len_reg[2*(k-1) +: 2];
            last_next[k] = (nr_k == unit_k);
            pass_next[k] = (nr_k < unit_k);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            valid_reg <= {NREG{1'b0}};
        end else begin
            valid_reg <= valid_next;
        end
        slot_reg <= slot_next;
        dec_reg <= dec_next;
        len_reg <= len_next;
        tag_reg <= tag_next;
        last_reg <= last_next;
        pass_reg <= pass_next;
    end

    // ---------------------------------------------------------------------------------
    // Key ports
    // ---------------------------------------------------------------------------------

    assign rk_slot[3:0] = s_slot;
    assign rk_dec[0] = s_dec;

    genvar u, l;
    generate
        for (u = 1; u <= 14; u = u + 1) begin : gen_port
            if (u <= NR) begin : gen_used
                // one register before the key-adding register of unit u
                localparam integer KR = (u - 1) * S + KEY_STAGE - 1;
                assign rk_slot[4*u +: 4] = slot_reg[4*KR +: 4];
                assign rk_dec[u] = dec_reg[KR];
            end else begin : gen_unused
                assign rk_slot[4*u +: 4] = 4'd0;
                assign rk_dec[u] = 1'b0;
            end
        end
    endgenerate

    // ---------------------------------------------------------------------------------
    // Data path, one lane at a time
    // ---------------------------------------------------------------------------------

    reg  [W-1:0] in_reg;     // register I
    reg  [W-1:0] out_reg;    // register O
    wire [W-1:0] round_out;               // leaving unit NR

    always @(posedge clk) begin
        in_reg <= s_data;
        out_reg <= round_out;
    end

    generate
        for (l = 0; l < LANES; l = l + 1) begin : gen_lane
            // state entering unit u in bits [128(u-1) +: 128]; unit NR's output last
            wire [128*(NR+1)-1:0] chain;
            assign chain[127:0] = in_reg[128*l +: 128] ^ rk_key[127:0];

            for (u = 1; u <= NR; u = u + 1) begin : gen_round
                localparam integer R0 = (u - 1) * S;   // the register before the unit
                aes_pipe_round #(
                    .SBOX(SBOX),
                    .STAGES(S),
                    .DECRYPT(DECRYPT),
                    .LAST_MODE(u == NR ? 1 : ((u == 10 || u == 12) ? 2 : 0)),
                    .PASS(u > 10 ? 1 : 0),
                    .FIRST(u == 1 ? 1 : 0)
                ) u_round (
                    .clk(clk),
                    .in(chain[128*(u-1) +: 128]),
                    .in_dec(dec_reg[R0]),
                    .st_dec(dec_reg[R0+1 +: S]),
                    .st_last(last_reg[R0+1 +: S]),
                    .st_pass(pass_reg[R0+1 +: S]),
                    .round_key(rk_key[128*u +: 128]),
                    .out(chain[128*u +: 128])
                );
            end

            assign round_out[128*l +: 128] = chain[128*NR +: 128];
        end
    endgenerate

    // ---------------------------------------------------------------------------------
    // Output buffer
    // ---------------------------------------------------------------------------------

    wire [TAG_WIDTH+W-1:0] fifo_out;

    wire [TAG_WIDTH+W-1:0] fifo_in = {tag_reg[TAG_WIDTH*LAST +: TAG_WIDTH], out_reg};

    aes_fifo #(
        .WIDTH(TAG_WIDTH + W),
        .DEPTH(FIFO_DEPTH),
        // The FIFO sits at the end of the pipeline, far from the reset's source; no
        // block can reach it in the clock after a reset (the pipeline's valid bits are
        // reset directly).
        .RESET_REG(1)
    ) u_fifo (
        .clk(clk),
        .rst(rst),
        .wr_valid(valid_reg[LAST]),
        .wr_data(fifo_in),
        .m_valid(m_valid),
        .m_ready(m_ready),
        .m_data(fifo_out)
    );

    assign m_data = fifo_out[W-1:0];
    assign m_tag = fifo_out[TAG_WIDTH+W-1:W];

    // Metadata that no logic reads (slot and length after their last use, flags of
    // registers that are not in a unit); Yosys removes the registers.
    wire unused_meta = ^{slot_reg, len_reg, last_reg, pass_reg, dec_reg};
    // Key ports beyond NR (MAX_KEY_BITS below 256) are not read.
    wire unused_keys = ^rk_key;

endmodule

`resetall
