// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// aes_csr: the AXI4-Lite register block of aes_axi (docs/specification.md §5).

/*
 * Generated from rdl/aes.rdl by `python -m aescores.regmap`: do not edit. Change the
 * .rdl and regenerate; `python -m aescores.regmap --check` finds a stale copy.
 *
 * The register map, field by field, is docs/registers.md. This block only stores and
 * decodes; what a command does is up to the IP behind the ports below.
 *
 * Bus. AXI4-Lite slave, 32-bit data, 12-bit byte address; address bits [1:0] and the
 * protection signals are ignored. The write address (AW) and write data (W) channels
 * are independent: each is taken once, in either order or together, and its ready
 * stays low until the write has been answered. The write is done in the clock after
 * the later of the two handshakes; bvalid rises at the end of that clock and is held
 * until bready. The read address is decoded in the clock it is taken; the read data
 * is formed in the next clock from that decode, and rvalid rises at its end and is
 * held until rready. One write and one read may be outstanding at a time, each on its
 * own channels. Reads never change anything.
 *
 * Responses. Unmapped address: a read returns 0 with SLVERR, a write does nothing and
 * answers SLVERR. Read-only register: a write does nothing and answers SLVERR.
 * Write-only register: a read returns 0 with OKAY. A command that the IP refuses
 * answers SLVERR.
 *
 * wstrb. Read-write registers and staging words are written byte by byte; RW1C and
 * pulse bits act only in strobed bytes; a command takes the bytes not strobed as zero
 * (a write with wstrb = 0 to a command is a command with all fields 0).
 *
 * Key material. The staging words (KEY0..KEY7, RK0..RK3) are written by the bus and
 * read only by the IP, through the staging vectors. They are not in the read mux at
 * all: a read of their address returns the constant 0. Reset and the *_clear inputs
 * zeroize them, and the write-data register is zeroed after every write, so no copy
 * of a key word stays on the bus side.
 *
 * Ports to the IP, by register kind:
 *   RO            input  <reg>_<field>   the value a read returns.
 *   RW            output <reg>_<field>   the register's value.
 *   pulse         output <reg>_<field>   high for one clock when software writes 1.
 *   RW1C          input  <reg>_set       bit b high for a clock sets register bit b (bits
 *                                        without a field are ignored); a set in the
 *                                        clock of a software clear wins.
 *                 output irq             high while a RW1C bit and its enable bit are
 *                                        both set (an OR of register pairs).
 *   command       output <reg>_wr        high for exactly one clock per accepted write,
 *                 output <reg>_<field>   with the written fields (valid only then).
 *                 input  <reg>_refuse    refusable commands: sampled in that clock; when
 *                                        high there is no strobe and the write answers
 *                                        SLVERR. It may depend on <reg>_<field> and on
 *                                        the IP's state, never on <reg>_wr.
 *   staging       output <vector>        word w in bits [32w+31:32w].
 *                 input  <vector>_clear  zeroize every word (a bus write to a word in the
 *                                        same clock still lands, on the zeroed word).
 *
 * Timing. Strobes, pulses and command values come from registers through one level of
 * decode (plus the refuse input). Every input port reaches only a register through
 * its decode, and the read data is a register formed from registers. At best one
 * write every three clocks and one read every three.
 */
module aes_csr (
    input  wire          clk,
    input  wire          rst,                        // synchronous, active high

    /*
     * AXI4-Lite slave (32-bit data, 12-bit byte address)
     */
    input  wire [11:0]   s_axil_awaddr,
    input  wire [2:0]    s_axil_awprot,
    input  wire          s_axil_awvalid,
    output wire          s_axil_awready,
    input  wire [31:0]   s_axil_wdata,
    input  wire [3:0]    s_axil_wstrb,
    input  wire          s_axil_wvalid,
    output wire          s_axil_wready,
    output wire [1:0]    s_axil_bresp,
    output wire          s_axil_bvalid,
    input  wire          s_axil_bready,
    input  wire [11:0]   s_axil_araddr,
    input  wire [2:0]    s_axil_arprot,
    input  wire          s_axil_arvalid,
    output wire          s_axil_arready,
    output wire [31:0]   s_axil_rdata,
    output wire [1:0]    s_axil_rresp,
    output wire          s_axil_rvalid,
    input  wire          s_axil_rready,

    /*
     * CAPS (0x004, RO): Capabilities
     */
    input  wire [1:0]    caps_arch,                  // CAPS[1:0]
    input  wire [2:0]    caps_stages,                // CAPS[4:2]
    input  wire [3:0]    caps_lanes,                 // CAPS[8:5]
    input  wire [1:0]    caps_max_key,               // CAPS[10:9]
    input  wire [4:0]    caps_key_slots,             // CAPS[15:11]
    input  wire          caps_decrypt,               // CAPS[16]
    input  wire          caps_host_keys,             // CAPS[17]
    input  wire          caps_selftest,              // CAPS[18]
    input  wire [1:0]    caps_sbox,                  // CAPS[20:19]
    input  wire          caps_gcm,                   // CAPS[21]

    /*
     * LATENCY (0x008, RO): Latency
     */
    input  wire [31:0]   latency_clocks,             // LATENCY[31:0]

    /*
     * STATUS (0x00C, RO): Status
     */
    input  wire          status_selftest_done,       // STATUS[0]
    input  wire          status_selftest_passed,     // STATUS[1]
    input  wire          status_busy,                // STATUS[2]

    /*
     * KEY_CTRL (0x010, WO): Key control
     */
    output wire          key_ctrl_wr,                // one-clock strobe: an accepted write
    output wire [3:0]    key_ctrl_slot,              // written value, valid with the strobe
    output wire [1:0]    key_ctrl_len,               // written value, valid with the strobe
    output wire          key_ctrl_commit,            // written value, valid with the strobe
    input  wire          key_ctrl_refuse,            // refuse the write now: SLVERR, no strobe

    /*
     * KEY_CLEAR (0x014, WO): Key clear
     */
    output wire          key_clear_wr,               // one-clock strobe: an accepted write
    output wire [15:0]   key_clear_slots,            // written value, valid with the strobe

    /*
     * SLOTS (0x018, RO): Slot state
     */
    input  wire [15:0]   slots_loaded,               // SLOTS[15:0]
    input  wire [15:0]   slots_loading,              // SLOTS[31:16]

    /*
     * ERR (0x01C, RW1C): Errors
     */
    input  wire [7:0]    err_set,                    // bit b high: set ERR[b]

    /*
     * KEY0..KEY7 (0x020-0x03C, WO): staged key material
     */
    output wire [255:0]  key_stage,                  // KEY0 in the low bits
    input  wire          key_stage_clear,            // zeroize the staging words

    /*
     * MSGS (0x044, RO): Messages
     */
    input  wire [31:0]   msgs_count,                 // MSGS[31:0]

    /*
     * BLOCKS (0x048, RO): Blocks
     */
    input  wire [31:0]   blocks_count,               // BLOCKS[31:0]

    /*
     * CTRL (0x04C, RW): Control
     */
    output wire          ctrl_selftest,              // one-clock pulse: software wrote 1

    /*
     * RK0..RK3 (0x050-0x05C, WO): staged key material
     */
    output wire [127:0]  rk_stage,                   // RK0 in the low bits
    input  wire          rk_stage_clear,             // zeroize the staging words

    /*
     * RK_CTRL (0x060, WO): Round-key control
     */
    output wire          rk_ctrl_wr,                 // one-clock strobe: an accepted write
    output wire [3:0]    rk_ctrl_slot,               // written value, valid with the strobe
    output wire [1:0]    rk_ctrl_len,                // written value, valid with the strobe
    output wire          rk_ctrl_commit,             // written value, valid with the strobe
    output wire          rk_ctrl_write,              // written value, valid with the strobe
    output wire          rk_ctrl_table,              // written value, valid with the strobe
    output wire [3:0]    rk_ctrl_index,              // written value, valid with the strobe
    input  wire          rk_ctrl_refuse,             // refuse the write now: SLVERR, no strobe

    /*
     * Interrupt
     */
    output wire          irq                         // high while ERR & IRQ_EN is non-zero
);

