// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES decryption T-table Td0: InvSubBytes merged with an InvMixColumns column, 256 x 32

/*
 * out = {0b*Si(in), 0d*Si(in), 09*Si(in), 0e*Si(in)}: byte k (bits [8k+7:8k]) is
 * what a row-0 input byte adds to row k of its InvMixColumns output column. A row-r
 * byte uses the same table with the output rotated up by r bytes (aes_round with INVERSE=1).
 * A plain 256-entry case table, so that synthesis can map it to a ROM (block RAM needs
 * a register on the address or the output, which this combinational module does not have).
 */
module aes_inv_ttable (
    // input byte
    input  wire [7:0]  in,
    // Td0(in): byte 0 0e*Si(in), byte 1 09*Si(in), byte 2 0d*Si(in), byte 3 0b*Si(in)
    output wire [31:0] out
);

reg [31:0] lut_out;

always @(*) begin
    case (in)
        8'h00: lut_out = 32'h50a7f451; 8'h01: lut_out = 32'h5365417e;
        8'h02: lut_out = 32'hc3a4171a; 8'h03: lut_out = 32'h965e273a;
        8'h04: lut_out = 32'hcb6bab3b; 8'h05: lut_out = 32'hf1459d1f;
        8'h06: lut_out = 32'hab58faac; 8'h07: lut_out = 32'h9303e34b;
        8'h08: lut_out = 32'h55fa3020; 8'h09: lut_out = 32'hf66d76ad;
        8'h0a: lut_out = 32'h9176cc88; 8'h0b: lut_out = 32'h254c02f5;
        8'h0c: lut_out = 32'hfcd7e54f; 8'h0d: lut_out = 32'hd7cb2ac5;
        8'h0e: lut_out = 32'h80443526; 8'h0f: lut_out = 32'h8fa362b5;
        8'h10: lut_out = 32'h495ab1de; 8'h11: lut_out = 32'h671bba25;
        8'h12: lut_out = 32'h980eea45; 8'h13: lut_out = 32'he1c0fe5d;
        8'h14: lut_out = 32'h02752fc3; 8'h15: lut_out = 32'h12f04c81;
        8'h16: lut_out = 32'ha397468d; 8'h17: lut_out = 32'hc6f9d36b;
        8'h18: lut_out = 32'he75f8f03; 8'h19: lut_out = 32'h959c9215;
        8'h1a: lut_out = 32'heb7a6dbf; 8'h1b: lut_out = 32'hda595295;
        8'h1c: lut_out = 32'h2d83bed4; 8'h1d: lut_out = 32'hd3217458;
        8'h1e: lut_out = 32'h2969e049; 8'h1f: lut_out = 32'h44c8c98e;
        8'h20: lut_out = 32'h6a89c275; 8'h21: lut_out = 32'h78798ef4;
        8'h22: lut_out = 32'h6b3e5899; 8'h23: lut_out = 32'hdd71b927;
        8'h24: lut_out = 32'hb64fe1be; 8'h25: lut_out = 32'h17ad88f0;
        8'h26: lut_out = 32'h66ac20c9; 8'h27: lut_out = 32'hb43ace7d;
        8'h28: lut_out = 32'h184adf63; 8'h29: lut_out = 32'h82311ae5;
        8'h2a: lut_out = 32'h60335197; 8'h2b: lut_out = 32'h457f5362;
        8'h2c: lut_out = 32'he07764b1; 8'h2d: lut_out = 32'h84ae6bbb;
        8'h2e: lut_out = 32'h1ca081fe; 8'h2f: lut_out = 32'h942b08f9;
        8'h30: lut_out = 32'h58684870; 8'h31: lut_out = 32'h19fd458f;
        8'h32: lut_out = 32'h876cde94; 8'h33: lut_out = 32'hb7f87b52;
        8'h34: lut_out = 32'h23d373ab; 8'h35: lut_out = 32'he2024b72;
        8'h36: lut_out = 32'h578f1fe3; 8'h37: lut_out = 32'h2aab5566;
        8'h38: lut_out = 32'h0728ebb2; 8'h39: lut_out = 32'h03c2b52f;
        8'h3a: lut_out = 32'h9a7bc586; 8'h3b: lut_out = 32'ha50837d3;
        8'h3c: lut_out = 32'hf2872830; 8'h3d: lut_out = 32'hb2a5bf23;
        8'h3e: lut_out = 32'hba6a0302; 8'h3f: lut_out = 32'h5c8216ed;
        8'h40: lut_out = 32'h2b1ccf8a; 8'h41: lut_out = 32'h92b479a7;
        8'h42: lut_out = 32'hf0f207f3; 8'h43: lut_out = 32'ha1e2694e;
        8'h44: lut_out = 32'hcdf4da65; 8'h45: lut_out = 32'hd5be0506;
        8'h46: lut_out = 32'h1f6234d1; 8'h47: lut_out = 32'h8afea6c4;
        8'h48: lut_out = 32'h9d532e34; 8'h49: lut_out = 32'ha055f3a2;
        8'h4a: lut_out = 32'h32e18a05; 8'h4b: lut_out = 32'h75ebf6a4;
        8'h4c: lut_out = 32'h39ec830b; 8'h4d: lut_out = 32'haaef6040;
        8'h4e: lut_out = 32'h069f715e; 8'h4f: lut_out = 32'h51106ebd;
        8'h50: lut_out = 32'hf98a213e; 8'h51: lut_out = 32'h3d06dd96;
        8'h52: lut_out = 32'hae053edd; 8'h53: lut_out = 32'h46bde64d;
        8'h54: lut_out = 32'hb58d5491; 8'h55: lut_out = 32'h055dc471;
        8'h56: lut_out = 32'h6fd40604; 8'h57: lut_out = 32'hff155060;
        8'h58: lut_out = 32'h24fb9819; 8'h59: lut_out = 32'h97e9bdd6;
        8'h5a: lut_out = 32'hcc434089; 8'h5b: lut_out = 32'h779ed967;
        8'h5c: lut_out = 32'hbd42e8b0; 8'h5d: lut_out = 32'h888b8907;
        8'h5e: lut_out = 32'h385b19e7; 8'h5f: lut_out = 32'hdbeec879;
        8'h60: lut_out = 32'h470a7ca1; 8'h61: lut_out = 32'he90f427c;
        8'h62: lut_out = 32'hc91e84f8; 8'h63: lut_out = 32'h00000000;
        8'h64: lut_out = 32'h83868009; 8'h65: lut_out = 32'h48ed2b32;
        8'h66: lut_out = 32'hac70111e; 8'h67: lut_out = 32'h4e725a6c;
        8'h68: lut_out = 32'hfbff0efd; 8'h69: lut_out = 32'h5638850f;
        8'h6a: lut_out = 32'h1ed5ae3d; 8'h6b: lut_out = 32'h27392d36;
        8'h6c: lut_out = 32'h64d90f0a; 8'h6d: lut_out = 32'h21a65c68;
        8'h6e: lut_out = 32'hd1545b9b; 8'h6f: lut_out = 32'h3a2e3624;
        8'h70: lut_out = 32'hb1670a0c; 8'h71: lut_out = 32'h0fe75793;
        8'h72: lut_out = 32'hd296eeb4; 8'h73: lut_out = 32'h9e919b1b;
        8'h74: lut_out = 32'h4fc5c080; 8'h75: lut_out = 32'ha220dc61;
        8'h76: lut_out = 32'h694b775a; 8'h77: lut_out = 32'h161a121c;
        8'h78: lut_out = 32'h0aba93e2; 8'h79: lut_out = 32'he52aa0c0;
        8'h7a: lut_out = 32'h43e0223c; 8'h7b: lut_out = 32'h1d171b12;
        8'h7c: lut_out = 32'h0b0d090e; 8'h7d: lut_out = 32'hadc78bf2;
        8'h7e: lut_out = 32'hb9a8b62d; 8'h7f: lut_out = 32'hc8a91e14;
        8'h80: lut_out = 32'h8519f157; 8'h81: lut_out = 32'h4c0775af;
        8'h82: lut_out = 32'hbbdd99ee; 8'h83: lut_out = 32'hfd607fa3;
        8'h84: lut_out = 32'h9f2601f7; 8'h85: lut_out = 32'hbcf5725c;
        8'h86: lut_out = 32'hc53b6644; 8'h87: lut_out = 32'h347efb5b;
        8'h88: lut_out = 32'h7629438b; 8'h89: lut_out = 32'hdcc623cb;
        8'h8a: lut_out = 32'h68fcedb6; 8'h8b: lut_out = 32'h63f1e4b8;
        8'h8c: lut_out = 32'hcadc31d7; 8'h8d: lut_out = 32'h10856342;
        8'h8e: lut_out = 32'h40229713; 8'h8f: lut_out = 32'h2011c684;
        8'h90: lut_out = 32'h7d244a85; 8'h91: lut_out = 32'hf83dbbd2;
        8'h92: lut_out = 32'h1132f9ae; 8'h93: lut_out = 32'h6da129c7;
        8'h94: lut_out = 32'h4b2f9e1d; 8'h95: lut_out = 32'hf330b2dc;
        8'h96: lut_out = 32'hec52860d; 8'h97: lut_out = 32'hd0e3c177;
        8'h98: lut_out = 32'h6c16b32b; 8'h99: lut_out = 32'h99b970a9;
        8'h9a: lut_out = 32'hfa489411; 8'h9b: lut_out = 32'h2264e947;
        8'h9c: lut_out = 32'hc48cfca8; 8'h9d: lut_out = 32'h1a3ff0a0;
        8'h9e: lut_out = 32'hd82c7d56; 8'h9f: lut_out = 32'hef903322;
        8'ha0: lut_out = 32'hc74e4987; 8'ha1: lut_out = 32'hc1d138d9;
        8'ha2: lut_out = 32'hfea2ca8c; 8'ha3: lut_out = 32'h360bd498;
        8'ha4: lut_out = 32'hcf81f5a6; 8'ha5: lut_out = 32'h28de7aa5;
        8'ha6: lut_out = 32'h268eb7da; 8'ha7: lut_out = 32'ha4bfad3f;
        8'ha8: lut_out = 32'he49d3a2c; 8'ha9: lut_out = 32'h0d927850;
        8'haa: lut_out = 32'h9bcc5f6a; 8'hab: lut_out = 32'h62467e54;
        8'hac: lut_out = 32'hc2138df6; 8'had: lut_out = 32'he8b8d890;
        8'hae: lut_out = 32'h5ef7392e; 8'haf: lut_out = 32'hf5afc382;
        8'hb0: lut_out = 32'hbe805d9f; 8'hb1: lut_out = 32'h7c93d069;
        8'hb2: lut_out = 32'ha92dd56f; 8'hb3: lut_out = 32'hb31225cf;
        8'hb4: lut_out = 32'h3b99acc8; 8'hb5: lut_out = 32'ha77d1810;
        8'hb6: lut_out = 32'h6e639ce8; 8'hb7: lut_out = 32'h7bbb3bdb;
        8'hb8: lut_out = 32'h097826cd; 8'hb9: lut_out = 32'hf418596e;
        8'hba: lut_out = 32'h01b79aec; 8'hbb: lut_out = 32'ha89a4f83;
        8'hbc: lut_out = 32'h656e95e6; 8'hbd: lut_out = 32'h7ee6ffaa;
        8'hbe: lut_out = 32'h08cfbc21; 8'hbf: lut_out = 32'he6e815ef;
        8'hc0: lut_out = 32'hd99be7ba; 8'hc1: lut_out = 32'hce366f4a;
        8'hc2: lut_out = 32'hd4099fea; 8'hc3: lut_out = 32'hd67cb029;
        8'hc4: lut_out = 32'hafb2a431; 8'hc5: lut_out = 32'h31233f2a;
        8'hc6: lut_out = 32'h3094a5c6; 8'hc7: lut_out = 32'hc066a235;
        8'hc8: lut_out = 32'h37bc4e74; 8'hc9: lut_out = 32'ha6ca82fc;
        8'hca: lut_out = 32'hb0d090e0; 8'hcb: lut_out = 32'h15d8a733;
        8'hcc: lut_out = 32'h4a9804f1; 8'hcd: lut_out = 32'hf7daec41;
        8'hce: lut_out = 32'h0e50cd7f; 8'hcf: lut_out = 32'h2ff69117;
        8'hd0: lut_out = 32'h8dd64d76; 8'hd1: lut_out = 32'h4db0ef43;
        8'hd2: lut_out = 32'h544daacc; 8'hd3: lut_out = 32'hdf0496e4;
        8'hd4: lut_out = 32'he3b5d19e; 8'hd5: lut_out = 32'h1b886a4c;
        8'hd6: lut_out = 32'hb81f2cc1; 8'hd7: lut_out = 32'h7f516546;
        8'hd8: lut_out = 32'h04ea5e9d; 8'hd9: lut_out = 32'h5d358c01;
        8'hda: lut_out = 32'h737487fa; 8'hdb: lut_out = 32'h2e410bfb;
        8'hdc: lut_out = 32'h5a1d67b3; 8'hdd: lut_out = 32'h52d2db92;
        8'hde: lut_out = 32'h335610e9; 8'hdf: lut_out = 32'h1347d66d;
        8'he0: lut_out = 32'h8c61d79a; 8'he1: lut_out = 32'h7a0ca137;
        8'he2: lut_out = 32'h8e14f859; 8'he3: lut_out = 32'h893c13eb;
        8'he4: lut_out = 32'hee27a9ce; 8'he5: lut_out = 32'h35c961b7;
        8'he6: lut_out = 32'hede51ce1; 8'he7: lut_out = 32'h3cb1477a;
        8'he8: lut_out = 32'h59dfd29c; 8'he9: lut_out = 32'h3f73f255;
        8'hea: lut_out = 32'h79ce1418; 8'heb: lut_out = 32'hbf37c773;
        8'hec: lut_out = 32'heacdf753; 8'hed: lut_out = 32'h5baafd5f;
        8'hee: lut_out = 32'h146f3ddf; 8'hef: lut_out = 32'h86db4478;
        8'hf0: lut_out = 32'h81f3afca; 8'hf1: lut_out = 32'h3ec468b9;
        8'hf2: lut_out = 32'h2c342438; 8'hf3: lut_out = 32'h5f40a3c2;
        8'hf4: lut_out = 32'h72c31d16; 8'hf5: lut_out = 32'h0c25e2bc;
        8'hf6: lut_out = 32'h8b493c28; 8'hf7: lut_out = 32'h41950dff;
        8'hf8: lut_out = 32'h7101a839; 8'hf9: lut_out = 32'hdeb30c08;
        8'hfa: lut_out = 32'h9ce4b4d8; 8'hfb: lut_out = 32'h90c15664;
        8'hfc: lut_out = 32'h6184cb7b; 8'hfd: lut_out = 32'h70b632d5;
        8'hfe: lut_out = 32'h745c6c48; 8'hff: lut_out = 32'h4257b8d0;
    endcase
end

assign out = lut_out;

endmodule

`resetall
