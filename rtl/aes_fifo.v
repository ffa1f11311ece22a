// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared FIFO (engines' output buffers, the mode unit's side FIFO): distributed RAM read into registers, never stalls its writer

/*
 * A first-word-fall-through FIFO for the credit scheme of aes_engine_pipelined. The
 * writer (the last pipeline register) has no ready: the engine only accepts a block when
 * this FIFO is sure to have room for it when it arrives, so a write never finds the
 * FIFO full. The reader side is a valid/ready stream. An entry written in clock t is
 * on m_* in clock t+2 at the earliest.
 *
 * Memory: NB banks of 16 entries (DEPTH / 16 of them, and two banks of DEPTH / 2 below
 * 32 entries), entries taking the banks in turn (entry i in bank i mod NB, at address
 * i / NB), each distributed RAM with a synchronous write and an asynchronous read
 * (ECP5: TRELLIS_DPR16X4, 16 entries x 4 bits each, so a bank of 16 is one row of
 * cells; the 48 entries of the AES-128 S=4 engine are three banks). Each bank is read at
 * an address register of its own, which points at the bank's oldest entry not yet
 * delivered and moves on when that entry is popped. The read is registered in the
 * fabric (q_reg of each bank, loaded every clock) and m_data is one of the bank
 * registers, chosen by a register (rd_bank_reg): no path runs from an address through
 * the memory to the reader, and no address drives more than one bank's cells. The bank
 * written next and the bank of the head are also kept one-hot (wr_sel_reg, rd_sel_reg),
 * so each bank's write enable and address enable is one LUT of registers and the pop.
 *
 * Why this is exact: the entry at the head in clock t is in bank b, and bank b's address
 * did not move in clock t-1 (a pop in t-1 took the entry before the head, which is in
 * another bank), so bank b's register holds, in clock t, the head entry as the memory
 * held it in clock t-1. The entry was written in clock t-2 or before: the count below
 * sees a write one clock after it (wr_seen_reg), so m_valid rises in clock t+2.
 *
 * Control: m_ready goes through one LUT level and nothing else. The occupancy is a
 * binary count with two flags kept beside it as registers: valid_reg (not empty, which
 * is m_valid) and one_reg (exactly one entry). Their next values, and the count's, are
 * chosen by the pop among values computed from registers alone (the count plus or minus
 * one, "exactly two entries" decoded from the count), so the pop is the last input of
 * one LUT in front of each of these registers. Each address register loads its
 * successor, kept in a register beside it, with the pop as clock enable: no adder or
 * comparison sits behind m_ready, and each successor's increment is a short loop of its
 * own (the write pointer likewise).
 */
