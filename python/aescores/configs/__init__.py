# SPDX-License-Identifier: Apache-2.0
"""Named presets: one `aes_axi` parameter set per reference system, plus our own best.

A preset is a set of the `aes_axi` parameters of docs/specification.md §2, the device it is built for,
the key length its throughput is quoted for, and the published figures of the
reference system it rebuilds (docs/specification.md §7), so that the report can show both side by side.

Which Verilog top the flow implements is chosen here too (`DEFAULT_TOP`): `aes_core`,
the cipher core the published designs and the targets describe, given only the
parameters it declares (`TopModule.params`); `aes_axi`, the whole IP, with
`aescores implement PRESET --top aes_axi`.

`PARAMETERS` lists every `aes_axi` parameter with its default and the values the RTL
accepts; `parse_sets` and `configure` make a configuration of `--set NAME=VALUE` options,
over a preset's parameters or over the defaults.

The clocks a block takes and the latency of a block are functions of the parameters
kept here in one place (`clocks_per_block`, `latency_clocks`), so throughput is
computed the same way everywhere:

    Gbit/s = 128 * LANES * Fmax[MHz] / clocks_per_block / 1000
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Mapping, Sequence

ParamValue = int | str


class ConfigError(ValueError):
    """An unknown parameter or preset, or a value the RTL does not accept (one line)."""


@dataclass(frozen=True)
class ParamSpec:
    """One `aes_axi` parameter: its default and every value the RTL accepts.

    The legal values are those the RTL's elaboration checks let through (the
    `gen_invalid_*` generate blocks of rtl/aes_axi.v, rtl/aes_core.v, the engines, the
    framer and the key slots instantiate a module that does not exist for any other
    value). One rule runs across parameters (`check_combination`): STAGES_PER_ROUND is
    checked (1 to 4) whatever ARCH is, and an ITERATIVE build with SBOX "TTABLE" takes 1
    (one block, a round per clock) or 3 (three blocks interleaved); other ITERATIVE
    builds ignore it.
    """

    name: str
    default: ParamValue
    legal: tuple[ParamValue, ...]
    doc: str = ""

    def legal_text(self) -> str:
        """The legal values in words: '1, 2, 4 or 8', 'ITERATIVE or PIPELINED', '1 to 16'."""
        values = [str(v) for v in self.legal]
        ints = [v for v in self.legal if isinstance(v, int)]
        if len(ints) == len(self.legal) > 4 and ints == list(range(ints[0], ints[-1] + 1)):
            return f"{ints[0]} to {ints[-1]}"
        return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " or " + values[-1]

    def parse(self, text: str) -> ParamValue:
        """The value `text` stands for (strings in any case), or ConfigError naming the legal values."""
        value: ParamValue
        if isinstance(self.default, int):
            try:
                value = int(text.strip(), 10)
            except ValueError:
                raise ConfigError(f"{self.name} takes {self.legal_text()}") from None
        else:
            value = text.strip().strip('"').upper()
        if value not in self.legal:
            raise ConfigError(f"{self.name} takes {self.legal_text()}")
        return value


# The parameters of `aes_axi` (docs/specification.md §2): defaults and legal values.
PARAMETERS: dict[str, ParamSpec] = {
    s.name: s
    for s in (
        ParamSpec("ARCH", "PIPELINED", ("ITERATIVE", "PIPELINED"), "cipher engine"),
        ParamSpec("STAGES_PER_ROUND", 1, (1, 2, 3, 4),
                  "register stages per round (PIPELINED; ITERATIVE TTABLE: 1 or 3, three blocks interleaved)"),
        ParamSpec("SBOX", "LUT", ("LUT", "TTABLE", "COMPOSITE"), "S-box implementation"),
        ParamSpec("LANES", 1, (1, 2, 4, 8), "blocks per beat"),
        ParamSpec("MAX_KEY_BITS", 256, (128, 192, 256), "longest key accepted"),
        ParamSpec("KEY_SLOTS", 4, tuple(range(1, 17)), "keys held at once"),
        ParamSpec("DECRYPT", 1, (0, 1), "1: encryption and decryption; 0: encryption only"),
        ParamSpec("KEY_EXPANSION", "HW", ("HW", "HOST"), "HW: keys expanded on chip; HOST: host writes round keys"),
        ParamSpec("SELFTEST", 1, (0, 1), "1: power-on known-answer test"),
        ParamSpec("GCM", 1, (0, 1), "1: AES-GCM (mode 5) with a GHASH unit; 0: no GHASH logic"),
    )
}

# The parameters of `aes_axi` with their defaults.
AES_AXI_DEFAULTS: dict[str, ParamValue] = {name: spec.default for name, spec in PARAMETERS.items()}


@dataclass(frozen=True)
class TopModule:
    """A Verilog top the flow can implement: its name, clock and accepted parameters."""

    name: str
    params: tuple[str, ...]
    clock: str = "clk"


TOPS: dict[str, TopModule] = {
    # The datapath without the bus logic (rtl/aes_core.v); TAG_WIDTH stays at its default.
    "aes_core": TopModule(
        "aes_core",
        ("ARCH", "STAGES_PER_ROUND", "SBOX", "LANES", "MAX_KEY_BITS", "KEY_SLOTS", "DECRYPT", "KEY_EXPANSION"),
    ),
    # The product's top (docs/specification.md §2).
    "aes_axi": TopModule("aes_axi", tuple(AES_AXI_DEFAULTS), clock="aclk"),
}

# The top every preset implements unless it names another.
DEFAULT_TOP = "aes_core"


@dataclass(frozen=True)
class Published:
    """Figures of a reference system as its authors published them (docs/specification.md §7).

    `luts` are LUTs of the authors' device (LUT6 on 7-series and UltraScale, LUT4 on
    Virtex-II); `slices` are given where the paper reports only slices. None: not
    published (or not given in docs/specification.md §7).
    """

    ref: str  # "S0" .. "S4"
    system: str
    device: str
    mhz: float | None = None
    gbps: float | None = None
    luts: int | None = None
    slices: int | None = None
    ff: int | None = None
    lut_kind: str = "LUT6"  # what one of the device's LUTs is
    luts_per_slice: int | None = None  # to bound LUTs from slices
    note: str = ""

    def area_text(self) -> str:
        """The published area as published: '13,043 LUT / 3,877 FF', '3,576 slices' or '—'."""
        parts = []
        if self.luts is not None:
            parts.append(f"{self.luts:,} LUT")
        if self.slices is not None:
            parts.append(f"{self.slices:,} slices")
        if self.ff is not None:
            parts.append(f"{self.ff:,} FF")
        return " / ".join(parts) if parts else "—"

    def lut_estimate(self) -> tuple[int, bool] | None:
        """LUTs for a plot: (luts, exact) — from slices times LUTs per slice as an upper bound."""
        if self.luts is not None:
            return self.luts, True
        if self.slices is not None and self.luts_per_slice:
            return self.slices * self.luts_per_slice, False
        return None


@dataclass(frozen=True)
class Preset:
    """One named configuration: `aes_axi` parameters, a target device, its reference."""

    name: str
    description: str
    params: Mapping[str, ParamValue]
    target: str = "ecp5-85k"
    key_bits: int = 128  # key length the throughput and latency are quoted for
    freq_mhz: float = 200.0  # goal given to nextpnr's timing-driven place and route
    published: Published | None = None
    in_default_report: bool = True  # built by `aescores report` with no preset named
    top: str = DEFAULT_TOP  # the Verilog top implemented (a key of TOPS)
    # Options appended to the Yosys synthesis command on targets of this family, e.g.
    # {"ecp5": "-nowidelut"}: LUT4s only, which maps tower-field (COMPOSITE) S-boxes
    # to fewer LUT4 and fewer levels (docs/engines.md).
    synth_options: Mapping[str, str] = field(default_factory=dict)

    @property
    def full_params(self) -> dict[str, ParamValue]:
        """Every `aes_axi` parameter: the preset's values over the defaults of docs/specification.md §2."""
        return {**AES_AXI_DEFAULTS, **self.params}

    @property
    def top_module(self) -> TopModule:
        return TOPS[self.top]

    def top_params(self) -> dict[str, ParamValue]:
        """The parameters passed to the implemented top: those it declares."""
        accepted = set(self.top_module.params)
        return {k: v for k, v in self.full_params.items() if k in accepted}

    def unapplied_params(self) -> dict[str, ParamValue]:
        """Preset parameters the implemented top does not have (not built, e.g. SELFTEST in aes_core)."""
        accepted = set(self.top_module.params)
        return {k: v for k, v in self.full_params.items() if k not in accepted}

    @property
    def arch_text(self) -> str:
        """Short architecture description for tables, e.g. 'PIPELINED x3, COMPOSITE, 2 lanes'."""
        p = self.full_params
        arch = str(p["ARCH"])
        if arch == "PIPELINED":
            arch += f" {p['STAGES_PER_ROUND']}/round"
        elif interleaved(p):
            arch += " x3 interleaved"
        parts = [arch, f"SBOX {p['SBOX']}", f"AES-{self.key_bits}", "enc/dec" if int(p["DECRYPT"]) else "enc"]
        if int(p["LANES"]) > 1:
            parts.append(f"{p['LANES']} lanes")
        if p["KEY_EXPANSION"] == "HOST":
            parts.append("host keys")
        return ", ".join(parts)

    @property
    def clocks_per_block(self) -> int:
        return clocks_per_block(self.full_params, self.key_bits)

    @property
    def latency_clocks(self) -> int:
        return latency_clocks(self.full_params, self.key_bits)

    @property
    def lanes(self) -> int:
        return int(self.full_params["LANES"])


