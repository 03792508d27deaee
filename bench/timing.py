"""Best-of-N wall-clock timing with ``time.perf_counter``."""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from time import perf_counter


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the garbage collector, as :mod:`timeit` does, so that a collection triggered by one
    library's garbage is not charged to the next."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def best_of(
    run: Callable[[], object],
    *,
    repeat: int,
    warmup: Callable[[], object] | None = None,
) -> float:
    """The shortest of ``repeat`` timed calls of ``run``, in seconds.

    ``warmup`` (by default ``run`` itself) is called once, untimed, first: it fills caches,
    builds lazy tables and lets the interpreter specialise the loop.
    """
    (warmup or run)()
    best = math.inf
    with _gc_paused():
        for _ in range(repeat):
            start = perf_counter()
            run()
            best = min(best, perf_counter() - start)
    return best


def best_of_each(
    runs: Mapping[str, Callable[[], object]],
    *,
    repeat: Mapping[str, int],
    warmups: Mapping[str, Callable[[], object]] | None = None,
) -> dict[str, float]:
    """The best time of each run, timed round-robin: one call of each per round.

    Interleaving makes the ratios between runs robust on a shared machine: a burst of load from
    another process slows one round of every run rather than all rounds of one run. A run
    takes part in its first ``repeat[key]`` rounds only (slow peers need fewer).
    """
    for key, run in runs.items():
        ((warmups or {}).get(key) or run)()
    best = dict.fromkeys(runs, math.inf)
    with _gc_paused():
        for round_ in range(max(repeat.values(), default=0)):
            for key, run in runs.items():
                if round_ < repeat[key]:
                    start = perf_counter()
                    run()
                    best[key] = min(best[key], perf_counter() - start)
    return best
