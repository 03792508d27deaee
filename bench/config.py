"""Sample sizes and repeat counts for a full run and for a ``--quick`` smoke run."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Config:
    """How many hands each benchmark uses and how many timed repeats it keeps the best of."""

    quick: bool
    seed: int
    batch_hands: int
    scalar_hands: int
    treys_hands: int
    pokerkit_hands: int
    agreement_hands: int
    repeat: int
    slow_repeat: int
    histogram_repeat: int
    pokerkit_samples: int
    engine_hands: int
    """Random hands per timed run of floorman's hand engine (section 6)."""
    engine_pokerkit_hands: int
    """Random hands per timed run of PokerKit's, which is far slower."""
    replay_passes: int
    """Passes over the PHH test hands per timed run of floorman's replay (PokerKit: one)."""


FULL = Config(
    quick=False,
    seed=20_240_601,
    batch_hands=2_000_000,
    scalar_hands=200_000,
    treys_hands=20_000,
    pokerkit_hands=2_000,
    agreement_hands=20_000,
    repeat=5,
    slow_repeat=3,
    histogram_repeat=2,
    pokerkit_samples=2_000,
    engine_hands=300,
    engine_pokerkit_hands=100,
    replay_passes=4,
)

QUICK = Config(
    quick=True,
    seed=20_240_601,
    batch_hands=200_000,
    scalar_hands=20_000,
    treys_hands=5_000,
    pokerkit_hands=300,
    agreement_hands=5_000,
    repeat=3,
    slow_repeat=2,
    histogram_repeat=1,
    pokerkit_samples=300,
    engine_hands=100,
    engine_pokerkit_hands=30,
    replay_passes=2,
)