def rounds(key_bits: int) -> int:
    """Nr of a key length."""
    return {128: 10, 192: 12, 256: 14}[key_bits]


def iterative_tables(params: Mapping[str, ParamValue]) -> bool:
    """Whether the build is ITERATIVE with SBOX "TTABLE", whose STAGES_PER_ROUND picks the
    engine (1: single context, 3: interleaved)."""
    return (params.get("ARCH", AES_AXI_DEFAULTS["ARCH"]) == "ITERATIVE"
            and params.get("SBOX", AES_AXI_DEFAULTS["SBOX"]) == "TTABLE")


def interleaved(params: Mapping[str, ParamValue]) -> bool:
    """Whether the engine is the interleaved one (rtl/aes_engine_interleaved.v): ITERATIVE,
    SBOX "TTABLE", three stages per round."""
    return (iterative_tables(params)
            and int(params.get("STAGES_PER_ROUND", AES_AXI_DEFAULTS["STAGES_PER_ROUND"])) == 3)


def clocks_per_block(params: Mapping[str, ParamValue], key_bits: int = 128) -> int:
    """Clocks per block per lane at full rate: ITERATIVE Nr+1 (key_bits), PIPELINED 1."""
    if params.get("ARCH", AES_AXI_DEFAULTS["ARCH"]) == "ITERATIVE":
        return rounds(key_bits) + 1
    return 1


