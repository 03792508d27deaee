"""TDA words and chips at a live table beyond the assist's own tests: the official terms (R3),
announcing with earlier chips in front (R46-A), waiting for the amount (R50-B), and the derived
check D19 (R44, R55)."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop
from tests.live.live_tables import assert_conserved, dealt_table, limp_to_flop

from floorman.engine import Call, Check, Fold, Hand, Raise
from floorman.errors import MalformedInputError
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import ChipPush, Decider, DeclarationKind, FrontChips

K = DeclarationKind


def flop(bet: int | None = None) -> Hand:
    """Blinds 100-200, three players in to the flop; the first to act bets ``bet`` if given."""
    played, deck = table([BIG] * 3, button=2, blinds=(100, 200))
    to_flop(played, deck)
    if bet is not None:
        play(played, Raise(bet))
    return played


@pytest.mark.rules("tda-2022 R3")
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("bet", K.BET),
        ("raise", K.RAISE),
        ("call", K.CALL),
        ("fold", K.FOLD),
        ("check", K.CHECK),
        ("all in", K.ALL_IN),
        ("pot", K.POT),
        ("complete", K.COMPLETE),
    ],
)
def test_tda_r3_each_official_term_is_read_as_its_action(text: str, kind: K) -> None:
    assert parse_speech(text, lang="en").kind is kind


@pytest.mark.rules("tda-2022 R3")
def test_tda_r3_an_unofficial_term_is_not_read_at_all() -> None:
    with pytest.raises(MalformedInputError) as refused:
        parse_speech("I'm in", lang="en")
    assert refused.value.constraint == "speech"


@pytest.mark.rules("tda-2022 R46-A", "tda-2022 R46-C")
def test_tda_r46_a_words_said_before_adding_to_earlier_chips_define_the_action() -> None:
    played, _ = table([BIG] * 3, button=0, blinds=(25, 50))
    play(played, Raise(600), Fold())  # the big blind's 50 are still in front of him
    front = FrontChips(chips=((25, 2),))
    silent = ask(played, "", (1000, 1), (500, 1), front=front)
    assert silent.action == Raise(1550)  # R46-C: judged with the earlier chips (T27)
    called = ask(played, "call", (1000, 1), (500, 1), front=front)
    assert (called.action, called.change) == (Call(), 950)
    assert rules_cited(called) == ["tda-2022 R51-A"]


@pytest.mark.rules("tda-2022 R50-B", "tda-2022 R58")
def test_tda_r50_b_raise_without_an_amount_waits_and_a_fold_meanwhile_binds() -> None:
    live, deck = dealt_table(4, blinds=(100, 200))
    limp_to_flop(live, deck)
    raiser = live.hand.actor
    assert raiser is not None
    with pytest.raises(MalformedInputError) as waiting:
        rule_action(
            situation_of(live.hand),
            parse_speech("raise", lang="en"),
            ChipPush(),
            ruleset=live.rules,
        )
    assert waiting.value.constraint == "raise-amount"
    quick = (raiser + 1) % 4
    live.act(Fold(), seat=quick)  # he should have waited for the amount: his fold binds
    assert quick not in live.hand.live
    assert live.hand.actor == raiser
    live.act(Raise(600))
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R55", "tda-2022 R44")
def test_scenario_D19_call_is_a_check_check_limits_to_call_or_fold_and_single_chips() -> None:
    assert ask(flop(), "call").action == Check()
    checked = ask(flop(600), "check")
    assert checked.decided_by is Decider.PLAYER
    assert {c.key for c in checked.choices} == {"call", "fold"}
    over = ask(flop(600), "", (5000, 1))
    assert (over.action, over.change) == (Call(), 4400)
    opened = ask(flop(), "", (1000, 1))
    assert opened.action == Raise(1000)
    assert rules_cited(opened) == ["tda-2022 R44"]
