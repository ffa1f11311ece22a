// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Key slots: round-key store, key expansion in the background, slot state, zeroization.
//
// A slot is empty, loading (a key was committed and is being expanded), clearing (being
// zeroized) or loaded (holds a key of length slot_len). One job runs at a time:
//
//   load   accepted on load_valid & load_ready (no job running or queued). The slot at
//          once stops being loaded and becomes loading; the key is captured by the
//          expander. The expander only writes once `slot_hold` of that slot is low, so
//          blocks of a message that started with the old key keep reading the old round
//          keys until that message has left the datapath. 44/52/60 clocks of writing.
//   clear  clear_valid with a slot mask, always accepted: the slots stop being loaded at
//          once (a clear wins over a load still in progress) and are queued; each is
//          zeroized in NIDX clocks per table, again only once its hold is low.
//   reset  every slot is queued for zeroization, so no round key survives a reset.
//
// With KEY_EXPANSION="HOST" there is no expansion logic: the host writes round keys
// one at a time into an empty slot (host_wr_*) and marks it loaded (host_commit_*).
// Writes or commits to a slot that is not empty, or while a job runs, are refused
// (host_ready low), so a slot in use never changes under a block. A commit presented in
// the same clock as a write is not taken (host_wr_valid and host_commit_valid are meant to
// be exclusive).
//
// The store's write port is registered: a load or a clear only ends (the slot becomes
// loaded, or stops clearing) once the store reports that its last write has landed
// (state FIN), so no block ever reads a half-written or half-zeroized slot.
module aes_key_slots #(
    // Number of key slots, 1 to 16.
    parameter KEY_SLOTS = 4,
    // Longest key accepted: 128, 192 or 256.
    parameter MAX_KEY_BITS = 256,
    // 1: keep decryption round keys too.
    parameter DECRYPT = 1,
    // S-box implementation for the expander's SubWord.
    parameter [8*16-1:0] SBOX = "LUT",
    // "HW": expand keys on chip; "HOST": the host writes the round keys.
    parameter [8*16-1:0] KEY_EXPANSION = "HW",
    // Read ports of the store: 0 one by {slot, index}; 1 one per index (pipelined).
    parameter PER_INDEX_PORTS = 0
) (
    input  wire                  clk,
    input  wire                  rst,

    // Key load (KEY_EXPANSION="HW").
    input  wire                  load_valid,
    output wire                  load_ready,
    input  wire [3:0]            load_slot,
    input  wire [1:0]            load_len,
    input  wire [255:0]          load_key,

    // Zeroize the slots whose bit is set.
    input  wire                  clear_valid,
    input  wire [15:0]           clear_mask,

    // Round-key writes by the host (KEY_EXPANSION="HOST").
    input  wire                  host_wr_valid,
    input  wire                  host_commit_valid,
    output wire                  host_ready,
    input  wire [3:0]            host_slot,
    input  wire [3:0]            host_idx,
    input  wire                  host_dec,
    input  wire [127:0]          host_key,
    input  wire [1:0]            host_len,

    // Slots in use by blocks in flight or by a started message: no write while high.
    input  wire [KEY_SLOTS-1:0]  slot_hold,

    output wire [KEY_SLOTS-1:0]  slot_loaded,
    output wire [KEY_SLOTS-1:0]  slot_loading,
    output wire [KEY_SLOTS-1:0]  slot_clearing,
    output wire [2*KEY_SLOTS-1:0] slot_len,
    output wire                  idle,

    // Read ports (see aes_key_store), always 15 wide; indices >= Nr+1 of the longest
    // key read as zero.
    input  wire [4*15-1:0]       rd_slot,
    input  wire [3:0]            rd_idx,
    input  wire [14:0]           rd_dec,
    output wire [128*15-1:0]     rd_key
);

    // Round-key indices kept per slot: Nr+1 of the longest key.
    localparam NIDX = MAX_KEY_BITS == 128 ? 11 : (MAX_KEY_BITS == 192 ? 13 : 15);
    localparam HOST = (KEY_EXPANSION == "HOST");
    localparam [KEY_SLOTS-1:0] ALL_SLOTS = {KEY_SLOTS{1'b1}};

    localparam [1:0] ST_IDLE = 2'd0, ST_WAIT = 2'd1, ST_RUN = 2'd2, ST_FIN = 2'd3;

    generate
        if (MAX_KEY_BITS != 128 && MAX_KEY_BITS != 192 && MAX_KEY_BITS != 256) begin : gen_invalid_key_bits
            aes_key_slots_invalid_MAX_KEY_BITS_must_be_128_192_or_256 invalid_key_bits_inst ();
        end
        if (KEY_EXPANSION != "HW" && KEY_EXPANSION != "HOST") begin : gen_invalid_expansion
            aes_key_slots_invalid_KEY_EXPANSION_must_be_HW_or_HOST invalid_expansion_inst ();
        end
    endgenerate

    reg [1:0]           state_reg, state_next;
    reg                 job_clear_reg, job_clear_next;   // 1 clear, 0 load
    reg [3:0]           job_slot_reg, job_slot_next;
    reg [1:0]           job_len_reg, job_len_next;
    reg [3:0]           zidx_reg, zidx_next;             // index being zeroized
    reg                 zdec_reg, zdec_next;             // table being zeroized (1 decryption)
    reg [KEY_SLOTS-1:0] loaded_reg, loaded_next;
    reg [KEY_SLOTS-1:0] loading_reg, loading_next;
    reg [KEY_SLOTS-1:0] clear_pend_reg, clear_pend_next;
    reg [2*KEY_SLOTS-1:0] len_reg, len_next;

    wire [KEY_SLOTS-1:0] clear_req = clear_valid ? clear_mask[KEY_SLOTS-1:0] : {KEY_SLOTS{1'b0}};
    // Slots above KEY_SLOTS do not exist: their clear bits are ignored.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_clear_bits = &{1'b0, clear_mask};
    /* verilator lint_on UNUSEDSIGNAL */

    // One-hot forms of the slot numbers (all zero for a slot that does not exist).
    wire [KEY_SLOTS-1:0] load_bit = onehot(load_slot);
    wire [KEY_SLOTS-1:0] host_bit = onehot(host_slot);
    wire [KEY_SLOTS-1:0] job_bit = onehot(job_slot_reg);

    function [KEY_SLOTS-1:0] onehot(input [3:0] slot);
        integer i;
        begin
            for (i = 0; i < KEY_SLOTS; i = i + 1) begin
                onehot[i] = (slot == i[3:0]);
            end
        end
    endfunction

    // The 2-bit length field of a one-hot slot set to len, others kept.
    function [2*KEY_SLOTS-1:0] set_len(input [2*KEY_SLOTS-1:0] lens, input [KEY_SLOTS-1:0] sel, input [1:0] len);
        integer i;
        begin
            set_len = lens;
            for (i = 0; i < KEY_SLOTS; i = i + 1) begin
                if (sel[i]) begin
                    set_len[2*i +: 2] = len;
                end
            end
        end
    endfunction
    wire                 job_free = (state_reg == ST_IDLE) && (clear_pend_reg == {KEY_SLOTS{1'b0}});
    wire                 load_slot_ok = (load_bit != {KEY_SLOTS{1'b0}});
    wire                 host_slot_ok = (host_bit != {KEY_SLOTS{1'b0}}) && ((loaded_reg & host_bit) == {KEY_SLOTS{1'b0}});

    assign load_ready = !HOST && job_free && load_slot_ok;
    assign host_ready = HOST && job_free && host_slot_ok;

    wire load_go = load_valid && load_ready;
    // The expander starts one clock after the load is taken, from a register: the
    // load handshake (slot decode, job state) then drives only the job registers, not
    // the expander's control. It captures the key on load_key in the clock of the
    // handshake and the length from job_len_reg; it runs from ST_RUN on, which comes
    // one clock later at the earliest.
    reg  load_go_reg;
    always @(posedge clk) begin
        load_go_reg <= !rst && load_go;
    end

    // Expander (HW) write port.
    wire         exp_busy;
    wire         store_wr_busy;  // a round-key write is still on its way into the store
    wire         exp_wr, exp_dec_wr;
    wire [3:0]   exp_enc_idx, exp_dec_idx;
    wire [127:0] exp_enc_key, exp_dec_key;
    // The expander's run input, from a register of its own (it enables the expander's
    // window): high in ST_RUN of a load.
    reg          exp_run_reg;
    wire         exp_run = exp_run_reg;
    // A clear job in ST_RUN (zeroizing), as a register: it clears the store's write
    // registers (their synchronous reset) and selects the zeroization index.
    reg          zeroize_reg;

    generate
        if (!HOST) begin : gen_expand
            aes_key_expand #(.SBOX(SBOX), .DECRYPT(DECRYPT), .MAX_KEY_BITS(MAX_KEY_BITS)) u_expand (
                .clk(clk),
                .rst(rst),
                .start(load_go_reg),
                .key(load_key),
                .key_len(job_len_reg),
                .run(exp_run),
                .busy(exp_busy),
                .wr_enc_valid(exp_wr),
                .wr_enc_idx(exp_enc_idx),
                .wr_enc_key(exp_enc_key),
                .wr_dec_valid(exp_dec_wr),
                .wr_dec_idx(exp_dec_idx),
                .wr_dec_key(exp_dec_key)
            );
        end else begin : gen_no_expand
            assign exp_busy = 1'b0;
            assign exp_wr = 1'b0;
            assign exp_dec_wr = 1'b0;
            assign exp_enc_idx = 4'd0;
            assign exp_dec_idx = 4'd0;
            assign exp_enc_key = 128'd0;
            assign exp_dec_key = 128'd0;
            // No expansion logic: the load port is not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_load = &{1'b0, load_key, exp_run, load_go_reg};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    // Lowest slot with a clear queued.
    reg [3:0] clear_first;
    integer s;
    always @* begin
        clear_first = 4'd0;
        for (s = KEY_SLOTS - 1; s >= 0; s = s - 1) begin
            if (clear_pend_reg[s]) begin
                clear_first = s[3:0];
            end
        end
    end

    // state_next == ST_RUN, from registers and slot_hold only (the job's kind does not
    // change in ST_WAIT or ST_RUN, so job_clear_reg is the job's kind in the next clock
    // too): a job waiting for its slot's hold to drop, or a job in ST_RUN that does not
    // end in this clock. It drives exp_run_reg and zeroize_reg, which fan out to the
    // expander's window and the store's write registers, so it leaves out the load
    // handshake and the clear requests that the full next state reads.
    wire hold_free = ((slot_hold & job_bit) == {KEY_SLOTS{1'b0}});
    wire clear_left = !((zidx_reg == NIDX - 1) && ((DECRYPT == 0) || zdec_reg));
    wire run_next = ((state_reg == ST_WAIT) && hold_free) ||
                    ((state_reg == ST_RUN) && (job_clear_reg ? clear_left : exp_busy));

    always @* begin
        state_next = state_reg;
        job_clear_next = job_clear_reg;
        job_slot_next = job_slot_reg;
        job_len_next = job_len_reg;
        zidx_next = zidx_reg;
        zdec_next = zdec_reg;
        loaded_next = loaded_reg & ~clear_req;
        loading_next = loading_reg;
        clear_pend_next = clear_pend_reg | clear_req;
        len_next = len_reg;

        case (state_reg)
            ST_IDLE: begin
                if (clear_pend_reg != {KEY_SLOTS{1'b0}}) begin
                    job_clear_next = 1'b1;
                    job_slot_next = clear_first;
                    zidx_next = 4'd0;
                    zdec_next = 1'b0;
                    state_next = ST_WAIT;
                end else if (load_go) begin
                    job_clear_next = 1'b0;
                    job_slot_next = load_slot;
                    job_len_next = load_len;
                    loaded_next = loaded_next & ~load_bit;
                    loading_next = loading_reg | load_bit;
                    state_next = ST_WAIT;
                end else if (host_commit_valid && host_ready && !host_wr_valid) begin
                    loaded_next = loaded_next | host_bit;
                    len_next = set_len(len_reg, host_bit, host_len);
                end
            end
            ST_WAIT: begin
                if (hold_free) begin
                    state_next = ST_RUN;
                end
            end
            ST_RUN: begin
                if (job_clear_reg) begin
                    // One table per clock: index i of the encryption table, then (DECRYPT)
                    // of the decryption table.
                    zdec_next = (DECRYPT != 0) && !zdec_reg;
                    if (!zdec_next) begin
                        zidx_next = zidx_reg + 4'd1;
                        if (zidx_reg == NIDX - 1) begin
                            state_next = ST_FIN;
                        end
                    end
                end else if (!exp_busy) begin
                    state_next = ST_FIN;
                end
            end
            default: begin  // ST_FIN: the store's registered write port drains
                if (!store_wr_busy) begin
                    if (job_clear_reg) begin
                        clear_pend_next = (clear_pend_reg & ~job_bit) | clear_req;
                    end else begin
                        // A clear that came during the load wins: the slot stays empty.
                        loaded_next = loaded_next | (job_bit & ~clear_pend_next);
                        loading_next = loading_reg & ~job_bit;
                        len_next = set_len(len_reg, job_bit, job_len_reg);
                    end
                    state_next = ST_IDLE;
                end
            end
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= ST_IDLE;
            exp_run_reg <= 1'b0;
            zeroize_reg <= 1'b0;
            job_clear_reg <= 1'b0;
            job_slot_reg <= 4'd0;
            job_len_reg <= 2'd0;
            zidx_reg <= 4'd0;
            zdec_reg <= 1'b0;
            loaded_reg <= {KEY_SLOTS{1'b0}};
            loading_reg <= {KEY_SLOTS{1'b0}};
            clear_pend_reg <= ALL_SLOTS;
            len_reg <= {2*KEY_SLOTS{1'b0}};
        end else begin
            state_reg <= state_next;
            exp_run_reg <= !job_clear_reg && run_next;
            zeroize_reg <= job_clear_reg && run_next;
            job_clear_reg <= job_clear_next;
            job_slot_reg <= job_slot_next;
            job_len_reg <= job_len_next;
            zidx_reg <= zidx_next;
            zdec_reg <= zdec_next;
            loaded_reg <= loaded_next;
            loading_reg <= loading_next;
            clear_pend_reg <= clear_pend_next;
            len_reg <= len_next;
        end
    end

    // Store write port: zeroization, expander or host.
    wire zeroize = zeroize_reg;   // (state_reg == ST_RUN) && job_clear_reg
    wire host_wr = host_wr_valid && host_ready;
    wire zero_enc = zeroize && !zdec_reg;
    wire zero_dec = zeroize && zdec_reg;
    wire wr_enc_en = zero_enc || exp_wr || (host_wr && !host_dec);
    wire wr_dec_en = (DECRYPT != 0) && (zero_dec || exp_dec_wr || (host_wr && host_dec));
    wire [3:0]   wr_slot = (HOST && !zeroize) ? host_slot : job_slot_reg;
    wire [3:0]   wr_enc_idx = zeroize ? zidx_reg : (HOST ? host_idx : exp_enc_idx);
    wire [3:0]   wr_dec_idx = zeroize ? zidx_reg : (HOST ? host_idx : exp_dec_idx);
    // Keys from the expander (HW) or the host (HOST); zeroization writes zeros (wr_zero).
    wire [127:0] wr_enc_key = HOST ? host_key : exp_enc_key;
    wire [127:0] wr_dec_key = HOST ? host_key : exp_dec_key;

    aes_key_store #(
        .KEY_SLOTS(KEY_SLOTS),
        .NIDX(NIDX),
        .DECRYPT(DECRYPT),
        .PER_INDEX_PORTS(PER_INDEX_PORTS)
    ) u_store (
        .clk(clk),
        .rst(rst),
        .wr_enc_en(wr_enc_en),
        .wr_dec_en(wr_dec_en),
        .wr_slot(wr_slot),
        .wr_enc_idx(wr_enc_idx),
        .wr_enc_key(wr_enc_key),
        .wr_dec_idx(wr_dec_idx),
        .wr_dec_key(wr_dec_key),
        .wr_zero(zeroize),
        .wr_busy(store_wr_busy),
        .rd_slot(rd_slot[4*NIDX-1:0]),
        .rd_idx(rd_idx),
        .rd_dec(rd_dec[NIDX-1:0]),
        .rd_key(rd_key[128*NIDX-1:0])
    );

    generate
        if (NIDX < 15) begin : gen_unused_ports
            assign rd_key[128*15-1:128*NIDX] = {128*(15-NIDX){1'b0}};
            // Ports beyond the longest key's Nr+1 indices are not read.
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_ports = &{1'b0, rd_slot[4*15-1:4*NIDX], rd_dec[14:NIDX]};
            /* verilator lint_on UNUSEDSIGNAL */
        end
    endgenerate

    assign slot_loaded = loaded_reg;
    assign slot_loading = loading_reg;
    assign slot_clearing = clear_pend_reg;
    assign slot_len = len_reg;
    assign idle = (state_reg == ST_IDLE) && (clear_pend_reg == {KEY_SLOTS{1'b0}});

endmodule

`resetall
