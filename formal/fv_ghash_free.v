// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal stand-in for aes_ghash: every output free at every clock

/*
 * Read instead of rtl/aes_ghash.v by the GCM tasks of mode_axis.sby, so that the stream
 * properties of the framer and the mode unit are proved for any behaviour of the GHASH
 * unit (readiness, results and their timing), not only for the one the RTL has, and the
 * solver does not carry a 128 x 128 multiplier. The unit's own function is checked by
 * tests/rtl/ghash against OpenSSL and NIST's vectors.
 */
module aes_ghash #(
    parameter DIGIT = 128,
    parameter PIPE = 1,
    parameter LANES = 1,
    parameter POW_LOAD = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [127:0] h,
    input  wire         h_load,
    output wire         h_ready,
    output wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows,
    input  wire         h_pows_load,
    input  wire [128*((DIGIT == 128) ? LANES * PIPE : 1)-1:0] h_pows_in,
    input  wire         h_clear,
    input  wire         s_valid,
    output wire         s_ready,
    input  wire [128*LANES-1:0] s_block,
    input  wire [3:0]   s_blocks,
    input  wire         s_first,
    input  wire         s_last,
    output wire         m_valid,
    input  wire         m_ready,
    output wire [127:0] m_hash
);

    // The mode unit's H store loads a slot's stored key and powers with h_pows_load
    // (POW_LOAD=1): a cover shows that path is reachable (mode_axis.sby cover_gcm_pows_slots2).
    generate
        if (POW_LOAD != 0) begin : gen_pows_cover
            always @(posedge clk) begin
                if (!rst) begin
                    c_pows_load: cover (h_pows_load);
                end
            end
        end
    endgenerate

    assign h_ready = $anyseq;
    assign h_pows = $anyseq;
    assign s_ready = $anyseq;
    assign m_valid = $anyseq;
    assign m_hash = $anyseq;

endmodule

`resetall
