// SPDX-License-Identifier: Apache-2.0
// Reference arithmetic of FIPS-197 section 4 for the formal checks (included, not a module).
//
// Written from the standard's definitions, not from any table in rtl/: the field
// GF(2^8) with the polynomial x^8 + x^4 + x^3 + x + 1, and the affine map of section
// 5.1.1 in its rotation form b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63.
// The checks do not compute inverses: they test the defining relation x * x^-1 = 1,
// which pins every S-box entry uniquely and keeps the solver's job small.

// rotate a byte left by n
function [7:0] fv_rotl;
    input [7:0] b;
    input integer n;
    begin
        fv_rotl = (b << n) | (b >> (8 - n));
    end
endfunction

// multiply by x modulo the AES polynomial
function [7:0] fv_xtime;
    input [7:0] b;
    begin
        fv_xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

// product in GF(2^8), shift and add
function [7:0] fv_mul;
    input [7:0] a;
    input [7:0] b;
    reg [7:0] p, t;
    integer i;
    begin
        p = 8'h00;
        t = a;
        for (i = 0; i < 8; i = i + 1) begin
            if (b[i]) p = p ^ t;
            t = fv_xtime(t);
        end
        fv_mul = p;
    end
endfunction

// FIPS-197 5.1.1 affine transformation
function [7:0] fv_affine;
    input [7:0] b;
    begin
        fv_affine = b ^ fv_rotl(b, 1) ^ fv_rotl(b, 2) ^ fv_rotl(b, 3) ^ fv_rotl(b, 4) ^ 8'h63;
    end
endfunction

// its inverse (FIPS-197 5.3.2)
function [7:0] fv_inv_affine;
    input [7:0] b;
    begin
        fv_inv_affine = fv_rotl(b, 1) ^ fv_rotl(b, 3) ^ fv_rotl(b, 6) ^ 8'h05;
    end
endfunction

// y is the multiplicative inverse of x (0 for 0), as FIPS-197 5.1.1 defines it
function fv_is_inverse;
    input [7:0] x;
    input [7:0] y;
    begin
        fv_is_inverse = (x == 8'h00) ? (y == 8'h00) : (fv_mul(x, y) == 8'h01);
    end
endfunction
