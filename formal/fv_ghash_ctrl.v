// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: the GHASH unit's control (aes_ghash) takes, queues and hands over its results without losing, inventing or overflowing any

/*
 * Every input of aes_ghash is free in every clock (key, blocks, their counts and flags,
 * m_ready), after a reset in the first clock. The bench counts the results it is owed:
 * one per block taken with s_last, less one per result taken on m_*. The environment
 * gives one rule, the one the unit states for h_clear: a clear comes only while no
 * result is owed (the mode unit clears at the end of a message, after the tag's hash has
 * left). h_load is free, and so are h_pows_load and its set (POW_LOAD=1, the direct load
 * of a key and its powers).
 *
 *   a_ready_needs_key   s_ready only while h_ready: no block is hashed without a key.
 *   a_owed_bound        never more than QUEUE results owed: a last block is refused
 *                       while the queue could not hold its result.
 *   a_no_result_unowed  m_valid only while a result is owed: none is invented or
 *                       handed over twice.
 *   a_m_hold            while m_valid && !m_ready, m_valid stays and m_hash does not
 *                       change in the next clock.
 *   a_latency           a result owed with the queue empty arrives within the unit's
 *                       latency (2 PIPE + 1 clocks at full rate, 128 / DIGIT + PIPE
 *                       digit-serial), whatever the key loads and the input do: no
 *                       result is lost in the datapath and none waits for m_ready.
 *
 * The cover c_three_results reaches three results handed over after a key load.
 */
module fv_ghash_ctrl #(
    parameter DIGIT = 128,
    parameter PIPE = 1,
    parameter LANES = 1,
    parameter POW_LOAD = 0
) (
    input wire                 clk,
    input wire [127:0]         h,
    input wire                 h_load,
    input wire                 h_pows_load,
    input wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows_in,
    input wire                 h_clear,
    input wire                 s_valid,
    input wire [128*LANES-1:0] s_block,
    input wire [3:0]           s_blocks,
    input wire                 s_first,
    input wire                 s_last,
    input wire                 m_ready
);

    localparam FULL = (DIGIT == 128);
    localparam integer QUEUE = FULL ? PIPE + 2 : 2;
    localparam integer LATENCY = FULL ? 2 * PIPE + 1 : 128 / DIGIT + PIPE;

    reg init = 1'b1;
    always @(posedge clk) begin
        init <= 1'b0;
    end
    wire rst = init;

    wire         h_ready, s_ready, m_valid;
    wire [127:0] m_hash;
    wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows;

    aes_ghash #(
        .DIGIT (DIGIT),
        .PIPE  (PIPE),
        .LANES (LANES),
        .POW_LOAD (POW_LOAD)
    ) dut (
        .clk      (clk),
        .rst      (rst),
        .h        (h),
        .h_load   (h_load),
        .h_ready  (h_ready),
        .h_pows   (h_pows),
        .h_pows_load (h_pows_load),
        .h_pows_in (h_pows_in),
        .h_clear  (h_clear),
        .s_valid  (s_valid),
        .s_ready  (s_ready),
        .s_block  (s_block),
        .s_blocks (s_blocks),
        .s_first  (s_first),
        .s_last   (s_last),
        .m_valid  (m_valid),
        .m_ready  (m_ready),
        .m_hash   (m_hash)
    );

    // Results owed, and the clocks a result has been owed with none on m_*.
    reg [3:0] owed = 4'd0;
    reg [4:0] wait_clocks = 5'd0;
    reg [1:0] taken = 2'd0;
    wire last_in = s_valid && s_ready && s_last;
    wire out = m_valid && m_ready;
    always @(posedge clk) begin
        if (rst) begin
            owed <= 4'd0;
            wait_clocks <= 5'd0;
            taken <= 2'd0;
        end else begin
            owed <= owed + {3'd0, last_in} - {3'd0, out};
            wait_clocks <= (owed != 4'd0 && !m_valid) ? wait_clocks + 5'd1 : 5'd0;
            if (out && taken != 2'd3) begin
                taken <= taken + 2'd1;
            end
        end
    end

    reg         past_valid = 1'b0;
    reg         past_hold = 1'b0;
    reg [127:0] past_hash = 128'd0;
    always @(posedge clk) begin
        past_valid <= !rst;
        past_hold <= !rst && m_valid && !m_ready;
        past_hash <= m_hash;
    end

    always @* begin
        if (!rst) begin
            assume (!h_clear || owed == 4'd0);
        end
        if (past_valid && !rst) begin
            a_ready_needs_key: assert (!s_ready || h_ready);
            a_owed_bound: assert (owed <= QUEUE);
            a_no_result_unowed: assert (!m_valid || owed != 4'd0);
            a_latency: assert (wait_clocks < LATENCY);
        end
        if (past_hold && !rst) begin
            a_m_hold: assert (m_valid && m_hash == past_hash);
        end
        if (!rst) begin
            c_three_results: cover (taken == 2'd3);
        end
    end

endmodule

`resetall
