// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES InvMixColumns on a 128-bit state, as a small pre-multiplication followed by MixColumns

/*
 * The InvMixColumns matrix (0e 0b 0d 09, circulant) factors as the MixColumns matrix
 * (02 03 01 01) times the matrix (05 00 04 00, circulant) (Daemen and Rijmen, The
 * Design of Rijndael, 4.1.3). Per column, with u = 4 (a0 ^ a2) and v = 4 (a1 ^ a3):
 *   a0' = a0 ^ u,  a1' = a1 ^ v,  a2' = a2 ^ u,  a3' = a3 ^ v,  then MixColumns.
 * This shares the MixColumns XOR network and costs 2 more XOR levels than MixColumns.
 */
module aes_inv_mix_columns (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // InvMixColumns(in), same byte order
    output wire [127:0] out
);

localparam COLS = 4;

// multiply by x^2 (0x04) modulo x^8 + x^4 + x^3 + x + 1
function [7:0] mul4;
    input [7:0] b;
    reg [7:0] b2;
    begin
        b2 = {b[6:0], 1'b0} ^ ({8{b[7]}} & 8'h1b);
        mul4 = {b2[6:0], 1'b0} ^ ({8{b2[7]}} & 8'h1b);
    end
endfunction

// one column times the (05 00 04 00) circulant; byte r of the 32-bit word is row r
function [31:0] pre_column;
    input [31:0] col;
    reg [7:0] u, v;
    begin
        u = mul4(col[7:0] ^ col[23:16]);
        v = mul4(col[15:8] ^ col[31:24]);
        pre_column = col ^ {v, u, v, u};
    end
endfunction

wire [127:0] pre;

genvar c;
generate
    for (c = 0; c < COLS; c = c + 1) begin : gen_col
        assign pre[32*c +: 32] = pre_column(in[32*c +: 32]);
    end
endgenerate

aes_mix_columns mix_columns_inst (
    .in(pre),
    .out(out)
);

endmodule

`resetall
