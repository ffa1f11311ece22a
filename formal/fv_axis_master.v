// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal checker: AXI4-Stream master rules (AMBA AXI4-Stream, IHI 0051)

/*
 * A passive checker: connect it to a master's output stream. Asserted:
 *   - no TVALID in the clock after reset;
 *   - once TVALID is high without TREADY, TVALID stays high in the next clock and
 *     TDATA, TKEEP, TLAST and TUSER stay the same (a transfer, once offered, is not
 *     withdrawn or changed).
 * TREADY is free: the checker asks nothing of the slave.
 */
module fv_axis_master #(
    parameter DATA_WIDTH = 128,
    parameter KEEP_WIDTH = DATA_WIDTH / 8,
    parameter USER_WIDTH = 16
) (
    input wire                  clk,
    input wire                  rst,
    input wire [DATA_WIDTH-1:0] tdata,
    input wire [KEEP_WIDTH-1:0] tkeep,
    input wire                  tvalid,
    input wire                  tready,
    input wire                  tlast,
    input wire [USER_WIDTH-1:0] tuser
);

`ifdef FORMAL
reg past_valid = 1'b0;
always @(posedge clk) past_valid <= 1'b1;

always @(posedge clk) begin
    if (past_valid && !rst) begin
        if ($past(rst)) begin
            a_reset_no_tvalid: assert (!tvalid);
        end else if ($past(tvalid && !tready)) begin
            a_tvalid_held: assert (tvalid);
            a_payload_stable: assert (tdata == $past(tdata) && tkeep == $past(tkeep)
                                      && tlast == $past(tlast) && tuser == $past(tuser));
        end
    end
end

always @* begin
    if (past_valid && !rst) begin
        c_transfer: cover (tvalid && tready);
        c_stall: cover (tvalid && !tready);
    end
end
`endif

endmodule

`resetall
