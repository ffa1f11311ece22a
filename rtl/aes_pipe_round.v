// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One round unit of the PIPELINED engine (one lane): STAGES register stages, both directions

/*
 * The unit takes the state entering the round on `in` (combinational, from the unit
 * before), registers it, and puts the state leaving the round on `out` (combinational,
 * into the next unit's first register). Every one of the STAGES registers is followed by
 * part of the round; the cuts depend on the S-box implementation, and are placed where
 * that implementation is deepest (docs/engines.md has the logic depth of each):
 *
 *   SBOX "LUT" (256 x 8 tables in logic; on ECP5 an 8-input function is a LUT7 built
 *   from LUT4s and the slice multiplexers, plus a LUT4 as 2:1 multiplexer):
 *     1  [SB MC ARK]
 *     2  [SB] [MC ARK]
 *     3  [SB halves] [SB select, MC] [ARK]
 *     4  [SB halves] [SB select] [MC] [ARK]
 *   where "SB halves" are the two 128-entry half tables of each output bit (bit 7 of
 *   the input byte not yet applied; a LUT7 each) and "SB select" the 2:1 multiplexer on
 *   bit 7. Encryption tables read ShiftRows(state), decryption tables
 *   InvShiftRows(state), so both are wiring.
 *
 *   SBOX "COMPOSITE" (GF(((2^2)^2)^2) inversion, the tower of aes_gf256_inv; one
 *   inverter serves both directions between direction-selected linear maps). Between
 *   two rounds of a block the state stays in the tower basis: the first unit maps its
 *   input into the tower (FIRST=1), every other round ends with the next round's map
 *   into the tower, folded into its linear tail, and a block's last round leaves the
 *   tower. The steps of a round:
 *     B  d = a1 a0 + mu (a1 + a0)^2 in GF(2^4) (t = {a1, a0} is the state in the tower)
 *     C  d^-1 in GF(2^4) (one LUT4 per bit)
 *     D  the two GF(2^4) products a0 d^-1, a1 d^-1
 *     E  map out of the tower (with the affine map when encrypting), (Inv)ShiftRows
 *     F  (Inv)MixColumns, G  AddRoundKey
 *     A  map into the tower for the next round (with the inverse affine map when
 *        decrypting)
 *     1  [B C D EFGA]
 *     2  [B C] [D EFGA]
 *     3  [B] [C D] [EFGA]
 *     4  [B] [C D] [EF] [GA]
 *   where EFGA and EF are one linear map each (computed at elaboration, below), not the
 *   steps one after the other. A block's last round is [... E G] (no F, no A).
 *
 *   SBOX "TTABLE" (tables in block RAM, aes_rom): register 1 is the read register
 *   of the tables themselves, so the unit is the tables plus an XOR network:
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
 * Controls: st_dec, st_last, st_pass bit s-1 belong to the block in register s (they
 * come from registers of the engine, decoded one clock early). `last` drops
 * (Inv)MixColumns; `pass` makes the unit a delay line (rounds beyond a short key's Nr).
 * LAST_MODE and PASS say which of these the unit can ever see, so the logic that can
 * never be used is not built. The round key must be valid while the block is in
 * register KEY_STAGE (STAGES, or 3 for TTABLE with 4 stages); aes_engine_pipelined
 * reads it from the key store one clock earlier.
 *
 * keep_hierarchy: synthesis maps each unit as a module of its own. Mapped together
 * with the rest of a flattened core, ABC lets the round stages grow toward the
 * design's deepest path (to save cells), so their depth would depend on unrelated
 * logic; on their own they keep the depth given in docs/engines.md.
 */
