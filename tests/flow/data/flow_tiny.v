// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// A tiny registered datapath for the implementation-flow tests: an adder or XOR, a
// register, and a 4-bit S-box-like table, so that every target maps LUTs and FFs.
module flow_tiny #(
    // Data width in bits, 2 to 32.
    parameter WIDTH = 8,
    // "ADD" or "XOR": the first stage.
    parameter MODE = "ADD"
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] a,
    input  wire [WIDTH-1:0] b,
    input  wire [3:0]       unused,
    output reg  [WIDTH-1:0] y,
    output wire             y_zero
);

    reg [WIDTH-1:0] s_reg = {WIDTH{1'b0}};

    function [3:0] nib;
        input [3:0] x;
        begin
            nib = {x[2] ^ x[0], x[3] & x[1], ~x[1] ^ x[2], x[0] | x[3]};
        end
    endfunction

    integer i;
    reg [WIDTH-1:0] t;
    always @* begin
        t = s_reg;
        for (i = 0; i + 4 <= WIDTH; i = i + 4) begin
            t[i +: 4] = nib(s_reg[i +: 4]);
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            s_reg <= {WIDTH{1'b0}};
            y <= {WIDTH{1'b0}};
        end else begin
            s_reg <= (MODE == "ADD") ? a + b : a ^ b;
            y <= t ^ {t[0 +: 1], t[WIDTH-1:1]};
        end
    end

    assign y_zero = (y == {WIDTH{1'b0}});

endmodule

`resetall
