// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// PIPELINED round unit with S-boxes as 256 x 8 tables in logic (aes_pipe_round, SBOX "LUT")

/*
 * aes_pipe_round instantiates this module for SBOX "LUT" and checks its parameters.
 * It has aes_pipe_round's parameters and ports (some are not read here), and keeps its
 * hierarchy in synthesis: aes_pipe_round's header says what they are, and why.
 *
 * 256 x 8 tables in logic: on ECP5 an 8-input function is a LUT7 built from LUT4s and
 * the slice multiplexers, plus a LUT4 as 2:1 multiplexer. The cuts:
 *     1  [SB MC ARK]
 *     2  [SB] [MC ARK]
 *     3  [SB halves] [SB select, MC] [ARK]
 *     4  [SB halves] [SB select] [MC] [ARK]
 *   where "SB halves" are the two 128-entry half tables of each output bit (bit 7 of
 *   the input byte not yet applied; a LUT7 each) and "SB select" the 2:1 multiplexer on
 *   bit 7. Encryption tables read ShiftRows(state), decryption tables
 *   InvShiftRows(state), so both are wiring.
 */
(* keep_hierarchy *)
module aes_pipe_round_lut #(
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
    // direction of the block on `in` (not read: the tables follow st_dec)
    input  wire              in_dec,
    // direction, last-round and pass flags of the block in register s, bit s-1
    input  wire [STAGES-1:0] st_dec,
    input  wire [STAGES-1:0] st_last,
    input  wire [STAGES-1:0] st_pass,
    // round key, valid while the block is in register STAGES
    input  wire [127:0]      round_key,

    // state leaving the round
    output wire [127:0]      out
);

