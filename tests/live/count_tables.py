"""Hands for the count-request tests: a player facing an opponent's all-in."""

from __future__ import annotations

from tests.live.assist_tables import BIG, play, table

from floorman.engine import Hand, Raise


def facing_all_in(profile: str) -> Hand:
    """Blinds 100-200; seat 2, first to act, moves all in for 5000: seat 0 is to act."""
    played, _ = table([BIG, BIG, 5000], button=2, blinds=(100, 200), profile=profile)
    play(played, Raise(5000))
    assert played.actor == 0
    return played
