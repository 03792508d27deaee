"""The whole-tournament benchmark's large run: played in a process of its own, which reports
the same event as an in-process run and its own peak memory, judged against the goal."""

from __future__ import annotations

from dataclasses import replace

from bench.tournament import LARGE_GOAL_SECONDS, child, large_targets, run_in_child


def test_the_large_run_plays_in_a_child_process_and_reports_its_own_memory() -> None:
    ran = run_in_child(300, seed=7)
    here = child(300, seed=7)
    assert (ran.entrants, ran.hands, ran.table_moves) == (
        here.entrants,
        here.hands,
        here.table_moves,
    )
    assert ran.hands > 300
    assert 10 << 20 < ran.peak_bytes < 1 << 30  # a fresh interpreter's own peak
    verdicts = [t.passed for t in large_targets(ran)]
    assert verdicts == [True, True]
    slow = large_targets(replace(ran, seconds=LARGE_GOAL_SECONDS + 1, peak_bytes=3 << 30))
    assert [t.passed for t in slow] == [False, False]
