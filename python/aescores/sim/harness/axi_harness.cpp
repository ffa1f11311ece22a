// SPDX-License-Identifier: Apache-2.0
// Verilator harness for aes_axi: drives its AXI4-Lite and AXI4-Stream ports from a line
// protocol on stdin/stdout (driven by aescores.sim.axi), with random input gaps and
// output backpressure. Checking is done by the caller against OpenSSL.
//
// Commands (hex is a byte string, byte 0 first):
//   S seed p_valid p_ready     random input gaps / output backpressure, in percent
//   W addr value               register write; prints "W resp cycles"
//   R addr                     register read; prints "R value resp"
//   M tuser hex [n0,n1,...]    queue one message (split into beats; the last beat keeps
//                              the remaining bytes); with the list, beat i keeps bytes
//                              0..n_i-1 and hex is the kept bytes only (GCM frames,
//                              whose last payload beat may be partial before the tag beat)
//   G                          send the queued messages, concurrently collect the output;
//                              prints "O tuser_last hex" per output message (kept bytes
//                              only), then "D cycles beats_in"
//   X addr value [retry]       a register write attached to the next M: it is issued when
//                              that message is next to send, while earlier messages are
//                              still in flight, and the message waits for its response;
//                              with "retry" a SLVERR answer repeats the write (what a
//                              driver does when KEY_CTRL finds the key slots busy)
//   Z beats                    in the next G, assert aresetn for 4 clocks once `beats`
//                              input beats have been taken; G then prints the messages
//                              completed so far and "Z cycles", and stops
//   T n                        run n idle clocks
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

#include "Vaes_axi.h"
#include "verilated.h"

namespace {

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

std::string to_hex(const std::vector<uint8_t>& b) {
    static const char* digits = "0123456789abcdef";
    std::string s(2 * b.size(), '0');
    for (size_t i = 0; i < b.size(); ++i) {
        s[2 * i] = digits[b[i] >> 4];
        s[2 * i + 1] = digits[b[i] & 15];
    }
    return s;
}

constexpr size_t BEAT = sizeof(Vaes_axi::s_axis_tdata);  // bytes per beat (16 * LANES)

template <typename W>
void put_bytes(W& wide, const uint8_t* bytes, size_t n) {
    uint32_t words[BEAT / 4] = {0};
    std::memcpy(words, bytes, n);
    for (size_t w = 0; w < BEAT / 4; ++w) wide[w] = words[w];
}

template <typename W>
void get_bytes(const W& wide, uint8_t* out) {
    uint32_t words[BEAT / 4];
    for (size_t w = 0; w < BEAT / 4; ++w) words[w] = wide[w];
    std::memcpy(out, words, BEAT);
}

uint64_t keep_of(size_t n) {  // tkeep for n bytes kept from byte 0 (n <= BEAT <= 128)
    return n >= 64 ? ~0ULL : ((1ULL << n) - 1);
}

// tkeep is 16 * LANES bits: a plain integer up to 64 bits, a VlWide above.
template <typename K>
void keep_write(K& keep, size_t n) {
    keep = static_cast<K>(keep_of(n));
}

template <std::size_t N>
void keep_write(VlWide<N>& keep, size_t n) {
    for (size_t w = 0; w < N; ++w) {
        size_t lo = 32 * w;
        keep[w] = n >= lo + 32 ? 0xffffffffu : (n > lo ? ((1u << (n - lo)) - 1) : 0u);
    }
}

template <typename K>
size_t keep_count(const K& keep) {
    size_t n = 0;
    while (n < 8 * sizeof(K) && ((static_cast<uint64_t>(keep) >> n) & 1)) ++n;
    return n;
}

template <std::size_t N>
size_t keep_count(const VlWide<N>& keep) {
    size_t n = 0;
    while (n < 32 * N && ((keep[n / 32] >> (n % 32)) & 1)) ++n;
    return n;
}

struct RegWrite {
    unsigned addr;
    uint32_t value;
    bool retry;
};

struct Message {
    unsigned tuser;
    std::vector<uint8_t> data;
    std::vector<size_t> keeps;     // kept bytes of each beat; empty: full beats, the last partial
    std::vector<RegWrite> before;  // register writes done before this message starts
};

class Harness {
  public:
    Harness() : ctx_(new VerilatedContext), top_(new Vaes_axi(ctx_.get())) {
        top_->aclk = 0;
        top_->aresetn = 0;
        top_->s_axil_awvalid = 0;
        top_->s_axil_wvalid = 0;
        top_->s_axil_bready = 0;
        top_->s_axil_arvalid = 0;
        top_->s_axil_rready = 0;
        top_->s_axil_awprot = 0;
        top_->s_axil_arprot = 0;
        top_->s_axis_tvalid = 0;
        top_->m_axis_tready = 0;
        for (int i = 0; i < 4; ++i) tick();
        top_->aresetn = 1;
        tick();
    }

