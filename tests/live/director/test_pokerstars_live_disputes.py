"""PokerStars Live 3.9: the right to dispute a hand ends when the next hand starts, whatever
is disputed (digest D-14)."""

from __future__ import annotations

import pytest

from floorman.errors import IllegalActionError
from floorman.live.director.disputes import Dispute, DisputeKind, hear
from floorman.rules.profiles import PROFILES

PSL = PROFILES["pokerstars-live"]


@pytest.mark.rules("pokerstars-live 3.9")
@pytest.mark.parametrize("kind", list(DisputeKind))
def test_pokerstars_live_d14_a_dispute_after_the_next_riffle_is_too_late(
    kind: DisputeKind,
) -> None:
    assert str(hear(PSL, Dispute(kind=kind)).rule) == "pokerstars-live 3.9"
    with pytest.raises(IllegalActionError) as late:
        hear(PSL, Dispute(kind=kind, next_hand_started=True))
    assert str(late.value.ruling.rule) == "pokerstars-live 3.9"


@pytest.mark.rules("pokerstars-live 3.9")
def test_pokerstars_live_3_9_no_minute_at_a_break_only_the_next_hand() -> None:
    at_break = Dispute(kind=DisputeKind.READING, ended_at_break=True, seconds_since_award=600)
    assert hear(PSL, at_break).key == "dispute-heard"
