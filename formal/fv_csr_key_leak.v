// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Formal check: key material written to aes_csr never reaches the bus (2-safety miter)

/*
 * Two copies of aes_csr, A and B, see the same bus traffic and the same inputs from the
 * IP, except that the write data of a write to a key staging word (KEY0..KEY7 and the
 * round-key words RK0..RK3) may differ between them: B's wdata is free whenever the
 * write it belongs to targets a staging word. (AW and W are separate channels, so which
 * write a data beat belongs to is known only once both are taken: the wrapper lets B's
 * data differ at the W handshake and assumes, when the write is done, that its address
 * was a staging word.)
 *
 * Asserted in every clock: everything A and B show on the bus is identical (rdata, rresp,
 * rvalid, bresp, bvalid, and every READY), and so is everything they drive into the IP
 * except the staging vectors themselves (command strobes, command values in the clock of
 * their strobe, pulses, irq). So nothing the bus can
 * observe, at any time, depends on the key words written. The i_* asserts (on probes of
 * both copies' registers, connected by csr_key_leak.sby) say that the two copies differ
 * only in their staging words and in a write-data register holding a key word, so that
 * k-induction closes.
 */
module fv_csr_key_leak (
    input wire          clk,
    input wire          rst_in,
    input wire [11:0]   s_axil_awaddr,
    input wire [2:0]    s_axil_awprot,
    input wire          s_axil_awvalid,
    input wire [31:0]   s_axil_wdata,
    input wire [31:0]   s_axil_wdata_b,     // B's data: free for a key word, else A's
    input wire [3:0]    s_axil_wstrb,
    input wire          s_axil_wvalid,
    input wire          s_axil_bready,
    input wire [11:0]   s_axil_araddr,
    input wire [2:0]    s_axil_arprot,
    input wire          s_axil_arvalid,
    input wire          s_axil_rready,
    input wire [31:0]   latency_clocks,
    input wire [2:0]    status,
    input wire          key_ctrl_refuse,
    input wire          rk_ctrl_refuse,
    input wire [15:0]   slots_loaded,
    input wire [15:0]   slots_loading,
    input wire [7:0]    err_set,
    input wire          key_stage_clear,
    input wire          rk_stage_clear,
    input wire [31:0]   msgs_count,
    input wire [31:0]   blocks_count,
    input wire [21:0]   caps
);

reg init = 1'b1;
always @(posedge clk) init <= 1'b0;
wire rst = init || rst_in;

// Everything a copy drives, but its staging vectors.
localparam OW = 1 + 1 + 2 + 1 + 1 + 32 + 2 + 1     // awready wready bresp bvalid arready rdata rresp rvalid
              + 1 + 4 + 2 + 1                      // key_ctrl
              + 1 + 16 + 1                         // key_clear, ctrl_selftest
              + 1 + 4 + 2 + 1 + 1 + 1 + 4          // rk_ctrl
              + 1;                                 // irq
wire [OW-1:0] obs_a, obs_b;
wire [255:0] key_stage_a, key_stage_b;
wire [127:0] rk_stage_a, rk_stage_b;