def latency_clocks(params: Mapping[str, ParamValue], key_bits: int = 128) -> int:
    """Clocks from a block's input handshake to its output, ECB, no backpressure.

    ITERATIVE: Nr + 2 (rtl/aes_engine_iterative.v: accept, round 0, Nr rounds, the last
    one writing the output register), Nr of the block's key; with SBOX "TTABLE" and three
    stages per round the interleaved engine (rtl/aes_engine_interleaved.v): 3 Nr + 6 for
    a block that finds the engine idle (under load a block may wait in the engine's
    input register for a context, as it waits for s_ready in the single-context engine).
    PIPELINED: NR * STAGES_PER_ROUND + 4 (rtl/aes_engine_pipelined.v: input register,
    NR round units of STAGES_PER_ROUND registers, output register, output buffer with
    its registered read), where
    NR is the Nr of MAX_KEY_BITS: every block takes the same time, whatever its key.
    The engines' header comments are the authority: keep this in step with them.
    """
    if params.get("ARCH", AES_AXI_DEFAULTS["ARCH"]) == "ITERATIVE":
        if interleaved(params):
            return 3 * rounds(key_bits) + 6
        return rounds(key_bits) + 2
    nr = rounds(int(params.get("MAX_KEY_BITS", AES_AXI_DEFAULTS["MAX_KEY_BITS"])))
    return nr * int(params.get("STAGES_PER_ROUND", 1)) + 4