localparam [1:0] RESP_OKAY   = 2'b00;
localparam [1:0] RESP_SLVERR = 2'b10;

// Register word addresses (byte offset / 4).
localparam [9:0] ADDR_ID        = 10'h000;  // 0x000 RO
localparam [9:0] ADDR_CAPS      = 10'h001;  // 0x004 RO
localparam [9:0] ADDR_LATENCY   = 10'h002;  // 0x008 RO
localparam [9:0] ADDR_STATUS    = 10'h003;  // 0x00C RO
localparam [9:0] ADDR_KEY_CTRL  = 10'h004;  // 0x010 WO
localparam [9:0] ADDR_KEY_CLEAR = 10'h005;  // 0x014 WO
localparam [9:0] ADDR_SLOTS     = 10'h006;  // 0x018 RO
localparam [9:0] ADDR_ERR       = 10'h007;  // 0x01C RW1C
localparam [9:0] ADDR_KEY0      = 10'h008;  // 0x020 WO
localparam [9:0] ADDR_KEY1      = 10'h009;  // 0x024 WO
localparam [9:0] ADDR_KEY2      = 10'h00a;  // 0x028 WO
localparam [9:0] ADDR_KEY3      = 10'h00b;  // 0x02C WO
localparam [9:0] ADDR_KEY4      = 10'h00c;  // 0x030 WO
localparam [9:0] ADDR_KEY5      = 10'h00d;  // 0x034 WO
localparam [9:0] ADDR_KEY6      = 10'h00e;  // 0x038 WO
localparam [9:0] ADDR_KEY7      = 10'h00f;  // 0x03C WO
localparam [9:0] ADDR_IRQ_EN    = 10'h010;  // 0x040 RW
localparam [9:0] ADDR_MSGS      = 10'h011;  // 0x044 RO
localparam [9:0] ADDR_BLOCKS    = 10'h012;  // 0x048 RO
localparam [9:0] ADDR_CTRL      = 10'h013;  // 0x04C RW
localparam [9:0] ADDR_RK0       = 10'h014;  // 0x050 WO
localparam [9:0] ADDR_RK1       = 10'h015;  // 0x054 WO
localparam [9:0] ADDR_RK2       = 10'h016;  // 0x058 WO
localparam [9:0] ADDR_RK3       = 10'h017;  // 0x05C WO
localparam [9:0] ADDR_RK_CTRL   = 10'h018;  // 0x060 WO

// AXI4-Lite channel state: at most one write and one read in flight.
reg         aw_full_reg, aw_full_next;                       // write address held
reg [17:0]  aw_hit_reg, aw_hit_next;                         // its register, one-hot (0: read-only or unmapped)
reg         w_full_reg, w_full_next;                         // write data held
reg [31:0]  w_data_reg, w_data_next;                         // its data, zeroed once written
reg [3:0]   w_strb_reg, w_strb_next;                         // its byte strobes
reg         b_valid_reg, b_valid_next;
reg [1:0]   b_resp_reg, b_resp_next;
reg         ar_full_reg, ar_full_next;                       // read address held
reg [8:0]   ar_hit_reg, ar_hit_next;                         // its register, one-hot (0: write-only or unmapped)
reg         ar_bad_reg, ar_bad_next;                         // its address unmapped
reg         r_valid_reg, r_valid_next;
reg [31:0]  r_data_reg, r_data_next;
reg [1:0]   r_resp_reg, r_resp_next;

// Register storage.
reg         err_bad_length_reg, err_bad_length_next;         // ERR[1]
reg         err_bad_mode_reg, err_bad_mode_next;             // ERR[2]
reg         err_slot_empty_reg, err_slot_empty_next;         // ERR[3]
reg         err_ctr_wrap_reg, err_ctr_wrap_next;             // ERR[4]
reg         err_not_built_reg, err_not_built_next;           // ERR[5]
reg         err_selftest_fail_reg, err_selftest_fail_next;   // ERR[6]
reg         err_tag_mismatch_reg, err_tag_mismatch_next;     // ERR[7]
reg [31:0]  key0_reg, key0_next;                             // KEY0: key material, never read back
reg [31:0]  key1_reg, key1_next;                             // KEY1: key material, never read back
reg [31:0]  key2_reg, key2_next;                             // KEY2: key material, never read back
reg [31:0]  key3_reg, key3_next;                             // KEY3: key material, never read back
reg [31:0]  key4_reg, key4_next;                             // KEY4: key material, never read back
reg [31:0]  key5_reg, key5_next;                             // KEY5: key material, never read back
reg [31:0]  key6_reg, key6_next;                             // KEY6: key material, never read back
reg [31:0]  key7_reg, key7_next;                             // KEY7: key material, never read back
reg         irq_en_bad_length_reg, irq_en_bad_length_next;   // IRQ_EN[1]
reg         irq_en_bad_mode_reg, irq_en_bad_mode_next;       // IRQ_EN[2]
reg         irq_en_slot_empty_reg, irq_en_slot_empty_next;   // IRQ_EN[3]
reg         irq_en_ctr_wrap_reg, irq_en_ctr_wrap_next;       // IRQ_EN[4]
reg         irq_en_not_built_reg, irq_en_not_built_next;     // IRQ_EN[5]
reg         irq_en_selftest_fail_reg, irq_en_selftest_fail_next; // IRQ_EN[6]
reg         irq_en_tag_mismatch_reg, irq_en_tag_mismatch_next; // IRQ_EN[7]
reg [31:0]  rk0_reg, rk0_next;                               // RK0: key material, never read back
reg [31:0]  rk1_reg, rk1_next;                               // RK1: key material, never read back
reg [31:0]  rk2_reg, rk2_next;                               // RK2: key material, never read back
reg [31:0]  rk3_reg, rk3_next;                               // RK3: key material, never read back

