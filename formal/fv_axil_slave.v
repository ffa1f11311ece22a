// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal checker: AXI4-Lite slave handshake rules (AMBA AXI4 / AXI4-Lite, IHI 0022)

/*
 * A passive checker module: instantiate it beside the slave and connect every channel
 * signal. It assumes what the AMBA rules ask of the master and asserts what they ask
 * of the slave. Master (assumed):
 *   - no VALID in reset or in the clock after it;
 *   - a VALID stays high until its READY, with ADDR/PROT/DATA/STRB unchanged meanwhile.
 * Slave (asserted):
 *   - no BVALID or RVALID in the clock after reset;
 *   - BVALID and RVALID stay high until BREADY / RREADY, BRESP / RDATA / RRESP unchanged;
 *   - exactly one response per request: a write response only when both the write
 *     address and the write data of a write have been taken and not yet answered, a read
 *     response only for a read address taken and not yet answered, never more requests
 *     taken than MAX_OUTSTANDING per channel;
 *   - responses come: a taken write (address and data) is answered within WR_LATENCY
 *     clocks, a taken read within RD_LATENCY clocks (whatever BREADY / RREADY do, the
 *     response is then held);
 *   - no deadlock: a VALID is taken within ACCEPT_WAIT clocks while the master does its
 *     part (READY high on the response channel; for a write, the other half of the same
 *     write offered or already taken: AXI lets a slave wait for both halves).
 * The counters saturate far above anything the asserts allow.
 */
module fv_axil_slave #(
    parameter ADDR_WIDTH = 12,
    parameter DATA_WIDTH = 32,
    // requests a channel may have taken and not yet answered
    parameter MAX_OUTSTANDING = 1,
    // clocks from the later of the AW and W handshakes to BVALID, at most
    parameter WR_LATENCY = 2,
    // clocks from the AR handshake to RVALID, at most
    parameter RD_LATENCY = 1,
    // clocks a VALID waits for its READY at most while BREADY and RREADY are high
    parameter ACCEPT_WAIT = 3
) (
    input wire                    clk,
    input wire                    rst,
    input wire [ADDR_WIDTH-1:0]   awaddr,
    input wire [2:0]              awprot,
    input wire                    awvalid,
    input wire                    awready,
    input wire [DATA_WIDTH-1:0]   wdata,
    input wire [DATA_WIDTH/8-1:0] wstrb,
    input wire                    wvalid,
    input wire                    wready,
    input wire [1:0]              bresp,
    input wire                    bvalid,
    input wire                    bready,
    input wire [ADDR_WIDTH-1:0]   araddr,
    input wire [2:0]              arprot,
    input wire                    arvalid,
    input wire                    arready,
    input wire [DATA_WIDTH-1:0]   rdata,
    input wire [1:0]              rresp,
    input wire                    rvalid,
    input wire                    rready,
    // the checker's bookkeeping, for a wrapper's induction invariants: requests taken and
    // not yet answered per channel
    output wire [3:0]             aw_outstanding,
    output wire [3:0]             w_outstanding,
    output wire [3:0]             ar_outstanding
);

localparam CW = 4;
reg [CW-1:0] aw_out, w_out, ar_out;
assign aw_outstanding = aw_out;
assign w_outstanding = w_out;
assign ar_outstanding = ar_out;