def throughput_gbps(fmax_mhz: float, lanes: int, clocks: int) -> float:
    """Gbit/s = 128 bits x lanes x Fmax / clocks per block."""
    return 128 * lanes * fmax_mhz / clocks / 1000.0


S0 = Published(
    "S0", "Visconti et al., Electronics 2020", "Zynq UltraScale+ ZCU102",
    mhz=220, gbps=28.16, luts=13043, ff=3877, note="encryption figures",
)
S1 = Published("S1", "Hussain & Jamal", "Virtex-7", mhz=456, gbps=5.30, note="encryption")
S2 = Published(
    "S2", "Granado-Criado et al., INTEGRATION 2010", "Virtex-II",
    mhz=194.7, gbps=24.9, slices=3576, lut_kind="LUT4", luts_per_slice=2,
)
S3 = Published("S3", "Dixit", "Virtex-7 XC7VX690T", mhz=813, gbps=104, slices=2617, luts_per_slice=4)
S4 = Published(
    "S4", "AES-CTR for SoC-FPGA", "Zynq-7020 / Kintex-7", gbps=7.67,
    note="1.8 Gbit/s on Zynq-7020, 7.67 Gbit/s on Kintex-7",
)

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "s0-pipelined-ttable",
            "S0 rebuilt: fully pipelined AES-128, one stage per round, T-table rounds, encryption "
            "(the published area is the encryptor's)",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 1, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 1, "GCM": 0},
            freq_mhz=150, published=S0,
        ),
        Preset(
            "s1-iterative",
            "S1 rebuilt: iterative AES-128 encryption on coalesced T-tables in block RAM, one round "
            "per clock (11 clocks a block), the tables' address register the state; feedback modes "
            "(CBC encryption) chained in the engine at the same rate",
            {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 1, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=150, published=S1,
        ),
        Preset(
            "s2-phase-pipelined-hostkey",
            "S2 rebuilt: phase-level pipeline (SubBytes | ShiftRows+MixColumns | AddRoundKey), "
            "round keys written by the host, no key-expansion logic",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 3, "SBOX": "LUT", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HOST", "SELFTEST": 0, "GCM": 0},
            freq_mhz=250, published=S2,
        ),
        Preset(
            "s3-subpipelined",
            "S3 rebuilt: sub-pipelined AES-128, four register stages per round (T-table reads "
            "registered in block RAM, lookups XORed in pairs, AddRoundKey, a register before the "
            "next round's table address), initiation interval 1, key expansion in hardware",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=300, published=S3,
        ),
        Preset(
            "subpipelined-logic",
            "Sub-pipelined AES-128 without block RAM in the rounds: four register stages per "
            "round cut between the GF(2^4) steps of composite-field S-boxes, initiation interval "
            "1, synthesized to LUT4s only (the lane of max-throughput)",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4, "SBOX": "COMPOSITE", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=300, synth_options={"ecp5": "-nowidelut"},
        ),
        Preset(
            "s4-iterative-ctr4",
            "S4 rebuilt: small iterative core (T-tables in block RAM, three blocks interleaved per "
            "lane), four blocks side by side for CTR, keys up to 256 bits (throughput quoted for AES-128)",
            {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 3, "SBOX": "TTABLE", "LANES": 4, "MAX_KEY_BITS": 256, "KEY_SLOTS": 1,
             "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=200, published=S4,
        ),
        Preset(
            "max-throughput",
            "The fastest whole IP of the presets on one LFE5U-85F: two lanes of the sub-pipelined "
            "AES-128 encryptor of s3-subpipelined (T-tables in 160 of the 208 block RAMs), two blocks "
            "per clock",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 4, "SBOX": "TTABLE", "LANES": 2, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=300,
        ),
        Preset(
            "min-area",
            "Fewest LUTs: iterative AES-128 encryption and decryption, T-tables in block RAM, three "
            "blocks interleaved (one round per clock)",
            {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 3, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128, "KEY_SLOTS": 1,
             "DECRYPT": 1, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 0},
            freq_mhz=200,
        ),
        Preset(
            "gcm-pipelined",
            "AES-GCM at one block per clock: fully pipelined AES-128 encryptor (two register stages "
            "per round, T-table rounds) and a full-rate GHASH unit (a Karatsuba multiplier in four "
            "register stages); GCM decryption uses the same forward cipher",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 1},
            freq_mhz=200, in_default_report=False,
        ),
        Preset(
            "gcm-2lane",
            "AES-GCM on two lanes (two blocks per clock): the gcm-pipelined engine doubled (164 of the "
            "208 block RAMs) and a GHASH unit with a multiplier per lane and the powers H^1..H^8",
            {"ARCH": "PIPELINED", "STAGES_PER_ROUND": 2, "SBOX": "TTABLE", "LANES": 2, "MAX_KEY_BITS": 128,
             "KEY_SLOTS": 1, "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 1},
            freq_mhz=200, in_default_report=False,
        ),
        Preset(
            "gcm-iterative",
            "Small AES-GCM: iterative AES-128 encryptor (T-tables in block RAM, three blocks "
            "interleaved) and a digit-serial GHASH unit (16 bits a clock)",
            {"ARCH": "ITERATIVE", "STAGES_PER_ROUND": 3, "SBOX": "TTABLE", "LANES": 1, "MAX_KEY_BITS": 128, "KEY_SLOTS": 1,
             "DECRYPT": 0, "KEY_EXPANSION": "HW", "SELFTEST": 0, "GCM": 1},
            freq_mhz=200, in_default_report=False,
        ),
    )
}


