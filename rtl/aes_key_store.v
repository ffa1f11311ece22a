// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Round-key storage for KEY_SLOTS slots: encryption keys and (DECRYPT=1) decryption
// keys in equivalent-inverse order, read synchronously (data one clock after address).
//
// PER_INDEX_PORTS=0 (ITERATIVE engines): one memory holding both tables, addressed by
// {table, slot, index}, one read port, marked for block RAM (eight DP16KD on ECP5, the
// read data straight from the EBR with no table multiplexer behind it). One write port:
// when both tables are written in the same clock, the encryption key is written first
// and the decryption key in the next clock, so a clock that writes both must be followed
// by a clock that writes nothing (the key expander writes one round key every fourth clock;
// zeroization writes one table per clock; the host writes one key at a time).
// PER_INDEX_PORTS=1 (PIPELINED engines): one small memory per round index, addressed by
// slot, one read port each, so every pipeline stage reads its own round key of its own
// block's slot in the same clock.
//
// The write port is registered: a write presented in clock t is in the memory at the end
// of clock t+1 (t+2 for the decryption half of a double write); in the per-index form
// it then travels from index to index, one register each, and index i is written at the
// end of clock t+2+i. `wr_busy` (from registers) is high while a write is still on its
// way (per-index form: in clocks t+1 .. t+1+NIDX), so the caller can wait for it before
// declaring a slot loaded or cleared. A read of an entry in the same clock as its write is not defined (in the
// single-memory form it is block RAM with no collision logic): aes_key_slots never reads
// a slot that is being written.
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
    input  wire                  rst,

    // Write port: either table or both at once (the decryption index differs);
    // wr_zero writes zeros instead of the keys (zeroization).
    input  wire                  wr_enc_en,
    input  wire                  wr_dec_en,
    input  wire [3:0]            wr_slot,
    input  wire [3:0]            wr_enc_idx,
    input  wire [127:0]          wr_enc_key,
    input  wire [3:0]            wr_dec_idx,
    input  wire [127:0]          wr_dec_key,
    input  wire                  wr_zero,
    // A write presented earlier has not reached the memory yet.
    output wire                  wr_busy,

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
    endgenerate

    // The registered write port. The encryption half holds the request of the previous
    // clock; the decryption half holds its request until it is written (at once in the
    // per-index form, after the encryption half in the single-memory form). Zeros come
    // from the registers' synchronous reset, not from a multiplexer on the key.
    reg         we_enc_reg, we_dec_reg;
    reg [3:0]   w_slot_reg, w_enc_idx_reg, w_dec_idx_reg;
    reg [127:0] w_enc_key_reg, w_dec_key_reg;
    wire        w_dec_done;   // the decryption half is written this clock

    always @(posedge clk) begin
        if (rst) begin
            we_enc_reg <= 1'b0;
            we_dec_reg <= 1'b0;
        end else begin
            we_enc_reg <= wr_enc_en;
            we_dec_reg <= ((DECRYPT != 0) && wr_dec_en) || (we_dec_reg && !w_dec_done);
        end
        // The per-index form writes both halves at once: the slot loads every clock too.
        if (PER_INDEX_PORTS != 0 || wr_enc_en || wr_dec_en) begin
            w_slot_reg <= wr_slot;
        end
        // The encryption half is written in the next clock in both forms, so its
        // registers load every clock, with no enable (no clock-enable net from the
        // write request to 128 flip-flops); we_enc_reg says whether they hold a write.
        w_enc_idx_reg <= wr_enc_idx;
        w_enc_key_reg <= wr_zero ? 128'd0 : wr_enc_key;
        if (wr_dec_en) begin
            w_dec_idx_reg <= wr_dec_idx;
            w_dec_key_reg <= wr_zero ? 128'd0 : wr_dec_key;
        end
    end

    generate
        if (PER_INDEX_PORTS == 0) begin : gen_single
            // Address {table, slot, index}: the table bit only with DECRYPT=1.
            localparam TBITS = (DECRYPT != 0) ? 1 : 0;
            localparam AW = TBITS + SLOT_BITS + 4;
            wire [127:0] q;

            // One write a clock: the encryption half first.
            assign w_dec_done = !we_enc_reg;
            wire         w_en = we_enc_reg || we_dec_reg;
            wire         w_tab = !we_enc_reg;
            wire [3:0]   w_idx = we_enc_reg ? w_enc_idx_reg : w_dec_idx_reg;
            wire [127:0] w_key = we_enc_reg ? w_enc_key_reg : w_dec_key_reg;
            wire [3:0]   w_slot = w_slot_reg;

            wire [AW-1:0] w_addr, r_addr;
            if (DECRYPT != 0) begin : gen_tab
                assign w_addr = {w_tab, w_slot[SLOT_BITS-1:0], w_idx};
                assign r_addr = {rd_dec[0], rd_slot[SLOT_BITS-1:0], rd_idx};
            end else begin : gen_no_tab
                assign w_addr = {w_slot[SLOT_BITS-1:0], w_idx};
                assign r_addr = {rd_slot[SLOT_BITS-1:0], rd_idx};
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_tab = &{1'b0, w_tab, rd_dec[0]};
                /* verilator lint_on UNUSEDSIGNAL */
            end

            // Eight memories of 16 bits: each maps to a true dual-port DP16KD with 18-bit
            // ports (one 128-bit memory would map to 36-bit pseudo-dual-port cells, whose
            // output register the flow's ebr_outreg step leaves alone).
            genvar k;
            for (k = 0; k < 8; k = k + 1) begin : gen_slice
                // no_rw_check: no logic to define a read of the entry being written in
                // the same clock; the slot states never let that happen (a slot is read
                // only once loaded, written only while not loaded).
                (* ram_style = "block", no_rw_check *)
                reg [15:0] mem [0:(1 << AW)-1];
                reg [15:0] q_reg;
                always @(posedge clk) begin
                    if (w_en) begin
                        mem[w_addr] <= w_key[16*k +: 16];
                    end
                    q_reg <= mem[r_addr];
                end
                assign q[16*k +: 16] = q_reg;
            end

            assign wr_busy = we_enc_reg || we_dec_reg;
            assign rd_key[127:0] = q;
            // Only port 0 exists in this form; the other port inputs are not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_slot, rd_dec, w_slot};
            /* verilator lint_on UNUSEDSIGNAL */
            if (NIDX > 1) begin : gen_unused
                assign rd_key[128*NIDX-1:128] = {128*(NIDX-1){1'b0}};
            end
        end else begin : gen_per_index
            // Both halves at once. The write passes from index to index through a chain
            // of registers, one stage per index, so each stage drives only its own memory
            // and the next stage: no net from the key expander reaches all NIDX memories,
            // which sit along the pipeline. Stage 0 is a register stage after the write
            // port's, so that every memory's write port comes from registers of its own
            // stage: index p is written at the end of clock t+2+p. c_hit_*[p] (index p
            // writes its memory in this clock) is a register decoded one stage ahead, so
            // the write enable of a memory's cells comes straight from a flip-flop.
            assign w_dec_done = 1'b1;
            reg [NIDX-1:0]       c_we_enc, c_we_dec, c_hit_enc, c_hit_dec;
            reg [4*NIDX-1:0]     c_slot, c_enc_idx, c_dec_idx;
            reg [128*NIDX-1:0]   c_enc_key, c_dec_key;
            genvar p;
            for (p = 0; p < NIDX; p = p + 1) begin : gen_index
                reg [127:0] enc_mem [0:(1 << SLOT_BITS)-1];
                reg [127:0] enc_q;
                wire [127:0] dec_q;
                reg         dec_sel;
                wire [SLOT_BITS-1:0] rd_addr = rd_slot[4*p +: SLOT_BITS];
                wire [SLOT_BITS-1:0] wr_addr = c_slot[4*p +: SLOT_BITS];

                // Stage p of the chain, from the write port's registers (p = 0) or from
                // stage p-1. A write goes on (src_go_*) while its index is p or more; it
                // writes memory p when its index is p.
                localparam [3:0] IDX = p;
                wire         src_go_enc, src_go_dec;
                wire [3:0]   src_slot, src_enc_idx, src_dec_idx;
                wire [127:0] src_enc_key, src_dec_key;
                if (p == 0) begin : gen_from_port
                    assign src_go_enc = we_enc_reg;
                    assign src_go_dec = we_dec_reg;
                    assign src_slot = w_slot_reg;
                    assign src_enc_idx = w_enc_idx_reg;
                    assign src_dec_idx = w_dec_idx_reg;
                    assign src_enc_key = w_enc_key_reg;
                    assign src_dec_key = w_dec_key_reg;
                end else begin : gen_from_stage
                    assign src_go_enc = c_we_enc[p-1] && c_enc_idx[4*(p-1) +: 4] >= IDX;
                    assign src_go_dec = c_we_dec[p-1] && c_dec_idx[4*(p-1) +: 4] >= IDX;
                    assign src_slot = c_slot[4*(p-1) +: 4];
                    assign src_enc_idx = c_enc_idx[4*(p-1) +: 4];
                    assign src_dec_idx = c_dec_idx[4*(p-1) +: 4];
                    assign src_enc_key = c_enc_key[128*(p-1) +: 128];
                    assign src_dec_key = c_dec_key[128*(p-1) +: 128];
                end
                reg         we_enc_s, we_dec_s, hit_enc_s, hit_dec_s;
                reg [3:0]   slot_s, enc_idx_s, dec_idx_s;
                reg [127:0] enc_key_s, dec_key_s;
                always @(posedge clk) begin
                    if (rst) begin
                        we_enc_s <= 1'b0;
                        we_dec_s <= 1'b0;
                        hit_enc_s <= 1'b0;
                        hit_dec_s <= 1'b0;
                    end else begin
                        we_enc_s <= src_go_enc;
                        we_dec_s <= src_go_dec;
                        hit_enc_s <= src_go_enc && src_enc_idx == IDX;
                        hit_dec_s <= src_go_dec && src_dec_idx == IDX;
                    end
                    slot_s <= src_slot;
                    enc_idx_s <= src_enc_idx;
                    dec_idx_s <= src_dec_idx;
                    enc_key_s <= src_enc_key;
                    dec_key_s <= src_dec_key;
                end
                always @* begin
                    c_we_enc[p] = we_enc_s;
                    c_we_dec[p] = we_dec_s;
                    c_hit_enc[p] = hit_enc_s;
                    c_hit_dec[p] = hit_dec_s;
                    c_slot[4*p +: 4] = slot_s;
                    c_enc_idx[4*p +: 4] = enc_idx_s;
                    c_dec_idx[4*p +: 4] = dec_idx_s;
                    c_enc_key[128*p +: 128] = enc_key_s;
                    c_dec_key[128*p +: 128] = dec_key_s;
                end

                always @(posedge clk) begin
                    if (c_hit_enc[p]) begin
                        enc_mem[wr_addr] <= c_enc_key[128*p +: 128];
                    end
                    enc_q <= enc_mem[rd_addr];
                    dec_sel <= rd_dec[p];
                end

                if (DECRYPT != 0) begin : gen_dec
                    reg [127:0] dec_mem [0:(1 << SLOT_BITS)-1];
                    reg [127:0] dec_q_reg;
                    always @(posedge clk) begin
                        if (c_hit_dec[p]) begin
                            dec_mem[wr_addr] <= c_dec_key[128*p +: 128];
                        end
                        dec_q_reg <= dec_mem[rd_addr];
                    end
                    assign dec_q = dec_q_reg;
                end else begin : gen_no_dec
                    assign dec_q = 128'd0;
                end

                assign rd_key[128*p +: 128] = dec_sel ? dec_q : enc_q;
            end
            // Busy from a count beside the write port, not from the chain: the chain's
            // write enables sit along the pipeline, and an OR of all of them was a long
            // route into the key-slot control. A write presented in clock t reaches
            // index NIDX-1 at the latest at the end of clock t+1+NIDX, so the flag is
            // high in clocks t+1 .. t+1+NIDX: the registered write request (t+1), or
            // busy_reg, a count started by it (t+2 .. t+1+NIDX; a write that stops early
            // keeps it a few clocks longer than needed). The count starts from registers,
            // not from the caller's request: that was a long route from the key-slot
            // control into the count's reset and enable.
            localparam CNT_W = 4;
            reg [CNT_W-1:0] drain_reg;
            reg             busy_reg;
            always @(posedge clk) begin
                if (rst) begin
                    drain_reg <= {CNT_W{1'b0}};
                    busy_reg <= 1'b0;
                end else if (we_enc_reg || we_dec_reg) begin
                    drain_reg <= NIDX[CNT_W-1:0];
                    busy_reg <= 1'b1;
                end else if (drain_reg != {CNT_W{1'b0}}) begin
                    drain_reg <= drain_reg - 1'b1;
                    busy_reg <= (drain_reg != 1);
                end
            end
            assign wr_busy = busy_reg || we_enc_reg || we_dec_reg;
            // Each port reads its own index: rd_idx and the high slot bits are not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_idx, rd_slot, c_slot, c_we_enc, c_enc_idx, c_we_dec, c_dec_idx, c_dec_key,
                                  c_hit_dec};
            /* verilator lint_on UNUSEDSIGNAL */
        end
        if (DECRYPT == 0) begin : gen_enc_only
            // Encryption only: the decryption half of the write port is never written.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_dec = &{1'b0, w_dec_idx_reg, w_dec_key_reg};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

endmodule

`resetall
