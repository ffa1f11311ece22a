// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One AES round, either direction: (Inv)SubBytes, (Inv)ShiftRows, (Inv)MixColumns
// (skipped in the last round), AddRoundKey

/*
 * INVERSE = 0 (encryption round):
 *   out = MixColumns(ShiftRows(SubBytes(state))) ^ round_key   when last = 0
 *   out = ShiftRows(SubBytes(state)) ^ round_key               when last = 1
 * INVERSE = 1 (decryption round of the equivalent inverse cipher, FIPS-197 5.3.5):
 *   out = InvMixColumns(InvShiftRows(InvSubBytes(state))) ^ round_key   when last = 0
 *   out = InvShiftRows(InvSubBytes(state)) ^ round_key                  when last = 1
 *   round_key is then the decryption round key: for the middle rounds the key schedule
 *   has already applied InvMixColumns to it, so the round has the same shape as an
 *   encryption round.
 * Combinational; the engines put registers around it. (Inv)ShiftRows is wiring, so it is
 * done first and costs nothing.
 *
 * SBOX "LUT" / "COMPOSITE": (Inv)ShiftRows, 16 S-boxes (aes_sub_bytes or
 * aes_inv_sub_bytes with that SBOX), (Inv)MixColumns, then a 2:1 multiplexer on last and
 * the key XOR.
 *   Depth: S-box (LUT: an 8-input table; COMPOSITE: about 20 levels of 2-input gates) +
 *   (Inv)MixColumns (InvMixColumns is a pre-multiplication by the (05 00 04 00)
 *   circulant, then the MixColumns network) + multiplexer and key XOR.
 *
 * SBOX "TTABLE": SubBytes and MixColumns merged. Output column c is
 *   T(x0) ^ rot1(T(x1)) ^ rot2(T(x2)) ^ rot3(T(x3)) ^ round_key column c
 * where x_r is row r of column c after (Inv)ShiftRows, T is aes_ttable (T0) or
 * aes_inv_ttable (Td0) and rot_r moves byte k to byte k+r mod 4. Encrypting, the last
 * round takes S(x_r), byte 1 of T0(x_r), so it needs no separate S-box; no byte of Td0 is
 * Si(x) itself, so the last decryption round uses 16 separate inverse S-boxes (LUT).
 *   Depth: a 256 x 32 table (an 8-input function per bit) + a 5-input XOR with the
 *   multiplexer on last. The tables are asynchronous here, so they become logic, not
 *   block RAM; a ROM needs a registered address (an engine's job).
 *
 * Measured (Yosys 0.70 synth_ecp5 on this module alone; LUT4 count / cells on the longest
 * path from ltp -noff, PFUMX and L6MUX21 not counted in LUT4):
 *   INVERSE 0, default:     LUT 2756 / 10   COMPOSITE 3134 / 20   TTABLE  5395 / 9
 *   INVERSE 0, -nowidelut:  LUT 5373 / 9    COMPOSITE 1552 / 12   TTABLE 10264 / 9
 *   INVERSE 1, default:     LUT 3019 / 13   COMPOSITE 3472 / 20   TTABLE 11112 / 9
 *   INVERSE 1, -nowidelut:  LUT 5460 / 11   COMPOSITE 1782 / 14   TTABLE 19834 / 9
 * With the default wide-LUT mapping ABC maps each S-box (an 8-input function) by depth,
 * whatever its description, so COMPOSITE only saves area with -nowidelut. The inverse
 * TTABLE round is large: Td0 has four different bytes and the last round adds 16 inverse
 * S-boxes, so it only pays off when the tables go into block RAM.
 */
module aes_round #(
    // 0: encryption round; 1: decryption round of the equivalent inverse cipher
    parameter INVERSE = 0,
    // S-box implementation: "LUT" (256 x 8 tables), "COMPOSITE" (tower-field logic,
    // fewest gates) or "TTABLE" (256 x 32 tables merging (Inv)SubBytes and
    // (Inv)MixColumns; the inverse round adds LUT inverse S-boxes for its last round)
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] state,
    // round key (INVERSE = 1: of the equivalent inverse cipher), same byte order
    input  wire [127:0] round_key,
    // 1 in the last round (no (Inv)MixColumns)
    input  wire         last,
    // state leaving the round, same byte order
    output wire [127:0] out
);

