`resetall
`timescale 1ns / 1ps
`default_nettype none

// Output FIFO of the PIPELINED engine: distributed RAM, never stalls its writer

/*
 * A first-word-fall-through FIFO for the credit scheme of aes_engine_pipelined. The
 * writer (the last pipeline register) has no ready: the engine only accepts a block when
 * this FIFO is sure to have room for it when it arrives, so a write never finds the
 * FIFO full. The reader side is a valid/ready stream.
 *
 * The memory has a synchronous write and an asynchronous read (ECP5: TRELLIS_DPR16X4
 * distributed RAM, 16 entries x 4 bits each, banks of 16 entries multiplexed). DEPTH
 * need not be a power of two: above 16 it is a whole number of banks (48 entries are
 * three banks, and a three-way multiplexer behind them), and the pointers wrap at DEPTH.
 * Each bank has a copy of the read pointer's low bits of its own, so the read address
 * does not run from one register to every cell of the memory.
 * m_data
 * is the entry at the read pointer, so a pop only moves the pointer: m_ready drives a
 * few pointer bits, never an enable on all WIDTH output bits, and m_valid is a
 * register. An entry written in clock t is on m_* in clock t+1.
 *
 * Control: m_ready goes through one LUT level and nothing else. The occupancy is a
 * binary count with two flags kept beside it as registers: valid_reg (not empty, which
 * is m_valid) and one_reg (exactly one entry). Their next values, and the count's, are
 * chosen by the pop among values computed from registers alone (the count plus or minus
 * one, "exactly two entries" decoded from the count), so the pop is the last input of
 * one LUT in front of each of these registers; the read pointer loads its successor,
 * kept in a register beside it, with the pop as clock enable. No adder or comparison
 * sits behind m_ready, and none behind the pointers: the pointers drive the address of
 * every memory cell and are placed among them, while each successor's increment is a
 * short loop of its own (the write pointer likewise).
 */
module aes_pipe_fifo #(
    // Bits per entry, at least 1.
    parameter WIDTH = 144,
    // Entries: 2, 4, 8, 16, or a multiple of 16 up to 256.
    parameter DEPTH = 16,
    // 1: the FIFO takes its reset from a register of its own, one clock late, so that
    // the reset net from the caller reaches one flip-flop here (a FIFO at the far end of
    // a pipeline); m_valid is low in that clock, and the caller must not write in the
    // clock after a reset. 0: rst resets the FIFO directly.
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

    // Address bits.
    localparam AW = DEPTH <= 2 ? 1 : DEPTH <= 4 ? 2 : DEPTH <= 8 ? 3 : DEPTH <= 16 ? 4 :
                    DEPTH <= 32 ? 5 : DEPTH <= 64 ? 6 : DEPTH <= 128 ? 7 : 8;

    // Illegal parameter values stop elaboration: the named module does not exist.
    generate
        if (WIDTH < 1) begin : gen_invalid_width
            aes_pipe_fifo_invalid_WIDTH_must_be_at_least_1 invalid_width_inst ();
        end
        if (DEPTH < 2 || DEPTH > 256 || (DEPTH <= 16 && (1 << AW) != DEPTH) || (DEPTH > 16 && DEPTH % 16 != 0))
        begin : gen_invalid_depth
            aes_pipe_fifo_invalid_DEPTH_must_be_2_4_8_16_or_a_multiple_of_16_up_to_256 invalid_depth_inst ();
        end
    endgenerate

    localparam integer LAST_INDEX = DEPTH - 1;
    localparam [AW-1:0] LAST_ENTRY = LAST_INDEX[AW-1:0];

    reg [AW-1:0] wr_ptr_reg, wr_ptr_next;
    reg [AW-1:0] rd_ptr_reg, rd_ptr_next;
    reg [AW:0]   count_reg, count_next;     // entries held, 0 to DEPTH
    reg          valid_reg, valid_next;     // count_reg != 0
    reg          one_reg, one_next;         // count_reg == 1

    // The reset of the control registers (see RESET_REG), and m_valid.
    wire fifo_rst;
    wire out_valid;
    generate
        if (RESET_REG != 0) begin : gen_rst_reg
            reg rst_reg;
            always @(posedge clk) begin
                rst_reg <= rst;
            end
            assign fifo_rst = rst_reg;
            assign out_valid = valid_reg && !rst_reg;
        end else begin : gen_rst_direct
            assign fifo_rst = rst;
            assign out_valid = valid_reg;
        end
    endgenerate

    wire pop = out_valid && m_ready;

    // From registers only: the count after this clock with and without a pop, and
    // whether two entries are held.
    wire [AW:0] count_pop = wr_valid ? count_reg : count_reg - 1'b1;
    wire [AW:0] count_stay = wr_valid ? count_reg + 1'b1 : count_reg;
    wire        two = (count_reg == 2);

    // Each pointer's successor, as a register (see above), wrapping at DEPTH (a power
    // of two wraps by itself).
    localparam WRAP = (DEPTH != (1 << AW));
    reg  [AW-1:0] wr_inc_reg, rd_inc_reg;
    wire [AW-1:0] wr_inc_next = (WRAP && wr_inc_reg == LAST_ENTRY) ? {AW{1'b0}} : wr_inc_reg + 1'b1;
    wire [AW-1:0] rd_inc_next = (WRAP && rd_inc_reg == LAST_ENTRY) ? {AW{1'b0}} : rd_inc_reg + 1'b1;
    localparam [AW-1:0] FIRST_INC = 1;

    always @* begin
        wr_ptr_next = wr_valid ? wr_inc_reg : wr_ptr_reg;
        // the successor does not depend on m_ready, the pop only selects it
        rd_ptr_next = pop ? rd_inc_reg : rd_ptr_reg;
        count_next = pop ? count_pop : count_stay;
        // not empty: a write, or more than the entry a pop takes
        valid_next = wr_valid || (valid_reg && !(pop && one_reg));
        // exactly one: (write and pop) keeps the count, a pop from two, a write into empty
        if (pop) begin
            one_next = wr_valid ? one_reg : two;
        end else begin
            one_next = wr_valid ? !valid_reg : one_reg;
        end
    end

    always @(posedge clk) begin
        if (fifo_rst) begin
            wr_ptr_reg <= {AW{1'b0}};
            rd_ptr_reg <= {AW{1'b0}};
            wr_inc_reg <= FIRST_INC;
            rd_inc_reg <= FIRST_INC;
            count_reg <= {AW+1{1'b0}};
            valid_reg <= 1'b0;
            one_reg <= 1'b0;
        end else begin
            wr_ptr_reg <= wr_ptr_next;
            rd_ptr_reg <= rd_ptr_next;
            if (wr_valid) begin
                wr_inc_reg <= wr_inc_next;
            end
            if (pop) begin
                rd_inc_reg <= rd_inc_next;
            end
            count_reg <= count_next;
            valid_reg <= valid_next;
            one_reg <= one_next;
        end
    end

    // The memory: distributed RAM, never block RAM (Yosys would otherwise move the
    // read address into an EBR's address register, a synchronous read, and the EBR's
    // clock-to-output, 4.1 ns in nextpnr's ECP5 model, would then sit on m_data).
    wire [WIDTH-1:0] rd_data;
    genvar b;
    generate
        if (DEPTH <= 16) begin : gen_one_bank
            (* ram_style = "distributed" *)
            reg [WIDTH-1:0] mem [0:DEPTH-1];
            always @(posedge clk) begin
                if (wr_valid) begin
                    mem[wr_ptr_reg] <= wr_data;
                end
            end
            assign rd_data = mem[rd_ptr_reg];
        end else begin : gen_banks
            // Banks of 16 entries, written at the write pointer's low bits. Each bank is
            // read at an address register of its own, placed beside the bank: it follows
            // the read pointer's low bits while the pointer is in that bank (a pop that
            // moves the pointer to entry k of bank b loads k into bank b's register) and
            // holds otherwise, when the bank is not read. The pointer's high bits choose
            // the bank.
            localparam NB = DEPTH / 16;
            wire [NB*WIDTH-1:0] bank_data;
            for (b = 0; b < NB; b = b + 1) begin : gen_bank
                localparam [AW-5:0] BANK = b;
                (* ram_style = "distributed" *)
                reg [WIDTH-1:0] mem [0:15];
                reg [3:0] rd_addr_reg;
                always @(posedge clk) begin
                    if (fifo_rst) begin
                        rd_addr_reg <= 4'd0;
                    end else if (pop && rd_inc_reg[AW-1:4] == BANK) begin
                        rd_addr_reg <= rd_inc_reg[3:0];
                    end
                    if (wr_valid && wr_ptr_reg[AW-1:4] == BANK) begin
                        mem[wr_ptr_reg[3:0]] <= wr_data;
                    end
                end
                assign bank_data[b*WIDTH +: WIDTH] = mem[rd_addr_reg];
            end
            assign rd_data = bank_data[rd_ptr_reg[AW-1:4]*WIDTH +: WIDTH];
        end
    endgenerate

    assign m_valid = out_valid;
    assign m_data = rd_data;

endmodule

`resetall
