// SPDX-License-Identifier: Apache-2.0
`resetall
`timescale 1ns / 1ps
`default_nettype none

// AES encryption T-table T0: SubBytes merged with a MixColumns column, 256 x 32

/*
 * out = {3*S(in), S(in), S(in), 2*S(in)}: byte k (bits [8k+7:8k]) is what a row-0
 * input byte adds to row k of its MixColumns output column. A row-r byte uses the
 * same table with the output rotated up by r bytes (aes_round). Byte 1 is S(in)
 * itself, which the last round takes instead of a separate S-box.
 * A plain 256-entry case table, so that synthesis can map it to a ROM (block RAM needs
 * a register on the address or the output, which this combinational module does not have).
 */
module aes_ttable (
    // input byte
    input  wire [7:0]  in,
    // T0(in): byte 0 2*S(in), byte 1 S(in), byte 2 S(in), byte 3 3*S(in)
    output wire [31:0] out
);

reg [31:0] lut_out;

always @(*) begin
    case (in)
        8'h00: lut_out = 32'ha56363c6; 8'h01: lut_out = 32'h847c7cf8;
        8'h02: lut_out = 32'h997777ee; 8'h03: lut_out = 32'h8d7b7bf6;
        8'h04: lut_out = 32'h0df2f2ff; 8'h05: lut_out = 32'hbd6b6bd6;
        8'h06: lut_out = 32'hb16f6fde; 8'h07: lut_out = 32'h54c5c591;
        8'h08: lut_out = 32'h50303060; 8'h09: lut_out = 32'h03010102;
        8'h0a: lut_out = 32'ha96767ce; 8'h0b: lut_out = 32'h7d2b2b56;
        8'h0c: lut_out = 32'h19fefee7; 8'h0d: lut_out = 32'h62d7d7b5;
        8'h0e: lut_out = 32'he6abab4d; 8'h0f: lut_out = 32'h9a7676ec;
        8'h10: lut_out = 32'h45caca8f; 8'h11: lut_out = 32'h9d82821f;
        8'h12: lut_out = 32'h40c9c989; 8'h13: lut_out = 32'h877d7dfa;
        8'h14: lut_out = 32'h15fafaef; 8'h15: lut_out = 32'heb5959b2;
        8'h16: lut_out = 32'hc947478e; 8'h17: lut_out = 32'h0bf0f0fb;
        8'h18: lut_out = 32'hecadad41; 8'h19: lut_out = 32'h67d4d4b3;
        8'h1a: lut_out = 32'hfda2a25f; 8'h1b: lut_out = 32'heaafaf45;
        8'h1c: lut_out = 32'hbf9c9c23; 8'h1d: lut_out = 32'hf7a4a453;
        8'h1e: lut_out = 32'h967272e4; 8'h1f: lut_out = 32'h5bc0c09b;
        8'h20: lut_out = 32'hc2b7b775; 8'h21: lut_out = 32'h1cfdfde1;
        8'h22: lut_out = 32'hae93933d; 8'h23: lut_out = 32'h6a26264c;
        8'h24: lut_out = 32'h5a36366c; 8'h25: lut_out = 32'h413f3f7e;
        8'h26: lut_out = 32'h02f7f7f5; 8'h27: lut_out = 32'h4fcccc83;
        8'h28: lut_out = 32'h5c343468; 8'h29: lut_out = 32'hf4a5a551;
        8'h2a: lut_out = 32'h34e5e5d1; 8'h2b: lut_out = 32'h08f1f1f9;
        8'h2c: lut_out = 32'h937171e2; 8'h2d: lut_out = 32'h73d8d8ab;
        8'h2e: lut_out = 32'h53313162; 8'h2f: lut_out = 32'h3f15152a;
        8'h30: lut_out = 32'h0c040408; 8'h31: lut_out = 32'h52c7c795;
        8'h32: lut_out = 32'h65232346; 8'h33: lut_out = 32'h5ec3c39d;
        8'h34: lut_out = 32'h28181830; 8'h35: lut_out = 32'ha1969637;
        8'h36: lut_out = 32'h0f05050a; 8'h37: lut_out = 32'hb59a9a2f;
        8'h38: lut_out = 32'h0907070e; 8'h39: lut_out = 32'h36121224;
        8'h3a: lut_out = 32'h9b80801b; 8'h3b: lut_out = 32'h3de2e2df;
        8'h3c: lut_out = 32'h26ebebcd; 8'h3d: lut_out = 32'h6927274e;
        8'h3e: lut_out = 32'hcdb2b27f; 8'h3f: lut_out = 32'h9f7575ea;
        8'h40: lut_out = 32'h1b090912; 8'h41: lut_out = 32'h9e83831d;
        8'h42: lut_out = 32'h742c2c58; 8'h43: lut_out = 32'h2e1a1a34;
        8'h44: lut_out = 32'h2d1b1b36; 8'h45: lut_out = 32'hb26e6edc;
        8'h46: lut_out = 32'hee5a5ab4; 8'h47: lut_out = 32'hfba0a05b;
        8'h48: lut_out = 32'hf65252a4; 8'h49: lut_out = 32'h4d3b3b76;
        8'h4a: lut_out = 32'h61d6d6b7; 8'h4b: lut_out = 32'hceb3b37d;
        8'h4c: lut_out = 32'h7b292952; 8'h4d: lut_out = 32'h3ee3e3dd;
        8'h4e: lut_out = 32'h712f2f5e; 8'h4f: lut_out = 32'h97848413;
        8'h50: lut_out = 32'hf55353a6; 8'h51: lut_out = 32'h68d1d1b9;
        8'h52: lut_out = 32'h00000000; 8'h53: lut_out = 32'h2cededc1;
        8'h54: lut_out = 32'h60202040; 8'h55: lut_out = 32'h1ffcfce3;
        8'h56: lut_out = 32'hc8b1b179; 8'h57: lut_out = 32'hed5b5bb6;
        8'h58: lut_out = 32'hbe6a6ad4; 8'h59: lut_out = 32'h46cbcb8d;
        8'h5a: lut_out = 32'hd9bebe67; 8'h5b: lut_out = 32'h4b393972;
        8'h5c: lut_out = 32'hde4a4a94; 8'h5d: lut_out = 32'hd44c4c98;
        8'h5e: lut_out = 32'he85858b0; 8'h5f: lut_out = 32'h4acfcf85;
        8'h60: lut_out = 32'h6bd0d0bb; 8'h61: lut_out = 32'h2aefefc5;
        8'h62: lut_out = 32'he5aaaa4f; 8'h63: lut_out = 32'h16fbfbed;
        8'h64: lut_out = 32'hc5434386; 8'h65: lut_out = 32'hd74d4d9a;
        8'h66: lut_out = 32'h55333366; 8'h67: lut_out = 32'h94858511;
        8'h68: lut_out = 32'hcf45458a; 8'h69: lut_out = 32'h10f9f9e9;
        8'h6a: lut_out = 32'h06020204; 8'h6b: lut_out = 32'h817f7ffe;
        8'h6c: lut_out = 32'hf05050a0; 8'h6d: lut_out = 32'h443c3c78;
        8'h6e: lut_out = 32'hba9f9f25; 8'h6f: lut_out = 32'he3a8a84b;
        8'h70: lut_out = 32'hf35151a2; 8'h71: lut_out = 32'hfea3a35d;
        8'h72: lut_out = 32'hc0404080; 8'h73: lut_out = 32'h8a8f8f05;
        8'h74: lut_out = 32'had92923f; 8'h75: lut_out = 32'hbc9d9d21;
        8'h76: lut_out = 32'h48383870; 8'h77: lut_out = 32'h04f5f5f1;
        8'h78: lut_out = 32'hdfbcbc63; 8'h79: lut_out = 32'hc1b6b677;
        8'h7a: lut_out = 32'h75dadaaf; 8'h7b: lut_out = 32'h63212142;
        8'h7c: lut_out = 32'h30101020; 8'h7d: lut_out = 32'h1affffe5;
        8'h7e: lut_out = 32'h0ef3f3fd; 8'h7f: lut_out = 32'h6dd2d2bf;
        8'h80: lut_out = 32'h4ccdcd81; 8'h81: lut_out = 32'h140c0c18;
        8'h82: lut_out = 32'h35131326; 8'h83: lut_out = 32'h2fececc3;
        8'h84: lut_out = 32'he15f5fbe; 8'h85: lut_out = 32'ha2979735;
        8'h86: lut_out = 32'hcc444488; 8'h87: lut_out = 32'h3917172e;
        8'h88: lut_out = 32'h57c4c493; 8'h89: lut_out = 32'hf2a7a755;
        8'h8a: lut_out = 32'h827e7efc; 8'h8b: lut_out = 32'h473d3d7a;
        8'h8c: lut_out = 32'hac6464c8; 8'h8d: lut_out = 32'he75d5dba;
        8'h8e: lut_out = 32'h2b191932; 8'h8f: lut_out = 32'h957373e6;
        8'h90: lut_out = 32'ha06060c0; 8'h91: lut_out = 32'h98818119;
        8'h92: lut_out = 32'hd14f4f9e; 8'h93: lut_out = 32'h7fdcdca3;
        8'h94: lut_out = 32'h66222244; 8'h95: lut_out = 32'h7e2a2a54;
        8'h96: lut_out = 32'hab90903b; 8'h97: lut_out = 32'h8388880b;
        8'h98: lut_out = 32'hca46468c; 8'h99: lut_out = 32'h29eeeec7;
        8'h9a: lut_out = 32'hd3b8b86b; 8'h9b: lut_out = 32'h3c141428;
        8'h9c: lut_out = 32'h79dedea7; 8'h9d: lut_out = 32'he25e5ebc;
        8'h9e: lut_out = 32'h1d0b0b16; 8'h9f: lut_out = 32'h76dbdbad;
        8'ha0: lut_out = 32'h3be0e0db; 8'ha1: lut_out = 32'h56323264;
        8'ha2: lut_out = 32'h4e3a3a74; 8'ha3: lut_out = 32'h1e0a0a14;
        8'ha4: lut_out = 32'hdb494992; 8'ha5: lut_out = 32'h0a06060c;
        8'ha6: lut_out = 32'h6c242448; 8'ha7: lut_out = 32'he45c5cb8;
        8'ha8: lut_out = 32'h5dc2c29f; 8'ha9: lut_out = 32'h6ed3d3bd;
        8'haa: lut_out = 32'hefacac43; 8'hab: lut_out = 32'ha66262c4;
        8'hac: lut_out = 32'ha8919139; 8'had: lut_out = 32'ha4959531;
        8'hae: lut_out = 32'h37e4e4d3; 8'haf: lut_out = 32'h8b7979f2;
        8'hb0: lut_out = 32'h32e7e7d5; 8'hb1: lut_out = 32'h43c8c88b;
        8'hb2: lut_out = 32'h5937376e; 8'hb3: lut_out = 32'hb76d6dda;
        8'hb4: lut_out = 32'h8c8d8d01; 8'hb5: lut_out = 32'h64d5d5b1;
        8'hb6: lut_out = 32'hd24e4e9c; 8'hb7: lut_out = 32'he0a9a949;
        8'hb8: lut_out = 32'hb46c6cd8; 8'hb9: lut_out = 32'hfa5656ac;
        8'hba: lut_out = 32'h07f4f4f3; 8'hbb: lut_out = 32'h25eaeacf;
        8'hbc: lut_out = 32'haf6565ca; 8'hbd: lut_out = 32'h8e7a7af4;
        8'hbe: lut_out = 32'he9aeae47; 8'hbf: lut_out = 32'h18080810;
        8'hc0: lut_out = 32'hd5baba6f; 8'hc1: lut_out = 32'h887878f0;
        8'hc2: lut_out = 32'h6f25254a; 8'hc3: lut_out = 32'h722e2e5c;
        8'hc4: lut_out = 32'h241c1c38; 8'hc5: lut_out = 32'hf1a6a657;
        8'hc6: lut_out = 32'hc7b4b473; 8'hc7: lut_out = 32'h51c6c697;
        8'hc8: lut_out = 32'h23e8e8cb; 8'hc9: lut_out = 32'h7cdddda1;
        8'hca: lut_out = 32'h9c7474e8; 8'hcb: lut_out = 32'h211f1f3e;
        8'hcc: lut_out = 32'hdd4b4b96; 8'hcd: lut_out = 32'hdcbdbd61;
        8'hce: lut_out = 32'h868b8b0d; 8'hcf: lut_out = 32'h858a8a0f;
        8'hd0: lut_out = 32'h907070e0; 8'hd1: lut_out = 32'h423e3e7c;
        8'hd2: lut_out = 32'hc4b5b571; 8'hd3: lut_out = 32'haa6666cc;
        8'hd4: lut_out = 32'hd8484890; 8'hd5: lut_out = 32'h05030306;
        8'hd6: lut_out = 32'h01f6f6f7; 8'hd7: lut_out = 32'h120e0e1c;
        8'hd8: lut_out = 32'ha36161c2; 8'hd9: lut_out = 32'h5f35356a;
        8'hda: lut_out = 32'hf95757ae; 8'hdb: lut_out = 32'hd0b9b969;
        8'hdc: lut_out = 32'h91868617; 8'hdd: lut_out = 32'h58c1c199;
        8'hde: lut_out = 32'h271d1d3a; 8'hdf: lut_out = 32'hb99e9e27;
        8'he0: lut_out = 32'h38e1e1d9; 8'he1: lut_out = 32'h13f8f8eb;
        8'he2: lut_out = 32'hb398982b; 8'he3: lut_out = 32'h33111122;
        8'he4: lut_out = 32'hbb6969d2; 8'he5: lut_out = 32'h70d9d9a9;
        8'he6: lut_out = 32'h898e8e07; 8'he7: lut_out = 32'ha7949433;
        8'he8: lut_out = 32'hb69b9b2d; 8'he9: lut_out = 32'h221e1e3c;
        8'hea: lut_out = 32'h92878715; 8'heb: lut_out = 32'h20e9e9c9;
        8'hec: lut_out = 32'h49cece87; 8'hed: lut_out = 32'hff5555aa;
        8'hee: lut_out = 32'h78282850; 8'hef: lut_out = 32'h7adfdfa5;
        8'hf0: lut_out = 32'h8f8c8c03; 8'hf1: lut_out = 32'hf8a1a159;
        8'hf2: lut_out = 32'h80898909; 8'hf3: lut_out = 32'h170d0d1a;
        8'hf4: lut_out = 32'hdabfbf65; 8'hf5: lut_out = 32'h31e6e6d7;
        8'hf6: lut_out = 32'hc6424284; 8'hf7: lut_out = 32'hb86868d0;
        8'hf8: lut_out = 32'hc3414182; 8'hf9: lut_out = 32'hb0999929;
        8'hfa: lut_out = 32'h772d2d5a; 8'hfb: lut_out = 32'h110f0f1e;
        8'hfc: lut_out = 32'hcbb0b07b; 8'hfd: lut_out = 32'hfc5454a8;
        8'hfe: lut_out = 32'hd6bbbb6d; 8'hff: lut_out = 32'h3a16162c;
    endcase
end

assign out = lut_out;

endmodule

`resetall
