// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES ShiftRows: row r of the state rotated left by r columns (wiring only)

/*
 * Byte 4c+r is row r of column c. ShiftRows moves the byte in column (c+r) mod 4 of
 * row r to column c: out byte 4c+r = in byte 4((c+r) mod 4)+r.
 */
module aes_shift_rows (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // ShiftRows(in), same byte order
    output wire [127:0] out
);

localparam COLS = 4;
localparam ROWS = 4;

genvar c, r;
generate
    for (c = 0; c < COLS; c = c + 1) begin : gen_col
        for (r = 0; r < ROWS; r = r + 1) begin : gen_row
            assign out[8*(ROWS*c + r) +: 8] = in[8*(ROWS*((c + r) % COLS) + r) +: 8];
        end
    end
endgenerate

endmodule

`resetall