genvar c;
generate
    for (c = 0; c < 2; c = c + 1) begin : gen_copy
        wire        awready, wready, bvalid, arready, rvalid;
        wire [1:0]  bresp, rresp;
        wire [31:0] rdata;
        wire        key_ctrl_wr, key_ctrl_commit, key_clear_wr, ctrl_selftest, irq;
        wire [3:0]  key_ctrl_slot;
        wire [1:0]  key_ctrl_len;
        wire [15:0] key_clear_slots;
        wire [255:0] key_stage;
        wire [127:0] rk_stage;
        wire        rk_ctrl_wr, rk_ctrl_commit, rk_ctrl_write, rk_ctrl_table;
        wire [3:0]  rk_ctrl_slot, rk_ctrl_index;
        wire [1:0]  rk_ctrl_len;

        aes_csr u_csr (
            .clk(clk), .rst(rst),
            .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
            .s_axil_awready(awready), .s_axil_wdata(c == 0 ? s_axil_wdata : s_axil_wdata_b),
            .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(wready),
            .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), .s_axil_bready(s_axil_bready),
            .s_axil_araddr(s_axil_araddr), .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid),
            .s_axil_arready(arready), .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid),
            .s_axil_rready(s_axil_rready),
            .caps_arch(caps[1:0]), .caps_stages(caps[4:2]), .caps_lanes(caps[8:5]), .caps_max_key(caps[10:9]),
            .caps_key_slots(caps[15:11]), .caps_decrypt(caps[16]), .caps_host_keys(caps[17]),
            .caps_selftest(caps[18]), .caps_sbox(caps[20:19]), .caps_gcm(caps[21]),
            .latency_clocks(latency_clocks),
            .status_selftest_done(status[0]), .status_selftest_passed(status[1]), .status_busy(status[2]),
            .key_ctrl_wr(key_ctrl_wr), .key_ctrl_slot(key_ctrl_slot), .key_ctrl_len(key_ctrl_len),
            .key_ctrl_commit(key_ctrl_commit), .key_ctrl_refuse(key_ctrl_refuse),
            .key_clear_wr(key_clear_wr), .key_clear_slots(key_clear_slots),
            .slots_loaded(slots_loaded), .slots_loading(slots_loading),
            .err_set(err_set),
            .key_stage(key_stage), .key_stage_clear(key_stage_clear),
            .msgs_count(msgs_count), .blocks_count(blocks_count),
            .ctrl_selftest(ctrl_selftest),
            .rk_stage(rk_stage), .rk_stage_clear(rk_stage_clear),
            .rk_ctrl_wr(rk_ctrl_wr), .rk_ctrl_slot(rk_ctrl_slot), .rk_ctrl_len(rk_ctrl_len),
            .rk_ctrl_commit(rk_ctrl_commit), .rk_ctrl_write(rk_ctrl_write), .rk_ctrl_table(rk_ctrl_table),
            .rk_ctrl_index(rk_ctrl_index), .rk_ctrl_refuse(rk_ctrl_refuse),
            .irq(irq)
        );

        // Command values count only with their strobe ("valid only then", aes_csr): in
        // other clocks they are the raw write-data register, whatever the address.
        wire [6:0]  key_ctrl_val = key_ctrl_wr ? {key_ctrl_slot, key_ctrl_len, key_ctrl_commit} : 7'd0;
        wire [15:0] key_clear_val = key_clear_wr ? key_clear_slots : 16'd0;
        wire [12:0] rk_ctrl_val = rk_ctrl_wr ? {rk_ctrl_slot, rk_ctrl_len, rk_ctrl_commit, rk_ctrl_write,
                                                rk_ctrl_table, rk_ctrl_index} : 13'd0;
        wire [OW-1:0] obs = {awready, wready, bresp, bvalid, arready, rdata, rresp, rvalid,
                             key_ctrl_wr, key_ctrl_val, key_clear_wr, key_clear_val, ctrl_selftest,
                             rk_ctrl_wr, rk_ctrl_val, irq};
    end
endgenerate

assign obs_a = gen_copy[0].obs;
assign obs_b = gen_copy[1].obs;

// ---------------------------------------------------------------- which data may differ
// Word addresses of the staging words: KEY0..KEY7 (0x020-0x03C), RK0..RK3 (0x050-0x05C).
function is_key_word;
    input [9:0] a;
    begin
        is_key_word = (a >= 10'h008 && a <= 10'h00f) || (a >= 10'h014 && a <= 10'h017);
    end
endfunction

// aes_csr's decoded write address (aw_hit_reg): one bit per writable register, in the
// order of the register map (KEY_CTRL, KEY_CLEAR, ERR, KEY0..KEY7, IRQ_EN, CTRL,
// RK0..RK3, RK_CTRL); zero for a read-only or unmapped word.
function [17:0] hit_of;
    input [9:0] a;
    begin
        hit_of = 18'd0;
        case (a)
            10'h004: hit_of[0] = 1'b1;
            10'h005: hit_of[1] = 1'b1;
            10'h007: hit_of[2] = 1'b1;
            10'h008, 10'h009, 10'h00a, 10'h00b,
            10'h00c, 10'h00d, 10'h00e, 10'h00f: hit_of[a - 10'h008 + 10'd3] = 1'b1;
            10'h010: hit_of[11] = 1'b1;
            10'h013: hit_of[12] = 1'b1;
            10'h014, 10'h015, 10'h016, 10'h017: hit_of[a - 10'h014 + 10'd13] = 1'b1;
            10'h018: hit_of[17] = 1'b1;
            default: hit_of = 18'd0;
        endcase
    end