(* keep_hierarchy *)
module aes_pipe_round #(
    // S-box implementation: "LUT", "COMPOSITE" or "TTABLE"
    parameter [8*16-1:0] SBOX = "LUT",
    // register stages in the unit, 1 to 4
    parameter STAGES = 1,
    // 1: both directions (equivalent inverse cipher); 0: encryption only
    parameter DECRYPT = 1,
    // 0: never the last round of a block; 1: always; 2: when st_last is set
    parameter LAST_MODE = 0,
    // 1: a block may pass through unchanged when st_pass is set; 0: never
    parameter PASS = 0,
    // 1: the first unit of the pipeline (COMPOSITE: maps its input into the tower basis)
    parameter FIRST = 0
) (
    input  wire              clk,

    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0]      in,
    // direction of the block on `in` (1: decrypt)
    input  wire              in_dec,
    // direction, last-round and pass flags of the block in register s, bit s-1
    input  wire [STAGES-1:0] st_dec,
    input  wire [STAGES-1:0] st_last,
    input  wire [STAGES-1:0] st_pass,
    // round key (decryption keys in equivalent-inverse form), valid while the block is
    // in register KEY_STAGE
    input  wire [127:0]      round_key,

    // state leaving the round
    output wire [127:0]      out
);

localparam IS_LUT = (SBOX == "LUT");
localparam IS_COMPOSITE = (SBOX == "COMPOSITE");
localparam IS_TTABLE = (SBOX == "TTABLE");
localparam DEC = (DECRYPT != 0);
localparam HAS_PASS = (PASS != 0);

// Illegal parameter values stop elaboration: the named module does not exist.
generate
    if (!IS_LUT && !IS_COMPOSITE && !IS_TTABLE) begin : gen_invalid_sbox
        aes_pipe_round_invalid_SBOX_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();
    end
    if (STAGES < 1 || STAGES > 4) begin : gen_invalid_stages
        aes_pipe_round_invalid_STAGES_must_be_1_to_4 invalid_stages_inst ();
    end
    if (LAST_MODE < 0 || LAST_MODE > 2) begin : gen_invalid_last
        aes_pipe_round_invalid_LAST_MODE_must_be_0_1_or_2 invalid_last_inst ();
    end
endgenerate

// ---------------------------------------------------------------------------------
// State permutations and T-table helpers
// ---------------------------------------------------------------------------------

// ShiftRows: out byte 4c+r = in byte 4((c+r) mod 4)+r
function [127:0] shift_rows;
    input [127:0] s;
    integer c, r;
    begin
        for (c = 0; c < 4; c = c + 1) begin
            for (r = 0; r < 4; r = r + 1) begin
                shift_rows[8*(4*c+r) +: 8] = s[8*(4*((c+r)%4)+r) +: 8];
            end
        end
    end
endfunction

// InvShiftRows: out byte 4c+r = in byte 4((c-r) mod 4)+r
function [127:0] inv_shift_rows;
    input [127:0] s;
    integer c, r;
    begin
        for (c = 0; c < 4; c = c + 1) begin
            for (r = 0; r < 4; r = r + 1) begin
                inv_shift_rows[8*(4*c+r) +: 8] = s[8*(4*((c+4-r)%4)+r) +: 8];
            end
        end
    end
endfunction

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

// ---------------------------------------------------------------------------------
// GF(((2^2)^2)^2) arithmetic in the normal-basis tower of aes_gf256_inv
// ---------------------------------------------------------------------------------

// GF(2^2) product in the basis {W, W^2}
function [1:0] gf4_mul;
    input [1:0] a;
    input [1:0] b;
    reg e;
    begin
        e = (a[1] ^ a[0]) & (b[1] ^ b[0]);
        gf4_mul = {(a[1] & b[1]) ^ e, (a[0] & b[0]) ^ e};
    end
endfunction

// GF(2^2): multiply by N = W
function [1:0] gf4_scale_n;
    input [1:0] a;
    begin
        gf4_scale_n = {a[0], a[1] ^ a[0]};
    end
endfunction

// GF(2^2): square, then multiply by N
function [1:0] gf4_sq_scale_n;
    input [1:0] a;
    begin
        gf4_sq_scale_n = {a[1], a[1] ^ a[0]};
    end
endfunction

// GF(2^4) product in the basis {Z^4, Z}
function [3:0] gf16_mul;
    input [3:0] a;
    input [3:0] b;
    reg [1:0] e;
    begin
        e = gf4_scale_n(gf4_mul(a[3:2] ^ a[1:0], b[3:2] ^ b[1:0]));
        gf16_mul = {gf4_mul(a[3:2], b[3:2]) ^ e, gf4_mul(a[1:0], b[1:0]) ^ e};
    end
endfunction

