// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// PIPELINED round unit with composite-field S-boxes, the state kept in the tower basis (aes_pipe_round, SBOX "COMPOSITE")

/*
 * aes_pipe_round instantiates this module for SBOX "COMPOSITE" and checks its parameters.
 * It has aes_pipe_round's parameters and ports (some are not read here), and keeps its
 * hierarchy in synthesis: aes_pipe_round's header says what they are, and why.
 *
 * GF(((2^2)^2)^2) inversion, the tower of aes_gf256_inv (its arithmetic and basis
 * changes are the functions of aes_gf_tower.vh and aes_gf_tower_basis.vh); one inverter
 * serves both directions between direction-selected linear maps. Between two rounds of
 * a block the state stays in the tower basis: the first unit maps its input into the
 * tower (FIRST=1), every other round ends with the next round's map into the tower,
 * folded into its linear tail, and a block's last round leaves the tower. The steps of
 * a round:
 *     B  d = a1 a0 + mu (a1 + a0)^2 in GF(2^4) (t = {a1, a0} is the state in the tower)
 *     C  d^-1 in GF(2^4) (one LUT4 per bit)
 *     D  the two GF(2^4) products a0 d^-1, a1 d^-1
 *     E  map out of the tower (with the affine map when encrypting), (Inv)ShiftRows
 *     F  (Inv)MixColumns, G  AddRoundKey
 *     A  map into the tower for the next round (with the inverse affine map when
 *        decrypting)
 * The cuts:
 *     1  [B C D EFGA]
 *     2  [B C] [D EFGA]
 *     3  [B] [C D] [EFGA]
 *     4  [B] [C D] [EF] [GA]
 *   where EFGA and EF are one linear map each (computed at elaboration, below), not the
 *   steps one after the other. A block's last round is [... E G] (no F, no A).
 */
(* keep_hierarchy *)
module aes_pipe_round_composite #(
    // register stages in the unit, 1 to 4
    parameter STAGES = 1,
    // 1: both directions (equivalent inverse cipher); 0: encryption only
    parameter DECRYPT = 1,
    // 0: never the last round of a block; 1: always; 2: when st_last is set
    parameter LAST_MODE = 0,
    // 1: a block may pass through unchanged when st_pass is set; 0: never
    parameter PASS = 0,
    // 1: the first unit of the pipeline, which maps its input into the tower basis
    parameter FIRST = 0
) (
    input  wire              clk,

    // state entering the round: in the tower basis, or FIPS-197 byte i in bits
    // [8i+7:8i] in the first unit (FIRST=1)
    input  wire [127:0]      in,
    // direction of the block on `in` (1: decrypt; read when FIRST=1)
    input  wire              in_dec,
    // direction, last-round and pass flags of the block in register s, bit s-1
    input  wire [STAGES-1:0] st_dec,
    input  wire [STAGES-1:0] st_last,
    input  wire [STAGES-1:0] st_pass,
    // round key (decryption keys in equivalent-inverse form), valid while the block is
    // in register STAGES
    input  wire [127:0]      round_key,

    // state leaving the round: in the tower basis, or in the polynomial basis for a
    // block's last round
    output wire [127:0]      out
);