module aes_fifo #(
    // Bits per entry, at least 1.
    parameter WIDTH = 144,
    // Entries: 4, 8, 16, or a multiple of 16 up to 256.
    parameter DEPTH = 16,
    // 1: the FIFO takes its reset from a register of its own, one clock late, so that
    // the reset net from the caller reaches two flip-flops here, that register and
    // m_valid's (a FIFO at the far end of a pipeline); m_valid is low in that clock, and
    // the caller must not write in the clock after a reset. 0: rst resets the FIFO
    // directly.
    parameter RESET_REG = 0
) (
    input  wire             clk,
    input  wire             rst,

    // Writes: never more than DEPTH entries held (the caller's credit guarantees it).
    input  wire             wr_valid,
    input  wire [WIDTH-1:0] wr_data,

    // Reads.
    output wire             m_valid,
    input  wire             m_ready,
    output wire [WIDTH-1:0] m_data
);

    // Count bits (AW + 1), banks (NB, NB_W bits), entries of a bank (BANK_DEPTH, a power
    // of two, BW bits).
    localparam AW = DEPTH <= 4 ? 2 : DEPTH <= 8 ? 3 : DEPTH <= 16 ? 4 :
                    DEPTH <= 32 ? 5 : DEPTH <= 64 ? 6 : DEPTH <= 128 ? 7 : 8;
    localparam NB = DEPTH >= 32 ? DEPTH / 16 : 2;
    localparam NB_W = NB <= 2 ? 1 : NB <= 4 ? 2 : NB <= 8 ? 3 : 4;
    localparam BANK_DEPTH = DEPTH / NB;
    localparam BW = BANK_DEPTH <= 2 ? 1 : BANK_DEPTH <= 4 ? 2 : BANK_DEPTH <= 8 ? 3 : 4;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (WIDTH < 1) begin : gen_invalid_width
            aes_fifo_invalid_WIDTH_must_be_at_least_1 invalid_width_inst ();
        end
        if (DEPTH < 4 || DEPTH > 256 || (DEPTH <= 16 && (1 << AW) != DEPTH) || (DEPTH > 16 && DEPTH % 16 != 0))
        begin : gen_invalid_depth
            aes_fifo_invalid_DEPTH_must_be_4_8_16_or_a_multiple_of_16_up_to_256 invalid_depth_inst ();
        end
    endgenerate

    localparam integer LAST_BANK_NUMBER = NB - 1;
    localparam [NB_W-1:0] LAST_BANK = LAST_BANK_NUMBER[NB_W-1:0];
    localparam [NB-1:0] FIRST_SEL = 1;
    // Each address's successor is a register beside it (see above); a bank's depth is a
    // power of two, so the addresses wrap by themselves.
    localparam [BW-1:0] FIRST_INC = 1;

    // Entry i is in bank i mod NB, at address i / NB.
    reg [NB-1:0]   wr_sel_reg;             // the bank written next, one-hot
    reg [BW-1:0]   wr_addr_reg, wr_inc_reg; // the address written next, and its successor
    reg            wr_seen_reg;            // a write in the clock before (counted now)
    reg [NB-1:0]   rd_sel_reg;             // the bank of the head entry, one-hot
    reg [NB_W-1:0] rd_bank_reg;            // the same, binary (selects m_data)
    reg [AW:0]     count_reg, count_next;  // entries counted, 0 to DEPTH
    reg            valid_reg, valid_next;  // count_reg != 0
    reg            one_reg, one_next;      // count_reg == 1

    // The reset of the control registers (see RESET_REG). valid_reg, which is m_valid,
    // is also cleared by rst itself, so it is low in the clock the reset register is
    // high without a gate after it: m_valid is a register.
    wire fifo_rst;
    wire valid_clr;
    generate
        if (RESET_REG != 0) begin : gen_rst_reg
            reg rst_reg;
            always @(posedge clk) begin
                rst_reg <= rst;
            end
            assign fifo_rst = rst_reg;
            assign valid_clr = rst || rst_reg;
        end else begin : gen_rst_direct
            assign fifo_rst = rst;
            assign valid_clr = rst;
        end
    endgenerate

    wire pop = valid_reg && m_ready;

    // From registers only: the count after this clock with and without a pop, and
    // whether two entries are counted.
    wire        wr = wr_seen_reg;
    wire [AW:0] count_pop = wr ? count_reg : count_reg - 1'b1;
    wire [AW:0] count_stay = wr ? count_reg + 1'b1 : count_reg;
    wire        two = (count_reg == 2);

    always @* begin
        count_next = pop ? count_pop : count_stay;
        // not empty: a write, or more than the entry a pop takes
        valid_next = wr || (valid_reg && !(pop && one_reg));
        // exactly one: (write and pop) keeps the count, a pop from two, a write into empty
        if (pop) begin
            one_next = wr ? one_reg : two;
        end else begin
            one_next = wr ? !valid_reg : one_reg;
        end
    end

    always @(posedge clk) begin
        if (fifo_rst) begin
            wr_sel_reg <= FIRST_SEL;
            wr_addr_reg <= {BW{1'b0}};
            wr_inc_reg <= FIRST_INC;
            wr_seen_reg <= 1'b0;
            rd_sel_reg <= FIRST_SEL;
            rd_bank_reg <= {NB_W{1'b0}};
            count_reg <= {AW+1{1'b0}};
            one_reg <= 1'b0;
        end else begin
            if (wr_valid) begin
                wr_sel_reg <= {wr_sel_reg[NB-2:0], wr_sel_reg[NB-1]};
                if (wr_sel_reg[NB-1]) begin
                    wr_addr_reg <= wr_inc_reg;
                    wr_inc_reg <= wr_inc_reg + 1'b1;
                end
            end
            wr_seen_reg <= wr_valid;
            if (pop) begin
                rd_sel_reg <= {rd_sel_reg[NB-2:0], rd_sel_reg[NB-1]};
                rd_bank_reg <= (rd_bank_reg == LAST_BANK) ? {NB_W{1'b0}} : rd_bank_reg + 1'b1;
            end
            count_reg <= count_next;
            one_reg <= one_next;
        end
        valid_reg <= !valid_clr && valid_next;
    end

    // The banks. Distributed RAM, never block RAM: Yosys would otherwise move the read
    // address into an EBR's address register, and the EBR's clock-to-output (4.1 ns in
    // nextpnr's ECP5 model) would sit between the address and the bank's register.
    //
    // The head's bank register is chosen by a tree of two-way selects, one level per bit
    // of rd_bank_reg (node n, from 1, of level d at sel_tree[n], its inputs at 2n and 2n+1; the
    // banks are the leaves, padded with bank 0 up to a power of two). Two-way selects are
    // bit-sliced by Yosys' splitcells, so a formal check that reads only some bits of
    // m_data keeps only those.
    localparam NL = 1 << NB_W;
    wire [2*NL*WIDTH-1:WIDTH] sel_tree;
    genvar b, d, k;
    generate
        for (b = 0; b < NB; b = b + 1) begin : gen_bank
            (* ram_style = "distributed" *)
            reg [WIDTH-1:0] mem [0:BANK_DEPTH-1];
            reg [BW-1:0]    rd_addr_reg, rd_inc_reg;
            reg [WIDTH-1:0] q_reg;
            always @(posedge clk) begin
                if (fifo_rst) begin
                    rd_addr_reg <= {BW{1'b0}};
                    rd_inc_reg <= FIRST_INC;
                end else if (pop && rd_sel_reg[b]) begin
                    rd_addr_reg <= rd_inc_reg;
                    rd_inc_reg <= rd_inc_reg + 1'b1;
                end
                if (wr_valid && wr_sel_reg[b]) begin
                    mem[wr_addr_reg] <= wr_data;
                end
                q_reg <= mem[rd_addr_reg];
            end
            assign sel_tree[(NL+b)*WIDTH +: WIDTH] = q_reg;
        end
        for (b = NB; b < NL; b = b + 1) begin : gen_pad
            assign sel_tree[(NL+b)*WIDTH +: WIDTH] = sel_tree[NL*WIDTH +: WIDTH];
        end
        for (d = 0; d < NB_W; d = d + 1) begin : gen_level
            for (k = 0; k < (1 << d); k = k + 1) begin : gen_node
                localparam integer N = (1 << d) + k;
                assign sel_tree[N*WIDTH +: WIDTH] = rd_bank_reg[NB_W-1-d] ? sel_tree[(2*N+1)*WIDTH +: WIDTH]
                                                                          : sel_tree[2*N*WIDTH +: WIDTH];
            end
        end
    endgenerate

    assign m_data = sel_tree[WIDTH +: WIDTH];
    assign m_valid = valid_reg;

endmodule

`resetall
