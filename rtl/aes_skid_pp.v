// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared two-entry buffer written in turn (ping-pong): a registered ready, and no multiplexer in front of its entries

/*
 * The same boundary as aes_skid (s_ready and m_valid are functions of registers alone,
 * one beat a clock passes, nothing is lost while the downstream side stalls), for an
 * upstream side whose data comes from deep logic. aes_skid picks each entry's next
 * value among the input and its other entry, one multiplexer level behind the upstream
 * logic; here each entry loads s_data alone (its clock enable says when), and the
 * multiplexer moves behind the entries: m_data is one of the two, chosen by a
 * register. Use it where the downstream side has the time for that multiplexer and the
 * upstream side does not.
 *
 * FULL_RATE=0 builds aes_skid's one entry instead (a beat every other clock, no
 * multiplexer on either side), so that one instance serves both kinds of build: the
 * layers of an ITERATIVE build use it.
 *
 * Latency: a beat taken in clock t is on m_* in clock t+1.
 */
module aes_skid_pp #(
    // Width of the data word carried with each beat.
    parameter WIDTH = 8,
    // 1: two entries written in turn, a beat every clock; 0: one entry, a beat every
    // other clock.
    parameter FULL_RATE = 1
) (
    input  wire             clk,
    input  wire             rst,

    // Upstream side.
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,

    // Downstream side.
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

    generate
        if (FULL_RATE != 0 && FULL_RATE != 1) begin : gen_invalid_rate
            aes_skid_pp_invalid_FULL_RATE_must_be_0_or_1 invalid_rate_inst ();
        end
        if (FULL_RATE == 0) begin : gen_one
            // One entry: aes_skid's, which has no multiplexer on either side.
            aes_skid #(
                .WIDTH(WIDTH),
                .FULL_RATE(0)
            ) u_one (
                .clk(clk),
                .rst(rst),
                .s_data(s_data),
                .s_valid(s_valid),
                .s_ready(s_ready),
                .s_block(1'b0),
                .m_data(m_data),
                .m_valid(m_valid),
                .m_ready(m_ready)
            );
        end else begin : gen_two
            // Each entry's valid flag, and the entry m_data shows (the older one). A
            // beat goes into the shown entry when that one is empty, else into the
            // other, so an entry on offer is never written. Ready and valid are
            // functions of these registers alone (no state of them is inconsistent, so
            // the proofs need no invariant about them).
            reg             vld0_reg, vld1_reg;
            reg             rd_sel_reg;
            reg [WIDTH-1:0] ent0_reg, ent1_reg;

            wire shown_vld = rd_sel_reg ? vld1_reg : vld0_reg;
            wire wr = s_valid && s_ready;
            wire rd = shown_vld && m_ready;
            wire wr_sel = shown_vld ? !rd_sel_reg : rd_sel_reg;

            always @(posedge clk) begin
                if (rst) begin
                    vld0_reg <= 1'b0;
                    vld1_reg <= 1'b0;
                    rd_sel_reg <= 1'b0;
                end else begin
                    vld0_reg <= (vld0_reg && !(rd && !rd_sel_reg)) || (wr && !wr_sel);
                    vld1_reg <= (vld1_reg && !(rd && rd_sel_reg)) || (wr && wr_sel);
                    rd_sel_reg <= rd_sel_reg ^ rd;
                end
                // An empty entry loads s_data every clock, whether a beat is written
                // or not: a beat goes only into an empty entry, and what an empty entry
                // holds is never on offer. So each entry's clock enable is its own
                // valid flag, a register, and the upstream decision (s_valid) reaches
                // only the flags.
                if (!vld0_reg) begin
                    ent0_reg <= s_data;
                end
                if (!vld1_reg) begin
                    ent1_reg <= s_data;
                end
            end

            assign s_ready = !(vld0_reg && vld1_reg);
            assign m_valid = shown_vld;
            assign m_data = rd_sel_reg ? ent1_reg : ent0_reg;
        end
    endgenerate

endmodule

`resetall
