// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared skid buffer: a valid/ready boundary whose ready, valid and data come from registers alone

/*
 * The boundary between two layers of aes_axi. s_ready is a register, m_valid and m_data
 * are registers, so no combinational path runs through the buffer in either direction,
 * and a beat can pass every clock: while the downstream side stalls, the one beat that
 * the upstream side sent under the registered ready waits in the second (skid) entry.
 *
 * s_block: while high, s_ready falls in the next clock (a beat already sent under a high
 * s_ready is still taken). The framer uses it to keep the first beat of a message out.
 *
 * FULL_RATE=0 builds one entry instead of two: a beat every other clock, with half the
 * flip-flops and no multiplexer in front of the entry; s_ready is then a register that
 * says the entry will be empty (and not blocked). The layers of an ITERATIVE build use
 * it: their engine takes a beat every Nr + 1 clocks at best.
 *
 * Latency: a beat taken in clock t is on m_* in clock t+1.
 */
module aes_skid #(
    // Width of the data word carried with each beat.
    parameter WIDTH = 8,
    // 1: two entries, a beat every clock; 0: one entry, a beat every other clock.
    parameter FULL_RATE = 1
) (
    input  wire             clk,
    input  wire             rst,

    // Upstream side.
    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,
    input  wire             s_block,

    // Downstream side.
    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

    generate
        if (FULL_RATE != 0 && FULL_RATE != 1) begin : gen_invalid_rate
            aes_skid_invalid_FULL_RATE_must_be_0_or_1 invalid_rate_inst ();
        end
        if (FULL_RATE == 0) begin : gen_half
            // One entry. Its ready is a register of its own (the entry empty in the next
            // clock, and not blocked), so no logic sits between the ready and the
            // upstream decision. The entry loads its input in every clock in which it is
            // empty (what it holds then is not on offer), so its clock enable is its own
            // valid flag: the upstream decision reaches that flag only, not the enables
            // of the wide entry, and no state of the registers lets a beat overwrite the
            // one on offer.
            reg             one_valid_reg, one_valid_next;
            reg             one_ready_reg;
            reg [WIDTH-1:0] one_data_reg;
            wire            one_take = s_valid && one_ready_reg && !one_valid_reg;

            always @* begin
                one_valid_next = one_take || (one_valid_reg && !m_ready);
            end

            always @(posedge clk) begin
                if (rst) begin
                    one_valid_reg <= 1'b0;
                    one_ready_reg <= 1'b0;
                end else begin
                    one_valid_reg <= one_valid_next;
                    one_ready_reg <= !one_valid_next && !s_block;
                end
                if (!one_valid_reg) begin
                    one_data_reg <= s_data;
                end
            end

            assign s_ready = one_ready_reg;
            assign m_valid = one_valid_reg;
            assign m_data = one_data_reg;
        end else begin : gen_full
            reg             s_ready_reg;
            reg [WIDTH-1:0] out_data_reg, temp_data_reg;
            reg             out_valid_reg, out_valid_next;
            reg             temp_valid_reg, temp_valid_next;
            reg             store_in_to_out, store_temp_to_out;

            // Room for one more beat in the next clock: the output entry is taken now, or the
            // skid entry is empty and no beat arrives into the output entry now.
            wire s_ready_early = m_ready || (!temp_valid_reg && (!out_valid_reg || !s_valid));

            always @* begin
                out_valid_next = out_valid_reg;
                temp_valid_next = temp_valid_reg;
                store_in_to_out = 1'b0;
                store_temp_to_out = 1'b0;
                if (s_ready_reg) begin
                    if (m_ready || !out_valid_reg) begin
                        out_valid_next = s_valid;
                        store_in_to_out = 1'b1;
                    end else begin
                        temp_valid_next = s_valid;
                    end
                end else if (m_ready) begin
                    out_valid_next = temp_valid_reg;
                    temp_valid_next = 1'b0;
                    store_temp_to_out = 1'b1;
                end
            end

            always @(posedge clk) begin
                if (rst) begin
                    s_ready_reg <= 1'b0;
                    out_valid_reg <= 1'b0;
                    temp_valid_reg <= 1'b0;
                end else begin
                    s_ready_reg <= s_ready_early && !s_block;
                    out_valid_reg <= out_valid_next;
                    temp_valid_reg <= temp_valid_next;
                end
                // The output entry takes the upstream beat while s_ready_reg is high and
                // the skid entry otherwise: the choice is a register, so the downstream
                // ready reaches only the entry's enable, not each bit's data input.
                if (store_in_to_out || store_temp_to_out) begin
                    out_data_reg <= s_ready_reg ? s_data : temp_data_reg;
                end
                // The skid entry is empty whenever s_ready_reg is high, so it may take
                // every beat offered then: its enable is a register, not the downstream
                // ready (a beat that goes to the output entry instead leaves it unused).
                if (s_ready_reg) begin
                    temp_data_reg <= s_data;
                end
            end

            assign s_ready = s_ready_reg;
            assign m_valid = out_valid_reg;
            assign m_data = out_data_reg;
        end
    endgenerate

endmodule

`resetall
