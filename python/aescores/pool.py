# SPDX-License-Identifier: Apache-2.0
"""Independent jobs in a pool of worker processes, each outcome handed back as it ends.

`aescores explore` and `aescores report -j N` build their configurations this way: a
build is one process running Yosys and nextpnr (single-threaded tools), so N of them
keep N cores busy. Workers start by fork (Linux), so they see the parent's modules as
they are, stand-ins of tests included.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Callable, Sequence, TypeVar

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


def run_pool(job: Callable[[Item], Outcome], items: Sequence[Item], workers: int,
             finish: Callable[[Outcome], None], failed: Callable[[Item, Exception], Outcome]) -> None:
    """Run `job(item)` for every item, `workers` at a time, in that order of submission;
    pass each outcome to `finish` as it ends (those that end together, in submission
    order). A job that raises, or whose worker dies (BrokenProcessPool), gives the
    outcome `failed(item, exception)` and the others go on. An interrupt stops the pool:
    the jobs not started are cancelled."""
    pool = ProcessPoolExecutor(max_workers=max(1, workers))
    try:
        futures: dict[Future[Outcome], int] = {pool.submit(job, item): i for i, item in enumerate(items)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=futures.__getitem__):
                try:
                    outcome = future.result()
                except Exception as exc:  # noqa: BLE001 - recorded as that job's outcome
                    outcome = failed(items[futures[future]], exc)
                finish(outcome)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def failure_text(exc: Exception) -> str:
    """The error recorded for a job that raised or whose worker died."""
    return f"build process failed: {type(exc).__name__}: {exc}"
