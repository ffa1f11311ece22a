// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES MixColumns on a 128-bit state, built from xtime (multiply by 2 in GF(2^8))

/*
 * Per column (a0..a3 = rows 0..3, bytes 4c..4c+3), with t = a0 ^ a1 ^ a2 ^ a3:
 *   b_r = a_r ^ t ^ xtime(a_r ^ a_(r+1 mod 4))  =  2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^ a_(r+3)
 * Logic depth: each output bit is the XOR of at most 7 input bits (3 levels of 2-input
 * XOR, 2 levels of LUT4).
 */
module aes_mix_columns (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // MixColumns(in), same byte order
    output wire [127:0] out
);

localparam COLS = 4;

// multiply by x (0x02) modulo x^8 + x^4 + x^3 + x + 1
function [7:0] xtime;
    input [7:0] b;
    begin
        xtime = {b[6:0], 1'b0} ^ ({8{b[7]}} & 8'h1b);
    end
endfunction

// one column; byte r of the 32-bit word is row r
function [31:0] mix_column;
    input [31:0] col;
    reg [7:0] a0, a1, a2, a3, t;
    begin
        a0 = col[7:0];
        a1 = col[15:8];
        a2 = col[23:16];
        a3 = col[31:24];
        t = a0 ^ a1 ^ a2 ^ a3;
        mix_column = {a3 ^ t ^ xtime(a3 ^ a0),
                      a2 ^ t ^ xtime(a2 ^ a3),
                      a1 ^ t ^ xtime(a1 ^ a2),
                      a0 ^ t ^ xtime(a0 ^ a1)};
    end
endfunction

genvar c;
generate
    for (c = 0; c < COLS; c = c + 1) begin : gen_col
        assign out[32*c +: 32] = mix_column(in[32*c +: 32]);
    end
endgenerate

endmodule

`resetall