// Each channel takes one transfer, then waits for its response to be taken.
assign s_axil_awready = !aw_full_reg && !b_valid_reg;
assign s_axil_wready  = !w_full_reg && !b_valid_reg;
assign s_axil_bresp   = b_resp_reg;
assign s_axil_bvalid  = b_valid_reg;
assign s_axil_arready = !ar_full_reg && !r_valid_reg;
assign s_axil_rdata   = r_data_reg;
assign s_axil_rresp   = r_resp_reg;
assign s_axil_rvalid  = r_valid_reg;

// Write decode: a write is done in the one clock where its address and data are held.
// wr_mask and wr_bits span the fields of the registers other than the staging words,
// which take the write-data register's bytes under byte enables of their own.
wire        wr_go   = aw_full_reg && w_full_reg && !b_valid_reg;
wire [19:0] wr_mask = {{4{w_strb_reg[2]}}, {8{w_strb_reg[1]}}, {8{w_strb_reg[0]}}};
wire [19:0] wr_bits = w_data_reg[19:0] & wr_mask;

// The write address is decoded in the clock it is taken, so that a write's enables
// come from registers: aw_hit_reg has one bit per writable register.
localparam HIT_KEY_CTRL  = 0;
localparam HIT_KEY_CLEAR = 1;
localparam HIT_ERR       = 2;
localparam HIT_KEY0      = 3;
localparam HIT_KEY1      = 4;
localparam HIT_KEY2      = 5;
localparam HIT_KEY3      = 6;
localparam HIT_KEY4      = 7;
localparam HIT_KEY5      = 8;
localparam HIT_KEY6      = 9;
localparam HIT_KEY7      = 10;
localparam HIT_IRQ_EN    = 11;
localparam HIT_CTRL      = 12;
localparam HIT_RK0       = 13;
localparam HIT_RK1       = 14;
localparam HIT_RK2       = 15;
localparam HIT_RK3       = 16;
localparam HIT_RK_CTRL   = 17;

reg [17:0] aw_dec;

always @* begin
    aw_dec[HIT_KEY_CTRL]  = (s_axil_awaddr[11:2] == ADDR_KEY_CTRL);
    aw_dec[HIT_KEY_CLEAR] = (s_axil_awaddr[11:2] == ADDR_KEY_CLEAR);
    aw_dec[HIT_ERR]       = (s_axil_awaddr[11:2] == ADDR_ERR);
    aw_dec[HIT_KEY0]      = (s_axil_awaddr[11:2] == ADDR_KEY0);
    aw_dec[HIT_KEY1]      = (s_axil_awaddr[11:2] == ADDR_KEY1);
    aw_dec[HIT_KEY2]      = (s_axil_awaddr[11:2] == ADDR_KEY2);
    aw_dec[HIT_KEY3]      = (s_axil_awaddr[11:2] == ADDR_KEY3);
    aw_dec[HIT_KEY4]      = (s_axil_awaddr[11:2] == ADDR_KEY4);
    aw_dec[HIT_KEY5]      = (s_axil_awaddr[11:2] == ADDR_KEY5);
    aw_dec[HIT_KEY6]      = (s_axil_awaddr[11:2] == ADDR_KEY6);
    aw_dec[HIT_KEY7]      = (s_axil_awaddr[11:2] == ADDR_KEY7);
    aw_dec[HIT_IRQ_EN]    = (s_axil_awaddr[11:2] == ADDR_IRQ_EN);
    aw_dec[HIT_CTRL]      = (s_axil_awaddr[11:2] == ADDR_CTRL);
    aw_dec[HIT_RK0]       = (s_axil_awaddr[11:2] == ADDR_RK0);
    aw_dec[HIT_RK1]       = (s_axil_awaddr[11:2] == ADDR_RK1);
    aw_dec[HIT_RK2]       = (s_axil_awaddr[11:2] == ADDR_RK2);
    aw_dec[HIT_RK3]       = (s_axil_awaddr[11:2] == ADDR_RK3);
    aw_dec[HIT_RK_CTRL]   = (s_axil_awaddr[11:2] == ADDR_RK_CTRL);
end

wire hit_key_ctrl  = wr_go && aw_hit_reg[HIT_KEY_CTRL];
wire hit_key_clear = wr_go && aw_hit_reg[HIT_KEY_CLEAR];
wire hit_err       = wr_go && aw_hit_reg[HIT_ERR];
wire hit_key0      = wr_go && aw_hit_reg[HIT_KEY0];
wire hit_key1      = wr_go && aw_hit_reg[HIT_KEY1];
wire hit_key2      = wr_go && aw_hit_reg[HIT_KEY2];
wire hit_key3      = wr_go && aw_hit_reg[HIT_KEY3];
wire hit_key4      = wr_go && aw_hit_reg[HIT_KEY4];
wire hit_key5      = wr_go && aw_hit_reg[HIT_KEY5];
wire hit_key6      = wr_go && aw_hit_reg[HIT_KEY6];
wire hit_key7      = wr_go && aw_hit_reg[HIT_KEY7];
wire hit_irq_en    = wr_go && aw_hit_reg[HIT_IRQ_EN];
wire hit_ctrl      = wr_go && aw_hit_reg[HIT_CTRL];
wire hit_rk0       = wr_go && aw_hit_reg[HIT_RK0];
wire hit_rk1       = wr_go && aw_hit_reg[HIT_RK1];
wire hit_rk2       = wr_go && aw_hit_reg[HIT_RK2];
wire hit_rk3       = wr_go && aw_hit_reg[HIT_RK3];
wire hit_rk_ctrl   = wr_go && aw_hit_reg[HIT_RK_CTRL];

