// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: aes_gf128_mul equals the bit-serial reference (fv_gf128_ref.v) on every input

/*
 * a, b and c are free in every clock, so a check of one clock covers every input.
 *   PIPE = 1 (combinational): p = c * x^DIGIT + a * b. DIGIT = 128 is the multiplier of
 *     the full-rate GHASH unit (which ties c to zero; c is free here, so c * x^128 is
 *     checked too); DIGIT = 64, 32, 16, 8 is one step of the digit-serial unit,
 *     z <- z * x^DIGIT + digit * H, with the accumulator z on c and H on b.
 *   PIPE = 2: p equals the product of the a, b and c of the clock before. The
 *     multiplier's registers are data only, loaded from the inputs in every clock, so
 *     clock t >= 1 of a bounded check, from any inputs in clock t - 1, covers every
 *     state it can be in.
 *
 * Groups of output bits. The product's 128 bits are checked GROUP at a time, group g
 * (bits g * GROUP .. g * GROUP + GROUP - 1) in clock g + PIPE - 1 only (step counts the
 * clocks), so that each group is a separate query to the solver: smtbmc asks one
 * question per clock, for every assertion active in it. Each group holds for every
 * input, so together they are the whole product. GROUP = 128 checks all bits in one
 * clock; the .sby uses that for PIPE = 1 and for a digit-serial step with PIPE = 2, and
 * GROUP = 8 (16 clocks) for the full multiplier's PIPE = 2, whose product Boolector does
 * not close in one query (docs/verification.md).
 */
module fv_gf128_mul #(
    parameter DIGIT = 128,          // aes_gf128_mul's DIGIT: 128, or 64 .. 8 (one step)
    parameter PIPE = 1,             // aes_gf128_mul's PIPE: 1 or 2
    parameter GROUP = 128           // output bits checked per clock (divides 128)
) (
    input wire             clk,
    input wire [DIGIT-1:0] a,
    input wire [127:0]     b,
    input wire [127:0]     c
);

    localparam GROUPS = 128 / GROUP;

    wire [127:0] p, p_ref;

    aes_gf128_mul #(
        .DIGIT (DIGIT),
        .PIPE  (PIPE)
    ) dut (
        .clk (clk),
        .a   (a),
        .b   (b),
        .c   (c),
        .p   (p)
    );

    // The reference, on the inputs p depends on.
    generate
        if (PIPE == 2) begin : gen_pipe
            reg [DIGIT-1:0] a_q;
            reg [127:0]     b_q, c_q;
            always @(posedge clk) begin
                a_q <= a;
                b_q <= b;
                c_q <= c;
            end
            fv_gf128_ref #(.N(DIGIT)) u_ref (.a(a_q), .b(b_q), .c(c_q), .p(p_ref));
        end else begin : gen_comb
            fv_gf128_ref #(.N(DIGIT)) u_ref (.a(a), .b(b), .c(c), .p(p_ref));
        end
    endgenerate

    // Clocks since the start of the check (stops counting at 255).
    reg [7:0] step = 8'd0;
    always @(posedge clk) begin
        if (step != 8'hff) begin
            step <= step + 8'd1;
        end
    end

    genvar g;
    generate
        for (g = 0; g < GROUPS; g = g + 1) begin : gen_group
            fv_gf128_mul_check #(
                .W (GROUP)
            ) u_check (
                .en    (step == g + PIPE - 1),
                .p     (p[g*GROUP +: GROUP]),
                .p_ref (p_ref[g*GROUP +: GROUP])
            );
        end
    endgenerate

endmodule

// One group of output bits: a_product in the clocks where en is high.
module fv_gf128_mul_check #(
    parameter W = 128
) (
    input wire         en,
    input wire [W-1:0] p,
    input wire [W-1:0] p_ref
);

`ifdef FORMAL
    always @* begin
        if (en) begin
            a_product: assert (p == p_ref);
        end
    end
`endif

endmodule

`resetall
