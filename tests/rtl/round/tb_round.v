// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Test wrapper: both rounds of one SBOX, plus the T-tables and the row/column transforms, in one build

module tb_round #(
    // S-box implementation of the rounds under test: "LUT", "COMPOSITE" or "TTABLE"
    parameter [8*16-1:0] SBOX = "LUT"
) (
    // aes_round, INVERSE 0 and 1
    input  wire [127:0] state,
    input  wire [127:0] round_key,
    input  wire         last,
    output wire [127:0] enc_out,
    output wire [127:0] dec_out,
    // the state transforms, all driven from state
    output wire [127:0] shift_rows_out,
    output wire [127:0] inv_shift_rows_out,
    output wire [127:0] mix_columns_out,
    output wire [127:0] inv_mix_columns_out,
    // aes_ttable and aes_inv_ttable
    input  wire [7:0]   table_in,
    output wire [31:0]  ttable_out,
    output wire [31:0]  inv_ttable_out
);

aes_round #(
    .INVERSE(0),
    .SBOX(SBOX)
) enc_round_inst (
    .state(state),
    .round_key(round_key),
    .last(last),
    .out(enc_out)
);

aes_round #(
    .INVERSE(1),
    .SBOX(SBOX)
) dec_round_inst (
    .state(state),
    .round_key(round_key),
    .last(last),
    .out(dec_out)
);

aes_shift_rows shift_rows_inst (
    .in(state),
    .out(shift_rows_out)
);

aes_inv_shift_rows inv_shift_rows_inst (
    .in(state),
    .out(inv_shift_rows_out)
);

aes_mix_columns mix_columns_inst (
    .in(state),
    .out(mix_columns_out)
);

aes_inv_mix_columns inv_mix_columns_inst (
    .in(state),
    .out(inv_mix_columns_out)
);

aes_ttable ttable_inst (
    .in(table_in),
    .out(ttable_out)
);

aes_inv_ttable inv_ttable_inst (
    .in(table_in),
    .out(inv_ttable_out)
);

endmodule

`resetall