    void seed(unsigned s, unsigned pv, unsigned pr) {
        rng_.seed(s);
        p_valid_ = pv;
        p_ready_ = pr;
    }

    void write(unsigned addr, uint32_t value) {
        uint64_t start = cycles_;
        top_->s_axil_awaddr = addr;
        top_->s_axil_awvalid = 1;
        top_->s_axil_wdata = value;
        top_->s_axil_wstrb = 0xf;
        top_->s_axil_wvalid = 1;
        top_->s_axil_bready = 1;
        bool aw = false, w = false;
        for (int i = 0; i < 100000; ++i) {
            top_->eval();
            bool aw_fire = top_->s_axil_awvalid && top_->s_axil_awready;
            bool w_fire = top_->s_axil_wvalid && top_->s_axil_wready;
            bool b_fire = top_->s_axil_bvalid && top_->s_axil_bready;
            unsigned resp = top_->s_axil_bresp;
            tick();
            if (aw_fire) { aw = true; top_->s_axil_awvalid = 0; }
            if (w_fire) { w = true; top_->s_axil_wvalid = 0; }
            if (b_fire) {
                top_->s_axil_bready = 0;
                std::printf("W %u %llu\n", resp, static_cast<unsigned long long>(cycles_ - start));
                return;
            }
            (void)aw; (void)w;
        }
        fail("register write timed out");
    }

    void read(unsigned addr) {
        top_->s_axil_araddr = addr;
        top_->s_axil_arvalid = 1;
        top_->s_axil_rready = 1;
        for (int i = 0; i < 100000; ++i) {
            top_->eval();
            bool ar_fire = top_->s_axil_arvalid && top_->s_axil_arready;
            bool r_fire = top_->s_axil_rvalid && top_->s_axil_rready;
            uint32_t data = top_->s_axil_rdata;
            unsigned resp = top_->s_axil_rresp;
            tick();
            if (ar_fire) top_->s_axil_arvalid = 0;
            if (r_fire) {
                top_->s_axil_rready = 0;
                std::printf("R %u %u\n", data, resp);
                return;
            }
        }
        fail("register read timed out");
    }

    void queue(Message m) {
        m.before = std::move(pending_writes_);
        pending_writes_.clear();
        queue_.push_back(std::move(m));
    }

    void attach_write(unsigned addr, uint32_t value, bool retry) {
        pending_writes_.push_back({addr, value, retry});
    }

    void reset_after(long beats) { reset_after_ = beats; }