// The staging words' byte enables: a byte is written where its word is hit and its
// strobe is set.
wire [3:0] key0_wr_bytes = {4{hit_key0}} & w_strb_reg;
wire [3:0] key1_wr_bytes = {4{hit_key1}} & w_strb_reg;
wire [3:0] key2_wr_bytes = {4{hit_key2}} & w_strb_reg;
wire [3:0] key3_wr_bytes = {4{hit_key3}} & w_strb_reg;
wire [3:0] key4_wr_bytes = {4{hit_key4}} & w_strb_reg;
wire [3:0] key5_wr_bytes = {4{hit_key5}} & w_strb_reg;
wire [3:0] key6_wr_bytes = {4{hit_key6}} & w_strb_reg;
wire [3:0] key7_wr_bytes = {4{hit_key7}} & w_strb_reg;
wire [3:0] rk0_wr_bytes  = {4{hit_rk0}} & w_strb_reg;
wire [3:0] rk1_wr_bytes  = {4{hit_rk1}} & w_strb_reg;
wire [3:0] rk2_wr_bytes  = {4{hit_rk2}} & w_strb_reg;
wire [3:0] rk3_wr_bytes  = {4{hit_rk3}} & w_strb_reg;

// To the IP: command strobes and values (a command sees bytes not strobed as zero),
// pulses, read-write values, the staged key material and irq.
assign key_ctrl_wr     = hit_key_ctrl && !key_ctrl_refuse;
assign key_ctrl_slot   = wr_bits[3:0];
assign key_ctrl_len    = wr_bits[5:4];
assign key_ctrl_commit = wr_bits[8];
assign key_clear_wr    = hit_key_clear;
assign key_clear_slots = wr_bits[15:0];
assign key_stage       = {key7_reg, key6_reg, key5_reg, key4_reg, key3_reg, key2_reg, key1_reg, key0_reg};
assign ctrl_selftest   = hit_ctrl & wr_bits[0];
assign rk_stage        = {rk3_reg, rk2_reg, rk1_reg, rk0_reg};
assign rk_ctrl_wr      = hit_rk_ctrl && !rk_ctrl_refuse;
assign rk_ctrl_slot    = wr_bits[3:0];
assign rk_ctrl_len     = wr_bits[5:4];
assign rk_ctrl_commit  = wr_bits[8];
assign rk_ctrl_write   = wr_bits[12];
assign rk_ctrl_table   = wr_bits[13];
assign rk_ctrl_index   = wr_bits[19:16];

// irq: high exactly while ERR & IRQ_EN != 0, from the registers through one OR (a
// register of the next values would put the whole write decode in front of it).
assign irq = |{(err_bad_length_reg & irq_en_bad_length_reg),
               (err_bad_mode_reg & irq_en_bad_mode_reg),
               (err_slot_empty_reg & irq_en_slot_empty_reg),
               (err_ctr_wrap_reg & irq_en_ctr_wrap_reg),
               (err_not_built_reg & irq_en_not_built_reg),
               (err_selftest_fail_reg & irq_en_selftest_fail_reg),
               (err_tag_mismatch_reg & irq_en_tag_mismatch_reg)};

// Write response: OKAY for a writable register unless the IP refuses the command;
// SLVERR for a read-only or unmapped address, which the write does not change.
// aw_hit_reg is one-hot or zero, so a refused command is the one hit bit masked:
// an OR of the hit bits and one gate per refusable command, not a term per register.
wire wr_ok = (|aw_hit_reg) &&
             !(aw_hit_reg[HIT_KEY_CTRL] && key_ctrl_refuse) &&
             !(aw_hit_reg[HIT_RK_CTRL] && rk_ctrl_refuse);
wire [1:0] wr_resp = wr_ok ? RESP_OKAY : RESP_SLVERR;

// Read decode: the read address is decoded in the clock it is taken (ar_hit_reg,
// one bit per readable register), and the read data is formed from that decode in
// the next clock. Only readable values appear in the mux. The staging words are
// write-only key material with no path to s_axil_rdata: their addresses hit nothing
// and read as 0.
localparam RHIT_ID      = 0;
localparam RHIT_CAPS    = 1;
localparam RHIT_LATENCY = 2;
localparam RHIT_STATUS  = 3;
localparam RHIT_SLOTS   = 4;
localparam RHIT_ERR     = 5;
localparam RHIT_IRQ_EN  = 6;
localparam RHIT_MSGS    = 7;
localparam RHIT_BLOCKS  = 8;

reg [8:0] ar_dec;

always @* begin
    ar_dec[RHIT_ID]      = (s_axil_araddr[11:2] == ADDR_ID);
    ar_dec[RHIT_CAPS]    = (s_axil_araddr[11:2] == ADDR_CAPS);
    ar_dec[RHIT_LATENCY] = (s_axil_araddr[11:2] == ADDR_LATENCY);
    ar_dec[RHIT_STATUS]  = (s_axil_araddr[11:2] == ADDR_STATUS);
    ar_dec[RHIT_SLOTS]   = (s_axil_araddr[11:2] == ADDR_SLOTS);
    ar_dec[RHIT_ERR]     = (s_axil_araddr[11:2] == ADDR_ERR);
    ar_dec[RHIT_IRQ_EN]  = (s_axil_araddr[11:2] == ADDR_IRQ_EN);
    ar_dec[RHIT_MSGS]    = (s_axil_araddr[11:2] == ADDR_MSGS);
    ar_dec[RHIT_BLOCKS]  = (s_axil_araddr[11:2] == ADDR_BLOCKS);
end

// Write-only (and pulse) registers hit nothing and read as 0 with OKAY; any other
// address is unmapped: 0 with SLVERR.
wire ar_write_only = (s_axil_araddr[11:2] == ADDR_KEY_CTRL) ||
                     (s_axil_araddr[11:2] == ADDR_KEY_CLEAR) ||
                     (s_axil_araddr[11:2] == ADDR_KEY0) ||
                     (s_axil_araddr[11:2] == ADDR_KEY1) ||
                     (s_axil_araddr[11:2] == ADDR_KEY2) ||
                     (s_axil_araddr[11:2] == ADDR_KEY3) ||
                     (s_axil_araddr[11:2] == ADDR_KEY4) ||
                     (s_axil_araddr[11:2] == ADDR_KEY5) ||
                     (s_axil_araddr[11:2] == ADDR_KEY6) ||
                     (s_axil_araddr[11:2] == ADDR_KEY7) ||
                     (s_axil_araddr[11:2] == ADDR_CTRL) ||
                     (s_axil_araddr[11:2] == ADDR_RK0) ||
                     (s_axil_araddr[11:2] == ADDR_RK1) ||
                     (s_axil_araddr[11:2] == ADDR_RK2) ||
                     (s_axil_araddr[11:2] == ADDR_RK3) ||
                     (s_axil_araddr[11:2] == ADDR_RK_CTRL);
