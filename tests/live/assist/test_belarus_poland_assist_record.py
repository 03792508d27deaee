"""The dealer assist's readings under Belarus and Poland, recorded in the hand's history
(LiveHand.apply_assist): where the player himself chooses (Belarus 4.13, Poland §42.7) the
choice waits for him, then the chosen reading is played; an evident excess is a raise in
Belarus (4.14.3) where Poland applies its 50% rule (§10.2)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table, limp_to_flop

from floorman.engine import Raise
from floorman.engine.events import ChipsForfeited
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.types import SILENT, AssistRuling, ChipPush, Decider
from floorman.live.live_events import RulingMade
from floorman.live.live_hand import LiveHand


def on_the_flop(profile: str, *bets: int) -> LiveHand:
    live, deck = dealt_table(4, profile=profile, blinds=(100, 200), stack=100_000)
    limp_to_flop(live, deck)
    for bet in bets:
        live.act(Raise(bet))
    return live


def silent_push(live: LiveHand, *chips: tuple[int, int]) -> AssistRuling:
    return rule_action(situation_of(live.hand), SILENT, ChipPush.of(*chips), ruleset=live.rules)


@pytest.mark.rules("belarus-sport 4.13")
def test_belarus_4_13_the_player_completes_or_folds_his_undercall_and_the_hand_records_it() -> None:
    live = on_the_flop("belarus-sport", 400, 1200)
    seat = live.hand.actor
    assert seat is not None
    reading = silent_push(live, (100, 4))
    assert reading.decided_by is Decider.PLAYER
    result = live.apply_assist(reading, seat=seat)
    assert result.pending is not None
    assert str(result.pending.rules[0]) == "belarus-sport 4.13"
    resolved = live.resolve(result.pending.id, "fold-forfeit", by=f"seat {seat}", reason="folds")
    forfeited = [e for e in resolved.events if isinstance(e, ChipsForfeited)]
    assert [(f.seat, f.amount) for f in forfeited] == [(seat, 400)]
    assert seat not in live.hand.live
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §42.7")
def test_poland_42_7_the_player_completes_the_call_he_did_not_notice_was_raised() -> None:
    live = on_the_flop("poland-pzp", 400, 1200)
    seat = live.hand.actor
    assert seat is not None
    result = live.apply_assist(silent_push(live, (100, 4)), seat=seat)
    assert result.pending is not None
    live.resolve(result.pending.id, "call", by=f"seat {seat}", reason="completes the call")
    assert live.hand.bets[seat] == 1200
    assert_conserved(live)


@pytest.mark.rules("belarus-sport 4.14.3", "poland-pzp §10.2")
def test_an_excess_of_a_quarter_raise_is_a_raise_in_belarus_and_a_call_in_poland() -> None:
    belarus = on_the_flop("belarus-sport", 400)
    poland = on_the_flop("poland-pzp", 400)
    for live, expected in ((belarus, "raise"), (poland, "call")):
        seat = live.hand.actor
        assert seat is not None
        result = live.apply_assist(silent_push(live, (100, 4), (50, 2)), seat=seat)
        made = [e for e in result.events if isinstance(e, RulingMade)]
        assert made[0].outcome == expected, live.rules.profile
        assert_conserved(live)
