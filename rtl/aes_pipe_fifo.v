`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO of the PIPELINED engine: banked distributed RAM, never stalls its writer

/*
 * A first-word-fall-through FIFO for the credit scheme of aes_engine_pipelined. The
 * writer (the last pipeline register) has no ready: the engine only accepts a block when
 * this FIFO is sure to have room for it when it arrives, so a write never finds the
 * FIFO full. The reader side is a valid/ready stream. An entry written in clock t is
 * on m_* in clock t+2 at the earliest.
 *
 * Memory: NB banks of distributed RAM (ECP5: TRELLIS_DPR16X4, 16 entries x 4 bits),
 * NB = DEPTH / 16 (at least 2), entries interleaved: entry i is in bank i mod NB. Each
 * bank reads, every clock and with no enable, the row of its own oldest entry into a
 * register of its own (pre). m_data is the pre register of the bank of the oldest entry:
 * an NB:1 multiplexer of registers. So no path runs from a pointer through a RAM read
 * and the bank multiplexer (the critical path of a 64-entry FIFO read in one clock),
 * and m_ready never drives an enable on the WIDTH data bits.
 *
 * Why pre is never stale when it is read: consecutive reads are in different banks, so
 * a bank's row pointer, moved by a read, has a clock to refresh pre before the bank is
 * read again; and an entry counts as held (m_valid) only from the second clock after
 * its write, when pre can hold it (the write is counted through a register, push_reg).
 *
 * Control: m_ready goes through one LUT level and nothing else. The occupancy is a
 * binary count with two flags kept beside it as registers: valid_reg (not empty, which
 * is m_valid) and one_reg (exactly one entry). Their next values, and the count's, are
 * chosen by the pop among values computed from registers alone (the count plus or minus
 * one, "exactly two entries" decoded from the count), so the pop is the last input of
 * one LUT in front of each of these registers; the bank pointer and the bank row
 * pointers load their increments with the pop as clock enable. No adder or comparison
 * sits behind m_ready.
 */
module aes_pipe_fifo #(
    // Bits per entry, at least 1.
    parameter WIDTH = 144,
    // Entries, a power of two from 4 to 256.
    parameter DEPTH = 16
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

    // Entry index bits.
    localparam AW = DEPTH <= 2 ? 1 : DEPTH <= 4 ? 2 : DEPTH <= 8 ? 3 : DEPTH <= 16 ? 4 :
                    DEPTH <= 32 ? 5 : DEPTH <= 64 ? 6 : DEPTH <= 128 ? 7 : 8;
    // Banks (NB = 2^BB, at least two so that consecutive reads are in different banks)
    // and rows per bank (2^RW).
    localparam NB = DEPTH >= 32 ? DEPTH / 16 : 2;
    localparam BB = NB <= 2 ? 1 : NB <= 4 ? 2 : NB <= 8 ? 3 : 4;
    localparam RW = AW - BB;
    localparam ROWS = DEPTH / NB;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (WIDTH < 1) begin : gen_invalid_width
            aes_pipe_fifo_invalid_WIDTH_must_be_at_least_1 invalid_width_inst ();
        end
        if (DEPTH < 4 || DEPTH > 256 || (1 << AW) != DEPTH) begin : gen_invalid_depth
            aes_pipe_fifo_invalid_DEPTH_must_be_a_power_of_two_from_4_to_256 invalid_depth_inst ();
        end
    endgenerate

    // ---------------------------------------------------------------------------------
    // Occupancy
    // ---------------------------------------------------------------------------------

    reg        push_reg;                  // a write one clock ago: counted now
    reg [AW:0] count_reg, count_next;     // entries held, 0 to DEPTH
    reg        valid_reg, valid_next;     // count_reg != 0
    reg        one_reg, one_next;         // count_reg == 1

    wire pop = valid_reg && m_ready;

    // From registers only: the count after this clock with and without a pop, and
    // whether two entries are held.
    wire [AW:0] count_pop = push_reg ? count_reg : count_reg - 1'b1;
    wire [AW:0] count_stay = push_reg ? count_reg + 1'b1 : count_reg;
    wire        two = (count_reg == 2);

    always @* begin
        count_next = pop ? count_pop : count_stay;
        // not empty: a write counted, or more than the entry a pop takes
        valid_next = push_reg || (valid_reg && !(pop && one_reg));
        // exactly one: (write and pop) keeps the count, a pop from two, a write into empty
        if (pop) begin
            one_next = push_reg ? one_reg : two;
        end else begin
            one_next = push_reg ? !valid_reg : one_reg;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            push_reg <= 1'b0;
            count_reg <= {AW+1{1'b0}};
            valid_reg <= 1'b0;
            one_reg <= 1'b0;
        end else begin
            push_reg <= wr_valid;
            count_reg <= count_next;
            valid_reg <= valid_next;
            one_reg <= one_next;
        end
    end

    assign m_valid = valid_reg;

    // ---------------------------------------------------------------------------------
    // Pointers: the next entry to write (bank in the low BB bits, row above them), the
    // bank of the oldest entry, and per bank the row of its oldest entry.
    // ---------------------------------------------------------------------------------

    reg [AW-1:0]    wr_ptr_reg, wr_ptr_next;
    reg [BB-1:0]    rd_bank_reg, rd_bank_next;
    reg [NB*RW-1:0] rd_row_reg, rd_row_next;

    integer b;
    always @* begin
        wr_ptr_next = wr_valid ? wr_ptr_reg + 1'b1 : wr_ptr_reg;
        // the increments do not depend on m_ready, the pop only selects them
        rd_bank_next = pop ? rd_bank_reg + 1'b1 : rd_bank_reg;
        rd_row_next = rd_row_reg;
        for (b = 0; b < NB; b = b + 1) begin
            if (pop && rd_bank_reg == b[BB-1:0]) begin
                rd_row_next[RW*b +: RW] = rd_row_reg[RW*b +: RW] + 1'b1;
            end
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            wr_ptr_reg <= {AW{1'b0}};
            rd_bank_reg <= {BB{1'b0}};
            rd_row_reg <= {NB*RW{1'b0}};
        end else begin
            wr_ptr_reg <= wr_ptr_next;
            rd_bank_reg <= rd_bank_next;
            rd_row_reg <= rd_row_next;
        end
    end

    // ---------------------------------------------------------------------------------
    // Banks
    // ---------------------------------------------------------------------------------

    wire [NB*WIDTH-1:0] pre;    // bank k's pre register in [WIDTH*k +: WIDTH]

    genvar k;
    generate
        for (k = 0; k < NB; k = k + 1) begin : gen_bank
            localparam [BB-1:0] BANK = k;
            // Distributed RAM, never block RAM: in an EBR the read would cost the EBR's
            // clock-to-output (4.1 ns in nextpnr's ECP5 model).
            (* ram_style = "distributed" *)
            reg [WIDTH-1:0] mem [0:ROWS-1];
            reg [WIDTH-1:0] pre_reg;

            always @(posedge clk) begin
                if (wr_valid && wr_ptr_reg[BB-1:0] == BANK) begin
                    mem[wr_ptr_reg[AW-1:BB]] <= wr_data;
                end
                pre_reg <= mem[rd_row_reg[RW*k +: RW]];
            end

            assign pre[WIDTH*k +: WIDTH] = pre_reg;
        end
    endgenerate

    assign m_data = pre[WIDTH*rd_bank_reg +: WIDTH];

endmodule

`resetall