`ifdef FORMAL

wire aw_hs = awvalid && awready;
wire w_hs = wvalid && wready;
wire b_hs = bvalid && bready;
wire ar_hs = arvalid && arready;
wire r_hs = rvalid && rready;

reg past_valid = 1'b0;
always @(posedge clk) past_valid <= 1'b1;

// Clocks a complete write / a read has waited for its response, and a VALID for its READY.
reg [3:0] b_wait, r_wait, aw_wait, w_wait, ar_wait;

always @(posedge clk) begin
    if (rst) begin
        aw_out <= 0;
        w_out <= 0;
        ar_out <= 0;
    end else begin
        aw_out <= aw_out + aw_hs - b_hs;
        w_out <= w_out + w_hs - b_hs;
        ar_out <= ar_out + ar_hs - r_hs;
    end
end

// A VALID is due to be taken when the master does its part: BREADY high (so earlier
// writes can finish), and for AW / W the other half of the same write offered or taken
// (a slave may wait for both halves; the master must not hold back the one it owes).
wire aw_due = awvalid && bready && (aw_out <= w_out) && (wvalid || w_out > aw_out);
wire w_due = wvalid && bready && (w_out <= aw_out) && (awvalid || aw_out > w_out);
wire ar_due = arvalid && rready;

// A write is complete once its address and its data are both taken; it waits while no
// response has been presented for it.
wire wr_complete = (aw_out != 0) && (w_out != 0);
wire rd_taken = (ar_out != 0);
always @(posedge clk) begin
    b_wait <= (rst || !wr_complete || bvalid) ? 4'd0 : (b_wait == 4'hf ? b_wait : b_wait + 1);
    r_wait <= (rst || !rd_taken || rvalid) ? 4'd0 : (r_wait == 4'hf ? r_wait : r_wait + 1);
    aw_wait <= (rst || !aw_due || awready) ? 4'd0 : (aw_wait == 4'hf ? aw_wait : aw_wait + 1);
    w_wait <= (rst || !w_due || wready) ? 4'd0 : (w_wait == 4'hf ? w_wait : w_wait + 1);
    ar_wait <= (rst || !ar_due || arready) ? 4'd0 : (ar_wait == 4'hf ? ar_wait : ar_wait + 1);
end

// ---------------------------------------------------------------- master (assumed)
always @* begin
    if (!past_valid || rst) begin
        assume (!awvalid && !wvalid && !arvalid);
    end
end
always @(posedge clk) begin
    if (past_valid) begin
        if ($past(rst)) begin
            assume (!awvalid && !wvalid && !arvalid);
        end else if (!rst) begin
            if ($past(awvalid && !awready)) assume (awvalid && awaddr == $past(awaddr) && awprot == $past(awprot));
            if ($past(wvalid && !wready)) assume (wvalid && wdata == $past(wdata) && wstrb == $past(wstrb));
            if ($past(arvalid && !arready)) assume (arvalid && araddr == $past(araddr) && arprot == $past(arprot));
        end
    end
end

// ---------------------------------------------------------------- slave (asserted)
always @(posedge clk) begin
    if (past_valid && !rst) begin
        if ($past(rst)) begin
            a_reset_no_b: assert (!bvalid);
            a_reset_no_r: assert (!rvalid);
        end else begin
            if ($past(bvalid && !bready)) begin
                a_b_hold: assert (bvalid && bresp == $past(bresp));
            end
            if ($past(rvalid && !rready)) begin
                a_r_hold: assert (rvalid && rdata == $past(rdata) && rresp == $past(rresp));
            end
        end
    end
end

always @* begin
    if (past_valid && !rst) begin
        // one response per request, none without one
        a_b_needs_write: assert (!bvalid || (aw_out != 0 && w_out != 0));
        a_r_needs_read: assert (!rvalid || ar_out != 0);
        a_aw_outstanding: assert (aw_out <= MAX_OUTSTANDING);
        a_w_outstanding: assert (w_out <= MAX_OUTSTANDING);
        a_ar_outstanding: assert (ar_out <= MAX_OUTSTANDING);
        // responses come
        a_b_latency: assert (b_wait <= WR_LATENCY);
        a_r_latency: assert (r_wait <= RD_LATENCY);
        // no deadlock
        a_aw_progress: assert (aw_wait <= ACCEPT_WAIT);
        a_w_progress: assert (w_wait <= ACCEPT_WAIT);
        a_ar_progress: assert (ar_wait <= ACCEPT_WAIT);
    end
end

// Reachability: both responses, back to back writes and reads.
always @* begin
    if (past_valid && !rst) begin
        c_write: cover (b_hs);
        c_read: cover (r_hs);
        c_write_and_read: cover (b_hs && r_hs);
    end
end
`endif

endmodule

`resetall
