// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Shared two-entry skid buffer: a valid/ready boundary whose ready, valid and data are registers

/*
 * The boundary between two layers of aes_axi. s_ready is a register, m_valid and m_data
 * are registers, so no combinational path runs through the buffer in either direction,
 * and a beat can pass every clock: while the downstream side stalls, the one beat that
 * the upstream side sent under the registered ready waits in the second (skid) entry.
 *
 * s_block: while high, s_ready falls in the next clock (a beat already sent under a high
 * s_ready is still taken). The framer uses it to keep the first beat of a message out.
 *
 * Latency: a beat taken in clock t is on m_* in clock t+1.
 */
module aes_skid #(
    // Width of the data word carried with each beat.
    parameter WIDTH = 8
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

    reg             s_ready_reg;
    reg [WIDTH-1:0] out_data_reg, temp_data_reg;
    reg             out_valid_reg, out_valid_next;
    reg             temp_valid_reg, temp_valid_next;
    reg             store_in_to_out, store_in_to_temp, store_temp_to_out;

    // Room for one more beat in the next clock: the output entry is taken now, or the
    // skid entry is empty and no beat arrives into the output entry now.
    wire s_ready_early = m_ready || (!temp_valid_reg && (!out_valid_reg || !s_valid));

    always @* begin
        out_valid_next = out_valid_reg;
        temp_valid_next = temp_valid_reg;
        store_in_to_out = 1'b0;
        store_in_to_temp = 1'b0;
        store_temp_to_out = 1'b0;
        if (s_ready_reg) begin
            if (m_ready || !out_valid_reg) begin
                out_valid_next = s_valid;
                store_in_to_out = 1'b1;
            end else begin
                temp_valid_next = s_valid;
                store_in_to_temp = 1'b1;
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
        if (store_in_to_out) begin
            out_data_reg <= s_data;
        end else if (store_temp_to_out) begin
            out_data_reg <= temp_data_reg;
        end
        if (store_in_to_temp) begin
            temp_data_reg <= s_data;
        end
    end

    assign s_ready = s_ready_reg;
    assign m_valid = out_valid_reg;
    assign m_data = out_data_reg;

endmodule

`resetall