localparam COLS = 4;
localparam ROWS = 4;
// the byte of a T0 word that holds S(x) itself
localparam TTABLE_S_BYTE = 1;

// rotate a 32-bit column up by n bytes: byte k of the result is byte (k - n) mod 4 of w
function [31:0] rotate_up;
    input [31:0] w;
    input [1:0] n;
    begin
        case (n)
            2'd0:    rotate_up = w;
            2'd1:    rotate_up = {w[23:0], w[31:24]};
            2'd2:    rotate_up = {w[15:0], w[31:16]};
            default: rotate_up = {w[7:0], w[31:8]};
        endcase
    end
endfunction

// (Inv)ShiftRows(state), the round's first step
wire [127:0] shifted;
// (Inv)SubBytes(shifted): the last round's result before the key
wire [127:0] substituted;
// the middle rounds' result before the key
wire [127:0] mixed;

generate
    if (INVERSE == 0) begin : gen_forward
        aes_shift_rows shift_rows_inst (
            .in(state),
            .out(shifted)
        );
    end else begin : gen_inverse
        aes_inv_shift_rows inv_shift_rows_inst (
            .in(state),
            .out(shifted)
        );
    end

    if (SBOX == "LUT" || SBOX == "COMPOSITE") begin : gen_sbox

        if (INVERSE == 0) begin : gen_forward
            aes_sub_bytes #(
                .SBOX(SBOX)
            ) sub_bytes_inst (
                .in(shifted),
                .out(substituted)
            );

            aes_mix_columns mix_columns_inst (
                .in(substituted),
                .out(mixed)
            );
        end else begin : gen_inverse
            aes_inv_sub_bytes #(
                .SBOX(SBOX)
            ) inv_sub_bytes_inst (
                .in(shifted),
                .out(substituted)
            );

            aes_inv_mix_columns inv_mix_columns_inst (
                .in(substituted),
                .out(mixed)
            );
        end

    end else if (SBOX == "TTABLE") begin : gen_ttable

        if (INVERSE != 0) begin : gen_inverse_last
            // the last decryption round: plain inverse S-boxes
            aes_inv_sub_bytes #(
                .SBOX("LUT")
            ) inv_sub_bytes_inst (
                .in(shifted),
                .out(substituted)
            );
        end

        genvar c, r;
        for (c = 0; c < COLS; c = c + 1) begin : gen_col

            // T0 or Td0 of each row of this column, row r in bits [32r+31:32r]
            wire [32*ROWS-1:0] t;

            for (r = 0; r < ROWS; r = r + 1) begin : gen_row
                if (INVERSE == 0) begin : gen_forward
                    aes_ttable ttable_inst (
                        .in(shifted[8*(ROWS*c + r) +: 8]),
                        .out(t[32*r +: 32])
                    );
                    // the last round: S(x_r), taken from T0(x_r)
                    assign substituted[8*(ROWS*c + r) +: 8] = t[32*r + 8*TTABLE_S_BYTE +: 8];
                end else begin : gen_inverse
                    aes_inv_ttable inv_ttable_inst (
                        .in(shifted[8*(ROWS*c + r) +: 8]),
                        .out(t[32*r +: 32])
                    );
                end
            end

            assign mixed[32*c +: 32] = rotate_up(t[0 +: 32], 2'd0) ^ rotate_up(t[32 +: 32], 2'd1)
                                     ^ rotate_up(t[64 +: 32], 2'd2) ^ rotate_up(t[96 +: 32], 2'd3);
        end

    end else begin : gen_invalid

        // SBOX is not one of "LUT", "COMPOSITE", "TTABLE": this module does not exist,
        // so elaboration stops here with its name as the message.
        aes_round_invalid_SBOX_parameter_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();

    end
endgenerate

assign out = (last ? substituted : mixed) ^ round_key;

endmodule

`resetall