// GF(2^4): square, then multiply by mu
function [3:0] gf16_sq_scale_mu;
    input [3:0] a;
    begin
        gf16_sq_scale_mu = {a[2] ^ a[0], a[3] ^ a[1], a[1] ^ a[0], a[0]};
    end
endfunction

// GF(2^4) inverse (0 maps to 0)
function [3:0] gf16_inv;
    input [3:0] a;
    reg [1:0] d;
    reg [1:0] d_inv;
    begin
        d = gf4_mul(a[3:2], a[1:0]) ^ gf4_sq_scale_n(a[3:2] ^ a[1:0]);
        d_inv = {d[0], d[1]};
        gf16_inv = {gf4_mul(a[1:0], d_inv), gf4_mul(a[3:2], d_inv)};
    end
endfunction

// step B: the GF(2^4) value whose inverse the GF(2^8) inverse needs
function [3:0] tower_d;
    input [7:0] t;
    begin
        tower_d = gf16_mul(t[7:4], t[3:0]) ^ gf16_sq_scale_mu(t[7:4] ^ t[3:0]);
    end
endfunction

// step D: the GF(2^8) inverse from t and d^-1
function [7:0] tower_out;
    input [7:0] t;
    input [3:0] d_inv;
    begin
        tower_out = {gf16_mul(t[3:0], d_inv), gf16_mul(t[7:4], d_inv)};
    end
endfunction

// step A, encryption: polynomial basis -> tower basis (aes_sbox)
function [7:0] map_in_enc;
    input [7:0] x;
    begin
        map_in_enc[7] = x[7] ^ x[4] ^ x[3] ^ x[1] ^ x[0];
        map_in_enc[6] = x[0];
        map_in_enc[5] = x[6] ^ x[5] ^ x[0];
        map_in_enc[4] = x[6] ^ x[3] ^ x[2] ^ x[1] ^ x[0];
        map_in_enc[3] = x[7] ^ x[6] ^ x[5] ^ x[2] ^ x[1] ^ x[0];
        map_in_enc[2] = x[6] ^ x[5] ^ x[4] ^ x[0];
        map_in_enc[1] = x[6] ^ x[5] ^ x[1] ^ x[0];
        map_in_enc[0] = x[7] ^ x[6] ^ x[5] ^ x[0];
    end
endfunction

// step A, decryption: remove 0x63, inverse affine map, then into the tower (aes_inv_sbox)
function [7:0] map_in_dec;
    input [7:0] in_byte;
    reg [7:0] x;
    begin
        x = in_byte ^ 8'h63;
        map_in_dec[7] = x[7] ^ x[6] ^ x[4];
        map_in_dec[6] = x[7] ^ x[5] ^ x[2];
        map_in_dec[5] = x[4] ^ x[3] ^ x[0];
        map_in_dec[4] = x[6] ^ x[5] ^ x[4] ^ x[1] ^ x[0];
        map_in_dec[3] = x[7] ^ x[4];
        map_in_dec[2] = x[6] ^ x[4] ^ x[1] ^ x[0];
        map_in_dec[1] = x[6] ^ x[4];
        map_in_dec[0] = x[6] ^ x[3] ^ x[1] ^ x[0];
    end
endfunction

// step E, encryption: tower basis -> polynomial basis with the affine map, plus 0x63
function [7:0] map_out_enc;
    input [7:0] i;
    begin
        map_out_enc[7] = i[7] ^ i[1];
        map_out_enc[6] = i[7] ^ i[3];
        map_out_enc[5] = i[4] ^ i[2];
        map_out_enc[4] = i[7] ^ i[3] ^ i[1];
        map_out_enc[3] = i[7] ^ i[3] ^ i[2] ^ i[1] ^ i[0];
        map_out_enc[2] = i[7] ^ i[6] ^ i[4] ^ i[2] ^ i[1];
        map_out_enc[1] = i[5] ^ i[1] ^ i[0];
        map_out_enc[0] = i[5] ^ i[2] ^ i[0];
        map_out_enc = map_out_enc ^ 8'h63;
    end
endfunction

