// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared data delay: q is d from CLOCKS clocks ago (0: q is d)

/*
 * The register stages of the multipliers (aes_clmul, aes_gf128_mul): each cut of a
 * datapath that a parameter may place or leave out is one of these, so a build with the
 * cut and one without differ only in CLOCKS. Data only: no reset, no enable (the
 * callers' control says when the delayed data counts).
 */
module aes_delay #(
    // Bits delayed.
    parameter WIDTH = 1,
    // Clocks of delay, 0 or more.
    parameter CLOCKS = 1
) (
    input  wire             clk,
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] q
);

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (CLOCKS < 0 || WIDTH < 1) begin : gen_invalid
            aes_delay_invalid_CLOCKS_must_be_0_or_more_and_WIDTH_1_or_more invalid_inst ();
        end
    endgenerate

    generate
        if (CLOCKS == 0) begin : gen_wire
            assign q = d;
            // A delay of no clocks has no use for the clock.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_clk = clk;
            /* verilator lint_on UNUSEDSIGNAL */
        end else if (CLOCKS == 1) begin : gen_reg
            reg [WIDTH-1:0] q_reg;
            always @(posedge clk) begin
                q_reg <= d;
            end
            assign q = q_reg;
        end else begin : gen_line
            // Bits [WIDTH*s +: WIDTH] hold d from s + 1 clocks ago.
            reg [WIDTH*CLOCKS-1:0] line_reg;
            always @(posedge clk) begin
                line_reg <= {line_reg[WIDTH*(CLOCKS-1)-1:0], d};
            end
            assign q = line_reg[WIDTH*(CLOCKS-1) +: WIDTH];
        end
    endgenerate

endmodule

`resetall