    void go() {
        // Flatten the queued messages into beats.
        struct Beat { size_t msg; size_t off; size_t n; bool last; bool first; };
        std::vector<Beat> beats;
        for (size_t m = 0; m < queue_.size(); ++m) {
            size_t len = queue_[m].data.size();
            const std::vector<size_t>& keeps = queue_[m].keeps;
            if (!keeps.empty()) {
                size_t off = 0;
                for (size_t i = 0; i < keeps.size(); ++i) {
                    if (keeps[i] > BEAT) fail("a beat keeps more bytes than it has");
                    beats.push_back({m, off, keeps[i], i + 1 == keeps.size(), i == 0});
                    off += keeps[i];
                }
                if (off != len) fail("the kept bytes of the beats are not the message's bytes");
                continue;
            }
            if (len == 0) fail("empty message");
            for (size_t off = 0; off < len; off += BEAT) {
                size_t n = len - off < BEAT ? len - off : BEAT;
                beats.push_back({m, off, n, off + n == len, off == 0});
            }
        }
        std::uniform_int_distribution<unsigned> pct(0, 99);
        size_t next = 0, done_msgs = 0, taken = 0;
        bool offered = false;
        // Register writes attached to the message whose first beat is next.
        size_t wr_msg = SIZE_MAX, wr_idx = 0;
        bool aw_done = false, w_done = false, wr_active = false;
        std::vector<uint8_t> cur;
        uint64_t start = cycles_;
        const uint64_t limit = 100000 + 200ULL * beats.size() * 100 * 100 / (p_valid_ * p_ready_);
        uint8_t buf[BEAT];
        while (done_msgs < queue_.size()) {
            if (cycles_ - start > limit) {
                fail("timeout in G: beat " + std::to_string(next) + " of " + std::to_string(beats.size()) +
                     ", messages out " + std::to_string(done_msgs) + " of " + std::to_string(queue_.size()) +
                     ", register write " + (wr_active ? "waiting" : "idle") +
                     ", s_axis_tready " + std::to_string(top_->s_axis_tready));
            }
            // Issue the register writes of the next message before its first beat.
            if (!offered && next < beats.size() && beats[next].first && wr_msg != beats[next].msg) {
                const Message& m = queue_[beats[next].msg];
                if (!wr_active && wr_idx < m.before.size()) {
                    top_->s_axil_awaddr = m.before[wr_idx].addr;
                    top_->s_axil_wdata = m.before[wr_idx].value;
                    top_->s_axil_wstrb = 0xf;
                    top_->s_axil_awvalid = 1;
                    top_->s_axil_wvalid = 1;
                    top_->s_axil_bready = 1;
                    aw_done = w_done = false;
                    wr_active = true;
                } else if (!wr_active) {
                    wr_msg = beats[next].msg;  // all written: the message may go
                    wr_idx = 0;
                }
            }
            bool may_send = next < beats.size() &&
                            (!beats[next].first || wr_msg == beats[next].msg || queue_[beats[next].msg].before.empty());
            if (!offered && may_send && pct(rng_) < p_valid_) {
                const Beat& b = beats[next];
                std::memset(buf, 0, BEAT);
                std::memcpy(buf, queue_[b.msg].data.data() + b.off, b.n);
                put_bytes(top_->s_axis_tdata, buf, BEAT);
                uint64_t keep = keep_of(b.n);
                set_keep(keep, b.n);
                top_->s_axis_tlast = b.last;
                top_->s_axis_tuser = queue_[b.msg].tuser;
                offered = true;
            }
            top_->s_axis_tvalid = offered;
            top_->m_axis_tready = pct(rng_) < p_ready_;
            top_->eval();
            bool in_fire = top_->s_axis_tvalid && top_->s_axis_tready;
            bool out_fire = top_->m_axis_tvalid && top_->m_axis_tready;
            bool b_fire = false, b_retry = false;
            if (wr_active) {
                if (top_->s_axil_awvalid && top_->s_axil_awready) aw_done = true;
                if (top_->s_axil_wvalid && top_->s_axil_wready) w_done = true;
                b_fire = top_->s_axil_bvalid && top_->s_axil_bready;
                b_retry = b_fire && top_->s_axil_bresp != 0 && queue_[beats[next].msg].before[wr_idx].retry;
            }
            if (out_fire) {
                get_bytes(top_->m_axis_tdata, buf);
                size_t n = kept_bytes();
                cur.insert(cur.end(), buf, buf + n);
                if (top_->m_axis_tlast) {
                    std::printf("O %u %s\n", static_cast<unsigned>(top_->m_axis_tuser), to_hex(cur).c_str());
                    cur.clear();
                    ++done_msgs;
                }
            }
            if (in_fire) {
                offered = false;
                ++next;
                ++taken;
            }
            tick();
            // Handshakes took place at this edge: drop what was accepted.
            if (wr_active) {
                if (aw_done) top_->s_axil_awvalid = 0;
                if (w_done) top_->s_axil_wvalid = 0;
                if (b_fire) {
                    wr_active = false;
                    if (!b_retry) ++wr_idx;
                    top_->s_axil_bready = 0;
                }
            }
            if (reset_after_ >= 0 && taken >= static_cast<size_t>(reset_after_)) {
                // Reset in the middle of the traffic: whatever was in flight is gone.
                top_->s_axis_tvalid = 0;
                top_->m_axis_tready = 0;
                top_->s_axil_awvalid = 0;
                top_->s_axil_wvalid = 0;
                top_->s_axil_bready = 0;
                top_->aresetn = 0;
                for (int i = 0; i < 4; ++i) tick();
                top_->aresetn = 1;
                reset_after_ = -1;
                queue_.clear();
                std::printf("Z %llu\n", static_cast<unsigned long long>(cycles_ - start));
                return;
            }
        }
        top_->s_axis_tvalid = 0;
        top_->m_axis_tready = 0;
        std::printf("D %llu %zu\n", static_cast<unsigned long long>(cycles_ - start), beats.size());
        queue_.clear();
    }

