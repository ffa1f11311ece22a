// SPDX-License-Identifier: Apache-2.0
// GF(((2^2)^2)^2) tower arithmetic as functions (`include'd in a module body)

/*
 * The tower, its normal bases and the arithmetic rules are those of aes_gf256_inv (its
 * header derives them): GF(2^2) in the basis {W, W^2}, GF(2^4) in {Z^4, Z}, GF(2^8) in
 * {Y^16, Y}, with N = W and mu = W^2 * Z. The GF(2^8) inverse is gf256_inv_d, then
 * gf16_inv, then gf256_inv_from_d. The changes between the AES basis and the tower are
 * in aes_gf_tower_basis.vh.
 *
 * Included by aes_gf256_inv and aes_pipe_round_composite, inside the module body:
 * Verilog-2005 functions belong to a module, so each module that calls them reads its
 * own copy, and there is no include guard (it would leave every module after the first
 * without the functions). Functions a module does not call build no logic.
 */

// GF(2^2) product in the normal basis {W, W^2}
function [1:0] gf4_mul;
    input [1:0] a;
    input [1:0] b;
    reg e;
    begin
        e = (a[1] ^ a[0]) & (b[1] ^ b[0]);
        gf4_mul = {(a[1] & b[1]) ^ e, (a[0] & b[0]) ^ e};
    end
endfunction

// GF(2^2): multiply by N = W
function [1:0] gf4_scale_n;
    input [1:0] a;
    begin
        gf4_scale_n = {a[0], a[1] ^ a[0]};
    end
endfunction

// GF(2^2): square (swap the bits), then multiply by N = W
function [1:0] gf4_sq_scale_n;
    input [1:0] a;
    begin
        gf4_sq_scale_n = {a[1], a[1] ^ a[0]};
    end
endfunction

// GF(2^4) product in the normal basis {Z^4, Z}
function [3:0] gf16_mul;
    input [3:0] a;
    input [3:0] b;
    reg [1:0] e;
    begin
        e = gf4_scale_n(gf4_mul(a[3:2] ^ a[1:0], b[3:2] ^ b[1:0]));
        gf16_mul = {gf4_mul(a[3:2], b[3:2]) ^ e, gf4_mul(a[1:0], b[1:0]) ^ e};
    end
endfunction

// GF(2^4): square, then multiply by mu = W^2 * Z (together one linear map)
function [3:0] gf16_sq_scale_mu;
    input [3:0] a;
    begin
        gf16_sq_scale_mu = {a[2] ^ a[0], a[3] ^ a[1], a[1] ^ a[0], a[0]};
    end
endfunction

// GF(2^4) inverse (0 maps to 0); the GF(2^2) inverse of d is its square, a bit swap
function [3:0] gf16_inv;
    input [3:0] a;
    reg [1:0] d;
    reg [1:0] d_inv;
    begin
        d = gf4_mul(a[3:2], a[1:0]) ^ gf4_sq_scale_n(a[3:2] ^ a[1:0]);
        d_inv = {d[0], d[1]};
        gf16_inv = {gf4_mul(a[1:0], d_inv), gf4_mul(a[3:2], d_inv)};
    end
endfunction

// GF(2^8) inverse, first half: for t = {a1, a0} in the tower, the GF(2^4) value
// d = a1 a0 + mu (a1 + a0)^2 whose inverse the GF(2^8) inverse needs
function [3:0] gf256_inv_d;
    input [7:0] t;
    begin
        gf256_inv_d = gf16_mul(t[7:4], t[3:0]) ^ gf16_sq_scale_mu(t[7:4] ^ t[3:0]);
    end
endfunction

// GF(2^8) inverse, second half: t^-1 = {a0 d^-1, a1 d^-1} from t and d^-1
function [7:0] gf256_inv_from_d;
    input [7:0] t;
    input [3:0] d_inv;
    begin
        gf256_inv_from_d = {gf16_mul(t[3:0], d_inv), gf16_mul(t[7:4], d_inv)};
    end
endfunction
