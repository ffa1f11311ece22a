// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: every S-box implementation against FIPS-197 and against each other

/*
 * Combinational properties for every input byte x (the solver treats x as free, so a
 * pass covers all 256 values):
 *   - aes_sbox LUT and COMPOSITE agree; aes_inv_sbox LUT and COMPOSITE agree;
 *   - S(x) is the FIPS-197 S-box: InvAffine(S(x)) is the multiplicative inverse of x;
 *   - S^-1(x) is the FIPS-197 inverse S-box: S^-1(x) is the inverse of InvAffine(x);
 *   - S^-1(S(x)) = x and S(S^-1(x)) = x across every pairing of the implementations;
 *   - the T-tables: aes_ttable(x) = {3 S(x), S(x), S(x), 2 S(x)} and
 *     aes_inv_ttable(x) = {0b Si(x), 0d Si(x), 09 Si(x), 0e Si(x)}.
 * The reference arithmetic is fv_gf256.vh, written from FIPS-197 section 4.
 */
module fv_sbox (
    input wire [7:0] x
);

`include "fv_gf256.vh"

wire [7:0] s_lut, s_comp, si_lut, si_comp;
wire [7:0] si_of_s_lut, si_of_s_comp, si_of_s_mix1, si_of_s_mix2;
wire [7:0] s_of_si_lut, s_of_si_comp;
wire [31:0] t0, td0;

aes_sbox #(.SBOX("LUT")) u_s_lut (.in(x), .out(s_lut));
aes_sbox #(.SBOX("COMPOSITE")) u_s_comp (.in(x), .out(s_comp));
aes_inv_sbox #(.SBOX("LUT")) u_si_lut (.in(x), .out(si_lut));
aes_inv_sbox #(.SBOX("COMPOSITE")) u_si_comp (.in(x), .out(si_comp));

// round trips, every pairing of the two implementations
aes_inv_sbox #(.SBOX("LUT")) u_rt1 (.in(s_lut), .out(si_of_s_lut));
aes_inv_sbox #(.SBOX("COMPOSITE")) u_rt2 (.in(s_comp), .out(si_of_s_comp));
aes_inv_sbox #(.SBOX("COMPOSITE")) u_rt3 (.in(s_lut), .out(si_of_s_mix1));
aes_inv_sbox #(.SBOX("LUT")) u_rt4 (.in(s_comp), .out(si_of_s_mix2));
aes_sbox #(.SBOX("LUT")) u_rt5 (.in(si_lut), .out(s_of_si_lut));
aes_sbox #(.SBOX("COMPOSITE")) u_rt6 (.in(si_comp), .out(s_of_si_comp));

aes_ttable u_t0 (.in(x), .out(t0));
aes_inv_ttable u_td0 (.in(x), .out(td0));

`ifdef FORMAL
always @* begin
    // implementations agree
    a_fwd_lut_eq_composite: assert (s_lut == s_comp);
    a_inv_lut_eq_composite: assert (si_lut == si_comp);
    // against the definition in FIPS-197
    a_fwd_lut_fips197: assert (fv_is_inverse(x, fv_inv_affine(s_lut)));
    a_fwd_comp_fips197: assert (fv_is_inverse(x, fv_inv_affine(s_comp)));
    a_inv_lut_fips197: assert (fv_is_inverse(fv_inv_affine(x), si_lut));
    a_inv_comp_fips197: assert (fv_is_inverse(fv_inv_affine(x), si_comp));
    a_fwd_known_value: assert (x != 8'h53 || s_lut == 8'hed);   // FIPS-197 5.1.1 example
    // inverse(forward(x)) == x and forward(inverse(x)) == x
    a_round_trip_lut: assert (si_of_s_lut == x);
    a_round_trip_comp: assert (si_of_s_comp == x);
    a_round_trip_lut_comp: assert (si_of_s_mix1 == x);
    a_round_trip_comp_lut: assert (si_of_s_mix2 == x);
    a_inv_round_trip_lut: assert (s_of_si_lut == x);
    a_inv_round_trip_comp: assert (s_of_si_comp == x);
    // T-tables
    a_t0_s: assert (t0[15:8] == s_lut && t0[23:16] == s_lut);
    a_t0_2s: assert (t0[7:0] == fv_xtime(s_lut));
    a_t0_3s: assert (t0[31:24] == (fv_xtime(s_lut) ^ s_lut));
    a_td0: assert (td0 == {fv_mul(si_lut, 8'h0b), fv_mul(si_lut, 8'h0d),
                           fv_mul(si_lut, 8'h09), fv_mul(si_lut, 8'h0e)});
end
`endif

endmodule

`resetall
