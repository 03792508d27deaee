"""Benchmarks of floorman against peer libraries; run with ``python -m bench`` (``make bench``).

Every benchmark times floorman and its peers on the same hands in one process, best of N, and
returns a :class:`~bench.report.Section`; :mod:`bench.report` prints the sections as Rich tables
and writes them to ``docs/benchmarks.md``.
"""