    void idle(uint64_t n) {
        for (uint64_t i = 0; i < n; ++i) tick();
    }

  private:
    void set_keep(uint64_t, size_t n) { keep_write(top_->s_axis_tkeep, n); }
    size_t kept_bytes() { return keep_count(top_->m_axis_tkeep); }

    void tick() {
        top_->aclk = 0;
        top_->eval();
        top_->aclk = 1;
        top_->eval();
        top_->aclk = 0;
        top_->eval();
        ++cycles_;
    }

    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vaes_axi> top_;
    std::mt19937_64 rng_{1};
    unsigned p_valid_ = 100, p_ready_ = 100;
    uint64_t cycles_ = 0;
    std::vector<Message> queue_;
    std::vector<RegWrite> pending_writes_;
    long reset_after_ = -1;
};

}  // namespace

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    Harness h;
    std::string line;
    std::printf("READY %zu\n", BEAT);
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
        } else if (cmd == "W") {
            unsigned addr;
            uint32_t value;
            in >> addr >> value;
            h.write(addr, value);
        } else if (cmd == "R") {
            unsigned addr;
            in >> addr;
            h.read(addr);
        } else if (cmd == "M") {
            Message m;
            std::string hex;
            std::string keeps;
            in >> m.tuser >> hex >> keeps;
            m.data = from_hex(hex);
            std::istringstream list(keeps);
            std::string n;
            while (std::getline(list, n, ',')) m.keeps.push_back(std::stoul(n));
            h.queue(std::move(m));
            continue;
        } else if (cmd == "G") {
            h.go();
        } else if (cmd == "X") {
            unsigned addr;
            uint32_t value;
            std::string flag;
            in >> addr >> value >> flag;
            h.attach_write(addr, value, flag == "retry");
            continue;
        } else if (cmd == "Z") {
            long beats;
            in >> beats;
            h.reset_after(beats);
            continue;
        } else if (cmd == "T") {
            uint64_t n;
            in >> n;
            h.idle(n);
            std::printf("T\n");
        } else if (cmd == "Q") {
            break;
        } else if (!cmd.empty()) {
            fail("unknown command " + cmd);
        }
        std::fflush(stdout);
    }
    return 0;
}
