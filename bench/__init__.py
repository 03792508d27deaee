"""Benchmarks of floorman against peer libraries; run with ``python -m bench`` (``make bench``).

Every benchmark times floorman and its peers on the same hands in one process, best of N, and
returns a :class:`~bench.report.Section`; :mod:`bench.report` prints the sections as Rich tables
and writes them to ``docs/benchmarks.md``.
"""

import os

# "One core": NumPy's OpenBLAS would otherwise start a thread per core, which spin for a while
# after any BLAS call and compete with the timed thread on a small machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