wire ar_unmapped = !(|ar_dec) && !ar_write_only;

// The read data: each readable register's word, kept where its bit is set.
reg [31:0] rd_data;

always @* begin
    rd_data = 32'd0;
    rd_data[31:0] = rd_data[31:0] | ({32{ar_hit_reg[RHIT_ID]}} & 32'h41455331);
    rd_data[1:0]   = rd_data[1:0] | ({2{ar_hit_reg[RHIT_CAPS]}} & caps_arch);
    rd_data[4:2]   = rd_data[4:2] | ({3{ar_hit_reg[RHIT_CAPS]}} & caps_stages);
    rd_data[8:5]   = rd_data[8:5] | ({4{ar_hit_reg[RHIT_CAPS]}} & caps_lanes);
    rd_data[10:9]  = rd_data[10:9] | ({2{ar_hit_reg[RHIT_CAPS]}} & caps_max_key);
    rd_data[15:11] = rd_data[15:11] | ({5{ar_hit_reg[RHIT_CAPS]}} & caps_key_slots);
    rd_data[16]    = rd_data[16] | (ar_hit_reg[RHIT_CAPS] & caps_decrypt);
    rd_data[17]    = rd_data[17] | (ar_hit_reg[RHIT_CAPS] & caps_host_keys);
    rd_data[18]    = rd_data[18] | (ar_hit_reg[RHIT_CAPS] & caps_selftest);
    rd_data[20:19] = rd_data[20:19] | ({2{ar_hit_reg[RHIT_CAPS]}} & caps_sbox);
    rd_data[21]    = rd_data[21] | (ar_hit_reg[RHIT_CAPS] & caps_gcm);
    rd_data[31:0] = rd_data[31:0] | ({32{ar_hit_reg[RHIT_LATENCY]}} & latency_clocks);
    rd_data[0] = rd_data[0] | (ar_hit_reg[RHIT_STATUS] & status_selftest_done);
    rd_data[1] = rd_data[1] | (ar_hit_reg[RHIT_STATUS] & status_selftest_passed);
    rd_data[2] = rd_data[2] | (ar_hit_reg[RHIT_STATUS] & status_busy);
    rd_data[15:0]  = rd_data[15:0] | ({16{ar_hit_reg[RHIT_SLOTS]}} & slots_loaded);
    rd_data[31:16] = rd_data[31:16] | ({16{ar_hit_reg[RHIT_SLOTS]}} & slots_loading);
    rd_data[1] = rd_data[1] | (ar_hit_reg[RHIT_ERR] & err_bad_length_reg);
    rd_data[2] = rd_data[2] | (ar_hit_reg[RHIT_ERR] & err_bad_mode_reg);
    rd_data[3] = rd_data[3] | (ar_hit_reg[RHIT_ERR] & err_slot_empty_reg);
    rd_data[4] = rd_data[4] | (ar_hit_reg[RHIT_ERR] & err_ctr_wrap_reg);
    rd_data[5] = rd_data[5] | (ar_hit_reg[RHIT_ERR] & err_not_built_reg);
    rd_data[6] = rd_data[6] | (ar_hit_reg[RHIT_ERR] & err_selftest_fail_reg);
    rd_data[7] = rd_data[7] | (ar_hit_reg[RHIT_ERR] & err_tag_mismatch_reg);
    rd_data[1] = rd_data[1] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_bad_length_reg);
    rd_data[2] = rd_data[2] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_bad_mode_reg);
    rd_data[3] = rd_data[3] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_slot_empty_reg);
    rd_data[4] = rd_data[4] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_ctr_wrap_reg);
    rd_data[5] = rd_data[5] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_not_built_reg);
    rd_data[6] = rd_data[6] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_selftest_fail_reg);
    rd_data[7] = rd_data[7] | (ar_hit_reg[RHIT_IRQ_EN] & irq_en_tag_mismatch_reg);
    rd_data[31:0] = rd_data[31:0] | ({32{ar_hit_reg[RHIT_MSGS]}} & msgs_count);
    rd_data[31:0] = rd_data[31:0] | ({32{ar_hit_reg[RHIT_BLOCKS]}} & blocks_count);
end