`include "aes_gf_tower.vh"
`include "aes_gf_tower_basis.vh"
`include "aes_shift_rows.vh"

localparam DEC = (DECRYPT != 0);
localparam HAS_PASS = (PASS != 0);

// ---------------------------------------------------------------------------------
// Steps A to E on bytes and states
// ---------------------------------------------------------------------------------

// step A / step E on one byte, in the direction `dec`
function [7:0] byte_enter;
    input [7:0] x;
    input dec;
    byte_enter = dec ? inv_sbox_map_in(x) : sbox_map_in(x);
endfunction

function [7:0] byte_leave;
    input [7:0] x;
    input dec;
    byte_leave = dec ? inv_sbox_map_out(x) : sbox_map_out(x);
endfunction

// step A on a whole state: into the tower, bytes in place (the first unit's input, and
// the tail of every round that is not a block's last)
function [127:0] tower_enter;
    input [127:0] x;
    input dec;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) begin
            tower_enter[8*j +: 8] = byte_enter(x[8*j +: 8], DEC && dec);
        end
    end
endfunction

// step B on a whole state: {t (128 bits, passed on), d (64 bits)}, bytes in place
function [191:0] tower_split;
    input [127:0] t;
    integer j;
    begin
        tower_split[127:0] = t;
        for (j = 0; j < 16; j = j + 1) begin
            tower_split[128 + 4*j +: 4] = gf256_inv_d(t[8*j +: 8]);
        end
    end
endfunction

// steps C and D on a whole state: from {t, d} to the inverses in the tower, in place
function [127:0] tower_back;
    input [191:0] td;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) begin
            tower_back[8*j +: 8] = gf256_inv_from_d(td[8*j +: 8], gf16_inv(td[128 + 4*j +: 4]));
        end
    end
endfunction

// step E on a whole state: out of the tower, then (Inv)ShiftRows
function [127:0] tower_leave;
    input [127:0] v;
    input dec;
    integer j;
    reg [127:0] y;
    begin
        for (j = 0; j < 16; j = j + 1) begin
            y[8*j +: 8] = byte_leave(v[8*j +: 8], DEC && dec);
        end
        tower_leave = (DEC && dec) ? inv_shift_rows(y) : shift_rows(y);
    end
endfunction

// ---------------------------------------------------------------------------------
// The linear tail of a round, folded
// ---------------------------------------------------------------------------------
//
// Between two rounds of a block the state passes through linear maps only: out of the
// tower (E, with the affine map when encrypting), (Inv)MixColumns (F), the round key
// (G) and, at the start of the next round, into the tower again (A). Built one after
// the other they are 2 + 2 + 2 LUT levels; folded into one map per direction they are
// one XOR of at most 19 state bits and 6 key bits for each output bit (3 LUT levels).
// The functions below compute that map at elaboration, as one row of 32 bits per output
// bit of a column (the column's input bits that the output bit XORs); they are never
// built into logic.

// GF(2^8) product of a byte with a constant below 16 (elaboration only)
function [7:0] gf_mul_const;
    input [7:0] a;
    input [3:0] m;
    integer i;
    reg [7:0] x;
    begin
        gf_mul_const = 8'd0;
        x = a;
        for (i = 0; i < 4; i = i + 1) begin
            if (m[i]) begin
                gf_mul_const = gf_mul_const ^ x;
            end
            x = {x[6:0], 1'b0} ^ (x[7] ? 8'h1b : 8'h00);
        end
    end
endfunction

// E then F on one column of tower-basis bytes (after (Inv)ShiftRows), in the
// polynomial basis (elaboration only)
function [31:0] column_ef;
    input [31:0] v;
    input dec;
    integer r;
    reg [31:0] y;
    reg [15:0] m;    // coefficients of rows r, r+1, r+2, r+3
    begin
        for (r = 0; r < 4; r = r + 1) begin
            y[8*r +: 8] = byte_leave(v[8*r +: 8], dec);
        end
        m = dec ? {4'd9, 4'd13, 4'd11, 4'd14} : {4'd1, 4'd1, 4'd3, 4'd2};
        for (r = 0; r < 4; r = r + 1) begin
            column_ef[8*r +: 8] = gf_mul_const(y[8*r +: 8], m[3:0])
                                ^ gf_mul_const(y[8*((r+1)%4) +: 8], m[7:4])
                                ^ gf_mul_const(y[8*((r+2)%4) +: 8], m[11:8])
                                ^ gf_mul_const(y[8*((r+3)%4) +: 8], m[15:12]);
        end
    end
endfunction

// E F, and with `enter` A too, on one column (elaboration only)
function [31:0] column_tail;
    input [31:0] v;
    input dec;
    input enter;
    integer r;
    reg [31:0] y;
    begin
        y = column_ef(v, dec);
        column_tail = y;
        if (enter) begin
            for (r = 0; r < 4; r = r + 1) begin
                column_tail[8*r +: 8] = byte_enter(y[8*r +: 8], dec);
            end
        end
    end
endfunction

// The linear part of column_tail as rows: bit b of row i (bits [32i+31:32i]) is set when
// input bit b reaches output bit i (elaboration only)
function [32*32-1:0] tail_rows;
    input dec;
    input enter;
    integer b, i;
    reg [31:0] zero_out, unit_out;
    begin
        tail_rows = {32*32{1'b0}};
        zero_out = column_tail(32'd0, dec, enter);
        for (b = 0; b < 32; b = b + 1) begin
            unit_out = column_tail(32'd1 << b, dec, enter) ^ zero_out;
            for (i = 0; i < 32; i = i + 1) begin
                tail_rows[32*i + b] = unit_out[i];
            end
        end
    end
endfunction

// The rows of E F (ROWS_EF_*) and of E F G A (ROWS_EFA_*), and the constant of E F
// (what E F gives for a zero column: 0x63 in every byte when encrypting, 0 when
// decrypting). A round's tail is then, per column,
//   E F:      rows(v) ^ CONST_EF
//   E F G A:  A((rows(v) ^ CONST_EF) ^ k) = rows_efa(v) ^ A(k ^ CONST_EF)
// since A is affine (a linear map after a constant).
localparam [32*32-1:0] ROWS_EF_ENC = tail_rows(1'b0, 1'b0);
localparam [32*32-1:0] ROWS_EF_DEC = tail_rows(1'b1, 1'b0);
localparam [32*32-1:0] ROWS_EFA_ENC = tail_rows(1'b0, 1'b1);
localparam [32*32-1:0] ROWS_EFA_DEC = tail_rows(1'b1, 1'b1);
localparam [31:0] CONST_EF_ENC = column_tail(32'd0, 1'b0, 1'b0);
localparam [31:0] CONST_EF_DEC = column_tail(32'd0, 1'b1, 1'b0);

// A column through rows: output bit i is the XOR of the input bits row i selects
function [31:0] apply_rows;
    input [31:0] col;
    input [32*32-1:0] rows;
    integer i;
    begin
        for (i = 0; i < 32; i = i + 1) begin
            apply_rows[i] = ^(col & rows[32*i +: 32]);
        end
    end
endfunction

// (Inv)ShiftRows on a whole state of tower-basis inverses, then each column through
// rows_enc or rows_dec (the frame of state_ef and state_efga)
function [127:0] state_rows;
    input [127:0] v;
    input dec;
    input [32*32-1:0] rows_enc;
    input [32*32-1:0] rows_dec;
    integer c;
    reg [127:0] w;
    begin
        w = (DEC && dec) ? inv_shift_rows(v) : shift_rows(v);
        for (c = 0; c < 4; c = c + 1) begin
            state_rows[32*c +: 32] = apply_rows(w[32*c +: 32], (DEC && dec) ? rows_dec : rows_enc);
        end
    end
endfunction

// E F on a whole state of tower-basis inverses: (Inv)ShiftRows, out of the tower,
// (Inv)MixColumns; the result is in the polynomial basis
function [127:0] state_ef;
    input [127:0] v;
    input dec;
    begin
        state_ef = state_rows(v, dec, ROWS_EF_ENC, ROWS_EF_DEC)
                 ^ {4{(DEC && dec) ? CONST_EF_DEC : CONST_EF_ENC}};
    end
endfunction

// E F G A on a whole state: the next round's input in the tower basis
function [127:0] state_efga;
    input [127:0] v;
    input [127:0] k;
    input dec;
    begin
        state_efga = state_rows(v, dec, ROWS_EFA_ENC, ROWS_EFA_DEC)
                   ^ tower_enter(k ^ {4{(DEC && dec) ? CONST_EF_DEC : CONST_EF_ENC}}, dec);
    end
endfunction

// ---------------------------------------------------------------------------------
// The unit
// ---------------------------------------------------------------------------------
//
// The generate blocks gen_logic and gen_composite give the unit's nets the names they
// had when the implementations were branches of aes_pipe_round. Yosys chooses between
// the names of a net by their text, and ABC's mapping of this unit depends on those
// choices (by up to 30 LUT4 of a round, measured): with these names it maps as before.

// Pass-through copy of the state of register 1, register s in bits [128s-1:128(s-1)]
// (only built when PASS=1).
wire [128*STAGES-1:0] xp;

genvar j, s;
generate
    if (1) begin : gen_logic

        // Register 1: t, the state entering the round in the tower basis (the first
        // unit maps its input into it).
        wire [127:0] in_state;
        if (FIRST != 0) begin : gen_enter
            assign in_state = tower_enter(in, in_dec);
        end else begin : gen_plain
            assign in_state = in;
        end
        reg [127:0] x1_reg;
        always @(posedge clk) begin
            x1_reg <= in_state;
        end

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

        // The state leaving the round when the block does not pass through.
        wire [127:0] result;

        if (1) begin : gen_composite

            // v: the GF(2^8) inverses in the tower, (Inv)ShiftRows not applied yet, in
            // the logic of register VS.
            localparam VS = STAGES == 4 ? 3 : STAGES;
            wire [127:0] v;
            if (STAGES == 1) begin : gen_s1
                // [B C D EFGA]
                assign v = tower_back(tower_split(x1_reg));
            end else if (STAGES == 2) begin : gen_s2
                // [B C] [D EFGA]: register 2 holds t and d^-1 (in the d field)
                wire [191:0] split = tower_split(x1_reg);
                wire [191:0] td_next;
                for (j = 0; j < 16; j = j + 1) begin : gen_byte
                    assign td_next[8*j +: 8] = split[8*j +: 8];
                    assign td_next[128 + 4*j +: 4] = gf16_inv(split[128 + 4*j +: 4]);
                end
                reg [191:0] td_reg;
                always @(posedge clk) begin
                    td_reg <= td_next;
                end
                for (j = 0; j < 16; j = j + 1) begin : gen_back
                    assign v[8*j +: 8] = gf256_inv_from_d(td_reg[8*j +: 8], td_reg[128 + 4*j +: 4]);
                end
            end else begin : gen_s34
                // [B] [C D] ...: register 2 holds t and d, register 3 the inverses
                wire [191:0] td_next = tower_split(x1_reg);
                reg  [191:0] td_reg;
                reg  [127:0] v_reg;
                always @(posedge clk) begin
                    td_reg <= td_next;
                    v_reg <= tower_back(td_reg);
                end
                assign v = v_reg;
            end

            // A block's last round leaves the tower: E and (Inv)ShiftRows, then the key.
            wire         dec_v = DEC && st_dec[VS-1];
            wire [127:0] leave = tower_leave(v, dec_v);
            if (STAGES <= 3) begin : gen_fold
                // [... EFGA]: one folded map and the key (the next round's A included)
                if (LAST_MODE == 1) begin : gen_always_last
                    assign result = leave ^ round_key;
                end else if (LAST_MODE == 2) begin : gen_maybe_last
                    assign result = st_last[VS-1] ? (leave ^ round_key) : state_efga(v, round_key, dec_v);
                end else begin : gen_never_last
                    assign result = state_efga(v, round_key, dec_v);
                    wire unused_leave = ^leave;
                end
            end else begin : gen_split
                // [EF] [GA]: E and (Inv)MixColumns folded into one map, then the key and
                // the next round's A (for a block's last round: [E] [G]). key_added is
                // kept as a net of its own, so that GA maps as the key (1 LUT level) and
                // then A (2 levels): folded together, ABC maps them to 4 levels, and EF,
                // in the same unit, grows from 3 to 4 levels with them.
                reg [127:0] y_reg;
                (* keep *) wire [127:0] key_added = y_reg ^ round_key;
                if (LAST_MODE == 1) begin : gen_always_last
                    always @(posedge clk) begin
                        y_reg <= leave;
                    end
                    assign result = key_added;
                end else if (LAST_MODE == 2) begin : gen_maybe_last
                    always @(posedge clk) begin
                        y_reg <= st_last[2] ? leave : state_ef(v, dec_v);
                    end
                    assign result = st_last[3] ? key_added : tower_enter(key_added, st_dec[3]);
                end else begin : gen_never_last
                    always @(posedge clk) begin
                        y_reg <= state_ef(v, dec_v);
                    end
                    assign result = tower_enter(key_added, st_dec[3]);
                    wire unused_leave = ^leave;
                end
            end

        end

        if (HAS_PASS) begin : gen_pass
            assign out = st_pass[STAGES-1] ? xp[128*(STAGES-1) +: 128] : result;
        end else begin : gen_no_pass
            assign out = result;
        end

    end
endgenerate

// Inputs a given parameter set does not read (in_dec is for the first unit, st_last
// and st_pass only exist for some units); Yosys removes them.
wire unused_ok = ^{in_dec, st_dec, st_last, st_pass, xp};

endmodule

`resetall