// step E, decryption: tower basis -> polynomial basis
function [7:0] map_out_dec;
    input [7:0] i;
    begin
        map_out_dec[7] = i[5] ^ i[0];
        map_out_dec[6] = i[7] ^ i[5] ^ i[4] ^ i[3] ^ i[2] ^ i[1];
        map_out_dec[5] = i[7] ^ i[6] ^ i[4] ^ i[3] ^ i[2] ^ i[1];
        map_out_dec[4] = i[5] ^ i[2];
        map_out_dec[3] = i[7] ^ i[6] ^ i[5] ^ i[2] ^ i[1] ^ i[0];
        map_out_dec[2] = i[5] ^ i[3] ^ i[1] ^ i[0];
        map_out_dec[1] = i[5] ^ i[1];
        map_out_dec[0] = i[6];
    end
endfunction

// step A / step E on one byte, in the direction `dec`
function [7:0] byte_enter;
    input [7:0] x;
    input dec;
    byte_enter = dec ? map_in_dec(x) : map_in_enc(x);
endfunction

function [7:0] byte_leave;
    input [7:0] x;
    input dec;
    byte_leave = dec ? map_out_dec(x) : map_out_enc(x);
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
            tower_split[128 + 4*j +: 4] = tower_d(t[8*j +: 8]);
        end
    end
endfunction

// steps C and D on a whole state: from {t, d} to the inverses in the tower, in place
function [127:0] tower_back;
    input [191:0] td;
    integer j;
    begin
        for (j = 0; j < 16; j = j + 1) begin
            tower_back[8*j +: 8] = tower_out(td[8*j +: 8], gf16_inv(td[128 + 4*j +: 4]));
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
// COMPOSITE: the linear tail of a round, folded
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

// Pass-through copy of the state entering the unit, register s in bits [128s-1:128(s-1)]
// (only built when PASS=1; for LUT and COMPOSITE register 1 is the state itself).
wire [128*STAGES-1:0] xp;

// Round-end logic shared by LUT and COMPOSITE: (Inv)MixColumns unless last, the key,
// pass-through. sub_enc / sub_dec are SubBytes(ShiftRows(x)) / InvSubBytes(InvShiftRows(x)).
// Built below per generate branch through these wires.