always @* begin
    aw_full_next = aw_full_reg;
    aw_hit_next  = aw_hit_reg;
    w_full_next  = w_full_reg;
    w_data_next  = w_data_reg;
    w_strb_next  = w_strb_reg;
    b_valid_next = b_valid_reg;
    b_resp_next  = b_resp_reg;
    ar_full_next = ar_full_reg;
    ar_hit_next  = ar_hit_reg;
    ar_bad_next  = ar_bad_reg;
    r_valid_next = r_valid_reg;
    r_data_next  = r_data_reg;
    r_resp_next  = r_resp_reg;

    // Write address and data, taken in either order; then the write and its response.
    if (s_axil_awvalid && s_axil_awready) begin
        aw_full_next = 1'b1;
        aw_hit_next = aw_dec;
    end
    if (s_axil_wvalid && s_axil_wready) begin
        w_full_next = 1'b1;
        w_data_next = s_axil_wdata;
        w_strb_next = s_axil_wstrb;
    end
    if (wr_go) begin
        aw_full_next = 1'b0;
        w_full_next  = 1'b0;
        w_data_next  = 32'd0;  // leave no copy of the written (key) data behind
        b_valid_next = 1'b1;
        b_resp_next  = wr_resp;
    end else if (s_axil_bready) begin
        b_valid_next = 1'b0;
    end

    // Read: the address decoded when taken, answered in the next clock, held until
    // taken. Reads change nothing else.
    if (s_axil_arvalid && s_axil_arready) begin
        ar_full_next = 1'b1;
        ar_hit_next  = ar_dec;
        ar_bad_next  = ar_unmapped;
    end
    if (ar_full_reg) begin
        ar_full_next = 1'b0;
        r_valid_next = 1'b1;
        r_data_next  = rd_data;
        r_resp_next  = ar_bad_reg ? RESP_SLVERR : RESP_OKAY;
    end else if (s_axil_rready) begin
        r_valid_next = 1'b0;
    end

    // ERR: set by the IP, cleared by writing 1; a set in the same clock wins.
    err_bad_length_next    = (err_bad_length_reg & ~(hit_err & wr_bits[1])) | err_set[1];
    err_bad_mode_next      = (err_bad_mode_reg & ~(hit_err & wr_bits[2])) | err_set[2];
    err_slot_empty_next    = (err_slot_empty_reg & ~(hit_err & wr_bits[3])) | err_set[3];
    err_ctr_wrap_next      = (err_ctr_wrap_reg & ~(hit_err & wr_bits[4])) | err_set[4];
    err_not_built_next     = (err_not_built_reg & ~(hit_err & wr_bits[5])) | err_set[5];
    err_selftest_fail_next = (err_selftest_fail_reg & ~(hit_err & wr_bits[6])) | err_set[6];
    err_tag_mismatch_next  = (err_tag_mismatch_reg & ~(hit_err & wr_bits[7])) | err_set[7];

    // IRQ_EN: read-write, byte by byte.
    irq_en_bad_length_next    = hit_irq_en ? ((irq_en_bad_length_reg & ~wr_mask[1]) | wr_bits[1]) : irq_en_bad_length_reg;
    irq_en_bad_mode_next      = hit_irq_en ? ((irq_en_bad_mode_reg & ~wr_mask[2]) | wr_bits[2]) : irq_en_bad_mode_reg;
    irq_en_slot_empty_next    = hit_irq_en ? ((irq_en_slot_empty_reg & ~wr_mask[3]) | wr_bits[3]) : irq_en_slot_empty_reg;
    irq_en_ctr_wrap_next      = hit_irq_en ? ((irq_en_ctr_wrap_reg & ~wr_mask[4]) | wr_bits[4]) : irq_en_ctr_wrap_reg;
    irq_en_not_built_next     = hit_irq_en ? ((irq_en_not_built_reg & ~wr_mask[5]) | wr_bits[5]) : irq_en_not_built_reg;
    irq_en_selftest_fail_next = hit_irq_en ? ((irq_en_selftest_fail_reg & ~wr_mask[6]) | wr_bits[6]) : irq_en_selftest_fail_reg;
    irq_en_tag_mismatch_next  = hit_irq_en ? ((irq_en_tag_mismatch_reg & ~wr_mask[7]) | wr_bits[7]) : irq_en_tag_mismatch_reg;

    // KEY0..KEY7: zeroized by key_stage_clear; a write in the same clock lands after it.
    // Byte by byte: a byte written (its word hit, its strobe set) takes the write-data
    // register's byte; else the clear zeroes it; else it holds. Synthesis maps the byte
    // enable to the flip-flops' clock enable and the clear to their synchronous reset,
    // so the D input is the write-data bit itself, with no LUT in front of it.
    if (key_stage_clear && !key0_wr_bytes[0]) key0_next[7:0] = 8'd0;
    else if (key0_wr_bytes[0]) key0_next[7:0] = w_data_reg[7:0];
    else key0_next[7:0] = key0_reg[7:0];
    if (key_stage_clear && !key0_wr_bytes[1]) key0_next[15:8] = 8'd0;
    else if (key0_wr_bytes[1]) key0_next[15:8] = w_data_reg[15:8];
    else key0_next[15:8] = key0_reg[15:8];
    if (key_stage_clear && !key0_wr_bytes[2]) key0_next[23:16] = 8'd0;
    else if (key0_wr_bytes[2]) key0_next[23:16] = w_data_reg[23:16];
    else key0_next[23:16] = key0_reg[23:16];
    if (key_stage_clear && !key0_wr_bytes[3]) key0_next[31:24] = 8'd0;
    else if (key0_wr_bytes[3]) key0_next[31:24] = w_data_reg[31:24];
    else key0_next[31:24] = key0_reg[31:24];
    if (key_stage_clear && !key1_wr_bytes[0]) key1_next[7:0] = 8'd0;
    else if (key1_wr_bytes[0]) key1_next[7:0] = w_data_reg[7:0];
    else key1_next[7:0] = key1_reg[7:0];
    if (key_stage_clear && !key1_wr_bytes[1]) key1_next[15:8] = 8'd0;
    else if (key1_wr_bytes[1]) key1_next[15:8] = w_data_reg[15:8];
    else key1_next[15:8] = key1_reg[15:8];
    if (key_stage_clear && !key1_wr_bytes[2]) key1_next[23:16] = 8'd0;
    else if (key1_wr_bytes[2]) key1_next[23:16] = w_data_reg[23:16];
    else key1_next[23:16] = key1_reg[23:16];
    if (key_stage_clear && !key1_wr_bytes[3]) key1_next[31:24] = 8'd0;
    else if (key1_wr_bytes[3]) key1_next[31:24] = w_data_reg[31:24];
    else key1_next[31:24] = key1_reg[31:24];
    if (key_stage_clear && !key2_wr_bytes[0]) key2_next[7:0] = 8'd0;
    else if (key2_wr_bytes[0]) key2_next[7:0] = w_data_reg[7:0];
    else key2_next[7:0] = key2_reg[7:0];
    if (key_stage_clear && !key2_wr_bytes[1]) key2_next[15:8] = 8'd0;
    else if (key2_wr_bytes[1]) key2_next[15:8] = w_data_reg[15:8];
    else key2_next[15:8] = key2_reg[15:8];
    if (key_stage_clear && !key2_wr_bytes[2]) key2_next[23:16] = 8'd0;
    else if (key2_wr_bytes[2]) key2_next[23:16] = w_data_reg[23:16];
    else key2_next[23:16] = key2_reg[23:16];
    if (key_stage_clear && !key2_wr_bytes[3]) key2_next[31:24] = 8'd0;
    else if (key2_wr_bytes[3]) key2_next[31:24] = w_data_reg[31:24];
    else key2_next[31:24] = key2_reg[31:24];
    if (key_stage_clear && !key3_wr_bytes[0]) key3_next[7:0] = 8'd0;
    else if (key3_wr_bytes[0]) key3_next[7:0] = w_data_reg[7:0];
    else key3_next[7:0] = key3_reg[7:0];
    if (key_stage_clear && !key3_wr_bytes[1]) key3_next[15:8] = 8'd0;
    else if (key3_wr_bytes[1]) key3_next[15:8] = w_data_reg[15:8];
    else key3_next[15:8] = key3_reg[15:8];
    if (key_stage_clear && !key3_wr_bytes[2]) key3_next[23:16] = 8'd0;
    else if (key3_wr_bytes[2]) key3_next[23:16] = w_data_reg[23:16];
    else key3_next[23:16] = key3_reg[23:16];
    if (key_stage_clear && !key3_wr_bytes[3]) key3_next[31:24] = 8'd0;
    else if (key3_wr_bytes[3]) key3_next[31:24] = w_data_reg[31:24];
    else key3_next[31:24] = key3_reg[31:24];
    if (key_stage_clear && !key4_wr_bytes[0]) key4_next[7:0] = 8'd0;
    else if (key4_wr_bytes[0]) key4_next[7:0] = w_data_reg[7:0];
    else key4_next[7:0] = key4_reg[7:0];
    if (key_stage_clear && !key4_wr_bytes[1]) key4_next[15:8] = 8'd0;
    else if (key4_wr_bytes[1]) key4_next[15:8] = w_data_reg[15:8];
    else key4_next[15:8] = key4_reg[15:8];
    if (key_stage_clear && !key4_wr_bytes[2]) key4_next[23:16] = 8'd0;
    else if (key4_wr_bytes[2]) key4_next[23:16] = w_data_reg[23:16];
    else key4_next[23:16] = key4_reg[23:16];
    if (key_stage_clear && !key4_wr_bytes[3]) key4_next[31:24] = 8'd0;
    else if (key4_wr_bytes[3]) key4_next[31:24] = w_data_reg[31:24];
    else key4_next[31:24] = key4_reg[31:24];
    if (key_stage_clear && !key5_wr_bytes[0]) key5_next[7:0] = 8'd0;
    else if (key5_wr_bytes[0]) key5_next[7:0] = w_data_reg[7:0];
    else key5_next[7:0] = key5_reg[7:0];
    if (key_stage_clear && !key5_wr_bytes[1]) key5_next[15:8] = 8'd0;
    else if (key5_wr_bytes[1]) key5_next[15:8] = w_data_reg[15:8];
    else key5_next[15:8] = key5_reg[15:8];
    if (key_stage_clear && !key5_wr_bytes[2]) key5_next[23:16] = 8'd0;
    else if (key5_wr_bytes[2]) key5_next[23:16] = w_data_reg[23:16];
    else key5_next[23:16] = key5_reg[23:16];
    if (key_stage_clear && !key5_wr_bytes[3]) key5_next[31:24] = 8'd0;
    else if (key5_wr_bytes[3]) key5_next[31:24] = w_data_reg[31:24];
    else key5_next[31:24] = key5_reg[31:24];
    if (key_stage_clear && !key6_wr_bytes[0]) key6_next[7:0] = 8'd0;
    else if (key6_wr_bytes[0]) key6_next[7:0] = w_data_reg[7:0];
    else key6_next[7:0] = key6_reg[7:0];
    if (key_stage_clear && !key6_wr_bytes[1]) key6_next[15:8] = 8'd0;
    else if (key6_wr_bytes[1]) key6_next[15:8] = w_data_reg[15:8];
    else key6_next[15:8] = key6_reg[15:8];
    if (key_stage_clear && !key6_wr_bytes[2]) key6_next[23:16] = 8'd0;
    else if (key6_wr_bytes[2]) key6_next[23:16] = w_data_reg[23:16];
    else key6_next[23:16] = key6_reg[23:16];
    if (key_stage_clear && !key6_wr_bytes[3]) key6_next[31:24] = 8'd0;
    else if (key6_wr_bytes[3]) key6_next[31:24] = w_data_reg[31:24];
    else key6_next[31:24] = key6_reg[31:24];
    if (key_stage_clear && !key7_wr_bytes[0]) key7_next[7:0] = 8'd0;
    else if (key7_wr_bytes[0]) key7_next[7:0] = w_data_reg[7:0];
    else key7_next[7:0] = key7_reg[7:0];
    if (key_stage_clear && !key7_wr_bytes[1]) key7_next[15:8] = 8'd0;
    else if (key7_wr_bytes[1]) key7_next[15:8] = w_data_reg[15:8];
    else key7_next[15:8] = key7_reg[15:8];
    if (key_stage_clear && !key7_wr_bytes[2]) key7_next[23:16] = 8'd0;
    else if (key7_wr_bytes[2]) key7_next[23:16] = w_data_reg[23:16];
    else key7_next[23:16] = key7_reg[23:16];
    if (key_stage_clear && !key7_wr_bytes[3]) key7_next[31:24] = 8'd0;
    else if (key7_wr_bytes[3]) key7_next[31:24] = w_data_reg[31:24];
    else key7_next[31:24] = key7_reg[31:24];

    // RK0..RK3: zeroized by rk_stage_clear; a write in the same clock lands after it.
    // Byte by byte: a byte written (its word hit, its strobe set) takes the write-data
    // register's byte; else the clear zeroes it; else it holds. Synthesis maps the byte
    // enable to the flip-flops' clock enable and the clear to their synchronous reset,
    // so the D input is the write-data bit itself, with no LUT in front of it.
    if (rk_stage_clear && !rk0_wr_bytes[0]) rk0_next[7:0] = 8'd0;
    else if (rk0_wr_bytes[0]) rk0_next[7:0] = w_data_reg[7:0];
    else rk0_next[7:0] = rk0_reg[7:0];
    if (rk_stage_clear && !rk0_wr_bytes[1]) rk0_next[15:8] = 8'd0;
    else if (rk0_wr_bytes[1]) rk0_next[15:8] = w_data_reg[15:8];
    else rk0_next[15:8] = rk0_reg[15:8];
    if (rk_stage_clear && !rk0_wr_bytes[2]) rk0_next[23:16] = 8'd0;
    else if (rk0_wr_bytes[2]) rk0_next[23:16] = w_data_reg[23:16];
    else rk0_next[23:16] = rk0_reg[23:16];
    if (rk_stage_clear && !rk0_wr_bytes[3]) rk0_next[31:24] = 8'd0;
    else if (rk0_wr_bytes[3]) rk0_next[31:24] = w_data_reg[31:24];
    else rk0_next[31:24] = rk0_reg[31:24];
    if (rk_stage_clear && !rk1_wr_bytes[0]) rk1_next[7:0] = 8'd0;
    else if (rk1_wr_bytes[0]) rk1_next[7:0] = w_data_reg[7:0];
    else rk1_next[7:0] = rk1_reg[7:0];
    if (rk_stage_clear && !rk1_wr_bytes[1]) rk1_next[15:8] = 8'd0;
    else if (rk1_wr_bytes[1]) rk1_next[15:8] = w_data_reg[15:8];
    else rk1_next[15:8] = rk1_reg[15:8];
    if (rk_stage_clear && !rk1_wr_bytes[2]) rk1_next[23:16] = 8'd0;
    else if (rk1_wr_bytes[2]) rk1_next[23:16] = w_data_reg[23:16];
    else rk1_next[23:16] = rk1_reg[23:16];
    if (rk_stage_clear && !rk1_wr_bytes[3]) rk1_next[31:24] = 8'd0;
    else if (rk1_wr_bytes[3]) rk1_next[31:24] = w_data_reg[31:24];
    else rk1_next[31:24] = rk1_reg[31:24];
    if (rk_stage_clear && !rk2_wr_bytes[0]) rk2_next[7:0] = 8'd0;
    else if (rk2_wr_bytes[0]) rk2_next[7:0] = w_data_reg[7:0];
    else rk2_next[7:0] = rk2_reg[7:0];
    if (rk_stage_clear && !rk2_wr_bytes[1]) rk2_next[15:8] = 8'd0;
    else if (rk2_wr_bytes[1]) rk2_next[15:8] = w_data_reg[15:8];
    else rk2_next[15:8] = rk2_reg[15:8];
    if (rk_stage_clear && !rk2_wr_bytes[2]) rk2_next[23:16] = 8'd0;
    else if (rk2_wr_bytes[2]) rk2_next[23:16] = w_data_reg[23:16];
    else rk2_next[23:16] = rk2_reg[23:16];
    if (rk_stage_clear && !rk2_wr_bytes[3]) rk2_next[31:24] = 8'd0;
    else if (rk2_wr_bytes[3]) rk2_next[31:24] = w_data_reg[31:24];
    else rk2_next[31:24] = rk2_reg[31:24];
    if (rk_stage_clear && !rk3_wr_bytes[0]) rk3_next[7:0] = 8'd0;
    else if (rk3_wr_bytes[0]) rk3_next[7:0] = w_data_reg[7:0];
    else rk3_next[7:0] = rk3_reg[7:0];
    if (rk_stage_clear && !rk3_wr_bytes[1]) rk3_next[15:8] = 8'd0;
    else if (rk3_wr_bytes[1]) rk3_next[15:8] = w_data_reg[15:8];
    else rk3_next[15:8] = rk3_reg[15:8];
    if (rk_stage_clear && !rk3_wr_bytes[2]) rk3_next[23:16] = 8'd0;
    else if (rk3_wr_bytes[2]) rk3_next[23:16] = w_data_reg[23:16];
    else rk3_next[23:16] = rk3_reg[23:16];
    if (rk_stage_clear && !rk3_wr_bytes[3]) rk3_next[31:24] = 8'd0;
    else if (rk3_wr_bytes[3]) rk3_next[31:24] = w_data_reg[31:24];
    else rk3_next[31:24] = rk3_reg[31:24];
