"""Placeholder for the hand-engine benchmarks (issue 3); keeps the report's structure stable."""

from __future__ import annotations

from bench.config import Config
from bench.report import Section


def engine_benchmark(config: Config) -> Section:
    del config
    return Section(
        key="engine",
        title="6. Hand engine",
        intro="Hand engine: not yet implemented (issue 3).",
    )