def get_preset(name: str) -> Preset:
    """The preset called `name`; KeyError names the known ones."""
    try:
        return PRESETS[name]
    except KeyError:
        raise KeyError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None


def default_report_presets() -> list[Preset]:
    """The presets `aescores report` builds when none is named."""
    return [p for p in PRESETS.values() if p.in_default_report]


def split_option(flag: str, item: str, form: str) -> tuple[str, ParamSpec, str]:
    """`item` of a `flag NAME=...` option as (NAME in upper case, its ParamSpec, the text
    after '='); ConfigError (one line, quoting the option) for a malformed item or an
    unknown name. `form` says what the option looks like, for the error."""
    name, eq, text = item.partition("=")
    name = name.strip().upper()
    if not eq or not name:
        raise ConfigError(f"{flag} {item}: expected {form}")
    spec = PARAMETERS.get(name)
    if spec is None:
        raise ConfigError(f"{flag} {item}: unknown parameter {name}; the parameters are {', '.join(PARAMETERS)}")
    return name, spec, text


def parse_sets(items: Sequence[str]) -> dict[str, ParamValue]:
    """The parameter values of `--set NAME=VALUE` options, checked against PARAMETERS.

    Names are matched in any case; ConfigError (one line, quoting the option) for a
    malformed item, an unknown name, an illegal value or a name given twice.
    """
    values: dict[str, ParamValue] = {}
    for item in items:
        name, spec, text = split_option("--set", item, "NAME=VALUE, e.g. --set LANES=2")
        try:
            value = spec.parse(text)
        except ConfigError as exc:
            raise ConfigError(f"--set {item}: {exc}") from None
        if name in values and values[name] != value:
            raise ConfigError(f"--set {item}: {name} is already set to {values[name]}")
        values[name] = value
    return values


