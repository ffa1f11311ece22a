// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES core: key slots plus the cipher engine chosen by ARCH, behind one block handshake.
//
// This is the datapath of aes_axi without the bus logic: keys go in through load_* (or
// host_* with KEY_EXPANSION="HOST"), blocks through s_* with a key slot, a direction and
// a tag, and come out on m_* in order with their tag. The key length of a block is the
// length of the key in its slot when the block is accepted. A block must only name a
// loaded slot; slot_hold tells the key slots which slots blocks in flight still use.
module aes_core #(
    // Cipher engine: "ITERATIVE" (one round per clock) or "PIPELINED" (unrolled).
    parameter [8*16-1:0] ARCH = "ITERATIVE",
    // Register stages per round: 1 to 4 when PIPELINED. ITERATIVE with SBOX "TTABLE"
    // (T-tables in block RAM): 1, one block a round per clock (aes_engine_iterative), or
    // 3, three blocks interleaved, each round in three stages (aes_engine_interleaved).
    // Other ITERATIVE builds ignore it.
    parameter STAGES_PER_ROUND = 1,
    // S-box implementation: "LUT", "COMPOSITE" or "TTABLE".
    parameter [8*16-1:0] SBOX = "LUT",
    // 128-bit blocks per beat: 1, 2, 4 or 8.
    parameter LANES = 1,
    // Longest key accepted: 128, 192 or 256.
    parameter MAX_KEY_BITS = 256,
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // 1: encryption and decryption; 0: encryption only.
    parameter DECRYPT = 1,
    // "HW": keys expanded on chip; "HOST": the host writes round keys.
    parameter [8*16-1:0] KEY_EXPANSION = "HW",
    // Width of the tag carried with each block.
    parameter TAG_WIDTH = 8
) (
    input  wire                   clk,
    input  wire                   rst,

    // Key load (HW) and clear.
    input  wire                   load_valid,
    output wire                   load_ready,
    input  wire [3:0]             load_slot,
    input  wire [1:0]             load_len,
    input  wire [255:0]           load_key,
    input  wire                   clear_valid,
    input  wire [15:0]            clear_mask,

    // Round-key writes by the host (HOST).
    input  wire                   host_wr_valid,
    input  wire                   host_commit_valid,
    output wire                   host_ready,
    input  wire [3:0]             host_slot,
    input  wire [3:0]             host_idx,
    input  wire                   host_dec,
    input  wire [127:0]           host_key,
    input  wire [1:0]             host_len,

    // Slot state.
    input  wire [KEY_SLOTS-1:0]   slot_hold,
    output wire [KEY_SLOTS-1:0]   slot_loaded,
    output wire [KEY_SLOTS-1:0]   slot_loading,
    output wire [KEY_SLOTS-1:0]   slot_clearing,
    output wire [2*KEY_SLOTS-1:0] slot_len,
    output wire                   keys_idle,

    // Blocks in.
    input  wire                   s_valid,
    output wire                   s_ready,
    input  wire [128*LANES-1:0]   s_data,
    input  wire [3:0]             s_slot,
    input  wire                   s_decrypt,
    // XOR lane 0 with lane 0 of the engine's last output (feedback modes): honoured by
    // the single-context ITERATIVE engine only (ARCH "ITERATIVE", SBOX not "TTABLE");
    // the other engines ignore it, so it must be 0 for them.
    input  wire                   s_chain,
    input  wire [TAG_WIDTH-1:0]   s_tag,

    // Blocks out.
    output wire                   m_valid,
    input  wire                   m_ready,
    output wire [128*LANES-1:0]   m_data,
    output wire [TAG_WIDTH-1:0]   m_tag
);

    localparam PIPELINED = (ARCH == "PIPELINED");
    localparam ITER_TABLES = !PIPELINED && (SBOX == "TTABLE");

    generate
        if (ARCH != "ITERATIVE" && ARCH != "PIPELINED") begin : gen_invalid_arch
            aes_core_invalid_ARCH_must_be_ITERATIVE_or_PIPELINED invalid_arch_inst ();
        end
        if (ITER_TABLES && STAGES_PER_ROUND != 1 && STAGES_PER_ROUND != 3) begin : gen_invalid_stages
            aes_core_invalid_ITERATIVE_TTABLE_STAGES_PER_ROUND_must_be_1_or_3 invalid_stages_inst ();
        end
        if (KEY_SLOTS < 1 || KEY_SLOTS > 16) begin : gen_invalid_slots
            aes_core_invalid_KEY_SLOTS_must_be_1_to_16 invalid_slots_inst ();
        end
    endgenerate

    wire [4*15-1:0]   rd_slot;
    wire [3:0]        rd_idx;
    wire [14:0]       rd_dec;
    wire [128*15-1:0] rd_key;

    aes_key_slots #(
        // PIPELINED builds take SubWord from block-RAM tables ("TTABLE"), whatever the
        // engine's S-box: a SubWord in logic inside the key expander's one-word-per-clock
        // recurrence would set the clock of the whole core (key loads are rare and go to
        // a slot not in use: the tables' five clocks a word cost nothing on the data
        // path).
        .KEY_SLOTS(KEY_SLOTS),
        .MAX_KEY_BITS(MAX_KEY_BITS),
        .DECRYPT(DECRYPT),
        .SBOX(PIPELINED ? "TTABLE" : SBOX),
        .KEY_EXPANSION(KEY_EXPANSION),
        .PER_INDEX_PORTS(PIPELINED ? 1 : 0)
    ) u_slots (
        .clk(clk),
        .rst(rst),
        .load_valid(load_valid),
        .load_ready(load_ready),
        .load_slot(load_slot),
        .load_len(load_len),
        .load_key(load_key),
        .clear_valid(clear_valid),
        .clear_mask(clear_mask),
        .host_wr_valid(host_wr_valid),
        .host_commit_valid(host_commit_valid),
        .host_ready(host_ready),
        .host_slot(host_slot),
        .host_idx(host_idx),
        .host_dec(host_dec),
        .host_key(host_key),
        .host_len(host_len),
        .slot_hold(slot_hold),
        .slot_loaded(slot_loaded),
        .slot_loading(slot_loading),
        .slot_clearing(slot_clearing),
        .slot_len(slot_len),
        .idle(keys_idle),
        .rd_slot(rd_slot),
        .rd_idx(rd_idx),
        .rd_dec(rd_dec),
        .rd_key(rd_key)
    );

    // Key length of the block's slot (slots beyond KEY_SLOTS never reach the core).
    wire [1:0] s_len = ({28'd0, s_slot} < KEY_SLOTS) ? slot_len[2*s_slot +: 2] : 2'd0;

    generate
        if (ITER_TABLES && STAGES_PER_ROUND == 3) begin : gen_interleaved
            // T-tables in block RAM, three blocks interleaved (rtl/aes_engine_interleaved.v).
            aes_engine_interleaved #(
                .LANES(LANES),
                .MAX_KEY_BITS(MAX_KEY_BITS),
                .DECRYPT(DECRYPT),
                .TAG_WIDTH(TAG_WIDTH)
            ) u_engine (
                .clk(clk),
                .rst(rst),
                .s_valid(s_valid),
                .s_ready(s_ready),
                .s_data(s_data),
                .s_slot(s_slot),
                .s_decrypt(s_decrypt),
                .s_len(s_len),
                .s_tag(s_tag),
                .m_valid(m_valid),
                .m_ready(m_ready),
                .m_data(m_data),
                .m_tag(m_tag),
                .rk_slot(rd_slot[3:0]),
                .rk_idx(rd_idx),
                .rk_dec(rd_dec[0]),
                .rk_key(rd_key[127:0])
            );
            assign rd_slot[4*15-1:4] = {4*14{1'b0}};
            assign rd_dec[14:1] = 14'd0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_key[128*15-1:128], STAGES_PER_ROUND[0], s_chain};
            /* verilator lint_on UNUSEDSIGNAL */
        end else if (!PIPELINED) begin : gen_iterative
            aes_engine_iterative #(
                .SBOX(SBOX),
                .LANES(LANES),
                .DECRYPT(DECRYPT),
                .TAG_WIDTH(TAG_WIDTH)
            ) u_engine (
                .clk(clk),
                .rst(rst),
                .s_valid(s_valid),
                .s_ready(s_ready),
                .s_data(s_data),
                .s_slot(s_slot),
                .s_decrypt(s_decrypt),
                .s_chain(s_chain),
                .s_len(s_len),
                .s_tag(s_tag),
                .m_valid(m_valid),
                .m_ready(m_ready),
                .m_data(m_data),
                .m_tag(m_tag),
                .rk_slot(rd_slot[3:0]),
                .rk_idx(rd_idx),
                .rk_dec(rd_dec[0]),
                .rk_key(rd_key[127:0])
            );
            assign rd_slot[4*15-1:4] = {4*14{1'b0}};
            assign rd_dec[14:1] = 14'd0;
            // The iterative engine reads one port; STAGES_PER_ROUND is for PIPELINED.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_key[128*15-1:128], STAGES_PER_ROUND[0]};
            /* verilator lint_on UNUSEDSIGNAL */
        end else begin : gen_pipelined
            // One key read port per round index, each addressed by slot (rd_idx unused).
            aes_engine_pipelined #(
                .STAGES_PER_ROUND(STAGES_PER_ROUND),
                .SBOX(SBOX),
                .LANES(LANES),
                .MAX_KEY_BITS(MAX_KEY_BITS),
                .DECRYPT(DECRYPT),
                .TAG_WIDTH(TAG_WIDTH)
            ) u_engine (
                .clk(clk),
                .rst(rst),
                .s_valid(s_valid),
                .s_ready(s_ready),
                .s_data(s_data),
                .s_slot(s_slot),
                .s_decrypt(s_decrypt),
                .s_len(s_len),
                .s_tag(s_tag),
                .m_valid(m_valid),
                .m_ready(m_ready),
                .m_data(m_data),
                .m_tag(m_tag),
                .rk_slot(rd_slot),
                .rk_dec(rd_dec),
                .rk_key(rd_key)
            );
            assign rd_idx = 4'd0;
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_chain = s_chain;
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

endmodule

`resetall
