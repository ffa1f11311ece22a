// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Carry-less product of two polynomials over GF(2), by Karatsuba's split or schoolbook

/*
 * p = a * b in GF(2)[x], unreduced: bit k of a, b and p is the coefficient of x^k; a has
 * N coefficients, b has M and p has N + M - 1. aes_gf128_mul uses it for every product
 * it forms (the full GHASH multiplier, and the digit-serial one's digit times b) and
 * reduces p itself.
 *
 * LEVELS = 0: the schoolbook product. Each coefficient p_k is the XOR of a_i & b_(k-i)
 * over i, one reduction over a vector (a ANDed with a window of b reversed), so
 * synthesis builds a balanced tree per coefficient. M may differ from N.
 *
 * LEVELS > 0: one level of Karatsuba's split, then this module again on halves with
 * LEVELS - 1. With h = N / 2 and a = a1 x^h + a0, b = b1 x^h + b0:
 *   P0 = a0 b0,  P1 = a1 b1,  Pm = (a0 + a1)(b0 + b1),
 *   a b = P1 x^(2h) + (Pm + P1 + P0) x^h + P0,
 * three products of half the size where the schoolbook product has four. After LEVELS
 * levels there are 3^LEVELS products of N / 2^LEVELS coefficients; each of their
 * operand bits is the XOR of up to 2^LEVELS operand bits, and each coefficient of p
 * gathers at most four terms per level (P0's and P1's ranges do not overlap).
 *
 * The wiring is the point as much as the count. In the schoolbook product every operand
 * bit drives N partial products spread over the whole multiplier; here it drives
 * 2^LEVELS sums, each of which feeds only the partial products of one small product, so
 * a placer can keep each of those together. 128 x 128: 16,384 ANDs at LEVELS = 0, 6,912
 * at LEVELS = 3.
 *
 * Registers (data only, no reset, aes_delay), each adding a clock from a and b to p:
 * REG_OPERANDS = 1 on the operands of every schoolbook product at the bottom of the
 * recursion (3^LEVELS 2N / 2^LEVELS flip-flops), after the operand sums.
 * REG_PRODUCTS = 1 on the output of every one of those products (3^LEVELS
 * (2N / 2^LEVELS - 1) flip-flops): the products' XOR trees (and the operand sums,
 * without REG_OPERANDS) before it, the recombination after it. REG_OUTPUT = 1 on p
 * (2N - 1 flip-flops), after the recombination. All 0: combinational.
 *
 * Limits: N is a power of two with N / 2^LEVELS >= 1; LEVELS from 0 to 6; M is 1 or more,
 * and equal to N when LEVELS > 0.
 */
module aes_clmul #(
    // Coefficients of a (a power of two).
    parameter N = 128,
    // Coefficients of b (N when LEVELS > 0).
    parameter M = N,
    // Levels of Karatsuba's split (0: the schoolbook product).
    parameter LEVELS = 0,
    // 1: a register on the operands of each bottom-level product.
    parameter REG_OPERANDS = 0,
    // 1: a register on each bottom-level product.
    parameter REG_PRODUCTS = 0,
    // 1: a register on p.
    parameter REG_OUTPUT = 0
) (
    input  wire           clk,
    input  wire [N-1:0]   a,
    input  wire [M-1:0]   b,
    output wire [N+M-2:0] p
);

    localparam H = N / 2;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (N < 1 || (N & (N - 1)) != 0 || LEVELS < 0 || LEVELS > 6 || (N >> LEVELS) < 1) begin : gen_invalid
            aes_clmul_invalid_N_must_be_a_power_of_two_with_N_over_2_to_the_LEVELS_at_least_1 invalid_inst ();
        end
        if (M < 1 || (LEVELS > 0 && M != N)) begin : gen_invalid_m
            aes_clmul_invalid_M_must_be_1_or_more_and_N_when_LEVELS_is_above_0 invalid_m_inst ();
        end
    endgenerate

    wire [N+M-2:0] p_comb;          // the product before REG_OUTPUT's register

    genvar j, k;
    generate
        if (LEVELS == 0) begin : gen_schoolbook
            wire [N-1:0] a_q;            // the operands, after REG_OPERANDS
            wire [M-1:0] b_q;
            aes_delay #(.WIDTH(N), .CLOCKS(REG_OPERANDS)) u_a_reg (
                .clk (clk),
                .d   (a),
                .q   (a_q)
            );
            aes_delay #(.WIDTH(M), .CLOCKS(REG_OPERANDS)) u_b_reg (
                .clk (clk),
                .d   (b),
                .q   (b_q)
            );

            // b reversed with N - 1 zeros on either side: bits (N + M - 2 - k) +: N hold
            // b_(k - i) for i = 0 .. N - 1, zero where k - i is not a coefficient of b.
            wire [M+2*N-3:0] b_rev;
            wire [N+M-2:0]   prod;
            for (j = 0; j < M + 2 * N - 2; j = j + 1) begin : gen_b_rev
                if (j >= N - 1 && j <= N + M - 2) begin : gen_bit
                    assign b_rev[j] = b_q[N + M - 2 - j];
                end else begin : gen_zero
                    assign b_rev[j] = 1'b0;
                end
            end
            for (k = 0; k < N + M - 1; k = k + 1) begin : gen_coeff
                assign prod[k] = ^(a_q & b_rev[(N + M - 2 - k) +: N]);
            end

            aes_delay #(.WIDTH(N + M - 1), .CLOCKS(REG_PRODUCTS)) u_prod_reg (
                .clk (clk),
                .d   (prod),
                .q   (p_comb)
            );
        end else begin : gen_split
            wire [N-2:0] p0, p1, pm;    // 2h - 1 coefficients each
            wire [H-1:0] a_sum = a[H-1:0] ^ a[N-1:H];
            wire [H-1:0] b_sum = b[H-1:0] ^ b[N-1:H];

            aes_clmul #(.N(H), .LEVELS(LEVELS - 1), .REG_OPERANDS(REG_OPERANDS), .REG_PRODUCTS(REG_PRODUCTS)) u_low (
                .clk (clk),
                .a   (a[H-1:0]),
                .b   (b[H-1:0]),
                .p   (p0)
            );
            aes_clmul #(.N(H), .LEVELS(LEVELS - 1), .REG_OPERANDS(REG_OPERANDS), .REG_PRODUCTS(REG_PRODUCTS)) u_high (
                .clk (clk),
                .a   (a[N-1:H]),
                .b   (b[N-1:H]),
                .p   (p1)
            );
            aes_clmul #(.N(H), .LEVELS(LEVELS - 1), .REG_OPERANDS(REG_OPERANDS), .REG_PRODUCTS(REG_PRODUCTS)) u_mid (
                .clk (clk),
                .a   (a_sum),
                .b   (b_sum),
                .p   (pm)
            );

            // P0 at x^0, P1 at x^(2h), and Pm + P1 + P0 at x^h.
            wire [2*N-2:0] outer = {p1, 1'b0, p0};
            wire [N-2:0]   middle = pm ^ p1 ^ p0;
            assign p_comb = outer ^ {{H{1'b0}}, middle, {H{1'b0}}};
        end

        aes_delay #(.WIDTH(N + M - 1), .CLOCKS(REG_OUTPUT)) u_out_reg (
            .clk (clk),
            .d   (p_comb),
            .q   (p)
        );
    endgenerate

endmodule

`resetall
