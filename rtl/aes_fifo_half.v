// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Half-rate FIFO (the mode unit's side FIFO in ITERATIVE builds): one bank of distributed RAM, an entry every other clock out

/*
 * The contract of aes_fifo (a writer with no ready that never holds more than DEPTH
 * entries, a first-word-fall-through reader, an entry written in clock t on m_* in
 * clock t+2 at the earliest) for a reader that takes an entry every other clock at
 * most, as the one-entry buffers of an ITERATIVE build's mode unit do. m_valid is low
 * in the clock after each pop, and that pause lets the memory be one bank: aes_fifo
 * keeps two banks (below 32 entries) so that the entry after a pop is already in a
 * bank register; here the one bank's register is read again at the moved address in
 * the pause. So every bit of wr_data drives one distributed-RAM cell instead of two,
 * and an entry costs half the cells (ECP5: one TRELLIS_DPR16X4 per 4 bits for up to 16
 * entries).
 *
 * Why this is exact: m_valid in clock t means no pop in clock t-1, so the read address
 * did not move in t-1 and q_reg holds, in t, the head entry as the memory held it in
 * t-1; the count sees a write one clock after it (wr_seen_reg), so an entry counted in
 * t was written in t-2 or before and was in the memory in t-1.
 *
 * Control: m_valid is a register. Its next value is low after a pop, and otherwise
 * "entries counted after this clock", decoded from registers (the count and the write
 * seen), so the pop, m_valid && m_ready, is the last input of one LUT in front of it.
 */
module aes_fifo_half #(
    // Bits per entry, at least 1.
    parameter WIDTH = 144,
    // Entries: 4, 8 or 16.
    parameter DEPTH = 16
) (
    input  wire             clk,
    input  wire             rst,

    // Writes: never more than DEPTH entries held (the caller's credit guarantees it).
    input  wire             wr_valid,
    input  wire [WIDTH-1:0] wr_data,

    // Reads: low in the clock after a pop.
    output wire             m_valid,
    input  wire             m_ready,
    output wire [WIDTH-1:0] m_data
);

    // Address bits; the count has one more (0 to DEPTH).
    localparam AW = DEPTH <= 4 ? 2 : DEPTH <= 8 ? 3 : 4;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (WIDTH < 1) begin : gen_invalid_width
            aes_fifo_half_invalid_WIDTH_must_be_at_least_1 invalid_width_inst ();
        end
        if (DEPTH != 4 && DEPTH != 8 && DEPTH != 16) begin : gen_invalid_depth
            aes_fifo_half_invalid_DEPTH_must_be_4_8_or_16 invalid_depth_inst ();
        end
    endgenerate

    reg [AW-1:0] wr_addr_reg;     // the address written next (wraps by itself)
    reg [AW-1:0] rd_addr_reg;     // the head entry's address
    reg          wr_seen_reg;     // a write in the clock before (counted now)
    reg [AW:0]   count_reg;       // entries counted, 0 to DEPTH
    reg          valid_reg;       // m_valid

    wire pop = valid_reg && m_ready;

    // From registers only: the count after this clock with and without a pop, and
    // whether it is not zero.
    wire        wr = wr_seen_reg;
    wire [AW:0] count_pop = wr ? count_reg : count_reg - 1'b1;
    wire [AW:0] count_stay = wr ? count_reg + 1'b1 : count_reg;
    wire        held_stay = wr || (count_reg != 0);

    always @(posedge clk) begin
        if (rst) begin
            wr_addr_reg <= {AW{1'b0}};
            rd_addr_reg <= {AW{1'b0}};
            wr_seen_reg <= 1'b0;
            count_reg <= {AW+1{1'b0}};
            valid_reg <= 1'b0;
        end else begin
            if (wr_valid) begin
                wr_addr_reg <= wr_addr_reg + 1'b1;
            end
            if (pop) begin
                rd_addr_reg <= rd_addr_reg + 1'b1;
            end
            wr_seen_reg <= wr_valid;
            count_reg <= pop ? count_pop : count_stay;
            valid_reg <= !pop && held_stay;
        end
    end

    // The bank: distributed RAM, never block RAM (Yosys would otherwise move the read
    // address into an EBR's address register, with the EBR's clock-to-output between
    // the address and q_reg), read into q_reg every clock.
    (* ram_style = "distributed" *)
    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [WIDTH-1:0] q_reg;
    always @(posedge clk) begin
        if (wr_valid) begin
            mem[wr_addr_reg] <= wr_data;
        end
        q_reg <= mem[rd_addr_reg];
    end

    assign m_data = q_reg;
    assign m_valid = valid_reg;

endmodule

`resetall
