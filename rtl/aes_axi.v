// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// aes_axi: the AES IP. AXI4-Lite control, AXI4-Stream messages, key slots, self-test.
//
// The user contract is the specification (docs/specification.md §2-§6); this file wires the layers:
//
//   s_axil ─► aes_csr ─► key control ─► aes_core.key slots ◄─ aes_selftest
//   s_axis ─► aes_axis_framer ─► aes_mode_unit ─► aes_core.engine ─► aes_mode_unit ─► m_axis
//
// aresetn is synchronous and active low; inside, `rst` is its inverse. Reset empties
// and zeroizes every key slot, zeroizes the staging words, and (SELFTEST=1) runs the
// FIPS-197 known-answer test before s_axis_tready first rises.
//
// Key commands the IP refuses with SLVERR (nothing changes, staging words kept):
// KEY_CTRL commit while the key slots are busy (a load or clear running or queued), while
// the self-test runs, for a slot >= KEY_SLOTS, a key longer than MAX_KEY_BITS, or in a
// KEY_EXPANSION="HOST" build; RK_CTRL writes and commits for a slot that is not empty,
// while busy, with an index above Nr of MAX_KEY_BITS, a decryption table in a DECRYPT=0
// build, or in a "HW" build.
module aes_axi #(
    // Cipher engine: "ITERATIVE" (one round per clock) or "PIPELINED" (unrolled).
    parameter [8*16-1:0] ARCH = "PIPELINED",
    // Register stages per round: 1 to 4 when PIPELINED; with ARCH "ITERATIVE" and SBOX
    // "TTABLE", 1 (one block, a round per clock) or 3 (three blocks interleaved).
    parameter STAGES_PER_ROUND = 1,
    // S-box implementation: "LUT", "TTABLE" or "COMPOSITE".
    parameter [8*16-1:0] SBOX = "LUT",
    // Blocks per beat: 1, 2, 4 or 8; tdata is 128*LANES bits.
    parameter LANES = 1,
    // Longest key accepted: 128, 192 or 256.
    parameter MAX_KEY_BITS = 256,
    // Key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // 1: encryption and decryption; 0: encryption only.
    parameter DECRYPT = 1,
    // "HW": keys expanded on chip; "HOST": the host writes round keys (RK registers).
    parameter [8*16-1:0] KEY_EXPANSION = "HW",
    // 1: run the power-up known-answer test.
    parameter SELFTEST = 1,
    // 1: AES-GCM (mode 5) with a GHASH unit; 0: no GHASH logic, mode 5 ends with code 5.
    parameter GCM = 1,
    // Test hook, keep 0: 1 flips one bit of the cipher output, to prove that the
    // self-test catches a faulty datapath.
    parameter FAULT_INJECT = 0
) (
    input  wire                  aclk,
    input  wire                  aresetn,

    // AXI4-Lite slave: registers.
    input  wire [11:0]           s_axil_awaddr,
    input  wire [2:0]            s_axil_awprot,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [11:0]           s_axil_araddr,
    input  wire [2:0]            s_axil_arprot,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready,

    // AXI4-Stream slave: messages in.
    input  wire [128*LANES-1:0]  s_axis_tdata,
    input  wire [16*LANES-1:0]   s_axis_tkeep,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,
    input  wire                  s_axis_tlast,
    input  wire [7:0]            s_axis_tuser,

    // AXI4-Stream master: messages out.
    output wire [128*LANES-1:0]  m_axis_tdata,
    output wire [16*LANES-1:0]   m_axis_tkeep,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,
    output wire                  m_axis_tlast,
    output wire [15:0]           m_axis_tuser,

    output wire                  irq
);

    localparam PIPELINED = (ARCH == "PIPELINED");
    localparam HOST = (KEY_EXPANSION == "HOST");
    localparam [1:0] MAX_LEN = MAX_KEY_BITS == 128 ? 2'd0 : (MAX_KEY_BITS == 192 ? 2'd1 : 2'd2);
    localparam NR = 10 + 2 * MAX_LEN;
    // Engine latency (see the engines' headers), and the IP's: a beat taken in clock t is
    // classified by the framer (t+1, t+2), waits in the mode unit's skid buffer (t+3),
    // is at the engine's input in t+4, and its result is on m_axis three clocks after the
    // engine presents it (the mode unit's result skid buffer, its join register, then its
    // output register).
    // ITERATIVE with TTABLE and three stages per round is the interleaved engine (three
    // blocks, tables in block RAM): 3 Nr + 6 clocks for a block that finds the engine idle.
    localparam INTERLEAVED = !PIPELINED && (SBOX == "TTABLE") && (STAGES_PER_ROUND == 3);
    // The single-context ITERATIVE engine chains feedback blocks itself (aes_core s_chain):
    // a feedback mode's next block enters as its predecessor finishes.
    localparam ENGINE_CHAIN = !PIPELINED && !INTERLEAVED;
    localparam CORE_LATENCY = PIPELINED ? NR * STAGES_PER_ROUND + 4 : (INTERLEAVED ? 3 * NR + 6 : NR + 2);
    localparam LATENCY = CORE_LATENCY + 7;
    localparam [31:0] LATENCY_WORD = LATENCY;
    // Side FIFO of the mode unit: room for every pass in flight at full rate (a pass holds
    // its entry from its decision until a clock after its result leaves the join
    // register, CORE_LATENCY + 5 clocks) plus the three entries of margin of the mode
    // unit's registered credit.
    localparam SIDE_NEED = CORE_LATENCY + 9;
    localparam SIDE_DEPTH = !PIPELINED ? (INTERLEAVED ? 16 : 8) : (SIDE_NEED <= 16 ? 16 : (SIDE_NEED <= 32 ? 32 :
                            (SIDE_NEED <= 64 ? 64 : 128)));
    // The GHASH unit keeps up with the engine: one beat per clock for PIPELINED builds (a
    // multiplier per lane, each cut into three register stages, or four from two stages
    // per round on, to keep pace with the faster engines); for ITERATIVE ones, one lane
    // at a time, a beat in at most 11 clocks (the engine's least): 16 bits a clock for
    // one lane and 32 for two, each digit's product registered before it is added
    // (PIPE=2: 9 and 2 x 5 clocks a beat); 64 for four, added in the clock it is formed
    // (PIPE=1: 4 x 2 clocks; registered it would take 4 x 3); and for eight a full
    // multiplier (PIPE=2) that takes a block a clock.
    localparam GHASH_DIGIT = (PIPELINED || LANES == 8) ? 128 : 16 * LANES;
    localparam GHASH_PIPE = !PIPELINED ? (LANES == 4 ? 1 : 2) : (STAGES_PER_ROUND >= 2) ? 4 : 3;
    localparam GHASH_LANES = PIPELINED ? LANES : 1;
    localparam [1:0] SBOX_CODE = SBOX == "TTABLE" ? 2'd1 : (SBOX == "COMPOSITE" ? 2'd2 : 2'd0);

    generate
        if (SELFTEST != 0 && SELFTEST != 1) begin : gen_invalid_selftest
            aes_axi_invalid_SELFTEST_must_be_0_or_1 invalid_selftest_inst ();
        end
        if (STAGES_PER_ROUND < 1 || STAGES_PER_ROUND > 4) begin : gen_invalid_stages
            aes_axi_invalid_STAGES_PER_ROUND_must_be_1_to_4 invalid_stages_inst ();
        end
        if (GCM != 0 && GCM != 1) begin : gen_invalid_gcm
            aes_axi_invalid_GCM_must_be_0_or_1 invalid_gcm_inst ();
        end
    endgenerate

    wire rst = !aresetn;

    // ------------------------------------------------------------------ registers
    wire         key_ctrl_wr, key_ctrl_commit, key_clear_wr, ctrl_selftest;
    wire [3:0]   key_ctrl_slot;
    wire [1:0]   key_ctrl_len;
    wire [15:0]  key_clear_slots;
    wire [255:0] key_stage;
    wire [127:0] rk_stage;
    wire         rk_ctrl_wr, rk_ctrl_commit, rk_ctrl_write, rk_ctrl_table;
    wire [3:0]   rk_ctrl_slot, rk_ctrl_index;
    wire [1:0]   rk_ctrl_len;
    wire         key_ctrl_refuse, rk_ctrl_refuse;
    wire [7:0]   err_set;
    reg  [31:0]  msgs_reg, blocks_reg;

    // The staging words are zeroized in the clock after the command that takes them
    // (ld_cmd_reg, rk_clr_reg), from registers: the write's decode and SLVERR check do not
    // reach the staging registers' inputs. A write in that clock still lands (it wins).
    reg          ld_cmd_reg, rk_clr_reg;

    wire [KEY_SLOTS-1:0]   slot_loaded, slot_loading, slot_clearing, slot_hold;
    wire [KEY_SLOTS-1:0]   slot_cmd_pend;  // a load or clear on its way to the key slots
    wire [2*KEY_SLOTS-1:0] slot_len;
    wire st_done, st_passed, st_failed, st_active, st_pending;
    wire unit_busy;
    wire msgs_busy;

    // The register block's inputs, each a plain wire (the port map below connects wires only).
    wire [1:0]  caps_arch = PIPELINED ? 2'd1 : 2'd0;
    wire [2:0]  caps_stages = (PIPELINED || INTERLEAVED) ? STAGES_PER_ROUND[2:0] : 3'd1;
    wire [3:0]  caps_lanes = LANES[3:0];
    wire [4:0]  caps_key_slots = KEY_SLOTS[4:0];
    wire        caps_decrypt = (DECRYPT != 0);
    wire        caps_selftest = (SELFTEST != 0);
    wire        caps_gcm = (GCM != 0);
    wire        status_st_done = (SELFTEST != 0) ? st_done : 1'b1;      // no self-test: reads done, passed
    wire        status_st_passed = (SELFTEST != 0) ? st_passed : 1'b1;
    wire [15:0] slots_loaded_word = {{16-KEY_SLOTS{1'b0}}, slot_loaded};
    wire [15:0] slots_loading_word = {{16-KEY_SLOTS{1'b0}}, slot_loading | slot_clearing | slot_cmd_pend};

    aes_csr u_csr (
        .clk(aclk),
        .rst(rst),
        .s_axil_awaddr(s_axil_awaddr),
        .s_axil_awprot(s_axil_awprot),
        .s_axil_awvalid(s_axil_awvalid),
        .s_axil_awready(s_axil_awready),
        .s_axil_wdata(s_axil_wdata),
        .s_axil_wstrb(s_axil_wstrb),
        .s_axil_wvalid(s_axil_wvalid),
        .s_axil_wready(s_axil_wready),
        .s_axil_bresp(s_axil_bresp),
        .s_axil_bvalid(s_axil_bvalid),
        .s_axil_bready(s_axil_bready),
        .s_axil_araddr(s_axil_araddr),
        .s_axil_arprot(s_axil_arprot),
        .s_axil_arvalid(s_axil_arvalid),
        .s_axil_arready(s_axil_arready),
        .s_axil_rdata(s_axil_rdata),
        .s_axil_rresp(s_axil_rresp),
        .s_axil_rvalid(s_axil_rvalid),
        .s_axil_rready(s_axil_rready),
        .caps_arch(caps_arch),
        .caps_stages(caps_stages),
        .caps_lanes(caps_lanes),
        .caps_max_key(MAX_LEN),
        .caps_key_slots(caps_key_slots),
        .caps_decrypt(caps_decrypt),
        .caps_host_keys(HOST),
        .caps_selftest(caps_selftest),
        .caps_sbox(SBOX_CODE),
        .caps_gcm(caps_gcm),
        .latency_clocks(LATENCY_WORD),
        .status_selftest_done(status_st_done),
        .status_selftest_passed(status_st_passed),
        .status_busy(msgs_busy),
        .key_ctrl_wr(key_ctrl_wr),
        .key_ctrl_slot(key_ctrl_slot),
        .key_ctrl_len(key_ctrl_len),
        .key_ctrl_commit(key_ctrl_commit),
        .key_ctrl_refuse(key_ctrl_refuse),
        .key_clear_wr(key_clear_wr),
        .key_clear_slots(key_clear_slots),
        .slots_loaded(slots_loaded_word),
        .slots_loading(slots_loading_word),
        .err_set(err_set),
        .key_stage(key_stage),
        .key_stage_clear(ld_cmd_reg),
        .msgs_count(msgs_reg),
        .blocks_count(blocks_reg),
        .ctrl_selftest(ctrl_selftest),
        .rk_stage(rk_stage),
        .rk_stage_clear(rk_clr_reg),
        .rk_ctrl_wr(rk_ctrl_wr),
        .rk_ctrl_slot(rk_ctrl_slot),
        .rk_ctrl_len(rk_ctrl_len),
        .rk_ctrl_commit(rk_ctrl_commit),
        .rk_ctrl_write(rk_ctrl_write),
        .rk_ctrl_table(rk_ctrl_table),
        .rk_ctrl_index(rk_ctrl_index),
        .rk_ctrl_refuse(rk_ctrl_refuse),
        .irq(irq)
    );

    // ------------------------------------------------------------------ key control
    wire         core_load_ready, core_host_ready, keys_idle;
    wire         st_ld_valid, st_clr_valid, st_host_wr, st_host_commit;
    wire [1:0]   st_ld_len;
    wire [255:0] st_ld_key;
    wire [3:0]   st_host_idx;
    wire         st_host_dec;
    wire [127:0] st_host_key;

    // RK_CTRL with both write and commit: the write now, the commit in the next clock.
    reg          rk_pend_reg;
    reg  [3:0]   rk_pend_slot_reg;
    reg  [1:0]   rk_pend_len_reg;

    wire kc_slot_ok = ({28'd0, key_ctrl_slot} < KEY_SLOTS);
    wire kc_len_ok = (key_ctrl_len <= MAX_LEN);
    // KEY_CTRL commits and KEY_CLEAR writes reach the key slots one clock after the
    // write, from registers (ld_cmd_reg, clr_cmd_reg): the write's decode and its SLVERR
    // check stay inside the register block. A commit is refused while the key slots run
    // or queue a job (keys_idle low, or low in the clock before: the framer reads the
    // slot state a clock late) or the command before it is still in its register;
    // the slot's own range is checked here (kc_slot_ok), so the core's load_ready, which
    // decodes the slot, is not on the write's path.
    reg          clr_cmd_reg;
    reg          keys_idle_reg;  // the key slots were idle in the clock before too
    reg  [3:0]   ld_slot_reg;
    reg  [1:0]   ld_len_reg;
    reg  [255:0] ld_key_reg;
    reg  [15:0]  clr_mask_reg;

    assign key_ctrl_refuse = key_ctrl_commit &&
        (HOST || st_active || st_pending || !kc_slot_ok || !kc_len_ok || ld_cmd_reg || clr_cmd_reg ||
         !keys_idle || !keys_idle_reg);

    wire rk_slot_ok = ({28'd0, rk_ctrl_slot} < KEY_SLOTS);
    wire rk_index_ok = ({28'd0, rk_ctrl_index} <= NR) && (!rk_ctrl_table || DECRYPT != 0);
    wire rk_len_ok = (rk_ctrl_len <= MAX_LEN);
    assign rk_ctrl_refuse = (rk_ctrl_write || rk_ctrl_commit) &&
        (!HOST || st_active || st_pending || rk_pend_reg || !rk_slot_ok || !core_host_ready ||
         (rk_ctrl_write && !rk_index_ok) || (rk_ctrl_commit && !rk_len_ok));

    always @(posedge aclk) begin
        if (rst) begin
            rk_pend_reg <= 1'b0;
            rk_clr_reg <= 1'b0;
            ld_cmd_reg <= 1'b0;
            clr_cmd_reg <= 1'b0;
            keys_idle_reg <= 1'b0;
        end else begin
            rk_pend_reg <= rk_ctrl_wr && rk_ctrl_write && rk_ctrl_commit;
            rk_clr_reg <= rk_ctrl_wr && rk_ctrl_write;
            ld_cmd_reg <= key_ctrl_wr && key_ctrl_commit;
            keys_idle_reg <= keys_idle;
            clr_cmd_reg <= key_clear_wr;
        end
        // Only an accepted commit: core_load_ready reads this slot (always below KEY_SLOTS).
        if (rst) begin
            ld_slot_reg <= 4'd0;
        end else if (key_ctrl_wr && key_ctrl_commit) begin
            ld_slot_reg <= key_ctrl_slot;
        end
        if (key_ctrl_wr && key_ctrl_commit) begin
            ld_len_reg <= key_ctrl_len;
        end
        // A copy of the staging words a clock late, with no enable (so the write's
        // decode and SLVERR check reach no key register): the key slots take it in the
        // clock ld_cmd_reg presents it, and it follows the staging words to zero, which
        // are zeroized in that clock (and by reset).
        if (rst) begin
            ld_key_reg <= 256'd0;
        end else begin
            ld_key_reg <= key_stage;
        end
        if (key_clear_wr) begin
            clr_mask_reg <= key_clear_slots;
        end
        rk_pend_slot_reg <= rk_ctrl_slot;
        rk_pend_len_reg <= rk_ctrl_len;
    end

    // From the clock after the write, the slot of a pending command shows as loading
    // (SLOTS, and to the framer: a message that starts after the commit waits for it).
    // Kept as registers (one-hot slot bits, set with the command registers).
    reg [KEY_SLOTS-1:0] ld_cmd_bit_reg, clr_cmd_bit_reg;
    integer pi;
    always @(posedge aclk) begin
        for (pi = 0; pi < KEY_SLOTS; pi = pi + 1) begin
            ld_cmd_bit_reg[pi] <= !rst && key_ctrl_wr && key_ctrl_commit && (key_ctrl_slot == pi[3:0]);
            clr_cmd_bit_reg[pi] <= !rst && key_clear_wr && key_clear_slots[pi];
        end
    end
    assign slot_cmd_pend = ld_cmd_bit_reg | clr_cmd_bit_reg;

    wire         load_valid = st_active ? st_ld_valid : ld_cmd_reg;
    wire [3:0]   load_slot = st_active ? 4'd0 : ld_slot_reg;
    wire [1:0]   load_len = st_active ? st_ld_len : ld_len_reg;
    wire [255:0] load_key = st_active ? st_ld_key : ld_key_reg;
    wire         clear_valid = st_clr_valid || clr_cmd_reg;
    wire [15:0]  clear_mask = (st_clr_valid ? 16'hffff : 16'd0) | (clr_cmd_reg ? clr_mask_reg : 16'd0);
    wire         host_wr_valid = st_active ? st_host_wr : (rk_ctrl_wr && rk_ctrl_write);
    wire         host_commit_valid = st_active ? st_host_commit :
                                     (rk_pend_reg || (rk_ctrl_wr && rk_ctrl_commit && !rk_ctrl_write));
    wire [3:0]   host_slot = st_active ? 4'd0 : (rk_pend_reg ? rk_pend_slot_reg : rk_ctrl_slot);
    wire [3:0]   host_idx = st_active ? st_host_idx : rk_ctrl_index;
    wire         host_dec = st_active ? st_host_dec : rk_ctrl_table;
    wire [127:0] host_key = st_active ? st_host_key : rk_stage;
    wire [1:0]   host_len = st_active ? 2'd0 : (rk_pend_reg ? rk_pend_len_reg : rk_ctrl_len);

    // ------------------------------------------------------------------ datapath
    wire                 eng_valid, eng_ready, eng_decrypt, eng_chain, res_valid, res_ready;
    wire [128*LANES-1:0] eng_data, res_data, core_m_data;
    wire [3:0]           eng_slot;
    wire                 core_m_valid;
    wire                 st_blk_valid, st_blk_decrypt;
    wire [127:0]         st_blk_data;
    // The self-test's GCM known-answer test and the mode unit's GHASH unit.
    wire                 st_gh_h_load, st_gh_h_ready, st_gh_h_clear, st_gh_s_valid, st_gh_s_ready;
    wire                 st_gh_s_first, st_gh_s_last, st_gh_m_valid;
    wire [127:0]         st_gh_h, st_gh_s_block, st_gh_m_hash;
    wire                 out_beat, out_msg_done;
    wire [3:0]           out_blocks;
    wire [2:0]           out_code;
    wire                 core_tag;

    // The test hook: a stuck-at fault on bit 0 of the cipher output.
    assign res_data = core_m_data ^ {{128*LANES-1{1'b0}}, FAULT_INJECT != 0};
    assign res_valid = core_m_valid && !st_active;

    // The engine's block port: the self-test's blocks while it runs, the mode unit's otherwise.
    wire                 core_s_valid = st_active ? st_blk_valid : eng_valid;
    wire [128*LANES-1:0] core_s_data = st_active ? {{128*(LANES-1){1'b0}}, st_blk_data} : eng_data;
    wire [3:0]           core_s_slot = st_active ? 4'd0 : eng_slot;
    wire                 core_s_decrypt = st_active ? st_blk_decrypt : eng_decrypt;
    wire                 core_s_chain = !st_active && eng_chain;
    wire                 core_s_tag = 1'b0;
    wire                 core_m_ready = st_active ? 1'b1 : res_ready;

    aes_core #(
        .ARCH(ARCH),
        .STAGES_PER_ROUND(STAGES_PER_ROUND),
        .SBOX(SBOX),
        .LANES(LANES),
        .MAX_KEY_BITS(MAX_KEY_BITS),
        .KEY_SLOTS(KEY_SLOTS),
        .DECRYPT(DECRYPT),
        .KEY_EXPANSION(KEY_EXPANSION),
        .TAG_WIDTH(1)
    ) u_core (
        .clk(aclk),
        .rst(rst),
        .load_valid(load_valid),
        .load_ready(core_load_ready),
        .load_slot(load_slot),
        .load_len(load_len),
        .load_key(load_key),
        .clear_valid(clear_valid),
        .clear_mask(clear_mask),
        .host_wr_valid(host_wr_valid),
        .host_commit_valid(host_commit_valid),
        .host_ready(core_host_ready),
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
        .keys_idle(keys_idle),
        .s_valid(core_s_valid),
        .s_ready(eng_ready),
        .s_data(core_s_data),
        .s_slot(core_s_slot),
        .s_decrypt(core_s_decrypt),
        .s_chain(core_s_chain),
        .s_tag(core_s_tag),
        .m_valid(core_m_valid),
        .m_ready(core_m_ready),
        .m_data(core_m_data),
        .m_tag(core_tag)
    );

    // Message framer: s_axis beats classified and registered (rtl/aes_axis_framer.v).
    wire                 fr_valid, fr_ready, fr_last, fr_first_data, fr_hold;
    wire [128*LANES-1:0] fr_data;
    wire [16*LANES-1:0]  fr_keep;
    wire [7:0]           fr_user;
    wire [2:0]           fr_code, fr_last_lane, fr_hi_ones;
    wire [3:0]           fr_slot, fr_nblk, fr_op;
    wire [4:0]           fr_sel;
    wire [127:0]         fr_prev;
    wire [95:0]          fr_hi_inc;
    wire [3:0]           fr_gcm;
    wire [KEY_SLOTS-1:0] fr_slot_hold, mode_slot_hold;
    wire                 fr_msg_open, fr_busy, mode_busy, retire_valid;
    wire [3:0]           retire_slot;
    wire                 stream_enable = !st_active;
    wire [KEY_SLOTS-1:0] fr_slot_loading = slot_loading | slot_cmd_pend;
    wire                 mode_eng_ready = eng_ready && !st_active;

    aes_axis_framer #(
        .LANES(LANES),
        .KEY_SLOTS(KEY_SLOTS),
        .DECRYPT(DECRYPT),
        .FULL_RATE(PIPELINED ? 1 : 0),
        .GCM(GCM)
    ) u_framer (
        .clk(aclk),
        .rst(rst),
        .s_axis_tdata(s_axis_tdata),
        .s_axis_tkeep(s_axis_tkeep),
        .s_axis_tvalid(s_axis_tvalid),
        .s_axis_tready(s_axis_tready),
        .s_axis_tlast(s_axis_tlast),
        .s_axis_tuser(s_axis_tuser),
        .m_valid(fr_valid),
        .m_ready(fr_ready),
        .m_data(fr_data),
        .m_keep(fr_keep),
        .m_last(fr_last),
        .m_user(fr_user),
        .m_slot(fr_slot),
        .m_op(fr_op),
        .m_sel(fr_sel),
        .m_prev(fr_prev),
        .m_first_data(fr_first_data),
        .m_code(fr_code),
        .m_nblk(fr_nblk),
        .m_last_lane(fr_last_lane),
        .m_hold(fr_hold),
        .m_hi_inc(fr_hi_inc),
        .m_hi_ones(fr_hi_ones),
        .m_gcm(fr_gcm),
        .enable(stream_enable),
        .pause(st_pending),
        .selftest_failed(st_failed),
        .slot_loaded(slot_loaded),
        .slot_loading(fr_slot_loading),
        .retire_valid(retire_valid),
        .retire_slot(retire_slot),
        .slot_hold(fr_slot_hold),
        .msg_open(fr_msg_open),
        .busy(fr_busy)
    );

    // Mode unit: chaining, counters, the side FIFO and m_axis (rtl/aes_mode_unit.v).
    aes_mode_unit #(
        .LANES(LANES),
        .KEY_SLOTS(KEY_SLOTS),
        .SIDE_DEPTH(SIDE_DEPTH),
        .FULL_RATE(PIPELINED ? 1 : 0),
        .ENGINE_CHAIN(ENGINE_CHAIN ? 1 : 0),
        .GCM(GCM),
        .GHASH_DIGIT(GHASH_DIGIT),
        .GHASH_PIPE(GHASH_PIPE),
        .GHASH_LANES(GHASH_LANES)
    ) u_mode (
        .clk(aclk),
        .rst(rst),
        .s_valid(fr_valid),
        .s_ready(fr_ready),
        .s_data(fr_data),
        .s_keep(fr_keep),
        .s_last(fr_last),
        .s_user(fr_user),
        .s_slot(fr_slot),
        .s_op(fr_op),
        .s_sel(fr_sel),
        .s_prev(fr_prev),
        .s_first_data(fr_first_data),
        .s_code(fr_code),
        .s_nblk(fr_nblk),
        .s_last_lane(fr_last_lane),
        .s_hold(fr_hold),
        .s_hi_inc(fr_hi_inc),
        .s_hi_ones(fr_hi_ones),
        .s_gcm(fr_gcm),
        .m_axis_tdata(m_axis_tdata),
        .m_axis_tkeep(m_axis_tkeep),
        .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready),
        .m_axis_tlast(m_axis_tlast),
        .m_axis_tuser(m_axis_tuser),
        .slot_hold(mode_slot_hold),
        .slot_loaded(slot_loaded),
        .slot_held(slot_hold),
        .retire_valid(retire_valid),
        .retire_slot(retire_slot),
        .busy(mode_busy),
        .eng_valid(eng_valid),
        .eng_ready(mode_eng_ready),
        .eng_data(eng_data),
        .eng_slot(eng_slot),
        .eng_decrypt(eng_decrypt),
        .eng_chain(eng_chain),
        .res_valid(res_valid),
        .res_ready(res_ready),
        .res_data(res_data),
        .out_beat(out_beat),
        .out_blocks(out_blocks),
        .out_msg_done(out_msg_done),
        .out_code(out_code),
        .st_own(st_active),
        .st_h(st_gh_h),
        .st_h_load(st_gh_h_load),
        .st_h_ready(st_gh_h_ready),
        .st_h_clear(st_gh_h_clear),
        .st_s_valid(st_gh_s_valid),
        .st_s_ready(st_gh_s_ready),
        .st_s_block(st_gh_s_block),
        .st_s_first(st_gh_s_first),
        .st_s_last(st_gh_s_last),
        .st_m_valid(st_gh_m_valid),
        .st_m_hash(st_gh_m_hash)
    );

    assign slot_hold = fr_slot_hold | mode_slot_hold;
    assign unit_busy = fr_busy || mode_busy;

    // ------------------------------------------------------------------ self-test
    generate
        if (SELFTEST != 0) begin : gen_selftest
            wire         stream_idle = !unit_busy;
            wire         slot0_loaded = slot_loaded[0];
            wire [127:0] st_res_data = res_data[127:0];
            aes_selftest #(
                .MAX_KEY_BITS(MAX_KEY_BITS),
                .DECRYPT(DECRYPT),
                .KEY_EXPANSION(KEY_EXPANSION),
                .GCM(GCM)
            ) u_selftest (
                .clk(aclk),
                .rst(rst),
                .start(ctrl_selftest),
                .stream_idle(stream_idle),
                .pending(st_pending),
                .active(st_active),
                .done(st_done),
                .passed(st_passed),
                .failed(st_failed),
                .ld_valid(st_ld_valid),
                .ld_ready(core_load_ready),
                .ld_len(st_ld_len),
                .ld_key(st_ld_key),
                .clr_valid(st_clr_valid),
                .keys_idle(keys_idle),
                .slot0_loaded(slot0_loaded),
                .host_wr_valid(st_host_wr),
                .host_commit_valid(st_host_commit),
                .host_ready(core_host_ready),
                .host_idx(st_host_idx),
                .host_dec(st_host_dec),
                .host_key(st_host_key),
                .blk_valid(st_blk_valid),
                .blk_ready(eng_ready),
                .blk_data(st_blk_data),
                .blk_decrypt(st_blk_decrypt),
                .res_valid(core_m_valid),
                .res_data(st_res_data),
                .gh_h(st_gh_h),
                .gh_h_load(st_gh_h_load),
                .gh_h_ready(st_gh_h_ready),
                .gh_h_clear(st_gh_h_clear),
                .gh_s_valid(st_gh_s_valid),
                .gh_s_ready(st_gh_s_ready),
                .gh_s_block(st_gh_s_block),
                .gh_s_first(st_gh_s_first),
                .gh_s_last(st_gh_s_last),
                .gh_m_valid(st_gh_m_valid),
                .gh_m_hash(st_gh_m_hash)
            );
        end else begin : gen_no_selftest
            assign st_pending = 1'b0;
            assign st_active = 1'b0;
            assign st_done = 1'b0;
            assign st_passed = 1'b0;
            assign st_failed = 1'b0;
            assign st_ld_valid = 1'b0;
            assign st_ld_len = 2'd0;
            assign st_ld_key = 256'd0;
            assign st_clr_valid = 1'b0;
            assign st_host_wr = 1'b0;
            assign st_host_commit = 1'b0;
            assign st_host_idx = 4'd0;
            assign st_host_dec = 1'b0;
            assign st_host_key = 128'd0;
            assign st_blk_valid = 1'b0;
            assign st_blk_data = 128'd0;
            assign st_blk_decrypt = 1'b0;
            assign st_gh_h = 128'd0;
            assign st_gh_h_load = 1'b0;
            assign st_gh_h_clear = 1'b0;
            assign st_gh_s_valid = 1'b0;
            assign st_gh_s_block = 128'd0;
            assign st_gh_s_first = 1'b0;
            assign st_gh_s_last = 1'b0;
            // No self-test: CTRL[0] has no effect.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ctrl = &{1'b0, ctrl_selftest, core_load_ready, st_gh_h_ready, st_gh_s_ready,
                                 st_gh_m_valid, st_gh_m_hash, unit_busy};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // ------------------------------------------------------------------ counters, errors
    assign err_set = out_msg_done ? (8'd1 << out_code) : 8'd0;

    // STATUS.busy: messages in flight, from the clock after a message's first beat is
    // taken on s_axis until its last beat has left m_axis (every message leaves with as
    // many beats as it came with, the last with tlast). Counted at the ports, so that
    // work which is no message (a GCM build's H job after a key load, gen_gcm in
    // aes_mode_unit) does not show; the self-test waits for all of it (unit_busy).
    // 12 bits hold more messages than the IP's buffers can (one beat each at least).
    reg [11:0] in_flight_reg;
    assign msgs_busy = (in_flight_reg != 12'd0);

    always @(posedge aclk) begin
        if (rst) begin
            msgs_reg <= 32'd0;
            blocks_reg <= 32'd0;
            in_flight_reg <= 12'd0;
        end else begin
            msgs_reg <= msgs_reg + {31'd0, out_msg_done};
            blocks_reg <= blocks_reg + (out_beat ? {28'd0, out_blocks} : 32'd0);
            in_flight_reg <= in_flight_reg + {11'd0, fr_msg_open} - {11'd0, out_msg_done};
        end
    end

    // The core's tag and slot lengths are not needed here (the mode unit keeps order).
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_core = &{1'b0, core_tag, slot_len};
    /* verilator lint_on UNUSEDSIGNAL */

endmodule

`resetall
