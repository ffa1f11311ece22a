// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// PIPELINED round unit with T-tables in block RAM (aes_pipe_round, SBOX "TTABLE")

/*
 * aes_pipe_round instantiates this module for SBOX "TTABLE" and checks its parameters.
 * It has aes_pipe_round's parameters and ports (some are not read here), and keeps its
 * hierarchy in synthesis: aes_pipe_round's header says what they are, and why.
 *
 * Tables in block RAM (aes_rom): register 1 is the read register of the tables
 * themselves, so the unit is the tables plus an XOR network. The cuts:
 *     1  [T ARK]
 *     2  [T] [ARK]
 *     3  [T] [pairs] [ARK]
 *     4  [T] [pairs] [ARK] [-]
 *   "T" is the table read (16 lookups, two per table, addressed by ShiftRows(in) or
 *   InvShiftRows(in)), "pairs" XORs the four lookups of a column two by two, "ARK"
 *   finishes the column and adds the round key. With 4 stages the last register sits
 *   right before the next unit's table address, so the key is added after register 3.
 *   Encryption only (DECRYPT=0): tables of {2*S, S}, two lookups per 16-bit table;
 *   with decryption: tables of T0 / Td0 by {dec, byte}, 32 bits, and for the last
 *   decryption round separate inverse S-box tables (Td0 has no plain Si byte).
 *
 * The flow places each round's block RAMs by their instance names
 * (python/aescores/flow/floorplan.py matches
 * `u_round.gen_ttable.u_ttable.gen_ttable.gen_table[j]`).
 */
(* keep_hierarchy *)
module aes_pipe_round_ttable #(
    // register stages in the unit, 1 to 4
    parameter STAGES = 1,
    // 1: both directions (equivalent inverse cipher); 0: encryption only
    parameter DECRYPT = 1,
    // 0: never the last round of a block; 1: always; 2: when st_last is set
    parameter LAST_MODE = 0,
    // 1: a block may pass through unchanged when st_pass is set; 0: never
    parameter PASS = 0,
    // 1: the first unit of the pipeline (not read here: see aes_pipe_round)
    /* verilator lint_off UNUSEDPARAM */
    parameter FIRST = 0
    /* verilator lint_on UNUSEDPARAM */
) (
    input  wire              clk,

    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0]      in,
    // direction of the block on `in` (1: decrypt): the table address
    input  wire              in_dec,
    // direction, last-round and pass flags of the block in register s, bit s-1
    input  wire [STAGES-1:0] st_dec,
    input  wire [STAGES-1:0] st_last,
    input  wire [STAGES-1:0] st_pass,
    // round key (decryption keys in equivalent-inverse form), valid while the block is
    // in register KEY_STAGE (STAGES, or 3 with 4 stages)
    input  wire [127:0]      round_key,

    // state leaving the round
    output wire [127:0]      out
);