def validate_params(params: Mapping[str, ParamValue]) -> None:
    """ConfigError for a name not in PARAMETERS or a value the RTL does not accept."""
    for name, value in params.items():
        spec = PARAMETERS.get(name)
        if spec is None:
            raise ConfigError(f"unknown parameter {name}; the parameters are {', '.join(PARAMETERS)}")
        if value not in spec.legal or isinstance(value, bool):
            raise ConfigError(f"{name}={value}: {name} takes {spec.legal_text()}")


# The name of a configuration made from the defaults alone (no preset named).
DEFAULTS_NAME = "defaults"


def check_combination(params: Mapping[str, ParamValue]) -> None:
    """ConfigError for a set of parameters the RTL refuses as a whole (each value legal):
    an ITERATIVE TTABLE build with 2 or 4 stages per round."""
    full = {**AES_AXI_DEFAULTS, **params}
    if iterative_tables(full) and full["STAGES_PER_ROUND"] not in (1, 3):
        raise ConfigError(f"STAGES_PER_ROUND={full['STAGES_PER_ROUND']}: an ITERATIVE build with SBOX=TTABLE "
                          "takes 1 (one block, a round per clock) or 3 (three blocks interleaved)")


def config_name(base: str, params: Mapping[str, ParamValue], base_params: Mapping[str, ParamValue]) -> str:
    """A stable descriptive name: `base` plus each parameter that differs from
    `base_params`, in PARAMETERS order, e.g. 'min-area+LANES=2' or 'defaults+ARCH=ITERATIVE'."""
    diffs = [f"{k}={params[k]}" for k in PARAMETERS if k in params and params[k] != base_params.get(k)]
    return "+".join([base, *diffs])


def configure(
    preset: str | None,
    overrides: Mapping[str, ParamValue] | None = None,
    *,
    target: str = "ecp5-85k",
    freq_mhz: float = 200.0,
) -> Preset:
    """The configuration of a named preset with `overrides` (checked) over its parameters,
    or of the defaults (AES_AXI_DEFAULTS) with them when `preset` is None.

    Overrides that change nothing give the preset itself. Otherwise the result is a new
    Preset named by `config_name`, not in the default report, without the published
    figures of the reference system (it is no longer that design) nor the preset's reason
    not to build its IP; it keeps the preset's target, frequency goal, key length, top and
    synthesis options. With no preset, `target` and `freq_mhz` (the default target and its
    goal) are used. ConfigError for an unknown preset or parameter, an illegal value or
    an illegal combination (`check_combination`).
    """
    overrides = dict(overrides or {})
    validate_params(overrides)
    if preset is None:
        full = {**AES_AXI_DEFAULTS, **overrides}
        check_combination(full)
        name = config_name(DEFAULTS_NAME, full, AES_AXI_DEFAULTS)
        changed = ", ".join(f"{k}={v}" for k, v in overrides.items()) or "none"
        return Preset(name, f"aes_axi defaults with {changed} (--set)", full, target=target, freq_mhz=freq_mhz,
                      in_default_report=False)
    try:
        base = get_preset(preset)
    except KeyError as exc:
        raise ConfigError(str(exc.args[0])) from None
    full = {**base.full_params, **overrides}
    check_combination(full)
    if full == base.full_params:
        return base
    changed = ", ".join(f"{k}={v}" for k, v in overrides.items() if base.full_params[k] != v)
    return dataclasses.replace(
        base, name=config_name(base.name, full, base.full_params),
        description=f"{base.name} with {changed} (--set)", params=full, published=None,
        in_default_report=False,
    )


def is_named_preset(preset: Preset) -> bool:
    """True when `preset` is one of PRESETS, unchanged."""
    return PRESETS.get(preset.name) == preset
