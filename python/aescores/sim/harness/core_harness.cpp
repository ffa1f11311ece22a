// SPDX-License-Identifier: Apache-2.0
// Verilator harness for aes_core: a line protocol on stdin/stdout, driven by
// aescores.sim.core (Python), which also checks every result against OpenSSL.
//
// Commands (one per line, hex is the byte string, byte 0 first):
//   S seed p_valid p_ready     random input gaps / output backpressure, in percent
//   K slot len keyhex          load a key (len 0/1/2) and wait until the slot is loaded
//   C mask                     clear slots, wait until idle
//   W slot idx dec hex         (KEY_EXPANSION="HOST") write one round key into a slot
//   M slot len                 (KEY_EXPANSION="HOST") mark the slot loaded
//   B slot flags tag hex       queue one beat (LANES blocks) for the next R; flags: bit 0
//                              decrypt, bit 1 chain (s_chain)
//   R                          run the queued beats; prints "O tag hex" per output beat
//                              in output order, then "D cycles first_in last_out"
//   Q                          quit
// Errors print "E message" and exit non-zero.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vaes_core.h"
#include "verilated.h"

namespace {

struct Beat {
    unsigned slot;
    unsigned dec;
    unsigned chain;
    unsigned tag;
    std::vector<uint8_t> data;
};

[[noreturn]] void fail(const std::string& msg) {
    std::printf("E %s\n", msg.c_str());
    std::fflush(stdout);
    std::exit(2);
}

std::vector<uint8_t> from_hex(const std::string& hex) {
    if (hex.size() % 2) fail("odd hex length");
    std::vector<uint8_t> out(hex.size() / 2);
    for (size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    }
    return out;
}

std::string to_hex(const uint8_t* bytes, size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string s(2 * n, '0');
    for (size_t i = 0; i < n; ++i) {
        s[2 * i] = digits[bytes[i] >> 4];
        s[2 * i + 1] = digits[bytes[i] & 15];
    }
    return s;
}

// Wide Verilator signals hold bit 0 in word 0 bit 0: byte i of a little-endian
// host's memory image is bits [8i+7:8i], which is the library's byte order.
template <typename W>
void put_bytes(W& wide, const std::vector<uint8_t>& bytes, size_t nbytes) {
    uint32_t words[64] = {0};
    std::memcpy(words, bytes.data(), bytes.size() < nbytes ? bytes.size() : nbytes);
    for (size_t w = 0; w < nbytes / 4; ++w) wide[w] = words[w];
}

template <typename W>
std::vector<uint8_t> get_bytes(const W& wide, size_t nbytes) {
    uint32_t words[64] = {0};
    for (size_t w = 0; w < nbytes / 4; ++w) words[w] = wide[w];
    std::vector<uint8_t> out(nbytes);
    std::memcpy(out.data(), words, nbytes);
    return out;
}

class Harness {
  public:
    Harness() : ctx_(new VerilatedContext), top_(new Vaes_core(ctx_.get())) {
        zero_inputs();
        top_->rst = 1;
        for (int i = 0; i < 4; ++i) tick();
        top_->rst = 0;
        wait_for([this] { return top_->keys_idle != 0; }, 100000, "reset zeroization");
    }

    void seed(unsigned s, unsigned pv, unsigned pr) {
        rng_.seed(s);
        p_valid_ = pv;
        p_ready_ = pr;
    }

    uint64_t load_key(unsigned slot, unsigned len, const std::vector<uint8_t>& key) {
        uint64_t start = cycles_;
        top_->load_slot = slot;
        top_->load_len = len;
        put_bytes(top_->load_key, key, 32);
        top_->load_valid = 1;
        wait_for([this] { return top_->load_ready != 0; }, 100000, "load_ready");
        tick();
        top_->load_valid = 0;
        put_bytes(top_->load_key, std::vector<uint8_t>(32, 0), 32);
        wait_for([this, slot] { return ((top_->slot_loaded >> slot) & 1) && top_->keys_idle; },
                 100000, "key load");
        return cycles_ - start;
    }

    void clear(unsigned mask) {
        top_->clear_mask = mask;
        top_->clear_valid = 1;
        tick();
        top_->clear_valid = 0;
        wait_for([this] { return top_->keys_idle != 0; }, 100000, "clear");
    }

    void host_write(unsigned slot, unsigned idx, unsigned dec, const std::vector<uint8_t>& key,
                    unsigned len, bool commit) {
        top_->host_slot = slot;
        top_->host_idx = idx;
        top_->host_dec = dec;
        top_->host_len = len;
        put_bytes(top_->host_key, key, 16);
        top_->host_wr_valid = !commit;
        top_->host_commit_valid = commit;
        wait_for([this] { return top_->host_ready != 0; }, 100000, "host_ready");
        tick();
        top_->host_wr_valid = 0;
        top_->host_commit_valid = 0;
        put_bytes(top_->host_key, std::vector<uint8_t>(16, 0), 16);
    }

    void queue(Beat b) { queue_.push_back(std::move(b)); }

