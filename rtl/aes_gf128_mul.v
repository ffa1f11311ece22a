// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GF(2^128) multiplier of GCM (SP 800-38D): p = c * x^DIGIT + a * b, reduced by x^128 + x^7 + x^2 + x + 1

/*
 * Bit order. Bit k of a, b, c and p is the coefficient of x^k, which is bit k of
 * SP 800-38D's bit string of a block: bit 0 is the most significant bit of byte 0, bit
 * 127 the least significant bit of byte 15 (SP 800-38D §6.3; the standard's constant
 * R = 11100001 || 0^120 is the low part x^7 + x^2 + x + 1 of the field polynomial).
 * aes_ghash turns the IP's byte order (docs/specification.md §1) into this one by wiring.
 *
 * What it computes. a holds the DIGIT low coefficients of a polynomial, b and c are
 * field elements:
 *   DIGIT = 128: p = a * b, a full multiplier (c * x^128 is added too; tie c to zero).
 *   DIGIT < 128: one step of a digit-serial multiplier. With c the accumulator and the
 *                digits of an operand presented from the highest-degree one down,
 *                c <- c * x^DIGIT + digit * b leaves the whole product in c after
 *                128 / DIGIT steps (Horner's rule on the digits).
 *
 * Structure. The product is first formed unreduced, u = c * x^DIGIT + a * b (degree
 * below 128 + DIGIT). Each coefficient u_k = c_(k-DIGIT) xor (XOR over i of
 * a_i & b_(k-i)); the products come from aes_clmul (schoolbook: one XOR reduction over
 * a vector per coefficient, a ANDed with a window of b reversed, so synthesis builds a
 * balanced tree per coefficient, depth log2 DIGIT, and simulators evaluate it as word
 * operations; or Karatsuba's split, below). The reduction is linear: p_k is the XOR of
 * the u_i for which x^i mod P has a coefficient at x^k. Those sets are masks computed
 * at elaboration by a constant function (reduction_mask): u_k itself, u_(128+e) for
 * e + {0, 1, 2, 7} = k, and for DIGIT = 128 a second fold of the seven terms that the
 * first one pushes to x^128 .. x^134. At most 13 coefficients meet in one p_k.
 * Depth (ECP5 LUT4): a pair of partial products per LUT, a 4-input XOR tree of
 * depth log4(DIGIT / 2), then the reduction's XOR of up to 13 coefficients; ABC also
 * uses the slices' PFUMX multiplexers for 5-input XORs. Measured in aes_ghash (Yosys
 * synth_ecp5, LUT4 and PFUMX counted): 9 levels register to register at DIGIT = 128,
 * with the unit's slot XOR (docs/gcm.md).
 *
 * PIPE = 2 cuts the full multiplier once: a is split into four groups of DIGIT / 4
 * coefficients; each group's product with b (unreduced, DIGIT / 4 + 127 coefficients)
 * is formed as above and registered, with c; the second stage XORs the four shifted
 * group products and reduces. p then follows a, b and c by one clock. The cut leaves
 * the partial products and their trees (32 per coefficient) before the registers and
 * the group sum and reduction after them, where aes_ghash adds its own XOR: at most 5
 * levels on either side in aes_ghash. 4 * 159 + 128 flip-flops (Yosys removes c's when
 * c is a constant). In a digit-serial step (DIGIT < 128) PIPE = 2 registers the whole
 * unreduced product a * b (DIGIT + 127 flip-flops) and c: the partial products and
 * their tree before the registers, c * x^DIGIT, the sum and the reduction after them.
 *
 * KARATSUBA = L > 0 (DIGIT = 128 only): a * b comes from aes_clmul, L levels of
 * Karatsuba's split over schoolbook products of 128 / 2^L coefficients (3^L of them),
 * and is reduced as above. With PIPE = 2 the register stage is on the output of each of
 * those small products (3^L (2^(8-L) - 1) flip-flops, 837 at L = 3) and on c: the
 * operand sums and the small products' trees before it, the recombination, the
 * reduction and the caller's XOR after it. PIPE = 3 adds a second stage on the
 * unreduced product (255 flip-flops) and c, after the recombination: the reduction and
 * the caller's XOR are then a stage of their own. PIPE = 4 adds a third stage on the
 * operands of the small products (3^L 2^(9-L) flip-flops, 864 at L = 3), after the
 * operand sums: those sums, the small products' trees, the recombination and the
 * reduction each have a stage. The split needs fewer ANDs (6,912 at L = 3 against
 * 16,384) and, above all, keeps each operand bit's loads in a few small products
 * instead of spreading 128 of them over the whole multiplier (aes_clmul).
 *
 * Every cut is an aes_delay, and c passes PIPE - 1 of them.
 *
 * Limits: DIGIT is a power of two from 1 to 128; PIPE = 2 needs DIGIT >= 4; PIPE = 3
 * and 4 need KARATSUBA > 0; KARATSUBA is 0 to 4 and 0 when DIGIT < 128. No reset: the
 * registers carry data only.
 */
