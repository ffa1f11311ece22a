// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// ITERATIVE AES engine: one round unit per lane, one round per clock.
//
// Timing. A block is accepted in clock 0 and its round-0 key is read from the key store
// (synchronous read). Clock 1 adds round key 0; clocks 2 .. Nr+1 apply rounds 1 .. Nr,
// each with the round key read one clock ahead; the last round writes the output
// register, so the block appears on m_* in clock Nr+2 (latency Nr+2: 12, 14 or 16).
// The next block is accepted in the clock of the last round, so back to back the
// engine takes Nr+1 clocks per block (11, 13, 15) per lane.
//
// Chaining. A block accepted with s_chain has lane 0 XORed, with round key 0, with lane 0
// of the engine's last output block (out_data_reg, which the block before wrote in the
// clock of its acceptance). So a feedback mode's next block (CBC encryption: P ^ C of the
// block before; CFB encryption, OFB) can enter in the clock its predecessor finishes,
// without waiting for the result to travel through the mode unit: Nr+1 clocks per block
// in the feedback modes as in the others. The caller must send nothing to the engine
// between the two blocks (aes_mode_unit with ENGINE_CHAIN=1).
//
// Interface (the block handshake shared with the PIPELINED engine): s_* carries a block
// of LANES x 128 bits, its key slot, direction and key length, and a tag; m_* returns
// the transformed block and its tag, in order. All LANES blocks of a beat share the
// key. s_ready and m_valid depend only on registers. Under backpressure the engine
// holds the finished block in its output register and waits in the last round.
//
// Rounds. SBOX "LUT" or "COMPOSITE": a round unit per lane (aes_round, both
// directions with DECRYPT), whose state register loads the input, the input XOR round
// key 0, or the round's output. Logic depth: S-box, ShiftRows (wiring), MixColumns,
// AddRoundKey, then a 3-way mux (load, round 0, round r) into the state register.
//
// SBOX "TTABLE" (aes_core with STAGES_PER_ROUND 1): the round's 16 T-table lookups are
// read from block RAM (aes_ttable_lookup, no output register), and the state register is
// the tables' address register: each clock the next state (the input XOR round key 0,
// or the XOR of the four lookups of each column with the round key) is the tables'
// address, and the last round reads S (Si) entries through the same XOR network. The
// fabric holds only the input block (state_reg) and the output register. One clock per
// round as above, so the same timing; the path is the table read, two or three LUT
// levels (the XOR, the load, and with DECRYPT the direction of ShiftRows) and the
// tables' address setup. The tables hold their output (clock enable) while the finished
// block waits for the output register.
module aes_engine_iterative #(
    // S-box implementation: "LUT", "COMPOSITE" or "TTABLE".
    parameter [8*16-1:0] SBOX = "LUT",
    // 128-bit blocks per beat, processed side by side: 1, 2, 4 or 8.
    parameter LANES = 1,
    // 1: decryption (equivalent inverse cipher) too; 0: encryption only.
    parameter DECRYPT = 1,
    // Width of the tag carried with each block.
    parameter TAG_WIDTH = 8
) (
    input  wire                   clk,
    input  wire                   rst,

    // Blocks in.
    input  wire                   s_valid,
    output wire                   s_ready,
    input  wire [128*LANES-1:0]   s_data,
    input  wire [3:0]             s_slot,
    input  wire                   s_decrypt,
    input  wire                   s_chain,
    input  wire [1:0]             s_len,
    input  wire [TAG_WIDTH-1:0]   s_tag,

    // Blocks out.
    output wire                   m_valid,
    input  wire                   m_ready,
    output wire [128*LANES-1:0]   m_data,
    output wire [TAG_WIDTH-1:0]   m_tag,

    // Round-key read port of the key store (data one clock after the address).
    output wire [3:0]             rk_slot,
    output wire [3:0]             rk_idx,
    output wire                   rk_dec,
    input  wire [127:0]           rk_key
);

    localparam W = 128 * LANES;

    generate
        if (LANES != 1 && LANES != 2 && LANES != 4 && LANES != 8) begin : gen_invalid
            aes_engine_iterative_invalid_LANES_must_be_1_2_4_or_8 invalid_lanes_inst ();
        end
    endgenerate

    reg                 busy_reg, busy_next;
    reg [3:0]           step_reg, step_next;      // 0: add round key 0; r: round r
    reg [3:0]           nr_reg, nr_next;
    reg                 dec_reg, dec_next;
    reg                 chain_reg, chain_next;    // lane 0 XORs the last output at step 0
    reg [3:0]           slot_reg, slot_next;
    reg [TAG_WIDTH-1:0] tag_reg, tag_next;
    reg [W-1:0]         state_reg, state_next;
    reg                 out_valid_reg, out_valid_next;
    reg [W-1:0]         out_data_reg, out_data_next;
    reg [TAG_WIDTH-1:0] out_tag_reg, out_tag_next;

    wire last_step = busy_reg && (step_reg == nr_reg);
    wire next_last = (step_reg + 4'd1 == nr_reg);      // the round after this one is the last
    wire finish = last_step && !out_valid_reg;
    assign s_ready = !busy_reg || finish;
    wire accept = s_valid && s_ready;
    wire s_dec = (DECRYPT != 0) && s_decrypt;

    // Round-key address: round 0 of a new block, the next round, or (waiting in the
    // last round) the same one again.
    assign rk_slot = accept ? s_slot : slot_reg;
    assign rk_dec = accept ? s_dec : dec_reg;
    assign rk_idx = accept ? 4'd0 : ((busy_reg && !last_step) ? step_reg + 4'd1 : step_reg);

    // The state after this clock's step: round key 0 added (with the chain), or a round.
    wire         step0 = (step_reg == 4'd0);
    wire [W-1:0] round_out;
    wire [W-1:0] step_out = step0 ? (state_reg ^ {LANES{rk_key}} ^
                                     {{(W-128){1'b0}}, out_data_reg[127:0] & {128{chain_reg}}})
                                  : round_out;
    localparam TABLES = (SBOX == "TTABLE");

    genvar l;
    generate
        for (l = 0; l < LANES; l = l + 1) begin : gen_lane
          if (TABLES) begin : gen_ttable
            // The tables read step_out, the next round's state: its lookups are here in
            // the next clock. They hold them while the finished block waits (finish low
            // in the last round).
            wire [127:0] p;
            wire         tab_en = !last_step || finish;
            aes_ttable_lookup #(
                .DECRYPT(DECRYPT),
                .OUTREG(0)
            ) u_lookup (
                .clk(clk),
                .en(tab_en),
                .s(step_out[128*l +: 128]),
                .dec(dec_reg),
                .last(next_last),
                .p(p)
            );
            assign round_out[128*l +: 128] = p ^ rk_key;
          end else begin : gen_round
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_next_last = next_last;        // the tables' address bit
            /* verilator lint_on UNUSEDSIGNAL */
            wire [127:0] enc_out;
            aes_round #(.INVERSE(0), .SBOX(SBOX)) u_enc (
                .state(state_reg[128*l +: 128]),
                .round_key(rk_key),
                .last(last_step),
                .out(enc_out)
            );
            if (DECRYPT != 0) begin : gen_dec
                wire [127:0] dec_out;
                aes_round #(.INVERSE(1), .SBOX(SBOX)) u_dec (
                    .state(state_reg[128*l +: 128]),
                    .round_key(rk_key),
                    .last(last_step),
                    .out(dec_out)
                );
                assign round_out[128*l +: 128] = dec_reg ? dec_out : enc_out;
            end else begin : gen_enc_only
                assign round_out[128*l +: 128] = enc_out;
            end
          end
        end
    endgenerate

    always @* begin
        busy_next = busy_reg;
        step_next = step_reg;
        nr_next = nr_reg;
        dec_next = dec_reg;
        chain_next = chain_reg;
        slot_next = slot_reg;
        tag_next = tag_reg;
        state_next = state_reg;
        out_valid_next = out_valid_reg && !m_ready;
        out_data_next = out_data_reg;
        out_tag_next = out_tag_reg;

        if (busy_reg) begin
            // With TABLES the state is in the tables' address register: state_reg keeps
            // the input block.
            if (step0) begin
                state_next = TABLES ? state_reg : step_out;
                step_next = 4'd1;
            end else if (!last_step) begin
                state_next = TABLES ? state_reg : step_out;
                step_next = step_reg + 4'd1;
            end else if (finish) begin
                out_valid_next = 1'b1;
                out_data_next = round_out;
                out_tag_next = tag_reg;
                busy_next = 1'b0;
            end
        end

        if (accept) begin
            busy_next = 1'b1;
            step_next = 4'd0;
            nr_next = 4'd10 + {1'b0, s_len, 1'b0};
            dec_next = s_dec;
            chain_next = s_chain;
            slot_next = s_slot;
            tag_next = s_tag;
            state_next = s_data;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            busy_reg <= 1'b0;
            step_reg <= 4'd0;
            out_valid_reg <= 1'b0;
        end else begin
            busy_reg <= busy_next;
            step_reg <= step_next;
            out_valid_reg <= out_valid_next;
        end
        nr_reg <= nr_next;
        dec_reg <= dec_next;
        chain_reg <= chain_next;
        slot_reg <= slot_next;
        tag_reg <= tag_next;
        state_reg <= state_next;
        out_data_reg <= out_data_next;
        out_tag_reg <= out_tag_next;
    end

    assign m_valid = out_valid_reg;
    assign m_data = out_data_reg;
    assign m_tag = out_tag_reg;

endmodule

`resetall
