// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// One round unit of the PIPELINED engine (one lane): STAGES register stages, both directions

/*
 * The unit takes the state entering the round on `in` (combinational, from the unit
 * before), registers it, and puts the state leaving the round on `out` (combinational,
 * into the next unit's first register). Every one of the STAGES registers is followed by
 * part of the round; the cuts depend on the S-box implementation, and are placed where
 * that implementation is deepest (docs/engines.md has the logic depth of each). This
 * module checks the parameters and instantiates one implementation, whose header gives
 * its cuts:
 *
 *   SBOX "LUT"        aes_pipe_round_lut: 256 x 8 tables in logic; ShiftRows and
 *                     InvShiftRows are wiring in front of them.
 *   SBOX "COMPOSITE"  aes_pipe_round_composite: GF(((2^2)^2)^2) inversion (the tower of
 *                     aes_gf256_inv, functions of aes_gf_tower.vh and
 *                     aes_gf_tower_basis.vh), one inverter for both directions;
 *                     between two rounds of a block the state stays in the tower basis
 *                     (the first unit, FIRST=1, maps its input into it), and each
 *                     round's linear tail is one map folded at elaboration.
 *   SBOX "TTABLE"     aes_pipe_round_ttable: tables in block RAM (aes_rom), whose read
 *                     register is register 1, then an XOR network and the key.
 *
 * Controls: st_dec, st_last, st_pass bit s-1 belong to the block in register s (they
 * come from registers of the engine, decoded one clock early). `last` drops
 * (Inv)MixColumns; `pass` makes the unit a delay line (rounds beyond a short key's Nr).
 * LAST_MODE and PASS say which of these the unit can ever see, so the logic that can
 * never be used is not built. The round key must be valid while the block is in
 * register KEY_STAGE (STAGES, or 3 for TTABLE with 4 stages); aes_engine_pipelined
 * reads it from the key store one clock earlier.
 *
 * keep_hierarchy: synthesis maps each unit as a module of its own. Mapped together
 * with the rest of a flattened core, ABC lets the round stages grow toward the
 * design's deepest path (to save cells), so their depth would depend on unrelated
 * logic; on their own they keep the depth given in docs/engines.md. The implementation
 * modules keep their hierarchy too, with this module's parameters and ports: flattening
 * one module level reverses the order in which Yosys hands the logic to ABC, and ABC's
 * mapping depends on that order, so each unit maps as it did when the implementations
 * were generate branches of this module.
 */
(* keep_hierarchy *)
module aes_pipe_round #(
    // S-box implementation: "LUT", "COMPOSITE" or "TTABLE"
    parameter [8*16-1:0] SBOX = "LUT",
    // register stages in the unit, 1 to 4
    parameter STAGES = 1,
    // 1: both directions (equivalent inverse cipher); 0: encryption only
    parameter DECRYPT = 1,
    // 0: never the last round of a block; 1: always; 2: when st_last is set
    parameter LAST_MODE = 0,
    // 1: a block may pass through unchanged when st_pass is set; 0: never
    parameter PASS = 0,
    // 1: the first unit of the pipeline (COMPOSITE: maps its input into the tower basis)
    parameter FIRST = 0
) (
    input  wire              clk,

    // state entering the round, FIPS-197 byte i in bits [8i+7:8i]
    input  wire [127:0]      in,
    // direction of the block on `in` (1: decrypt)
    input  wire              in_dec,
    // direction, last-round and pass flags of the block in register s, bit s-1
    input  wire [STAGES-1:0] st_dec,
    input  wire [STAGES-1:0] st_last,
    input  wire [STAGES-1:0] st_pass,
    // round key (decryption keys in equivalent-inverse form), valid while the block is
    // in register KEY_STAGE
    input  wire [127:0]      round_key,

    // state leaving the round
    output wire [127:0]      out
);

localparam IS_LUT = (SBOX == "LUT");
localparam IS_COMPOSITE = (SBOX == "COMPOSITE");
localparam IS_TTABLE = (SBOX == "TTABLE");

generate
    // Illegal parameter values stop elaboration: the named module does not exist.
    if (!IS_LUT && !IS_COMPOSITE && !IS_TTABLE) begin : gen_invalid_sbox
        aes_pipe_round_invalid_SBOX_must_be_LUT_COMPOSITE_or_TTABLE invalid_sbox_inst ();
    end
    if (STAGES < 1 || STAGES > 4) begin : gen_invalid_stages
        aes_pipe_round_invalid_STAGES_must_be_1_to_4 invalid_stages_inst ();
    end
    if (LAST_MODE < 0 || LAST_MODE > 2) begin : gen_invalid_last
        aes_pipe_round_invalid_LAST_MODE_must_be_0_1_or_2 invalid_last_inst ();
    end

    if (IS_LUT) begin : gen_lut
        aes_pipe_round_lut #(
            .STAGES    (STAGES),
            .DECRYPT   (DECRYPT),
            .LAST_MODE (LAST_MODE),
            .PASS      (PASS),
            .FIRST     (FIRST)
        ) u_lut (
            .clk       (clk),
            .in        (in),
            .in_dec    (in_dec),
            .st_dec    (st_dec),
            .st_last   (st_last),
            .st_pass   (st_pass),
            .round_key (round_key),
            .out       (out)
        );
    end
    if (IS_COMPOSITE) begin : gen_composite
        aes_pipe_round_composite #(
            .STAGES    (STAGES),
            .DECRYPT   (DECRYPT),
            .LAST_MODE (LAST_MODE),
            .PASS      (PASS),
            .FIRST     (FIRST)
        ) u_composite (
            .clk       (clk),
            .in        (in),
            .in_dec    (in_dec),
            .st_dec    (st_dec),
            .st_last   (st_last),
            .st_pass   (st_pass),
            .round_key (round_key),
            .out       (out)
        );
    end
    if (IS_TTABLE) begin : gen_ttable
        // The flow places the block RAMs by this path (python/aescores/flow/floorplan.py).
        aes_pipe_round_ttable #(
            .STAGES    (STAGES),
            .DECRYPT   (DECRYPT),
            .LAST_MODE (LAST_MODE),
            .PASS      (PASS),
            .FIRST     (FIRST)
        ) u_ttable (
            .clk       (clk),
            .in        (in),
            .in_dec    (in_dec),
            .st_dec    (st_dec),
            .st_last   (st_last),
            .st_pass   (st_pass),
            .round_key (round_key),
            .out       (out)
        );
    end
endgenerate

endmodule

`resetall