`include "aes_shift_rows.vh"

localparam DEC = (DECRYPT != 0);
localparam HAS_PASS = (PASS != 0);
// bits of a lookup
localparam EW = DEC ? 32 : 16;
// inverse S-box tables for a last decryption round
localparam NEED_SI = DEC && (LAST_MODE != 0);
// register whose flags the pair / column logic uses
localparam XS = STAGES == 1 ? 1 : 2;
// register after which the key is added, and a passed-through block leaves
localparam KEY_STAGE = STAGES >= 3 ? 3 : STAGES;

// rotate a 32-bit column up by n bytes: byte k of the result is byte (k - n) mod 4 of w
function [31:0] rotate_up;
    input [31:0] w;
    input integer n;
    begin
        case (n)
            0:       rotate_up = w;
            1:       rotate_up = {w[23:0], w[31:24]};
            2:       rotate_up = {w[15:0], w[31:16]};
            default: rotate_up = {w[7:0], w[31:8]};
        endcase
    end
endfunction

// The generate block gen_ttable gives the unit's nets the names they had when the
// implementations were branches of aes_pipe_round. Yosys chooses between the names of a
// net by their text, and ABC's mapping of the unit depends on those choices (measured:
// up to 4 LUT4 in a decryption unit): with these names it maps as before.

// Pass-through copy of `in`, register s in bits [128s-1:128(s-1)] (only built when
// PASS=1); a passed block leaves from register KEY_STAGE.
wire [128*STAGES-1:0] xp;

genvar j, s;
generate
    if (1) begin : gen_ttable

        // Register 1: the table read registers. Lookup 4c+r is row r of column c after
        // (Inv)ShiftRows.
        wire [127:0]     in_sr = shift_rows(in);
        wire [127:0]     in_isr = inv_shift_rows(in);     // unused when DECRYPT=0
        wire [16*EW-1:0] q;     // lookup j in bits [EW*j +: EW]
        wire [127:0]     si;    // Si(InvShiftRows(in)) when NEED_SI

        for (j = 0; j < 16; j = j + 2) begin : gen_table
            if (DEC) begin : gen_encdec
                wire [8:0]  addr_a = {in_dec, in_dec ? in_isr[8*j +: 8] : in_sr[8*j +: 8]};
                wire [8:0]  addr_b = {in_dec, in_dec ? in_isr[8*j+8 +: 8] : in_sr[8*j+8 +: 8]};
                wire [31:0] q_a, q_b;
                aes_rom #(
                    .TABLE ("ENCDEC32"),
                    .ABITS (9),
                    .DBITS (32)
                ) u_rom (
                    .clk    (clk),
                    .en     (1'b1),
                    .addr_a (addr_a),
                    .q_a    (q_a),
                    .addr_b (addr_b),
                    .q_b    (q_b)
                );
                assign q[EW*j +: EW] = q_a;
                assign q[EW*(j+1) +: EW] = q_b;
            end else begin : gen_enc
                wire [7:0]  addr_a = in_sr[8*j +: 8];
                wire [7:0]  addr_b = in_sr[8*j+8 +: 8];
                wire [15:0] q_a, q_b;
                aes_rom #(
                    .TABLE ("ENC16"),
                    .ABITS (8),
                    .DBITS (16)
                ) u_rom (
                    .clk    (clk),
                    .en     (1'b1),
                    .addr_a (addr_a),
                    .q_a    (q_a),
                    .addr_b (addr_b),
                    .q_b    (q_b)
                );
                assign q[EW*j +: EW] = q_a;
                assign q[EW*(j+1) +: EW] = q_b;
            end
            if (NEED_SI) begin : gen_si
                wire [7:0] addr_a = in_isr[8*j +: 8];
                wire [7:0] addr_b = in_isr[8*j+8 +: 8];
                wire [7:0] q_a, q_b;
                aes_rom #(
                    .TABLE ("INV8"),
                    .ABITS (8),
                    .DBITS (8)
                ) u_rom_si (
                    .clk    (clk),
                    .en     (1'b1),
                    .addr_a (addr_a),
                    .q_a    (q_a),
                    .addr_b (addr_b),
                    .q_b    (q_b)
                );
                assign si[8*j +: 16] = {q_b, q_a};
            end else begin : gen_no_si
                assign si[8*j +: 16] = 16'd0;
            end
        end

        if (HAS_PASS) begin : gen_xp
            for (s = 1; s <= STAGES; s = s + 1) begin : gen_stage
                reg [127:0] xp_reg;
                if (s == 1) begin : gen_first
                    always @(posedge clk) begin
                        xp_reg <= in;
                    end
                end else begin : gen_next
                    always @(posedge clk) begin
                        xp_reg <= xp[128*(s-2) +: 128];
                    end
                end
                assign xp[128*(s-1) +: 128] = xp_reg;
            end
        end else begin : gen_no_xp
            assign xp = {128*STAGES{1'b0}};
        end

        // The lookups (and Si bytes) as seen by the XOR network: register 2 from 2 stages.
        wire [16*EW-1:0] ql;
        wire [127:0]     sil;

        if (STAGES == 1) begin : gen_direct
            assign ql = q;
            assign sil = si;
        end else begin : gen_q_reg
            reg [16*EW-1:0] q_reg;
            reg [127:0]     si_reg;
            always @(posedge clk) begin
                q_reg <= q;
                si_reg <= si;
            end
            assign ql = q_reg;
            assign sil = si_reg;
        end

        // per column: the four T values, rotated, and the substituted bytes
        wire [511:0] tv;        // column c, row r in bits [128c + 32r +: 32]
        wire [127:0] sub;       // the last round's bytes, in place (unused if never last)
        wire unused_tt = ^{in_isr, sub};

        for (j = 0; j < 16; j = j + 1) begin : gen_lookup
            wire [EW-1:0] e = ql[EW*j +: EW];
            wire [31:0]   t0;
            wire [7:0]    sbyte;
            if (DEC) begin : gen_t32
                assign t0 = e;
                assign sbyte = e[15:8];
            end else begin : gen_t16
                assign t0 = {e[15:8] ^ e[7:0], e[7:0], e[7:0], e[15:8]};
                assign sbyte = e[7:0];
            end
            assign tv[32*j +: 32] = rotate_up(t0, j % 4);
            assign sub[8*j +: 8] = (DEC && st_dec[XS-1]) ? sil[8*j +: 8] : sbyte;
        end

        wire [127:0] cols;      // the round without its key

        if (STAGES <= 2) begin : gen_xor4
            for (j = 0; j < 4; j = j + 1) begin : gen_col
                wire [31:0] x4 = tv[128*j +: 32] ^ tv[128*j + 32 +: 32] ^ tv[128*j + 64 +: 32] ^ tv[128*j + 96 +: 32];
                if (LAST_MODE == 0) begin : gen_mid
                    assign cols[32*j +: 32] = x4;
                end else if (LAST_MODE == 1) begin : gen_last
                    assign cols[32*j +: 32] = sub[32*j +: 32];
                    wire unused_x4 = ^x4;
                end else begin : gen_maybe
                    assign cols[32*j +: 32] = st_last[XS-1] ? sub[32*j +: 32] : x4;
                end
            end
            if (HAS_PASS) begin : gen_pass
                assign out = st_pass[STAGES-1] ? xp[128*(STAGES-1) +: 128] : (cols ^ round_key);
            end else begin : gen_no_pass
                assign out = cols ^ round_key;
            end
        end else begin : gen_pairs
            // register 3: {hi, lo} per column; a last round puts its bytes in lo, 0 in hi
            wire [255:0] pairs;
            for (j = 0; j < 4; j = j + 1) begin : gen_col
                wire [31:0] lo = tv[128*j +: 32] ^ tv[128*j + 32 +: 32];
                wire [31:0] hi = tv[128*j + 64 +: 32] ^ tv[128*j + 96 +: 32];
                if (LAST_MODE == 0) begin : gen_mid
                    assign pairs[64*j +: 64] = {hi, lo};
                end else if (LAST_MODE == 1) begin : gen_last
                    assign pairs[64*j +: 64] = {32'd0, sub[32*j +: 32]};
                    wire unused_pair = ^{lo, hi};
                end else begin : gen_maybe
                    assign pairs[64*j +: 64] = st_last[XS-1] ? {32'd0, sub[32*j +: 32]} : {hi, lo};
                end
            end
            reg [255:0] pairs_reg;
            always @(posedge clk) begin
                pairs_reg <= pairs;
            end
            for (j = 0; j < 4; j = j + 1) begin : gen_fold
                assign cols[32*j +: 32] = pairs_reg[64*j +: 32] ^ pairs_reg[64*j + 32 +: 32];
            end
            // the key (or the passed block) after register KEY_STAGE = 3
            wire [127:0] ark;
            if (HAS_PASS) begin : gen_pass
                assign ark = st_pass[KEY_STAGE-1] ? xp[128*(KEY_STAGE-1) +: 128] : (cols ^ round_key);
            end else begin : gen_no_pass
                assign ark = cols ^ round_key;
            end
            if (STAGES == 3) begin : gen_s3
                assign out = ark;
            end else begin : gen_s4
                reg [127:0] out_reg;
                always @(posedge clk) begin
                    out_reg <= ark;
                end
                assign out = out_reg;
            end
        end

    end
endgenerate

// Inputs and copies a given parameter set does not read (st_last and st_pass only exist
// for some units); Yosys removes them.
wire unused_ok = ^{in_dec, st_dec, st_last, st_pass, xp};

endmodule

`resetall