    void run() {
        const size_t nbytes = 16 * LANES_BYTES16;
        size_t next = 0, received = 0;
        bool offered = false;
        uint64_t first_in = 0, last_out = 0, start = cycles_;
        // Generous: 64 clocks a beat at full rate, scaled by the input and output duty.
        const uint64_t limit = 10000 + 64ULL * queue_.size() * 100 * 100 / (p_valid_ * p_ready_);
        std::uniform_int_distribution<unsigned> pct(0, 99);
        while (received < queue_.size()) {
            if (cycles_ - start > limit) fail("timeout in R");
            if (!offered && next < queue_.size() && pct(rng_) < p_valid_) {
                const Beat& b = queue_[next];
                top_->s_slot = b.slot;
                top_->s_decrypt = b.dec;
                top_->s_chain = b.chain;
                top_->s_tag = b.tag;
                put_bytes(top_->s_data, b.data, nbytes);
                offered = true;
            }
            top_->s_valid = offered;
            top_->m_ready = pct(rng_) < p_ready_;
            top_->clk = 0;
            top_->eval();
            bool in_fire = top_->s_valid && top_->s_ready;
            bool out_fire = top_->m_valid && top_->m_ready;
            if (out_fire) {
                std::vector<uint8_t> d = get_bytes(top_->m_data, nbytes);
                std::printf("O %u %s\n", static_cast<unsigned>(top_->m_tag), to_hex(d.data(), d.size()).c_str());
                ++received;
                last_out = cycles_;
            }
            if (in_fire) {
                if (next == 0) first_in = cycles_;
                offered = false;
                ++next;
            }
            tick();
        }
        top_->s_valid = 0;
        top_->m_ready = 0;
        queue_.clear();
        std::printf("D %llu %llu %llu\n", static_cast<unsigned long long>(cycles_ - start),
                    static_cast<unsigned long long>(first_in - start),
                    static_cast<unsigned long long>(last_out - start));
    }

  private:
    static constexpr size_t LANES_BYTES16 = sizeof(Vaes_core::s_data) / 16;

    void zero_inputs() {
        top_->clk = 0;
        top_->load_valid = 0;
        top_->load_slot = 0;
        top_->load_len = 0;
        top_->clear_valid = 0;
        top_->clear_mask = 0;
        top_->host_wr_valid = 0;
        top_->host_commit_valid = 0;
        top_->host_slot = 0;
        top_->host_idx = 0;
        top_->host_dec = 0;
        top_->host_len = 0;
        top_->slot_hold = 0;
        top_->s_valid = 0;
        top_->s_slot = 0;
        top_->s_decrypt = 0;
        top_->s_chain = 0;
        top_->s_tag = 0;
        top_->m_ready = 0;
    }

    void tick() {
        top_->clk = 0;
        top_->eval();
        top_->clk = 1;
        top_->eval();
        top_->clk = 0;
        top_->eval();
        ++cycles_;
    }

    template <typename F>
    void wait_for(F cond, uint64_t max_cycles, const char* what) {
        for (uint64_t i = 0; i < max_cycles; ++i) {
            top_->eval();
            if (cond()) return;
            tick();
        }
        fail(std::string("timeout waiting for ") + what);
    }

    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vaes_core> top_;
    std::mt19937_64 rng_{1};
    unsigned p_valid_ = 100, p_ready_ = 100;
    uint64_t cycles_ = 0;
    std::vector<Beat> queue_;
};

}  // namespace

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    Harness h;
    std::string line;
    std::printf("READY\n");
    std::fflush(stdout);
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd == "S") {
            unsigned s, pv, pr;
            in >> s >> pv >> pr;
            if (pv == 0 || pr == 0 || pv > 100 || pr > 100) fail("S needs percentages 1..100");
            h.seed(s, pv, pr);
        } else if (cmd == "K") {
            unsigned slot, len;
            std::string hex;
            in >> slot >> len >> hex;
            std::vector<uint8_t> key = from_hex(hex);
            key.resize(32, 0);
            std::printf("K %llu\n", static_cast<unsigned long long>(h.load_key(slot, len, key)));
        } else if (cmd == "C") {
            unsigned mask;
            in >> mask;
            h.clear(mask);
            std::printf("C\n");
        } else if (cmd == "W") {
            unsigned slot, idx, dec;
            std::string hex;
            in >> slot >> idx >> dec >> hex;
            h.host_write(slot, idx, dec, from_hex(hex), 0, false);
            std::printf("W\n");
        } else if (cmd == "M") {
            unsigned slot, len;
            in >> slot >> len;
            h.host_write(slot, 0, 0, std::vector<uint8_t>(16, 0), len, true);
            std::printf("M\n");
        } else if (cmd == "B") {
            Beat b;
            std::string hex;
            unsigned flags = 0;
            in >> b.slot >> flags >> b.tag >> hex;
            b.dec = flags & 1u;
            b.chain = (flags >> 1) & 1u;
            b.data = from_hex(hex);
            h.queue(std::move(b));
            continue;  // no answer: beats are streamed in bulk
        } else if (cmd == "R") {
            h.run();
        } else if (cmd == "Q") {
            break;
        } else if (!cmd.empty()) {
            fail("unknown command " + cmd);
        }
        std::fflush(stdout);
    }
    return 0;
}
