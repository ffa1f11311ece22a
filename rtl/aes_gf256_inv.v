// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// GF(2^8) multiplicative inverse in a GF(((2^2)^2)^2) normal-basis tower (0 maps to 0)

/*
 * The shared core of the COMPOSITE S-boxes (aes_sbox and aes_inv_sbox): both
 * directions change basis into this tower, invert here, and change basis back, so one
 * instance can serve a forward and an inverse S-box behind two input and two output
 * matrices. Input and output are in the tower basis below, not in the AES polynomial
 * basis; aes_sbox / aes_inv_sbox apply the basis changes (aes_gf_tower_basis.vh). The
 * arithmetic is written once, as the functions of aes_gf_tower.vh, which the PIPELINED
 * engine's COMPOSITE round unit (aes_pipe_round_composite) includes too.
 *
 * The tower (normal bases at every level, each extension with trace 1, as in
 * Canright's compact S-box; this derivation and these constants are our own):
 *
 *   GF(2^2)  = GF(2)[W]   / (W^2 + W + 1)      basis {W, W^2}     bit 1: W,    bit 0: W^2
 *   GF(2^4)  = GF(2^2)[Z] / (Z^2 + Z + N)      basis {Z^4, Z}     [3:2]: Z^4,  [1:0]: Z
 *   GF(2^8)  = GF(2^4)[Y] / (Y^2 + Y + mu)     basis {Y^16, Y}    [7:4]: Y^16, [3:0]: Y
 *
 * with N = W and mu = W^2 * Z. In the AES field (polynomial basis, x^8+x^4+x^3+x+1)
 * these are W = 0xbc, Z = 0x5c, Y = 0xfe, mu = 0xec. Among the 16 choices of (N, mu)
 * this one gives the fewest XORs in the four basis-change matrices (counted row by row,
 * without sharing).
 *
 * Arithmetic in a normal basis {A^q, A} with A^2 + A + v = 0 (q = 2, 4 or 16):
 *   multiply  (a1 A^q + a0 A)(b1 A^q + b0 A) = (a1 b1 + e) A^q + (a0 b0 + e) A,
 *             e = v (a1 + a0)(b1 + b0)
 *   square    swaps the two halves at the GF(2^2) level (Frobenius)
 *   inverse   d = a1 a0 + v (a1 + a0)^2 lies in the subfield;
 *             (a1 A^q + a0 A)^-1 = (a0 d^-1) A^q + (a1 d^-1) A
 * In GF(2^2) the inverse is the square (a bit swap), so the GF(2^4) inverse needs no
 * inverter at all, and the GF(2^8) inverse needs one GF(2^4) inverse and three
 * GF(2^4) multiplications.
 *
 * Size and depth: mapped to 2-input gates by Yosys/ABC, about 130 gates and 14 levels
 * (the basis changes in aes_sbox add about 6 more levels); no lookup tables.
 */
module aes_gf256_inv (
    // GF(2^8) element in the tower basis
    input  wire [7:0] in,
    // its inverse in the same basis (0 for input 0)
    output wire [7:0] out
);

`include "aes_gf_tower.vh"

// GF(2^8) inverse: d = a1 a0 + mu (a1 + a0)^2, then out = (a0 / d, a1 / d)
wire [3:0] d = gf256_inv_d(in);
wire [3:0] d_inv = gf16_inv(d);

assign out = gf256_inv_from_d(in, d_inv);

endmodule

`resetall
