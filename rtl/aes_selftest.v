// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// Power-up known-answer test: FIPS-197 Appendix C through the IP's own datapath.
//
// After reset, and on `start`, once the stream side is idle: every key slot is
// zeroized, then for each FIPS-197 Appendix C vector the build can hold (C.1 AES-128,
// C.2 AES-192, C.3 AES-256, up to MAX_KEY_BITS) the key is loaded into slot 0, the
// plaintext is encrypted and, with DECRYPT=1, the ciphertext decrypted, through aes_core
// exactly as message blocks are; each result is compared with the published value.
// With GCM=1 a GCM known-answer test follows: McGrew and Viega's test case 2 (AES-128,
// K = 0, IV = 0^96, one zero block of plaintext; the GCM specification's appendix B). The
// zero key is loaded into slot 0 and the engine computes H = E_K(0^128), E_K(J0) and the
// ciphertext E_K(inc32(J0)), each compared with the published value; then the GHASH
// unit, given the published H, hashes the ciphertext and the length block and its result
// is compared with the published GHASH(H, A, C). The GHASH unit is cleared after it.
// Finally every slot is zeroized again and `done` rises with `passed`.
//
// With KEY_EXPANSION="HOST" there is no expansion logic to load a key with: the test
// writes the C.1 round keys (FIPS-197 Appendix C.1, encryption and equivalent-inverse
// decryption order) from a constant table through the host round-key port, so only
// C.1 runs, and of the GCM test only the GHASH part (the zero key's round keys are not
// in the table).
module aes_selftest #(
    // Longest key of the build: 128, 192 or 256.
    parameter MAX_KEY_BITS = 256,
    // 1: also check decryption.
    parameter DECRYPT = 1,
    // "HW" or "HOST" (see above).
    parameter [8*16-1:0] KEY_EXPANSION = "HW",
    // 1: also the GCM known-answer test (the build has a GHASH unit).
    parameter GCM = 0
) (
    input  wire         clk,
    input  wire         rst,

    input  wire         start,        // run again (CTRL[0])
    input  wire         stream_idle,  // no message in the datapath
    output wire         pending,      // a run is due: start no new message
    output wire         active,       // the test owns the key slots and the engine
    output wire         done,
    output wire         passed,
    output wire         failed,       // the last run failed (held until the next run starts)

    // Key slots.
    output wire         ld_valid,
    input  wire         ld_ready,
    output wire [1:0]   ld_len,
    output wire [255:0] ld_key,
    output wire         clr_valid,
    input  wire         keys_idle,
    input  wire         slot0_loaded,
    output wire         host_wr_valid,
    output wire         host_commit_valid,
    input  wire         host_ready,
    output wire [3:0]   host_idx,
    output wire         host_dec,
    output wire [127:0] host_key,

    // Engine (lane 0, key slot 0).
    output wire         blk_valid,
    input  wire         blk_ready,
    output wire [127:0] blk_data,
    output wire         blk_decrypt,
    input  wire         res_valid,
    input  wire [127:0] res_data,

    // The GHASH unit (owned while `active`; its m_ready is held high).
    output wire [127:0] gh_h,
    output wire         gh_h_load,
    input  wire         gh_h_ready,
    output wire         gh_h_clear,
    output wire         gh_s_valid,
    input  wire         gh_s_ready,
    output wire [127:0] gh_s_block,
    output wire         gh_s_first,
    output wire         gh_s_last,
    input  wire         gh_m_valid,
    input  wire [127:0] gh_m_hash
);

    localparam HOST = (KEY_EXPANSION == "HOST");
    // Vectors run: C.1 .. C.(NV).
    localparam [1:0] NV = HOST ? 2'd1 : (MAX_KEY_BITS == 128 ? 2'd1 : (MAX_KEY_BITS == 192 ? 2'd2 : 2'd3));

    // FIPS-197 Appendix C, in the library's byte order (byte 0 in bits [7:0]).
    localparam [255:0] KEY_C = 256'h1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100;
    localparam [127:0] PT_C = 128'hffeeddccbbaa99887766554433221100;
    localparam [127:0] CT_C1 = 128'h5ac5b47080b7cdd830047b6ad8e0c469;
    localparam [127:0] CT_C2 = 128'h91710deca070af6ee0df4c86a47ca9dd;
    localparam [127:0] CT_C3 = 128'h8960494b9049fceabf456751cab7a28e;

    // McGrew-Viega GCM test case 2, same byte order: H = E_K(0^128), E_K(J0), the
    // ciphertext E_K(inc32(J0)), the length block [0]_64 || [128]_64 and GHASH(H, {}, C).
    localparam [127:0] GCM_H = 128'h2e2b34ca59fa4c883b2c8aefd44be966;
    localparam [127:0] GCM_EJ0 = 128'h5a45e7a4571d7f3661307efacefce258;
    localparam [127:0] GCM_C = 128'h78feb271b9c228f392a3b660ceda8803;
    localparam [127:0] GCM_LEN = 128'h80000000000000000000000000000000;
    localparam [127:0] GCM_GHASH = 128'h85f8b0b6e57a45c3dc2392d61abb8cf3;
    // The engine's three blocks: 0^128, J0 = 0^96 || 1, inc32(J0) = 0^96 || 2.
    localparam [127:0] GCM_J0 = 128'h01000000000000000000000000000000;
    localparam [127:0] GCM_Y1 = 128'h02000000000000000000000000000000;

    localparam [4:0] S_IDLE = 5'd0, S_CLEAR = 5'd1, S_CLEAR_WAIT = 5'd2, S_LOAD = 5'd3,
                     S_LOAD_WAIT = 5'd4, S_ENC = 5'd5, S_ENC_WAIT = 5'd6, S_DEC = 5'd7,
                     S_DEC_WAIT = 5'd8, S_FINAL = 5'd9, S_FINAL_WAIT = 5'd10,
                     // GCM: the zero key, the engine's three blocks, then the GHASH unit
                     S_GLOAD = 5'd11, S_GLOAD_WAIT = 5'd12, S_GENC = 5'd13, S_GENC_WAIT = 5'd14,
                     S_GH_KEY = 5'd15, S_GH_KEY_WAIT = 5'd16, S_GH_BLK = 5'd17, S_GH_RES = 5'd18,
                     S_GH_CLEAR = 5'd19;
    // After the AES vectors: the GCM test (from its GHASH part without a key schedule),
    // or the final clear.
    localparam [4:0] S_AFTER_AES = (GCM == 0) ? S_FINAL_WAIT : (HOST ? S_GH_KEY : S_GLOAD);

    reg [4:0] state_reg, state_next;
    reg       pending_reg, pending_next;
    reg [1:0] vec_reg, vec_next;            // 0: C.1, 1: C.2, 2: C.3
    reg [4:0] rk_reg, rk_next;              // host round-key writes: [4] table, [3:0] index
    reg       fail_reg, fail_next;
    reg       done_reg, done_next;
    reg       clr_pulse_reg;                // the final clear: one clock
    reg [1:0] g_reg, g_next;                // GCM: engine block 0-2, or GHASH block 0-1

    wire [1:0]   len = vec_reg;
    wire [127:0] ct = (vec_reg == 2'd0) ? CT_C1 : ((vec_reg == 2'd1) ? CT_C2 : CT_C3);

    // FIPS-197 C.1 round keys for the HOST build: [4] 0 encryption, 1 decryption order.
    reg [127:0] host_key_rom;
    always @* begin
        case (rk_reg)
                5'd0: host_key_rom = 128'h0f0e0d0c0b0a09080706050403020100;
                5'd1: host_key_rom = 128'hfe76abd6f178a6dafa72afd2fd74aad6;
                5'd2: host_key_rom = 128'hfeb3306800c59bbef1bd3d640bcf92b6;
                5'd3: host_key_rom = 128'h41bf6904bf0c596cbfc9c2d24e74ffb6;
                5'd4: host_key_rom = 128'hfd8d05fdbc326cf9033e3595bcf7f747;
                5'd5: host_key_rom = 128'haa22f6ad57aff350eb9d9fa9e8a3aa3c;
                5'd6: host_key_rom = 128'h6b1fa30ac13d55a79692a6f77d0f395e;
                5'd7: host_key_rom = 128'h26c0a94e4ddf0a448ce25fe31a70f914;
                5'd8: host_key_rom = 128'hd27abfaef4ba16e0b9651ca435874347;
                5'd9: host_key_rom = 128'h4e972cbe9ced9310685785f0d1329954;
                5'd10: host_key_rom = 128'hc5302b4d8ba707f3174a94e37f1d1113;
                5'd16: host_key_rom = 128'hc5302b4d8ba707f3174a94e37f1d1113;
                5'd17: host_key_rom = 128'h03bff70080f570f7f6af8f9cbe29aa13;
                5'd18: host_key_rom = 128'h834a87f7765aff6b4886258f63a46213;
                5'd19: host_key_rom = 128'hf510789c3edcdae42b22479c74fc828d;
                5'd20: host_key_rom = 128'hcbcca27815fe9d785fdec5118d09e372;
                5'd21: host_key_rom = 128'hde323f004a205869d2d726632710c42e;
                5'd22: host_key_rom = 128'h9412676998f77e0af5c7e24d04f5a2a8;
                5'd23: host_key_rom = 128'h0ce519636d309c47f13240e591e3c6c7;
                5'd24: host_key_rom = 128'h61d585249c02dca260d186229902dba0;
                5'd25: host_key_rom = 128'hfdd75986fcd35a80f9d35d82f0df568c;
                5'd26: host_key_rom = 128'h0f0e0d0c0b0a09080706050403020100;
            default: host_key_rom = 128'd0;
        endcase
    end

    wire rk_last = (rk_reg == (DECRYPT != 0 ? 5'd26 : 5'd10));

    wire [127:0] g_blk = (g_reg == 2'd0) ? 128'd0 : ((g_reg == 2'd1) ? GCM_J0 : GCM_Y1);
    wire [127:0] g_want = (g_reg == 2'd0) ? GCM_H : ((g_reg == 2'd1) ? GCM_EJ0 : GCM_C);

    always @* begin
        state_next = state_reg;
        pending_next = pending_reg || start;
        vec_next = vec_reg;
        rk_next = rk_reg;
        g_next = g_reg;
        fail_next = fail_reg;
        // A request takes `done` down at once, even while a message keeps the run waiting.
        done_next = done_reg && !start;

        case (state_reg)
            S_IDLE: begin
                if (pending_reg && stream_idle && keys_idle) begin
                    pending_next = start;
                    done_next = 1'b0;
                    fail_next = 1'b0;
                    vec_next = 2'd0;
                    state_next = S_CLEAR;
                end
            end
            S_CLEAR: state_next = S_CLEAR_WAIT;
            S_CLEAR_WAIT: begin
                if (keys_idle) begin
                    rk_next = 5'd0;
                    state_next = S_LOAD;
                end
            end
            S_LOAD: begin
                if (HOST) begin
                    if (host_ready) begin
                        if (rk_reg == 5'd31) begin
                            state_next = S_LOAD_WAIT;           // commit issued
                        end else if (rk_last) begin
                            rk_next = 5'd31;
                        end else begin
                            rk_next = (rk_reg == 5'd10) ? 5'd16 : rk_reg + 5'd1;
                        end
                    end
                end else if (ld_ready) begin
                    state_next = S_LOAD_WAIT;
                end
            end
            S_LOAD_WAIT: if (keys_idle && slot0_loaded) state_next = S_ENC;
            S_ENC: if (blk_ready) state_next = S_ENC_WAIT;
            S_ENC_WAIT: begin
                if (res_valid) begin
                    fail_next = fail_reg || (res_data != ct);
                    state_next = (DECRYPT != 0) ? S_DEC : S_FINAL;
                end
            end
            S_DEC: if (blk_ready) state_next = S_DEC_WAIT;
            S_DEC_WAIT: begin
                if (res_valid) begin
                    fail_next = fail_reg || (res_data != PT_C);
                    state_next = S_FINAL;
                end
            end
            S_FINAL: begin
                // Next vector (its load replaces the key in slot 0), or the final clear.
                if (vec_reg + 2'd1 < NV) begin
                    vec_next = vec_reg + 2'd1;
                    state_next = S_LOAD;
                end else begin
                    g_next = 2'd0;
                    state_next = S_AFTER_AES;
                end
            end
            S_GLOAD: if (ld_ready) state_next = S_GLOAD_WAIT;
            S_GLOAD_WAIT: if (keys_idle && slot0_loaded) state_next = S_GENC;
            S_GENC: if (blk_ready) state_next = S_GENC_WAIT;
            S_GENC_WAIT: begin
                if (res_valid) begin
                    fail_next = fail_reg || (res_data != g_want);
                    g_next = (g_reg == 2'd2) ? 2'd0 : g_reg + 2'd1;
                    state_next = (g_reg == 2'd2) ? S_GH_KEY : S_GENC;
                end
            end
            S_GH_KEY: state_next = S_GH_KEY_WAIT;
            S_GH_KEY_WAIT: if (gh_h_ready) state_next = S_GH_BLK;
            S_GH_BLK: begin
                if (gh_s_ready) begin
                    g_next = g_reg + 2'd1;
                    if (g_reg == 2'd1) begin
                        state_next = S_GH_RES;
                    end
                end
            end
            S_GH_RES: begin
                if (gh_m_valid) begin
                    fail_next = fail_reg || (gh_m_hash != GCM_GHASH);
                    state_next = S_GH_CLEAR;
                end
            end
            S_GH_CLEAR: state_next = S_FINAL_WAIT;
            default: begin  // S_FINAL_WAIT: zeroize, then done (unless another run is due)
                if (keys_idle && !clr_pulse_reg) begin
                    done_next = !(pending_reg || start);
                    state_next = S_IDLE;
                end
            end
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            state_reg <= S_IDLE;
            pending_reg <= 1'b1;
            vec_reg <= 2'd0;
            rk_reg <= 5'd0;
            g_reg <= 2'd0;
            fail_reg <= 1'b0;
            done_reg <= 1'b0;
            clr_pulse_reg <= 1'b0;
        end else begin
            state_reg <= state_next;
            pending_reg <= pending_next;
            vec_reg <= vec_next;
            rk_reg <= rk_next;
            g_reg <= g_next;
            fail_reg <= fail_next;
            done_reg <= done_next;
            clr_pulse_reg <= (state_reg != S_FINAL_WAIT) && (state_next == S_FINAL_WAIT);
        end
    end

    assign pending = pending_reg;
    assign active = (state_reg != S_IDLE);
    assign done = done_reg;
    assign passed = done_reg && !fail_reg;
    // fail_reg is cleared only when a run starts (the stream is idle then, and no message
    // starts before the run ends), so a message in flight when a rerun is requested keeps
    // the verdict it started with.
    assign failed = fail_reg;

    assign clr_valid = (state_reg == S_CLEAR) || clr_pulse_reg;
    // S_GLOAD loads the zero key (AES-128).
    assign ld_valid = !HOST && ((state_reg == S_LOAD) || (state_reg == S_GLOAD));
    assign ld_len = (state_reg == S_GLOAD) ? 2'd0 : len;
    assign ld_key = (state_reg == S_LOAD) ? (KEY_C & ~({256{1'b1}} << (128 + 64 * len))) : 256'd0;
    assign host_wr_valid = HOST && (state_reg == S_LOAD) && (rk_reg != 5'd31);
    assign host_commit_valid = HOST && (state_reg == S_LOAD) && (rk_reg == 5'd31);
    assign host_idx = rk_reg[3:0];
    assign host_dec = rk_reg[4];
    assign host_key = (state_reg == S_LOAD) ? host_key_rom : 128'd0;
    assign blk_valid = (state_reg == S_ENC) || (state_reg == S_DEC) || (state_reg == S_GENC);
    assign blk_data = (state_reg == S_GENC) ? g_blk : ((state_reg == S_DEC) ? ct : PT_C);
    assign blk_decrypt = (state_reg == S_DEC);

    assign gh_h = (state_reg == S_GH_KEY) ? GCM_H : 128'd0;
    assign gh_h_load = (state_reg == S_GH_KEY);
    assign gh_h_clear = (state_reg == S_GH_CLEAR);
    assign gh_s_valid = (state_reg == S_GH_BLK);
    assign gh_s_block = (state_reg != S_GH_BLK) ? 128'd0 : ((g_reg == 2'd0) ? GCM_C : GCM_LEN);
    assign gh_s_first = (g_reg == 2'd0);
    assign gh_s_last = (g_reg == 2'd1);

endmodule

`resetall
