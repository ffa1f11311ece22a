// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES SubBytes: the S-box on each of the 16 bytes of a 128-bit state

module aes_sub_bytes #(
    // S-box implementation: "LUT" (256 x 8 tables) or "COMPOSITE" (tower-field logic)
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // state, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0] in,
    // SubBytes(in), same byte order
    output wire [127:0] out
);

localparam BYTES = 16;

genvar i;
generate
    for (i = 0; i < BYTES; i = i + 1) begin : gen_byte
        aes_sbox #(
            .SBOX(SBOX)
        ) sbox_inst (
            .in(in[8*i +: 8]),
            .out(out[8*i +: 8])
        );
    end
endgenerate

endmodule

`resetall
