// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES decryption round of the equivalent inverse cipher (FIPS-197 5.3.5)

/*
 * out = InvMixColumns(InvShiftRows(InvSubBytes(state))) ^ round_key   when last = 0
 * out = InvShiftRows(InvSubBytes(state)) ^ round_key                  when last = 1
 * round_key is the decryption round key of the equivalent inverse cipher: for the
 * middle rounds it is already InvMixColumns'd by the key schedule, so the round has the
 * same shape as an encryption round. Combinational; InvShiftRows is wiring and is done
 * first.
 *
 * SBOX "LUT" / "COMPOSITE": InvShiftRows, 16 inverse S-boxes (aes_inv_sub_bytes with
 * that SBOX), InvMixColumns (aes_inv_mix_columns), a 2:1 multiplexer on last and the key
 * XOR.
 *   Depth: inverse S-box + InvMixColumns (a pre-multiplication by the (05 00 04 00)
 *   circulant, then the MixColumns network) + multiplexer and key XOR.
 *
 * SBOX "TTABLE": InvSubBytes and InvMixColumns merged. Output column c is
 *   Td0(x0) ^ rot1(Td0(x1)) ^ rot2(Td0(x2)) ^ rot3(Td0(x3)) ^ round_key column c
 * where x_r is row r of column c after InvShiftRows, Td0 is aes_inv_ttable and rot_r
 * moves byte k to byte k+r mod 4. No byte of Td0 is Si(x) itself, so the last round
 * uses 16 separate inverse S-boxes (LUT) on the same bytes.
 *   Depth: a 256 x 32 table + a 5-input XOR with the multiplexer on last.
 *
 * Measured (Yosys 0.70 synth_ecp5 on this module alone; LUT4 count / cells on the longest
 * path from ltp -noff, PFUMX and L6MUX21 not counted in LUT4):
 *   default:     LUT 3019 / 13   COMPOSITE 3472 / 20   TTABLE 11112 / 9
 *   -nowidelut:  LUT 5460 / 11   COMPOSITE 1782 / 14   TTABLE 19834 / 9
 * TTABLE is large here: Td0 has four different bytes and the last round adds 16 inverse
 * S-boxes, so it only pays off when the tables go into block RAM.
 */
module aes_dec_round #(
    // S-box implementation: "LUT" (256 x 8 tables), "COMPOSITE" (tower-field logic,
    // fewest gates) or "TTABLE" (256 x 32 tables merging InvSubBytes and InvMixColumns,
    // plus LUT inverse S-boxes for the last round)
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] state,
    // decryption round key (equivalent inverse cipher), same byte order
    input  wire [127:0] round_key,
    // 1 in the last round (no InvMixColumns)
    input  wire         last,
    // state leaving the round, same byte order
    output wire [127:0] out
);

localparam COLS = 4;
localparam ROWS = 4;

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

aes_inv_shift_rows inv_shift_rows_inst (
    .in(state),
    .out(shifted)
);

generate
    if (SBOX == "LUT" || SBOX == "COMPOSITE") begin : gen_sbox

        wire [127:0] substituted;
        wire [127:0] mixed;

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

        assign out = (last ? substituted : mixed) ^ round_key;

    end else if (SBOX == "TTABLE") begin : gen_ttable

        // the last round: plain inverse S-boxes
        wire [127:0] substituted;

        aes_inv_sub_bytes #(
            .SBOX("LUT")
        ) inv_sub_bytes_inst (
            .in(shifted),
            .out(substituted)
        );

        genvar c, r;
        for (c = 0; c < COLS; c = c + 1) begin : gen_col

            // Td0 of each row of this column, row r in bits [32r+31:32r]
            wire [32*ROWS-1:0] t;
            wire [31:0] mixed;

            for (r = 0; r < ROWS; r = r + 1) begin : gen_row
                aes_inv_ttable inv_ttable_inst (
                    .in(shifted[8*(ROWS*c + r) +: 8]),
                    .out(t[32*r +: 32])
                );
            end

            assign mixed = rotate_up(t[0 +: 32], 2'd0) ^ rotate_up(t[32 +: 32], 2'd1)
                         ^ rotate_up(t[64 +: 32], 2'd2) ^ rotate_up(t[96 +: 32], 2'd3);

            assign out[32*c +: 32] = (last ? substituted[32*c +: 32] : mixed) ^ round_key[32*c +: 32];
        end

    end else begin : gen_invalid

        // SBOX is not one of "LUT", "COMPOSITE", "TTABLE": this module does not exist,
        // so elaboration stops here with its name as the message.
        aes_dec_round_invalid_SBOX_parameter_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();

    end
endgenerate

endmodule

`resetall
