// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One AES round's 16 T-table lookups in block RAM, for the ITERATIVE engines.
//
// In clock t the state s of the next round is given with its direction and whether that
// round is the last; in clock t+1 (t+2 with OUTREG) p is the round without its round key:
// column j is the XOR of the four lookups (r, j), each rotated into its rows. Lookup
// (r, j) reads byte (r, j + r) of s, or (r, j - r) when decrypting (state byte (r, c) is
// byte 4c + r): ShiftRows or InvShiftRows on the address side. A table address is
// {direction, last, byte} (aes_rom ENCL32 / ENCDECL32): T0 or Td0 (equivalent inverse
// cipher), and for the last round S or Si in the row-0 position, so that the same XOR
// network gives SubBytes alone.
//
// Eight dual-port tables (rows r and r + 1 of column j share one), one DP16KD each on
// ECP5 for encryption only, two with decryption. en holds the tables' output (the
// memory's clock enable), for an engine that waits with a round's lookups.
//
// OUTREG = 1 registers the lookups again (q_reg), which the flow moves into the DP16KD's
// own output register (python/aescores/flow/ebr_outreg.py): no fabric path then starts at
// the memory array (aes_engine_interleaved, en = 1). OUTREG = 0: p is the XOR of the
// memory's outputs, one round a clock (aes_engine_iterative).
module aes_ttable_lookup #(
    // 1: decryption tables too (dec selects them); 0: encryption only.
    parameter DECRYPT = 1,
    // 1: the lookups registered a second time before the XOR; 0: not.
    parameter OUTREG = 0
) (
    input  wire         clk,
    input  wire         en,
    input  wire [127:0] s,
    input  wire         dec,
    input  wire         last,
    output wire [127:0] p
);

    wire [511:0] q;        // lookup (r, j) in bits 32 (4j + r)
    wire [511:0] t;

    // The tables: encryption alone (ENCL32, 9 address bits) or both directions.
    localparam AB = (DECRYPT != 0) ? 10 : 9;
    localparam [8*16-1:0] TABLE = (DECRYPT != 0) ? "ENCDECL32" : "ENCL32";
    wire dir = (DECRYPT != 0) && dec;

    generate
        if (OUTREG != 0) begin : gen_outreg
            reg [511:0] q_reg;
            always @(posedge clk) begin
                q_reg <= q;
            end
            assign t = q_reg;
        end else begin : gen_direct
            assign t = q;
        end
    endgenerate

    genvar j, r;
    generate
        for (j = 0; j < 4; j = j + 1) begin : gen_col
            wire [31:0] t0 = t[32*(4*j + 0) +: 32];
            wire [31:0] t1 = t[32*(4*j + 1) +: 32];
            wire [31:0] t2 = t[32*(4*j + 2) +: 32];
            wire [31:0] t3 = t[32*(4*j + 3) +: 32];
            assign p[32*j +: 32] = t0 ^ {t1[23:0], t1[31:24]} ^ {t2[15:0], t2[31:16]} ^ {t3[7:0], t3[31:8]};

            for (r = 0; r < 4; r = r + 2) begin : gen_rom
                // One dual-port table for rows r and r + 1 of column j, addressed
                // {dec, last, byte}; without DECRYPT, {last, byte}.
                wire [7:0] a_enc = s[8*(4*((j + r) % 4) + r) +: 8];
                wire [7:0] a_dec = s[8*(4*((j + 4 - r) % 4) + r) +: 8];
                wire [7:0] b_enc = s[8*(4*((j + r + 1) % 4) + r + 1) +: 8];
                wire [7:0] b_dec = s[8*(4*((j + 4 - r - 1) % 4) + r + 1) +: 8];
                wire [9:0] addr_a = {dir, last, dir ? a_dec : a_enc};
                wire [9:0] addr_b = {dir, last, dir ? b_dec : b_enc};
                aes_rom #(.TABLE(TABLE), .ABITS(AB), .DBITS(32)) u_rom (
                    .clk(clk),
                    .en(en),
                    .addr_a(addr_a[AB-1:0]),
                    .q_a(q[32*(4*j + r) +: 32]),
                    .addr_b(addr_b[AB-1:0]),
                    .q_b(q[32*(4*j + r + 1) +: 32])
                );
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_dir = &{1'b0, addr_a[9], addr_b[9]};    // no direction bit: DECRYPT=0
                /* verilator lint_on UNUSEDSIGNAL */
            end
        end
    endgenerate

endmodule

`resetall