`include "aes_shift_rows.vh"

localparam DEC = (DECRYPT != 0);
localparam HAS_PASS = (PASS != 0);
// Stage MS's logic does (Inv)MixColumns, stage AS's adds the round key.
localparam MS = STAGES >= 3 ? STAGES - 1 : STAGES;
localparam AS = STAGES;

// Register 1: the state entering the round.
reg [127:0] x1_reg;
always @(posedge clk) begin
    x1_reg <= in;
end

// Pass-through copy of the state of register 1, register s in bits [128s-1:128(s-1)]
// (only built when PASS=1).
wire [128*STAGES-1:0] xp;

genvar s;
generate
    if (HAS_PASS) begin : gen_xp
        assign xp[127:0] = x1_reg;
        for (s = 2; s <= STAGES; s = s + 1) begin : gen_stage
            reg [127:0] xp_reg;
            always @(posedge clk) begin
                xp_reg <= xp[128*(s-2) +: 128];
            end
            assign xp[128*(s-1) +: 128] = xp_reg;
        end
    end else begin : gen_no_xp
        assign xp = {128*STAGES{1'b0}};
    end
endgenerate

// Values entering the MixColumns stage's logic.
wire [127:0] sub_enc;      // SubBytes(ShiftRows(x))
wire [127:0] sub_dec;      // InvSubBytes(InvShiftRows(x)); unused when DECRYPT=0
wire unused_sub = ^sub_dec;

wire [127:0] x_sr = shift_rows(x1_reg);
wire [127:0] x_isr = inv_shift_rows(x1_reg);   // unused when DECRYPT=0
wire unused_isr = ^x_isr;

genvar j;
generate
    if (STAGES <= 2) begin : gen_whole
        // whole tables after register 1
        wire [127:0] sb, isb;
        for (j = 0; j < 16; j = j + 1) begin : gen_byte
            wire [7:0] sb_in = x_sr[8*j +: 8];
            wire [7:0] sb_out;
            aes_sbox #(
                .SBOX ("LUT")
            ) u_sbox (
                .in  (sb_in),
                .out (sb_out)
            );
            assign sb[8*j +: 8] = sb_out;
            if (DEC) begin : gen_dec
                wire [7:0] isb_in = x_isr[8*j +: 8];
                wire [7:0] isb_out;
                aes_inv_sbox #(
                    .SBOX ("LUT")
                ) u_isbox (
                    .in  (isb_in),
                    .out (isb_out)
                );
                assign isb[8*j +: 8] = isb_out;
            end else begin : gen_no_dec
                assign isb[8*j +: 8] = 8'd0;
            end
        end
        if (STAGES == 1) begin : gen_s1
            assign sub_enc = sb;
            assign sub_dec = isb;
        end else begin : gen_s2
            reg [127:0] sb_reg, isb_reg;
            always @(posedge clk) begin
                sb_reg <= sb;
                isb_reg <= isb;
            end
            assign sub_enc = sb_reg;
            assign sub_dec = isb_reg;
        end
    end else begin : gen_halves
        // half tables after register 1: entry bit 7 = 0 and = 1, then select
        wire [127:0] sb_lo, sb_hi, isb_lo, isb_hi;
        wire [15:0]  sel, isel;
        for (j = 0; j < 16; j = j + 1) begin : gen_byte
            wire [7:0] lo_in = {1'b0, x_sr[8*j +: 7]};
            wire [7:0] hi_in = {1'b1, x_sr[8*j +: 7]};
            wire [7:0] lo_out, hi_out;
            aes_sbox #(
                .SBOX ("LUT")
            ) u_sbox_lo (
                .in  (lo_in),
                .out (lo_out)
            );
            aes_sbox #(
                .SBOX ("LUT")
            ) u_sbox_hi (
                .in  (hi_in),
                .out (hi_out)
            );
            assign sb_lo[8*j +: 8] = lo_out;
            assign sb_hi[8*j +: 8] = hi_out;
            assign sel[j] = x_sr[8*j + 7];
            if (DEC) begin : gen_dec
                wire [7:0] ilo_in = {1'b0, x_isr[8*j +: 7]};
                wire [7:0] ihi_in = {1'b1, x_isr[8*j +: 7]};
                wire [7:0] ilo_out, ihi_out;
                aes_inv_sbox #(
                    .SBOX ("LUT")
                ) u_isbox_lo (
                    .in  (ilo_in),
                    .out (ilo_out)
                );
                aes_inv_sbox #(
                    .SBOX ("LUT")
                ) u_isbox_hi (
                    .in  (ihi_in),
                    .out (ihi_out)
                );
                assign isb_lo[8*j +: 8] = ilo_out;
                assign isb_hi[8*j +: 8] = ihi_out;
                assign isel[j] = x_isr[8*j + 7];
            end else begin : gen_no_dec
                assign isb_lo[8*j +: 8] = 8'd0;
                assign isb_hi[8*j +: 8] = 8'd0;
                assign isel[j] = 1'b0;
            end
        end
        reg [127:0] sb_lo_reg, sb_hi_reg, isb_lo_reg, isb_hi_reg;
        reg [15:0]  sel_reg, isel_reg;
        always @(posedge clk) begin
            sb_lo_reg <= sb_lo;
            sb_hi_reg <= sb_hi;
            isb_lo_reg <= isb_lo;
            isb_hi_reg <= isb_hi;
            sel_reg <= sel;
            isel_reg <= isel;
        end
        wire [127:0] sb, isb;
        for (j = 0; j < 16; j = j + 1) begin : gen_select
            assign sb[8*j +: 8] = sel_reg[j] ? sb_hi_reg[8*j +: 8] : sb_lo_reg[8*j +: 8];
            assign isb[8*j +: 8] = isel_reg[j] ? isb_hi_reg[8*j +: 8] : isb_lo_reg[8*j +: 8];
        end
        if (STAGES == 3) begin : gen_s3
            assign sub_enc = sb;
            assign sub_dec = isb;
        end else begin : gen_s4
            reg [127:0] sb_reg, isb_reg;
            always @(posedge clk) begin
                sb_reg <= sb;
                isb_reg <= isb;
            end
            assign sub_enc = sb_reg;
            assign sub_dec = isb_reg;
        end
    end
endgenerate

// (Inv)MixColumns unless last, in the logic after register MS.
wire [127:0] mixed;

generate
    if (LAST_MODE == 1) begin : gen_always_last
        assign mixed = (DEC && st_dec[MS-1]) ? sub_dec : sub_enc;
    end else begin : gen_mix
        wire [127:0] mc, imc;
        aes_mix_columns u_mc (
            .in  (sub_enc),
            .out (mc)
        );
        if (DEC) begin : gen_dec
            aes_inv_mix_columns u_imc (
                .in  (sub_dec),
                .out (imc)
            );
        end else begin : gen_no_dec
            assign imc = 128'd0;
        end
        if (LAST_MODE == 2) begin : gen_maybe_last
            assign mixed = st_last[MS-1] ? ((DEC && st_dec[MS-1]) ? sub_dec : sub_enc)
                                         : ((DEC && st_dec[MS-1]) ? imc : mc);
        end else begin : gen_never_last
            assign mixed = (DEC && st_dec[MS-1]) ? imc : mc;
        end
    end
endgenerate

// AddRoundKey (and pass-through) in the logic after register AS.
wire [127:0] mixed_at_as;
wire [127:0] result = mixed_at_as ^ round_key;

generate
    if (MS == AS) begin : gen_same
        assign mixed_at_as = mixed;
    end else begin : gen_reg
        reg [127:0] m_reg;
        always @(posedge clk) begin
            m_reg <= mixed;
        end
        assign mixed_at_as = m_reg;
    end

    if (HAS_PASS) begin : gen_pass
        assign out = st_pass[STAGES-1] ? xp[128*(STAGES-1) +: 128] : result;
    end else begin : gen_no_pass
        assign out = result;
    end
endgenerate

// Inputs a given parameter set does not read (in_dec is for the other implementations,
// st_last and st_pass only exist for some units); Yosys removes them.
wire unused_ok = ^{in_dec, st_dec, st_last, st_pass, xp};

endmodule

`resetall
