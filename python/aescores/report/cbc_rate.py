# SPDX-License-Identifier: Apache-2.0
"""The whole IP's rate for CBC encryption of one long message, measured on the Verilator
harness of `aes_axi` (`aescores.sim.axi`).

CBC encryption chains each block on the previous one's ciphertext, so one message keeps
one block in the engine at a time whatever the lanes or the pipeline depth: the rate is
measured, not derived from the parameters. One message of `BLOCKS` blocks (AES-128 key,
no input gaps, no backpressure) is encrypted as bench/mode_rates.py does it; the clocks
the harness counts from the message's first beat offered to its last beat out, over the
blocks, give the clocks per block (the fixed latency of the first block included, so the
figure errs slightly on the slow side). The output is checked against `aescores.model`
(OpenSSL) before any figure is returned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from aescores import model
from aescores.model import Mode
from aescores.regmap import regs

if TYPE_CHECKING:
    from aescores.sim.axi import AxiSim

BLOCKS = 64
KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
IV = bytes.fromhex("f0e1d2c3b4a5968778695a4b3c2d1e0f")


class RateCheckError(RuntimeError):
    """The IP did not do what the measurement needs: self-test, key load, or a CBC output
    that differs from the model's."""


@dataclass(frozen=True)
class CbcRate:
    """One CBC-encryption measurement of the whole IP."""

    blocks: int
    clocks: int  # harness clocks from the first beat offered to the last beat out
    key_bits: int

    @property
    def clocks_per_block(self) -> float:
        """Clocks per 128-bit block of the message."""
        return self.clocks / self.blocks

    def gbps(self, fmax_mhz: float) -> float:
        """Gbit/s at `fmax_mhz`: 128 x Fmax / clocks per block (lanes do not help a chain)."""
        return 128 * fmax_mhz / self.clocks_per_block / 1000.0


def message_data(blocks: int) -> bytes:
    """A plaintext of `blocks` blocks, every byte position different from its neighbours."""
    return bytes((7 * i + (i >> 8) + 3) & 0xFF for i in range(16 * blocks))


def _load_round_keys(sim: "AxiSim", key: bytes, decrypt: bool) -> None:
    """KEY_EXPANSION="HOST" builds: write `key`'s round keys into slot 0 and commit it."""
    if sim.wait_slots_idle() & 1:  # round keys go into an empty slot only
        sim.write(regs.KEY_CLEAR.offset, 1)
        sim.wait_slots_idle()
    tables = [(regs.RkTable.ENC, model.expand_key(key))]
    if decrypt:
        tables.append((regs.RkTable.DEC, model.decryption_round_keys(key)))
    for table, round_keys in tables:
        for index, rk in enumerate(round_keys):
            for w in range(4):
                sim.write(regs.RK[w].offset, int.from_bytes(rk[4 * w:4 * w + 4], "little"))
            ctrl = regs.RK_CTRL.encode(slot=0, index=index, table=int(table), write=1)
            if sim.write(regs.RK_CTRL.offset, ctrl):
                raise RateCheckError(f"the IP refused round key {index} (RK_CTRL answered SLVERR)")
    commit = regs.RK_CTRL.encode(slot=0, len=model.len_code_of_key(key), commit=1)
    if sim.write(regs.RK_CTRL.offset, commit):
        raise RateCheckError("the IP refused the round-key commit (RK_CTRL answered SLVERR)")


def measure_cbc_encrypt(params: Mapping[str, object], *, blocks: int = BLOCKS, key_bits: int = 128,
                        seed: int = 1) -> CbcRate:
    """Encrypt one CBC message of `blocks` blocks on the `aes_axi` harness built with
    `params` (the defaults for those not given) and return the clocks it took.

    The key (`key_bits` long) goes in through KEY_CTRL, or as round keys through RK_CTRL
    in a KEY_EXPANSION="HOST" build. Raises RateCheckError when the self-test does not
    pass, the key is refused, or the output message is not the model's ciphertext
    (RuntimeError or aescores.tools.ToolError when the harness cannot be built or run).
    """
    from aescores.sim.axi import AXI_DEFAULTS, AxiSim, tuser_of

    if blocks < 1:
        raise ValueError("blocks must be at least 1")
    full: dict[str, Any] = {**AXI_DEFAULTS, **params}
    key = KEY[:key_bits // 8]
    data = message_data(blocks)
    beat = 16 * int(full["LANES"])
    message = IV + bytes(beat - 16) + data  # the IV beat: IV in lane 0
    with AxiSim(full, seed=seed, p_valid=100, p_ready=100) as sim:
        if int(full["SELFTEST"]):
            done, passed = sim.wait_selftest()
            if not (done and passed):
                raise RateCheckError("the IP's self-test did not pass")
        if full["KEY_EXPANSION"] == "HOST":
            _load_round_keys(sim, key, bool(int(full["DECRYPT"])))
            sim.wait_slots_idle()
        elif sim.load_key(0, key) != 0:
            raise RateCheckError("the IP refused the key (KEY_CTRL answered SLVERR)")
        outs, clocks, _beats = sim.messages([(tuser_of(int(Mode.CBC), False, 0), message)])
    if len(outs) != 1:
        raise RateCheckError(f"the IP gave {len(outs)} output messages for one CBC message")
    out = outs[0]
    if out.code != 0:
        raise RateCheckError(f"the IP ended the CBC message with result code {out.code}")
    want = model.process(Mode.CBC, key, IV, data, False)
    got = out.data[len(message) - len(data):]
    if got != want:
        common = min(len(got), len(want))
        first = next((i // 16 for i in range(common) if got[i] != want[i]), common // 16)
        raise RateCheckError(f"the IP's CBC ciphertext differs from the model's from block {first} "
                             f"({len(got)} bytes out, {len(want)} expected)")
    return CbcRate(blocks=blocks, clocks=clocks, key_bits=key_bits)
