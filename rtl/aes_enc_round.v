// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES encryption round: SubBytes, ShiftRows, MixColumns (skipped in the last round), AddRoundKey

/*
 * out = MixColumns(ShiftRows(SubBytes(state))) ^ round_key   when last = 0
 * out = ShiftRows(SubBytes(state)) ^ round_key               when last = 1
 * Combinational; the engines put registers around it (and between its parts when
 * sub-pipelined). ShiftRows is wiring, so it is done first and costs nothing.
 *
 * SBOX "LUT" / "COMPOSITE": ShiftRows, 16 S-boxes (aes_sub_bytes with that SBOX),
 * MixColumns (aes_mix_columns), then a 2:1 multiplexer on last and the key XOR.
 *   Depth: S-box (LUT: an 8-input table; COMPOSITE: about 20 levels of 2-input gates) +
 *   MixColumns (at most 7 inputs per bit) + multiplexer and key XOR.
 *
 * SBOX "TTABLE": SubBytes and MixColumns merged. Output column c is
 *   T0(x0) ^ rot1(T0(x1)) ^ rot2(T0(x2)) ^ rot3(T0(x3)) ^ round_key column c
 * where x_r is row r of column c after ShiftRows, T0 is aes_ttable and rot_r moves
 * byte k to byte k+r mod 4. The last round takes S(x_r), byte 1 of T0(x_r), so it needs
 * no separate S-box.
 *   Depth: a 256 x 32 table (an 8-input function per bit) + a 5-input XOR with the
 *   multiplexer on last. The tables are asynchronous here, so they become logic, not
 *   block RAM; a ROM needs a registered address (an engine's job).
 *
 * Measured (Yosys 0.70 synth_ecp5 on this module alone; LUT4 count / cells on the longest
 * path from ltp -noff, PFUMX and L6MUX21 not counted in LUT4):
 *   default:     LUT 2756 / 10   COMPOSITE 3134 / 20   TTABLE  5395 / 9
 *   -nowidelut:  LUT 5373 / 9    COMPOSITE 1552 / 12   TTABLE 10264 / 9
 * With the default wide-LUT mapping ABC maps each S-box (an 8-input function) by depth,
 * whatever its description, so COMPOSITE only saves area with -nowidelut.
 */
module aes_enc_round #(
    // S-box implementation: "LUT" (256 x 8 tables), "COMPOSITE" (tower-field logic,
    // fewest gates) or "TTABLE" (256 x 32 tables merging SubBytes and MixColumns)
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] state,
    // round key, same byte order
    input  wire [127:0] round_key,
    // 1 in the last round (no MixColumns)
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

wire [127:0] shifted;

aes_shift_rows shift_rows_inst (
    .in(state),
    .out(shifted)
);

generate
    if (SBOX == "LUT" || SBOX == "COMPOSITE") begin : gen_sbox

        wire [127:0] substituted;
        wire [127:0] mixed;

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

        assign out = (last ? substituted : mixed) ^ round_key;

    end else if (SBOX == "TTABLE") begin : gen_ttable

        genvar c, r;
        for (c = 0; c < COLS; c = c + 1) begin : gen_col

            // T0 of each row of this column, row r in bits [32r+31:32r]
            wire [32*ROWS-1:0] t;
            wire [31:0] mixed;
            wire [31:0] substituted;

            for (r = 0; r < ROWS; r = r + 1) begin : gen_row
                aes_ttable ttable_inst (
                    .in(shifted[8*(ROWS*c + r) +: 8]),
                    .out(t[32*r +: 32])
                );
                // the last round: S(x_r), taken from T0(x_r)
                assign substituted[8*r +: 8] = t[32*r + 8*TTABLE_S_BYTE +: 8];
            end

            assign mixed = rotate_up(t[0 +: 32], 2'd0) ^ rotate_up(t[32 +: 32], 2'd1)
                         ^ rotate_up(t[64 +: 32], 2'd2) ^ rotate_up(t[96 +: 32], 2'd3);

            assign out[32*c +: 32] = (last ? substituted : mixed) ^ round_key[32*c +: 32];
        end

    end else begin : gen_invalid

        // SBOX is not one of "LUT", "COMPOSITE", "TTABLE": this module does not exist,
        // so elaboration stops here with its name as the message.
        aes_enc_round_invalid_SBOX_parameter_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();

    end
endgenerate

endmodule

`resetall
