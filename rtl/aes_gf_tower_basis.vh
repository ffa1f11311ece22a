// SPDX-License-Identifier: Apache-2.0
// The COMPOSITE S-boxes' basis changes, AES basis <-> GF(((2^2)^2)^2) tower, as functions (`include'd in a module body)

/*
 * The tower is that of aes_gf256_inv (aes_gf_tower.vh holds its arithmetic). The forward
 * S-box is sbox_map_out(inverse(sbox_map_in(x))), the inverse S-box
 * inv_sbox_map_out(inverse(inv_sbox_map_in(x))); the affine map of FIPS-197 5.1.1 and
 * its inverse are merged into the output and input maps.
 *
 * Included by aes_sbox, aes_inv_sbox and aes_pipe_round_composite, inside the module
 * body; no include guard, since each module needs its own copy of the functions. These
 * are kept apart from aes_gf_tower.vh so that no module includes a function of the same
 * name as one in the aes_gf256_inv it instantiates (Verilator -Wall reports that as
 * VARHIDDEN).
 */

// S-box input map: polynomial basis -> tower basis (the inverse of the matrix whose
// column j is tower basis vector j written in the polynomial basis)
function [7:0] sbox_map_in;
    input [7:0] x;
    begin
        sbox_map_in[7] = x[7] ^ x[4] ^ x[3] ^ x[1] ^ x[0];
        sbox_map_in[6] = x[0];
        sbox_map_in[5] = x[6] ^ x[5] ^ x[0];
        sbox_map_in[4] = x[6] ^ x[3] ^ x[2] ^ x[1] ^ x[0];
        sbox_map_in[3] = x[7] ^ x[6] ^ x[5] ^ x[2] ^ x[1] ^ x[0];
        sbox_map_in[2] = x[6] ^ x[5] ^ x[4] ^ x[0];
        sbox_map_in[1] = x[6] ^ x[5] ^ x[1] ^ x[0];
        sbox_map_in[0] = x[7] ^ x[6] ^ x[5] ^ x[0];
    end
endfunction

// S-box output map: tower basis -> polynomial basis merged with the affine matrix of
// FIPS-197 5.1.1, then the constant 0x63
function [7:0] sbox_map_out;
    input [7:0] i;
    begin
        sbox_map_out[7] = i[7] ^ i[1];
        sbox_map_out[6] = i[7] ^ i[3];
        sbox_map_out[5] = i[4] ^ i[2];
        sbox_map_out[4] = i[7] ^ i[3] ^ i[1];
        sbox_map_out[3] = i[7] ^ i[3] ^ i[2] ^ i[1] ^ i[0];
        sbox_map_out[2] = i[7] ^ i[6] ^ i[4] ^ i[2] ^ i[1];
        sbox_map_out[1] = i[5] ^ i[1] ^ i[0];
        sbox_map_out[0] = i[5] ^ i[2] ^ i[0];
        sbox_map_out = sbox_map_out ^ 8'h63;
    end
endfunction

// inverse S-box input map: remove the constant 0x63, then the inverse affine matrix
// merged with the change into the tower basis
function [7:0] inv_sbox_map_in;
    input [7:0] in_byte;
    reg [7:0] x;
    begin
        x = in_byte ^ 8'h63;
        inv_sbox_map_in[7] = x[7] ^ x[6] ^ x[4];
        inv_sbox_map_in[6] = x[7] ^ x[5] ^ x[2];
        inv_sbox_map_in[5] = x[4] ^ x[3] ^ x[0];
        inv_sbox_map_in[4] = x[6] ^ x[5] ^ x[4] ^ x[1] ^ x[0];
        inv_sbox_map_in[3] = x[7] ^ x[4];
        inv_sbox_map_in[2] = x[6] ^ x[4] ^ x[1] ^ x[0];
        inv_sbox_map_in[1] = x[6] ^ x[4];
        inv_sbox_map_in[0] = x[6] ^ x[3] ^ x[1] ^ x[0];
    end
endfunction

// inverse S-box output map: tower basis -> polynomial basis
function [7:0] inv_sbox_map_out;
    input [7:0] i;
    begin
        inv_sbox_map_out[7] = i[5] ^ i[0];
        inv_sbox_map_out[6] = i[7] ^ i[5] ^ i[4] ^ i[3] ^ i[2] ^ i[1];
        inv_sbox_map_out[5] = i[7] ^ i[6] ^ i[4] ^ i[3] ^ i[2] ^ i[1];
        inv_sbox_map_out[4] = i[5] ^ i[2];
        inv_sbox_map_out[3] = i[7] ^ i[6] ^ i[5] ^ i[2] ^ i[1] ^ i[0];
        inv_sbox_map_out[2] = i[5] ^ i[3] ^ i[1] ^ i[0];
        inv_sbox_map_out[1] = i[5] ^ i[1];
        inv_sbox_map_out[0] = i[6];
    end
endfunction
