// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Test wrapper: the S-box, inverse S-box, SubBytes and InvSubBytes of one SBOX in one build

module tb_sbox #(
    // S-box implementation under test: "LUT" or "COMPOSITE"
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // one byte into aes_sbox and aes_inv_sbox
    input  wire [7:0]   sbox_in,
    output wire [7:0]   sbox_out,
    output wire [7:0]   inv_sbox_out,
    // one state into aes_sub_bytes and aes_inv_sub_bytes
    input  wire [127:0] state,
    output wire [127:0] sub_bytes_out,
    output wire [127:0] inv_sub_bytes_out
);

aes_sbox #(
    .SBOX(SBOX)
) sbox_inst (
    .in(sbox_in),
    .out(sbox_out)
);

aes_inv_sbox #(
    .SBOX(SBOX)
) inv_sbox_inst (
    .in(sbox_in),
    .out(inv_sbox_out)
);

aes_sub_bytes #(
    .SBOX(SBOX)
) sub_bytes_inst (
    .in(state),
    .out(sub_bytes_out)
);

aes_inv_sub_bytes #(
    .SBOX(SBOX)
) inv_sub_bytes_inst (
    .in(state),
    .out(inv_sub_bytes_out)
);

endmodule

`resetall