genvar j, s;
generate
    if (IS_LUT || IS_COMPOSITE) begin : gen_logic

        // Register 1: the state entering the round. COMPOSITE units keep the state in
        // the tower basis between rounds, so the first unit maps its input into it.
        wire [127:0] in_state;
        if (IS_COMPOSITE && FIRST != 0) begin : gen_enter
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

        if (IS_LUT) begin : gen_lut

            // Stage MS's logic does (Inv)MixColumns, stage AS's adds the round key.
            localparam MS = STAGES >= 3 ? STAGES - 1 : STAGES;
            localparam AS = STAGES;

            // Values entering the MixColumns stage's logic.
            wire [127:0] sub_enc;      // SubBytes(ShiftRows(x))
            wire [127:0] sub_dec;      // InvSubBytes(InvShiftRows(x)); unused when DECRYPT=0
            wire unused_sub = ^sub_dec;

            wire [127:0] x_sr = shift_rows(x1_reg);
            wire [127:0] x_isr = inv_shift_rows(x1_reg);   // unused when DECRYPT=0
            wire unused_isr = ^x_isr;

            if (STAGES <= 2) begin : gen_whole
                // whole tables after register 1
                wire [127:0] sb, isb;
                for (j = 0; j < 16; j = j + 1) begin : gen_byte
                    aes_sbox #(.SBOX("LUT")) u_sbox (.in(x_sr[8*j +: 8]), .out(sb[8*j +: 8]));
                    if (DEC) begin : gen_dec
                        aes_inv_sbox #(.SBOX("LUT")) u_isbox (.in(x_isr[8*j +: 8]), .out(isb[8*j +: 8]));
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
                    aes_sbox #(.SBOX("LUT")) u_sbox_lo (.in({1'b0, x_sr[8*j +: 7]}), .out(sb_lo[8*j +: 8]));
                    aes_sbox #(.SBOX("LUT")) u_sbox_hi (.in({1'b1, x_sr[8*j +: 7]}), .out(sb_hi[8*j +: 8]));
                    assign sel[j] = x_sr[8*j + 7];
                    if (DEC) begin : gen_dec
                        aes_inv_sbox #(.SBOX("LUT")) u_isbox_lo (.in({1'b0, x_isr[8*j +: 7]}), .out(isb_lo[8*j +: 8]));
                        aes_inv_sbox #(.SBOX("LUT")) u_isbox_hi (.in({1'b1, x_isr[8*j +: 7]}), .out(isb_hi[8*j +: 8]));
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

            // (Inv)MixColumns unless last, in the logic after register MS.
            wire [127:0] mixed;
            if (LAST_MODE == 1) begin : gen_always_last
                assign mixed = (DEC && st_dec[MS-1]) ? sub_dec : sub_enc;
            end else begin : gen_mix
                wire [127:0] mc, imc;
                aes_mix_columns u_mc (.in(sub_enc), .out(mc));
                if (DEC) begin : gen_dec
                    aes_inv_mix_columns u_imc (.in(sub_dec), .out(imc));
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

            // AddRoundKey (and pass-through) in the logic after register AS.
            wire [127:0] mixed_at_as;
            if (MS == AS) begin : gen_same
                assign mixed_at_as = mixed;
            end else begin : gen_reg
                reg [127:0] m_reg;
                always @(posedge clk) begin
                    m_reg <= mixed;
                end
                assign mixed_at_as = m_reg;
            end
            assign result = mixed_at_as ^ round_key;

        end else begin : gen_composite

            // Steps (above): x1_reg holds t, the state in the tower basis. v is the
            // GF(2^8) inverses in the tower, (Inv)ShiftRows not applied yet, in the logic
            // of register VS.
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
                    assign v[8*j +: 8] = tower_out(td_reg[8*j +: 8], td_reg[128 + 4*j +: 4]);
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

    end else begin : gen_ttable

        // Register 1: the table read registers. Lookup 4c+r is row r of column c after
        // (Inv)ShiftRows.
        localparam EW = DEC ? 32 : 16;
        localparam NEED_SI = DEC && (LAST_MODE != 0);

        wire [127:0] in_sr = shift_rows(in);
        wire [127:0] in_isr = inv_shift_rows(in);     // unused when DECRYPT=0
        wire [16*EW-1:0] q;     // lookup j in bits [EW*j +: EW]
        wire [127:0]     si;    // Si(InvShiftRows(in)) when NEED_SI

        for (j = 0; j < 16; j = j + 2) begin : gen_table
            if (DEC) begin : gen_encdec
                wire [8:0] addr_a = {in_dec, in_dec ? in_isr[8*j +: 8] : in_sr[8*j +: 8]};
                wire [8:0] addr_b = {in_dec, in_dec ? in_isr[8*j+8 +: 8] : in_sr[8*j+8 +: 8]};
                aes_rom #(.TABLE("ENCDEC32"), .ABITS(9), .DBITS(32)) u_rom (
                    .clk(clk),
                    .addr_a(addr_a), .q_a(q[EW*j +: EW]),
                    .addr_b(addr_b), .q_b(q[EW*(j+1) +: EW])
                );
            end else begin : gen_enc
                aes_rom #(.TABLE("ENC16"), .ABITS(8), .DBITS(16)) u_rom (
                    .clk(clk),
                    .addr_a(in_sr[8*j +: 8]), .q_a(q[EW*j +: EW]),
                    .addr_b(in_sr[8*j+8 +: 8]), .q_b(q[EW*(j+1) +: EW])
                );
            end
            if (NEED_SI) begin : gen_si
                aes_rom #(.TABLE("INV8"), .ABITS(8), .DBITS(8)) u_rom_si (
                    .clk(clk),
                    .addr_a(in_isr[8*j +: 8]), .q_a(si[8*j +: 8]),
                    .addr_b(in_isr[8*j+8 +: 8]), .q_b(si[8*j+8 +: 8])
                );
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
        // register whose flags the pair / column logic uses
        localparam XS = STAGES == 1 ? 1 : 2;

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
            wire [127:0] ark;
            if (HAS_PASS) begin : gen_pass
                assign ark = st_pass[2] ? xp[256 +: 128] : (cols ^ round_key);
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

// Inputs and copies that a given parameter set does not read (in_dec is for the TTABLE
// address, st_last and st_pass only exist for some units); Yosys removes them.
wire unused_ok = ^{in_dec, st_dec, st_last, st_pass, xp};

endmodule

`resetall