module aes_gf128_mul #(
    // Coefficients of a (a power of two, 1 to 128): 128 is a full multiplier, fewer is
    // one step of a digit-serial one.
    parameter DIGIT = 128,
    // 1: combinational; 2: one register stage inside (p one clock after a, b, c); 3 and
    // 4: two and three (KARATSUBA > 0 only).
    parameter PIPE = 1,
    // Levels of Karatsuba's split of a * b (0 to 4; DIGIT = 128 only): 0 is the
    // schoolbook product.
    parameter KARATSUBA = 0
) (
    input  wire             clk,

    // Operands and result (bit k = coefficient of x^k).
    input  wire [DIGIT-1:0] a,
    input  wire [127:0]     b,
    input  wire [127:0]     c,
    output wire [127:0]     p
);

    // Groups of a formed apart (four when a register stage cuts the full product; one,
    // registered whole, in a digit-serial step), the coefficients of a per group (GW)
    // and of a group's product with b (PW), and the coefficients of the unreduced sum u
    // (UW).
    localparam GROUPS = (PIPE == 2 && DIGIT == 128) ? 4 : 1;
    localparam GW = DIGIT / GROUPS;
    localparam PW = GW + 127;
    localparam UW = DIGIT + 128;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (DIGIT != 1 && DIGIT != 2 && DIGIT != 4 && DIGIT != 8 && DIGIT != 16 && DIGIT != 32 && DIGIT != 64
            && DIGIT != 128) begin : gen_invalid_digit
            aes_gf128_mul_invalid_DIGIT_must_be_a_power_of_two_from_1_to_128 invalid_digit_inst ();
        end
        if (PIPE < 1 || PIPE > 4 || (PIPE >= 3 && KARATSUBA == 0)) begin : gen_invalid_pipe
            aes_gf128_mul_invalid_PIPE_must_be_1_to_4_and_at_most_2_without_KARATSUBA invalid_pipe_inst ();
        end
        if (PIPE == 2 && DIGIT < 4) begin : gen_invalid_split
            aes_gf128_mul_invalid_PIPE_2_needs_DIGIT_of_at_least_4 invalid_split_inst ();
        end
        if (KARATSUBA < 0 || KARATSUBA > 4 || (KARATSUBA > 0 && DIGIT != 128)) begin : gen_invalid_karatsuba
            aes_gf128_mul_invalid_KARATSUBA_must_be_0_to_4_and_0_when_DIGIT_is_below_128 invalid_karatsuba_inst ();
        end
    endgenerate

    // Bit i of the result: the coefficient at x^k of x^i mod P, for i = 0 .. 255.
    function [255:0] reduction_mask(input [6:0] k);
        integer i;
        reg [127:0] power;  // x^i mod P
        begin
            reduction_mask = {256{1'b0}};
            power = 128'd1;
            for (i = 0; i < 256; i = i + 1) begin
                reduction_mask[i] = power[k];
                power = {power[126:0], 1'b0} ^ (power[127] ? 128'h87 : 128'h0);
            end
        end
    endfunction

    wire [UW-1:0] u;                  // the unreduced sum c * x^DIGIT + a * b
    wire [127:0]  c_q;                // c, delayed as much as a * b (PIPE - 1 clocks)

    aes_delay #(.WIDTH(128), .CLOCKS(PIPE - 1)) u_c_reg (
        .clk (clk),
        .d   (c),
        .q   (c_q)
    );

    genvar g, k;
    generate
        if (KARATSUBA == 0) begin : gen_schoolbook
            wire [GROUPS*PW-1:0] part;       // group g's product at [g*PW +: PW], registered when PIPE = 2

            for (g = 0; g < GROUPS; g = g + 1) begin : gen_group
                aes_clmul #(
                    .N            (GW),
                    .M            (128),
                    .LEVELS       (0),
                    .REG_PRODUCTS (PIPE - 1)
                ) u_clmul (
                    .clk (clk),
                    .a   (a[g*GW +: GW]),
                    .b   (b),
                    .p   (part[g*PW +: PW])
                );
            end

            // c * x^DIGIT and the group products, group g shifted by g * GW.
            reg [UW-1:0] sum;
            integer gi;
            always @* begin
                sum = {c_q, {DIGIT{1'b0}}};
                for (gi = 0; gi < GROUPS; gi = gi + 1) begin
                    sum[gi*GW +: PW] = sum[gi*GW +: PW] ^ part[gi*PW +: PW];
                end
            end
            assign u = sum;
        end else begin : gen_karatsuba
            // a * b from aes_clmul (255 coefficients), with its bottom-level products
            // registered when PIPE >= 2, its result when PIPE >= 3 and the operands of
            // its bottom-level products when PIPE = 4, and c * x^128, c delayed as much.
            wire [254:0] ab;

            aes_clmul #(
                .N            (128),
                .LEVELS       (KARATSUBA),
                .REG_OPERANDS (PIPE == 4),
                .REG_PRODUCTS (PIPE >= 2),
                .REG_OUTPUT   (PIPE >= 3)
            ) u_clmul (
                .clk (clk),
                .a   (a),
                .b   (b),
                .p   (ab)
            );
            assign u = {1'b0, ab} ^ {c_q, {DIGIT{1'b0}}};
        end
    endgenerate

    generate
        for (k = 0; k < 128; k = k + 1) begin : gen_reduce
            localparam [6:0] K = k;
            localparam [255:0] MASK = reduction_mask(K);
            assign p[k] = ^(u & MASK[UW-1:0]);
        end
    endgenerate

endmodule

`resetall
