// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: the registered tables of the PIPELINED TTABLE rounds (aes_rom)

/*
 * For free addresses on both ports, in every clock after the first, each port holds the
 * FIPS-197 value of the address it saw one clock earlier:
 *   ENC16     {2 S(x), S(x)}
 *   ENCDEC32  {0, x}: {3 S(x), S(x), S(x), 2 S(x)};  {1, x}: {0b, 0d, 09, 0e} * Si(x)
 *   INV8      Si(x)
 * S and Si are checked through the defining relations of fv_gf256.vh, not a table.
 */
module fv_rom (
    input wire       clk,
    input wire [7:0] addr_a,
    input wire [7:0] addr_b,
    input wire       half_a,
    input wire       half_b
);

`include "fv_gf256.vh"

wire [15:0] enc_a, enc_b;
wire [31:0] ed_a, ed_b;
wire [7:0]  inv_a, inv_b;

aes_rom #(.TABLE("ENC16"), .ABITS(8), .DBITS(16)) u_enc16 (
    .clk(clk), .en(1'b1), .addr_a(addr_a), .q_a(enc_a), .addr_b(addr_b), .q_b(enc_b)
);
aes_rom #(.TABLE("ENCDEC32"), .ABITS(9), .DBITS(32)) u_encdec32 (
    .clk(clk), .en(1'b1), .addr_a({half_a, addr_a}), .q_a(ed_a), .addr_b({half_b, addr_b}), .q_b(ed_b)
);
aes_rom #(.TABLE("INV8"), .ABITS(8), .DBITS(8)) u_inv8 (
    .clk(clk), .en(1'b1), .addr_a(addr_a), .q_a(inv_a), .addr_b(addr_b), .q_b(inv_b)
);

`ifdef FORMAL
// S(x) = s and Si(x) = si, by the definitions
function fwd_ok;
    input [7:0] x;
    input [7:0] s;
    begin
        fwd_ok = fv_is_inverse(x, fv_inv_affine(s));
    end
endfunction
function inv_ok;
    input [7:0] x;
    input [7:0] si;
    begin
        inv_ok = fv_is_inverse(fv_inv_affine(x), si);
    end
endfunction
function t0_ok;
    input [7:0] x;
    input [31:0] t;
    begin
        t0_ok = fwd_ok(x, t[15:8]) && t[23:16] == t[15:8] && t[7:0] == fv_xtime(t[15:8])
                && t[31:24] == (fv_xtime(t[15:8]) ^ t[15:8]);
    end
endfunction
function td0_ok;
    input [7:0] si;          // Si(x), checked separately
    input [31:0] t;
    begin
        td0_ok = t == {fv_mul(si, 8'h0b), fv_mul(si, 8'h0d), fv_mul(si, 8'h09), fv_mul(si, 8'h0e)};
    end
endfunction

reg       past_valid = 1'b0;
reg [7:0] pa, pb;
reg       pha, phb;
always @(posedge clk) begin
    past_valid <= 1'b1;
    pa <= addr_a;
    pb <= addr_b;
    pha <= half_a;
    phb <= half_b;
end

always @* begin
    if (past_valid) begin
        a_enc16_a: assert (fwd_ok(pa, enc_a[7:0]) && enc_a[15:8] == fv_xtime(enc_a[7:0]));
        a_enc16_b: assert (fwd_ok(pb, enc_b[7:0]) && enc_b[15:8] == fv_xtime(enc_b[7:0]));
        a_inv8_a: assert (inv_ok(pa, inv_a));
        a_inv8_b: assert (inv_ok(pb, inv_b));
        a_encdec32_a: assert (pha ? td0_ok(inv_a, ed_a) : t0_ok(pa, ed_a));
        a_encdec32_b: assert (phb ? td0_ok(inv_b, ed_b) : t0_ok(pb, ed_b));
    end
end
`endif

endmodule

`resetall