end

always @(posedge clk) begin
    aw_full_reg              <= aw_full_next;
    aw_hit_reg               <= aw_hit_next;
    w_full_reg               <= w_full_next;
    w_data_reg               <= w_data_next;
    w_strb_reg               <= w_strb_next;
    b_valid_reg              <= b_valid_next;
    b_resp_reg               <= b_resp_next;
    ar_full_reg              <= ar_full_next;
    ar_hit_reg               <= ar_hit_next;
    ar_bad_reg               <= ar_bad_next;
    r_valid_reg              <= r_valid_next;
    r_data_reg               <= r_data_next;
    r_resp_reg               <= r_resp_next;
    err_bad_length_reg       <= err_bad_length_next;
    err_bad_mode_reg         <= err_bad_mode_next;
    err_slot_empty_reg       <= err_slot_empty_next;
    err_ctr_wrap_reg         <= err_ctr_wrap_next;
    err_not_built_reg        <= err_not_built_next;
    err_selftest_fail_reg    <= err_selftest_fail_next;
    err_tag_mismatch_reg     <= err_tag_mismatch_next;
    key0_reg                 <= key0_next;
    key1_reg                 <= key1_next;
    key2_reg                 <= key2_next;
    key3_reg                 <= key3_next;
    key4_reg                 <= key4_next;
    key5_reg                 <= key5_next;
    key6_reg                 <= key6_next;
    key7_reg                 <= key7_next;
    irq_en_bad_length_reg    <= irq_en_bad_length_next;
    irq_en_bad_mode_reg      <= irq_en_bad_mode_next;
    irq_en_slot_empty_reg    <= irq_en_slot_empty_next;
    irq_en_ctr_wrap_reg      <= irq_en_ctr_wrap_next;
    irq_en_not_built_reg     <= irq_en_not_built_next;
    irq_en_selftest_fail_reg <= irq_en_selftest_fail_next;
    irq_en_tag_mismatch_reg  <= irq_en_tag_mismatch_next;
    rk0_reg                  <= rk0_next;
    rk1_reg                  <= rk1_next;
    rk2_reg                  <= rk2_next;
    rk3_reg                  <= rk3_next;

    if (rst) begin
        aw_full_reg              <= 1'b0;
        aw_hit_reg               <= 18'd0;
        w_full_reg               <= 1'b0;
        w_data_reg               <= 32'd0;
        w_strb_reg               <= 4'd0;
        b_valid_reg              <= 1'b0;
        b_resp_reg               <= RESP_OKAY;
        ar_full_reg              <= 1'b0;
        ar_hit_reg               <= 9'd0;
        ar_bad_reg               <= 1'b0;
        r_valid_reg              <= 1'b0;
        r_data_reg               <= 32'd0;
        r_resp_reg               <= RESP_OKAY;
        err_bad_length_reg       <= 1'h0;
        err_bad_mode_reg         <= 1'h0;
        err_slot_empty_reg       <= 1'h0;
        err_ctr_wrap_reg         <= 1'h0;
        err_not_built_reg        <= 1'h0;
        err_selftest_fail_reg    <= 1'h0;
        err_tag_mismatch_reg     <= 1'h0;
        key0_reg                 <= 32'h0;
        key1_reg                 <= 32'h0;
        key2_reg                 <= 32'h0;
        key3_reg                 <= 32'h0;
        key4_reg                 <= 32'h0;
        key5_reg                 <= 32'h0;
        key6_reg                 <= 32'h0;
        key7_reg                 <= 32'h0;
        irq_en_bad_length_reg    <= 1'h0;
        irq_en_bad_mode_reg      <= 1'h0;
        irq_en_slot_empty_reg    <= 1'h0;
        irq_en_ctr_wrap_reg      <= 1'h0;
        irq_en_not_built_reg     <= 1'h0;
        irq_en_selftest_fail_reg <= 1'h0;
        irq_en_tag_mismatch_reg  <= 1'h0;
        rk0_reg                  <= 32'h0;
        rk1_reg                  <= 32'h0;
        rk2_reg                  <= 32'h0;
        rk3_reg                  <= 32'h0;
    end
end

// Inputs that AXI4-Lite lets this block ignore.
wire unused_ok = &{1'b0, s_axil_awaddr[1:0], s_axil_awprot, s_axil_araddr[1:0], s_axil_arprot, err_set[0]};

endmodule

`resetall