endfunction

// The wrapper's view of the write being assembled (one at a time, as aes_csr takes it).
wire aw_hs = s_axil_awvalid && gen_copy[0].awready;
wire w_hs = s_axil_wvalid && gen_copy[0].wready;
reg       aw_held, w_held, w_diff;
reg [9:0] aw_word;
always @(posedge clk) begin
    if (rst) begin
        aw_held <= 1'b0;
        w_held <= 1'b0;
        w_diff <= 1'b0;
    end else begin
        if (aw_hs) begin
            aw_held <= 1'b1;
            aw_word <= s_axil_awaddr[11:2];
        end
        if (w_hs) begin
            w_held <= 1'b1;
            w_diff <= (s_axil_wdata != s_axil_wdata_b);
        end
        if (aw_held && w_held) begin     // aes_csr does the write in this clock
            aw_held <= 1'b0;
            w_held <= 1'b0;
            w_diff <= 1'b0;
        end
    end
end

`ifdef FORMAL
always @* begin
    // B's data may differ only for a key word (prophecy: checked when the write is done)
    if (!rst && aw_held && w_held && w_diff) begin
        assume (is_key_word(aw_word));
    end
    // the master's AXI rules (the miter needs no more of them)
    if (rst) begin
        assume (!s_axil_awvalid && !s_axil_wvalid && !s_axil_arvalid);
    end
end

// ---------------------------------------------------------------- the property
always @* begin
    if (!rst) begin
        a_same_bus_and_commands: assert (obs_a == obs_b);
        a_rdata: assert (gen_copy[0].rdata == gen_copy[1].rdata);
    end
end

// ---------------------------------------------------------------- induction invariants
// Probes (csr_key_leak.sby): every register of each copy but the staging words.
localparam PW = 1 + 18 + 1 + 4 + 1 + 2 + 1 + 9 + 1 + 1 + 32 + 2 + 7 + 7;
wire [PW-1:0] fv_state_a, fv_state_b;     // {aw_full, aw_hit, w_full, w_strb, b_valid, b_resp,
                                          //  ar_full, ar_hit, ar_bad, r_valid, r_data, r_resp,
                                          //  err, irq_en}
wire [31:0]   fv_wdata_a, fv_wdata_b;     // w_data_reg
wire          fv_aw_full, fv_w_full;      // A's aw_full_reg, w_full_reg
wire [17:0]   fv_aw_hit;                  // A's aw_hit_reg
always @* begin
    if (!rst) begin
        i_state: assert (fv_state_a == fv_state_b);
        i_model: assert (w_held == fv_w_full && aw_held == fv_aw_full
                         && (!aw_held || fv_aw_hit == hit_of(aw_word)));
        // the write-data registers: zero when empty, equal unless holding a key word
        i_wdata: assert (fv_w_full ? (w_diff || fv_wdata_a == fv_wdata_b)
                                   : (fv_wdata_a == 32'd0 && fv_wdata_b == 32'd0));
        i_diff: assert (!w_diff || (fv_w_full && fv_wdata_a != fv_wdata_b));
    end
end

// Reachability: different key words written into the two copies, then a read answered.
reg key_differs;
always @(posedge clk) begin
    if (rst) key_differs <= 1'b0;
    else if (key_stage_a != key_stage_b || rk_stage_a != rk_stage_b) key_differs <= 1'b1;
end
always @* begin
    if (!rst) begin
        c_key_differs_then_read: cover (key_differs && gen_copy[0].rvalid && s_axil_rready);
    end
end
`endif

assign key_stage_a = gen_copy[0].key_stage;
assign key_stage_b = gen_copy[1].key_stage;
assign rk_stage_a = gen_copy[0].rk_stage;
assign rk_stage_b = gen_copy[1].rk_stage;

endmodule

`resetall
