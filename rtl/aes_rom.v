// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared dual-port registered ROM (T-tables of the engines and the key expander; block RAM on ECP5)

/*
 * Two independent synchronous read ports on one table: q_x is table[addr_x] one clock
 * after addr_x, in clocks with en high. The read register is the round's pipeline
 * register, and the whole memory is marked for block RAM: on ECP5 Yosys maps it into
 * one DP16KD (ENC16, INV8) or two (ENCDEC32, 512 x 32 read through two 18-bit ports
 * each).
 *
 * TABLE "ENC16"    256 x 16, entry x = {2*S(x), S(x)}: the encryption T-table T0(x) =
 *                  {3*S(x), S(x), S(x), 2*S(x)} without its two redundant bytes
 *                  (3*S = 2*S ^ S is folded into the XOR network that follows).
 * TABLE "ENCDEC32" 512 x 32, entry {0, x} = T0(x) (aes_ttable), entry {1, x} = Td0(x) =
 *                  {0b*Si(x), 0d*Si(x), 09*Si(x), 0e*Si(x)} (aes_inv_ttable).
 * TABLE "INV8"     256 x 8, entry x = Si(x), the inverse S-box (the last decryption
 *                  round, whose table Td0 has no plain Si(x) byte).
 * TABLE "ENCL32"   512 x 32 for the ITERATIVE T-table rounds (aes_ttable_lookup): entry {0, x} = T0(x),
 *                  entry {1, x} = {0, 0, 0, S(x)} (the last round: SubBytes only, the
 *                  byte in the row-0 position, rotated into its row like T0).
 * TABLE "ENCDECL32" 1024 x 32: entry {0, l, x} as ENCL32, entry {1, 0, x} = Td0(x),
 *                  entry {1, 1, x} = {0, 0, 0, Si(x)}.
 *
 * The contents are computed at elaboration from the S-box and inverse S-box of
 * FIPS-197 (written below as 2048-bit constants, byte x in bits [8x+7:8x]) with xtime,
 * so that every tool reads the same table without a data file.
 */
module aes_rom #(
    // table: "ENC16", "ENCDEC32" or "INV8" (see above)
    parameter [8*16-1:0] TABLE = "ENC16",
    // address bits: 8 for ENC16 and INV8, 9 for ENCDEC32
    parameter ABITS = 8,
    // entry bits: 16 for ENC16, 32 for ENCDEC32, 8 for INV8
    parameter DBITS = 16
) (
    input  wire             clk,
    input  wire             en,         // 0: both ports keep their output (clock enable)

    // port A: address in clock t, entry in clock t+1
    input  wire [ABITS-1:0] addr_a,
    output reg  [DBITS-1:0] q_a,

    // port B, the same
    input  wire [ABITS-1:0] addr_b,
    output reg  [DBITS-1:0] q_b
);

localparam ENTRIES = 1 << ABITS;

// FIPS-197 S-box and inverse S-box, entry x in bits [8x+7:8x]
localparam [2047:0] SBOX_BYTES = {
    256'h16bb54b00f2d99416842e6bf0d89a18cdf2855cee9871e9b948ed9691198f8e1,
    256'h9e1dc186b95735610ef6034866b53e708a8bbd4b1f74dde8c6b4a61c2e2578ba,
    256'h08ae7a65eaf4566ca94ed58d6d37c8e779e4959162acd3c25c2406490a3a32e0,
    256'hdb0b5ede14b8ee4688902a22dc4f816073195d643d7ea7c41744975fec130ccd,
    256'hd2f3ff1021dab6bcf5389d928f40a351a89f3c507f02f94585334d43fbaaefd0,
    256'hcf584c4a39becb6a5bb1fc20ed00d153842fe329b3d63b52a05a6e1b1a2c8309,
    256'h75b227ebe28012079a059618c323c7041531d871f1e5a534ccf73f362693fdb7,
    256'hc072a49cafa2d4adf04759fa7dc982ca76abd7fe2b670130c56f6bf27b777c63
};
localparam [2047:0] INV_SBOX_BYTES = {
    256'h7d0c2155631469e126d677ba7e042b17619953833cbbebc8b0f52aae4d3be0a0,
    256'hef9cc9939f7ae52d0d4ab519a97f51605fec8027591012b131c7078833a8dd1f,
    256'hf45acd78fec0db9a2079d2c64b3e56fc1bbe18aa0e62b76f89c5291d711af147,
    256'h6edf751ce837f9e28535ade72274ac9673e6b4f0cecff297eadc674f4111913a,
    256'h6b8a130103bdafc1020f3fca8f1e2cd00645b3b80558e4f70ad3bc8c00abd890,
    256'h849d8da75746155edab9edfd5048706c92b6655dcc5ca4d41698688664f6f872,
    256'h25d18b6d49a25b76b224d92866a12e084ec3fa420b954cee3d23c2a632947b54,
    256'hcbe9dec444438e3487ff2f9b8239e37cfbd7f3819ea340bf38a53630d56a0952
};

// Illegal parameter values stop elaboration: the named module does not exist.
generate
    if (!((TABLE == "ENC16" && ABITS == 8 && DBITS == 16)
          || (TABLE == "ENCDEC32" && ABITS == 9 && DBITS == 32)
          || (TABLE == "INV8" && ABITS == 8 && DBITS == 8)
          || (TABLE == "ENCL32" && ABITS == 9 && DBITS == 32)
          || (TABLE == "ENCDECL32" && ABITS == 10 && DBITS == 32))) begin : gen_invalid
        aes_rom_invalid_TABLE_ABITS_DBITS_combination invalid_table_inst ();
    end
endgenerate

// multiply by x (0x02) modulo x^8 + x^4 + x^3 + x + 1
function [7:0] xtime;
    input [7:0] b;
    begin
        xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    end
endfunction

// the table entry at address a: the low DBITS bits of a 32-bit word
/* verilator lint_off UNUSEDSIGNAL */  // word holds 32 bits; narrower tables keep the low ones
function [DBITS-1:0] entry;
    input integer a;
    reg [7:0] s, s2, si, si2, si4, si8;
    reg [31:0] word;
    begin
        s = SBOX_BYTES[8*(a % 256) +: 8];
        s2 = xtime(s);
        si = INV_SBOX_BYTES[8*(a % 256) +: 8];
        si2 = xtime(si);
        si4 = xtime(si2);
        si8 = xtime(si4);
        if (TABLE == "INV8") begin
            word = {24'd0, si};
        end else if (TABLE == "ENC16") begin
            word = {16'd0, s2, s};
        end else if (TABLE == "ENCL32" || TABLE == "ENCDECL32") begin
            case (a / 256)
                0: word = {s2 ^ s, s, s, s2};
                1: word = {24'd0, s};
                2: word = {si8 ^ si2 ^ si, si8 ^ si4 ^ si, si8 ^ si, si8 ^ si4 ^ si2};
                default: word = {24'd0, si};
            endcase
        end else if (a < 256) begin
            word = {s2 ^ s, s, s, s2};
        end else begin
            word = {si8 ^ si2 ^ si, si8 ^ si4 ^ si, si8 ^ si, si8 ^ si4 ^ si2};
        end
        entry = word[DBITS-1:0];
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

(* rom_style = "block" *)
reg [DBITS-1:0] mem [0:ENTRIES-1];

integer i;
initial begin
    for (i = 0; i < ENTRIES; i = i + 1) begin
        mem[i] = entry(i);
    end
end

always @(posedge clk) begin
    if (en) begin
        q_a <= mem[addr_a];
        q_b <= mem[addr_b];
    end
end

endmodule

`resetall
