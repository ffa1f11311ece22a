// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES InvShiftRows: row r of the state rotated right by r columns (wiring only)

/*
 * Byte 4c+r is row r of column c. InvShiftRows moves the byte in column c of row r to
 * column (c+r) mod 4: out byte 4((c+r) mod 4)+r = in byte 4c+r. The permutation is the
 * function inv_shift_rows of aes_shift_rows.vh, which the PIPELINED round units include too.
 */
module aes_inv_shift_rows (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // InvShiftRows(in), same byte order
    output wire [127:0] out
);

`include "aes_shift_rows.vh"

assign out = inv_shift_rows(in);

endmodule

`resetall
