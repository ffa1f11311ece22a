`resetall
`timescale 1ns / 1ps
`default_nettype none

// Round-key storage for KEY_SLOTS slots: encryption keys and (DECRYPT=1) decryption
// keys in equivalent-inverse order, read synchronously (data one clock after address).
//
// PER_INDEX_PORTS=0 (ITERATIVE engines): one memory per table, addressed by
// {slot, index}, one read port. PER_INDEX_PORTS=1 (PIPELINED engines): one small
// memory per round index, addressed by slot, one read port each, so every pipeline
// stage reads its own round key of its own block's slot in the same clock.
// There is no reset of the contents: aes_key_slots zeroizes by writing.
module aes_key_store #(
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // Number of round-key indices kept per slot: Nr+1 of the longest key (11, 13, 15).
    parameter NIDX = 15,
    // 1: keep the decryption table too.
    parameter DECRYPT = 1,
    // 0: one read port by {slot, index}; 1: one read port per index, by slot.
    parameter PER_INDEX_PORTS = 0
) (
    input  wire                  clk,

    // Write port: either table or both at once (the decryption index differs).
    input  wire                  wr_enc_en,
    input  wire                  wr_dec_en,
    input  wire [3:0]            wr_slot,
    input  wire [3:0]            wr_enc_idx,
    input  wire [127:0]          wr_enc_key,
    input  wire [3:0]            wr_dec_idx,
    input  wire [127:0]          wr_dec_key,

    // Read ports: PER_INDEX_PORTS=0 uses port 0 and rd_idx; 1 uses NIDX ports.
    input  wire [4*NIDX-1:0]     rd_slot,
    input  wire [3:0]            rd_idx,
    input  wire [NIDX-1:0]       rd_dec,
    output wire [128*NIDX-1:0]   rd_key
);

    // Slot address bits: as few as KEY_SLOTS needs (at least one).
    localparam SLOT_BITS = KEY_SLOTS > 8 ? 4 : (KEY_SLOTS > 4 ? 3 : (KEY_SLOTS > 2 ? 2 : 1));

    generate
        if (KEY_SLOTS < 1 || KEY_SLOTS > 16) begin : gen_invalid
            aes_key_store_invalid_KEY_SLOTS_must_be_1_to_16 invalid_slots_inst ();
        end
        if (DECRYPT == 0) begin : gen_enc_only
            // Encryption only: the decryption half of the write port is not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_dec = &{1'b0, wr_dec_en, wr_dec_idx, wr_dec_key};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    generate
        if (PER_INDEX_PORTS == 0) begin : gen_single
            localparam DEPTH = 16 << SLOT_BITS;
            reg [127:0] enc_mem [0:DEPTH-1];
            reg [127:0] enc_q;
            wire [127:0] dec_q;
            reg         dec_sel;
            wire [SLOT_BITS+3:0] rd_addr = {rd_slot[SLOT_BITS-1:0], rd_idx};
            wire [SLOT_BITS+3:0] wr_enc_addr = {wr_slot[SLOT_BITS-1:0], wr_enc_idx};

            always @(posedge clk) begin
                if (wr_enc_en) begin
                    enc_mem[wr_enc_addr] <= wr_enc_key;
                end
                enc_q <= enc_mem[rd_addr];
                dec_sel <= rd_dec[0];
            end

            if (DECRYPT != 0) begin : gen_dec
                reg [127:0] dec_mem [0:DEPTH-1];
                reg [127:0] dec_q_reg;
                always @(posedge clk) begin
                    if (wr_dec_en) begin
                        dec_mem[{wr_slot[SLOT_BITS-1:0], wr_dec_idx}] <= wr_dec_key;
                    end
                    dec_q_reg <= dec_mem[rd_addr];
                end
                assign dec_q = dec_q_reg;
            end else begin : gen_no_dec
                assign dec_q = 128'd0;
            end

            assign rd_key[127:0] = dec_sel ? dec_q : enc_q;
            // Only port 0 exists in this form; the other port inputs are not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_slot, rd_dec, wr_slot};
            /* verilator lint_on UNUSEDSIGNAL */
            if (NIDX > 1) begin : gen_unused
                assign rd_key[128*NIDX-1:128] = {128*(NIDX-1){1'b0}};
            end
        end else begin : gen_per_index
            genvar p;
            for (p = 0; p < NIDX; p = p + 1) begin : gen_index
                reg [127:0] enc_mem [0:(1 << SLOT_BITS)-1];
                reg [127:0] enc_q;
                wire [127:0] dec_q;
                reg         dec_sel;
                wire [SLOT_BITS-1:0] rd_addr = rd_slot[4*p +: SLOT_BITS];
                wire [SLOT_BITS-1:0] wr_addr = wr_slot[SLOT_BITS-1:0];

                always @(posedge clk) begin
                    if (wr_enc_en && wr_enc_idx == p) begin
                        enc_mem[wr_addr] <= wr_enc_key;
                    end
                    enc_q <= enc_mem[rd_addr];
                    dec_sel <= rd_dec[p];
                end

                if (DECRYPT != 0) begin : gen_dec
                    reg [127:0] dec_mem [0:(1 << SLOT_BITS)-1];
                    reg [127:0] dec_q_reg;
                    always @(posedge clk) begin
                        if (wr_dec_en && wr_dec_idx == p) begin
                            dec_mem[wr_addr] <= wr_dec_key;
                        end
                        dec_q_reg <= dec_mem[rd_addr];
                    end
                    assign dec_q = dec_q_reg;
                end else begin : gen_no_dec
                    assign dec_q = 128'd0;
                end

                assign rd_key[128*p +: 128] = dec_sel ? dec_q : enc_q;
            end
            // Each port reads its own index: rd_idx and the high slot bits are not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_idx, rd_slot, wr_slot};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

endmodule

`resetall
