// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES key expansion (FIPS-197 §5.2) for 128/192/256-bit keys, one 32-bit word per clock
// (SBOX "TTABLE": per five clocks).
//
// `start` captures a key and its length; while `run` is high (read a clock ahead) the
// unit produces the words w[i], i = 0 .. 4*(Nr+1)-1, one per clock (TTABLE: one per
// five clocks). Every fourth word completes a round key, which is presented for one
// clock on the write port (`wr_enc_valid`) two clocks after its last word, from
// registers: `wr_enc_idx` = r with rk[r]. With DECRYPT=1 the key the
// equivalent inverse cipher uses at index Nr-r (InvMixColumns(rk[r]) for 0 < r < Nr,
// rk[r] itself for r = 0 and r = Nr) is presented in the same clock (`wr_dec_valid`,
// `wr_dec_idx`): InvMixColumns is applied one word at a time, to the registered word,
// off the path of the recurrence. A load takes 44, 52 or 60 clocks of `run` (with SBOX
// "TTABLE" five clocks a word: 220, 260 or 300), plus one for `run` to be read and two
// for the last round key. When the last round key is written the window is zeroized
// and `busy` falls; while idle the window follows `key`.
//
// Only the last Nk words are kept (a 256-bit window), with one SubWord (four S-boxes)
// and, for decryption, one InvMixColumns column. MAX_KEY_BITS=128 fixes the key length
// at 128 bits, which removes the length multiplexers.
module aes_key_expand #(
    // S-box implementation of SubWord: "LUT" or "COMPOSITE"; "TTABLE": two dual-port
    // tables in block RAM, read from a register, whose output is registered twice
    // (every word then takes five clocks).
    parameter [8*16-1:0] SBOX = "LUT",
    // 1: also produce the decryption round keys; 0: encryption only.
    parameter DECRYPT = 1,
    // Longest key accepted, 128, 192 or 256 (a longer key_len is taken as 128 bits).
    parameter MAX_KEY_BITS = 256
) (
    input  wire         clk,
    input  wire         rst,

    // Key input: the key is the one on `key` in the clock before start is high (the
    // idle window follows `key` and holds it while start is high); key_len is read
    // while start is high. `start` should come from a register: it enables the
    // unit's control registers.
    input  wire         start,
    input  wire [255:0] key,
    input  wire [1:0]   key_len,     // 0: 128, 1: 192, 2: 256 bits
    // Advance (low: hold, e.g. while the slot is in use). Read a clock ahead: the unit
    // advances in the clock after run is high, so that what enables the window is a
    // register of this unit's own (adv_reg).
    input  wire         run,
    output wire         busy,        // from a register

    // Round-key write port, from registers: the encryption key and the decryption key
    // (in the same clock).
    output wire         wr_enc_valid,
    output wire [3:0]   wr_enc_idx,
    output wire [127:0] wr_enc_key,
    output wire         wr_dec_valid,
    output wire [3:0]   wr_dec_idx,
    output wire [127:0] wr_dec_key
);

    localparam TABLE_SBOX = (SBOX == "TTABLE");

    reg  [255:0] win_reg, win_next;     // w[i-8] .. w[i-1], newest in [255:224]
    reg  [127:0] acc_reg, acc_next;     // the last four words, newest in [127:96]
    reg  [5:0]   word_reg, word_next;    // i
    reg  [2:0]   kmod_reg, kmod_next;    // i mod Nk (for i >= Nk)
    reg  [7:0]   rcon_reg, rcon_next;
    reg  [1:0]   len_reg, len_next;
    reg          busy_reg, busy_next;
    reg  [1:0]   tail_reg;               // clocks left after the last word (see below)
    reg          at_last_reg, at_last_next;  // word_reg == 4*(Nr+1) - 1, kept as a register
    reg          first_reg, first_next;      // word_reg < Nk (a key word), kept as a register
    // The window advances by a word in this clock: busy, run high in the clock before,
    // and (SBOX "TTABLE") the fifth clock of the word. Computed a clock ahead (adv_next,
    // below), so that the clock enable of the window and the accumulator is one LUT
    // from registers of this unit.
    reg          adv_reg;

    wire [3:0] nr = 4'd10 + {1'b0, len_reg, 1'b0};           // 10, 12, 14

    // The word w[i-1] and w[i-Nk] from the window.
    wire [31:0] w_prev = win_reg[255:224];
    reg  [31:0] w_back;
    always @* begin
        case (len_reg)
            2'd0:    w_back = win_reg[159:128];   // w[i-4]
            2'd1:    w_back = win_reg[95:64];     // w[i-6]
            default: w_back = win_reg[31:0];      // w[i-8]
        endcase
    end

    // SubWord, applied to RotWord(w[i-1]) or (Nk = 8, i mod 8 = 4) to w[i-1].
    // rot_reg: kmod_reg == 0 (RotWord, SubWord and Rcon); use_sub_reg: word i (i >= Nk)
    // takes SubWord, kmod_reg == 0 or (Nk = 8) kmod_reg == 4. Both are registers (each
    // selects 32 bits of the recurrence), loaded with kmod_reg.
    reg         rot_reg, rot_next, use_sub_reg, use_sub_next;
    wire        rot = rot_reg;
    wire [31:0] sub_in = rot ? {w_prev[7:0], w_prev[31:8]} : w_prev;
    wire [31:0] sub_out;

    wire        use_sub = use_sub_reg;
    // Tables: every word takes five clocks, whether it needs SubWord or not. In the
    // clock after the window moves sub_in is registered (clock 1), the tables read it
    // (2), their output is registered in the block RAM (3) and again in the fabric,
    // beside the window (4), and in clock 5 the word is computed. The routes to and
    // from the block RAMs, wherever the placer puts them, run from a flip-flop to a
    // flip-flop. wait_reg fills with ones from the bottom, one a clock, from the clock
    // after an advance: bit 2 is set in clock 4, so the advance is one LUT of registers
    // (see adv_next).
    reg  [2:0]  wait_reg, wait_next;
    // The next word's i and i mod Nk (as the recurrence below moves them).
    wire [5:0]  word_adv = word_reg + 6'd1;
    // The predicates of the next word are decoded from this word's registers as small
    // functions (no adder or magnitude comparator: Yosys maps those to carry chains).
    // kmod wraps after Nk - 1; the next word's kmod is 0 (RotWord) after a wrap, and 4
    // (Nk = 8: SubWord only) after 3.
    wire        kmod_wrap = (len_reg == 2'd0) ? (kmod_reg == 3'd3) :
                            (len_reg == 2'd1) ? (kmod_reg == 3'd5) : (kmod_reg == 3'd7);
    wire [2:0]  kmod_adv = kmod_wrap ? 3'd0 : kmod_reg + 3'd1;
    wire        use_sub_adv = kmod_wrap || (len_reg == 2'd2 && kmod_reg == 3'd3);
    // i + 1 < Nk (a key word), from i = word_reg: word_reg < Nk - 1 = 3, 5 or 7.
    wire [2:0]  wl = word_reg[2:0];
    wire        adv_key_word = (word_reg[5:3] == 3'd0) &&
                               ((len_reg == 2'd0) ? (!wl[2] && !(wl[1] && wl[0])) :
                                (len_reg == 2'd1) ? (!wl[2] || wl[1:0] == 2'b00) : !(&wl));
    // i + 1 == 4*(Nr+1) - 1, the last word.
    wire        adv_last = (word_reg == {nr, 2'b10});


    genvar b;
    generate
        if (TABLE_SBOX) begin : gen_subword_rom
            reg [31:0] sub_in_reg;
            always @(posedge clk) begin
                sub_in_reg <= sub_in;
            end
            for (b = 0; b < 4; b = b + 2) begin : gen_pair
                // Entry x = {2 S(x), S(x)}: the low byte is the S-box.
                wire [15:0] qa, qb;
                aes_rom #(.TABLE("ENC16"), .ABITS(8), .DBITS(16)) u_rom (
                    .clk(clk),
                    .en(1'b1),
                    .addr_a(sub_in_reg[8*b +: 8]),
                    .q_a(qa),
                    .addr_b(sub_in_reg[8*(b+1) +: 8]),
                    .q_b(qb)
                );
                reg [15:0] sub_q_reg, sub_r_reg;
                always @(posedge clk) begin
                    sub_q_reg <= {qb[7:0], qa[7:0]};   // the block RAM's output register
                    sub_r_reg <= sub_q_reg;
                end
                assign sub_out[8*b +: 16] = sub_r_reg;
                /* verilator lint_off UNUSEDSIGNAL */
                wire unused_q = &{1'b0, qa[15:8], qb[15:8]};
                /* verilator lint_on UNUSEDSIGNAL */
            end
        end else begin : gen_subword
            for (b = 0; b < 4; b = b + 1) begin : gen_sbox
                aes_sbox #(.SBOX(SBOX)) u_sbox (
                    .in(sub_in[8*b +: 8]),
                    .out(sub_out[8*b +: 8])
                );
            end
        end
    endgenerate

    // The clocks of a word (tables): zero in the clock after an advance and while idle,
    // then one more bit set a clock, until the word advances.
    always @* begin
        if (!busy_reg || adv_reg) begin
            wait_next = 3'b000;
        end else begin
            wait_next = {wait_reg[1:0], 1'b1};
        end
    end
    always @(posedge clk) begin
        if (rst) begin
            wait_reg <= 3'b000;
        end else begin
            wait_reg <= wait_next;
        end
    end
    wire [31:0] temp = rot ? (sub_out ^ {24'd0, rcon_reg}) : (use_sub ? sub_out : w_prev);

    // w[i]: a key word for i < Nk (the bottom word of the window, which turns by one
    // word as each goes out), else the recurrence.
    wire [31:0] w_new = first_reg ? win_reg[31:0] : (w_back ^ temp);

    always @* begin
        win_next = win_reg;
        acc_next = acc_reg;
        word_next = word_reg;
        kmod_next = kmod_reg;
        rot_next = rot_reg;
        use_sub_next = use_sub_reg;
        rcon_next = rcon_reg;
        len_next = len_reg;
        busy_next = busy_reg;
        at_last_next = at_last_reg;
        first_next = first_reg;

        if (!busy_reg) begin
            // While idle the window follows the key input, and holds it while start is
            // high (the key is the one of the clock before): its 256 flip-flops are
            // enabled by `start` alone, a register. It holds nothing the key source
            // did not hold the clock before. Key words w[0..Nk-1] sit at the
            // bottom of the window; for i >= Nk the window is aligned so that w[i-1]
            // is in the top word.
            if (!start) begin
                win_next = key;
            end
            if (start) begin
                len_next = (MAX_KEY_BITS == 128 || (MAX_KEY_BITS == 192 && key_len == 2'd2)) ? 2'd0 : key_len;
                word_next = 6'd0;
                kmod_next = 3'd0;
                rot_next = 1'b1;
                use_sub_next = 1'b1;
                rcon_next = 8'h01;
                busy_next = 1'b1;
                at_last_next = 1'b0;
                first_next = 1'b1;
            end
            // The last words have gone through (`start` is never high then: `busy` is).
            if (tail_reg == 2'd1) begin
                acc_next = 128'd0;
            end
        end else if (adv_reg) begin
            acc_next = {w_new, acc_reg[127:32]};
            word_next = word_adv;
            // the comparisons one word ahead, from registers (len_reg is fixed while busy)
            at_last_next = adv_last;
            first_next = adv_key_word;
            // Every word goes in on top. The key words come from the bottom, so the
            // window turns: after the Nk key words w[Nk-1] is on top and w[0] is Nk
            // words down, where w_back reads it.
            win_next = {w_new, win_reg[255:32]};
            if (!first_reg) begin
                kmod_next = kmod_adv;  // Nk = 8: 7 wraps
                rot_next = kmod_wrap;
                use_sub_next = use_sub_adv;
                if (rot) begin
                    rcon_next = {rcon_reg[6:0], 1'b0} ^ (rcon_reg[7] ? 8'h1b : 8'h00);
                end
            end
            if (at_last_reg) begin
                // Done: zeroize the window (the last words leave through acc_reg and the
                // decryption accumulator, zeroized when they have been written).
                win_next = 256'd0;
                busy_next = 1'b0;
            end
        end
    end

    // The next clock's advance: busy then, run now, and (tables) the next clock is the
    // fifth of its word or later (this one is the fourth: wait_reg[2] with no advance
    // now, which also keeps busy).
    wire adv_next = TABLE_SBOX ? (busy_reg && !adv_reg && wait_reg[2] && run) : (busy_next && run);

    always @(posedge clk) begin
        if (rst) begin
            adv_reg <= 1'b0;
            win_reg <= 256'd0;
            acc_reg <= 128'd0;
            word_reg <= 6'd0;
            kmod_reg <= 3'd0;
            rot_reg <= 1'b1;
            use_sub_reg <= 1'b1;
            rcon_reg <= 8'h01;
            len_reg <= 2'd0;
            busy_reg <= 1'b0;
            at_last_reg <= 1'b0;
            first_reg <= 1'b0;
        end else begin
            adv_reg <= adv_next;
            win_reg <= win_next;
            acc_reg <= acc_next;
            word_reg <= word_next;
            kmod_reg <= kmod_next;
            rot_reg <= rot_next;
            use_sub_reg <= use_sub_next;
            rcon_reg <= rcon_next;
            len_reg <= len_next;
            busy_reg <= busy_next;
            at_last_reg <= at_last_next;
            first_reg <= first_next;
        end
    end

    // A round key is complete when its fourth word is produced.
    wire [3:0]   round = word_reg[5:2];
    wire         produce = adv_reg;

    // The key is presented two clocks after its fourth word, from a copy of the
    // accumulator that loads every clock (enc_key_reg, no enable): the SubWord output,
    // the recurrence and the accumulator's enable stay inside this unit, and the write
    // port is driven by registers that can sit next to the key store.
    reg         enc_v1_reg, enc_valid_reg;
    reg [3:0]   enc_i1_reg, enc_idx_reg;
    reg [127:0] enc_key_reg;
    always @(posedge clk) begin
        if (rst) begin
            enc_v1_reg <= 1'b0;
            enc_valid_reg <= 1'b0;
        end else begin
            enc_v1_reg <= produce && (word_reg[1:0] == 2'b11);
            enc_valid_reg <= enc_v1_reg;
        end
        enc_i1_reg <= round;
        enc_idx_reg <= enc_i1_reg;
        enc_key_reg <= acc_reg;
    end
    assign wr_enc_valid = enc_valid_reg;
    assign wr_enc_idx = enc_idx_reg;
    assign wr_enc_key = enc_key_reg;

    // tail_reg counts the clocks after the last word until the last round key has been
    // presented (2, 1, 0). busy_out_reg is (busy_reg || tail_reg != 0), one clock
    // ahead.
    reg  [1:0] tail_next;
    reg        busy_out_reg;
    always @* begin
        if (produce && at_last_reg) begin
            tail_next = 2'd2;
        end else if (tail_reg != 2'd0) begin
            tail_next = tail_reg - 2'd1;
        end else begin
            tail_next = 2'd0;
        end
    end
    always @(posedge clk) begin
        if (rst) begin
            tail_reg <= 2'd0;
            busy_out_reg <= 1'b0;
        end else begin
            tail_reg <= tail_next;
            busy_out_reg <= busy_next || (tail_next != 2'd0);
        end
    end
    assign busy = busy_out_reg;

    generate
        if (DECRYPT != 0) begin : gen_dec_key
            // Clock i+1: w[i] (the newest word of acc_reg) through one InvMixColumns column
            // into the accumulator; clock i+2: a completed key is presented (with its
            // encryption key).
            reg         prev_valid_reg;     // a word was produced in the previous clock
            reg         prev_plain_reg;     // ... of round 0 or Nr (no InvMixColumns)
            reg         prev_end_reg;       // ... the fourth of its round key
            reg [3:0]   prev_idx_reg;       // ... whose decryption index is Nr - r
            reg [127:0] dacc_reg;
            reg         dwr_reg;
            reg [3:0]   didx_reg;

            wire [127:0] imc_full;
            wire [127:0] imc_in = {96'd0, acc_reg[127:96]};
            aes_inv_mix_columns u_imc (
                .in(imc_in),
                .out(imc_full)
            );
            wire [31:0] dword = prev_plain_reg ? acc_reg[127:96] : imc_full[31:0];
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_imc = &{1'b0, imc_full[127:32]};
            /* verilator lint_on UNUSEDSIGNAL */

            always @(posedge clk) begin
                if (rst) begin
                    prev_valid_reg <= 1'b0;
                    dwr_reg <= 1'b0;
                    dacc_reg <= 128'd0;
                end else begin
                    prev_valid_reg <= produce;
                    dwr_reg <= prev_valid_reg && prev_end_reg;
                    if (prev_valid_reg) begin
                        dacc_reg <= {dword, dacc_reg[127:32]};
                    end else if (dwr_reg && !busy_reg) begin
                        dacc_reg <= 128'd0;   // the last key has been presented
                    end
                end
                prev_plain_reg <= (round == 4'd0) || (round == nr);
                prev_end_reg <= (word_reg[1:0] == 2'b11);
                prev_idx_reg <= nr - round;
                didx_reg <= prev_idx_reg;
            end

            assign wr_dec_valid = dwr_reg;
            assign wr_dec_idx = didx_reg;
            assign wr_dec_key = dacc_reg;
        end else begin : gen_no_dec_key
            assign wr_dec_valid = 1'b0;
            assign wr_dec_idx = 4'd0;
            assign wr_dec_key = 128'd0;
        end
    endgenerate

endmodule

`resetall
