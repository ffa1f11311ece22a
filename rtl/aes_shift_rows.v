// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES ShiftRows: row r of the state rotated left by r columns (wiring only)

/*
 * Byte 4c+r is row r of column c. ShiftRows moves the byte in column (c+r) mod 4 of
 * row r to column c: out byte 4c+r = in byte 4((c+r) mod 4)+r. The permutation is the
 * function shift_rows of aes_shift_rows.vh, which the PIPELINED round units include too.
 */
module aes_shift_rows (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // ShiftRows(in), same byte order
    output wire [127:0] out
);

`include "aes_shift_rows.vh"

assign out = shift_rows(in);

endmodule

`resetall
