// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal reference: the GF(2^128) product of GCM, bit-serial shift-and-add (formal benches only)

/*
 * p = c * x^N + a * b in GF(2^128) = GF(2)[x] / P, P = x^128 + x^7 + x^2 + x + 1. Bit k
 * of a value is the coefficient of x^k (SP 800-38D's bit k of a block; to_poly in
 * aescores.gcm). a has N coefficients, b and c are field elements.
 *
 * The textbook method, one bit at a time, written from the definition only:
 *   1. Multiply, shift and add: for each bit i of a, from x^0 up, add b * x^i (b
 *      shifted up by i) to w when a_i is set. w is the carry-less product a * b, of
 *      degree below N + 127. Then add c * x^N (c shifted up by N).
 *   2. Reduce, long division by P from the top: for each coefficient w_i of degree
 *      i >= 128, from the highest down, x^i = x^(i-128) * (x^7 + x^2 + x + 1) mod P, so
 *      w_i is added at x^(i-121), x^(i-126), x^(i-127) and x^(i-128) and cleared. A
 *      coefficient folded onto a degree still >= 128 (only from i >= 249) is folded
 *      again later in the same loop, as it runs downwards.
 * The low 128 coefficients are then the reduced product.
 *
 * Nothing is shared with rtl/aes_gf128_mul.v, which forms each unreduced coefficient
 * as one XOR reduction over a window of b and reduces with masks computed by a constant
 * function. Step 1 runs over a from its lowest bit up because Yosys writes the RTL's
 * XOR reductions for the solver as chains in that order: the two unreduced products
 * then share their structure and the SMT solver closes the full 128 x 128 product in
 * seconds. The same reference in Horner's order (highest bit of a first, with the
 * reduction in every step or at the end) is equally correct, but Boolector takes
 * minutes for 8 of the 128 output bits against it (docs/verification.md, "How").
 */
module fv_gf128_ref #(
    parameter N = 128              // coefficients of a
) (
    input  wire [N-1:0] a,
    input  wire [127:0] b,
    input  wire [127:0] c,
    output wire [127:0] p
);

    localparam W = N + 128;         // w: the unreduced product plus c * x^N

    integer     i;
    reg [W-1:0] w;

    always @* begin
        // 1. shift and add
        w = {W{1'b0}};
        for (i = 0; i < N; i = i + 1) begin
            w = w ^ ({{N{1'b0}}, b & {128{a[i]}}} << i);
        end
        w = w ^ {c, {N{1'b0}}};
        // 2. long division by P, one coefficient per step from the top
        for (i = W - 1; i >= 128; i = i - 1) begin
            w[i - 121] = w[i - 121] ^ w[i];     // x^7
            w[i - 126] = w[i - 126] ^ w[i];     // x^2
            w[i - 127] = w[i - 127] ^ w[i];     // x
            w[i - 128] = w[i - 128] ^ w[i];     // 1
            w[i] = 1'b0;
        end
    end

    assign p = w[127:0];

endmodule

`resetall
