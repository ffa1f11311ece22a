// SPDX-License-Identifier: Apache-2.0
// AES ShiftRows and InvShiftRows on a 128-bit state, as functions (wiring only; `include'd in a module body)

/*
 * Byte 4c+r is row r of column c (FIPS-197 byte i in bits [8i+7:8i]). ShiftRows rotates
 * row r left by r columns, InvShiftRows right by r columns.
 *
 * Included by aes_shift_rows, aes_inv_shift_rows and the round units
 * (aes_pipe_round_lut, aes_pipe_round_composite, aes_pipe_round_ttable), inside the
 * module body; no include guard, since each module needs its own copy of the functions.
 */

// ShiftRows: out byte 4c+r = in byte 4((c+r) mod 4)+r
function [127:0] shift_rows;
    input [127:0] s;
    integer c, r;
    begin
        for (c = 0; c < 4; c = c + 1) begin
            for (r = 0; r < 4; r = r + 1) begin
                shift_rows[8*(4*c+r) +: 8] = s[8*(4*((c+r)%4)+r) +: 8];
            end
        end
    end
endfunction

// InvShiftRows: out byte 4c+r = in byte 4((c-r) mod 4)+r
function [127:0] inv_shift_rows;
    input [127:0] s;
    integer c, r;
    begin
        for (c = 0; c < 4; c = c + 1) begin
            for (r = 0; r < 4; r = r + 1) begin
                inv_shift_rows[8*(4*c+r) +: 8] = s[8*(4*((c+4-r)%4)+r) +: 8];
            end
        end
    end
endfunction
