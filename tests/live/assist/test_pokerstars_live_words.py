"""PokerStars Live (Bulgaria) words and chips beyond the assist's own tests: the official terms
(1.3, A25) and the three ways to raise (4.12.1-4.12.3)."""

from __future__ import annotations

import pytest
from tests.live.assist_tables import BIG, ask, play, rules_cited, table, to_flop

from floorman.engine import Call, Hand, Raise
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import DeclarationKind

PSL = "pokerstars-live"
K = DeclarationKind


def preflop_raised() -> Hand:
    """Blinds 200-400, four players; the first to act raised to 1200 (digest S-21, S-22); the
    button, with nothing in front, is to act."""
    played, _ = table([BIG] * 4, button=3, blinds=(200, 400), profile=PSL)
    play(played, Raise(1200))
    return played


@pytest.mark.rules("pokerstars-live 1.3")
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("бет", K.BET),
        ("рейз", K.RAISE),
        ("пас", K.FOLD),
        ("чек", K.CHECK),
        ("ол ин", K.ALL_IN),
        ("пот", K.POT),
        ("допълвам", K.COMPLETE),
        ("кол", K.CALL),  # A25: not in 1.3's list, still an action floorman takes
    ],
)
def test_pokerstars_live_1_3_official_terms_in_bulgarian(text: str, kind: K) -> None:
    assert parse_speech(text, lang="bg").kind is kind


@pytest.mark.rules("pokerstars-live 1.3")
def test_pokerstars_live_1_3_pot_in_no_limit_binds_to_a_legal_raise() -> None:
    played, deck = table([BIG] * 3, button=2, blinds=(100, 200), profile=PSL)
    to_flop(played, deck)
    play(played, Raise(1000))
    ruling = ask(played, "пот", lang="bg")
    assert ruling.action == Raise(2000)
    assert rules_cited(ruling)[0] == "pokerstars-live 1.3"


@pytest.mark.rules("pokerstars-live 4.12.1", "pokerstars-live 4.11")
def test_pokerstars_live_4_12_1_the_full_raise_in_one_motion() -> None:
    ruling = ask(preflop_raised(), "", (500, 4))
    assert ruling.action == Raise(2000)  # S-22


@pytest.mark.rules("pokerstars-live 4.12.2")
def test_pokerstars_live_4_12_2_the_full_amount_said_before_the_chips() -> None:
    ruling = ask(preflop_raised(), "рейз 3000", (1000, 3), lang="bg")
    assert (ruling.action, ruling.change, ruling.add) == (Raise(3000), 0, 0)
    said_only = ask(preflop_raised(), "рейз 3000", lang="bg")
    assert (said_only.action, said_only.add) == (Raise(3000), 3000)


@pytest.mark.rules("pokerstars-live 4.12.3", "pokerstars-live 4.5")
def test_pokerstars_live_4_12_3_raise_said_then_one_more_motion() -> None:
    motions = (((400, 3),), ((1000, 1),))  # the call, then the rest from his stack
    said_first = ask(preflop_raised(), "рейз", motions=motions, lang="bg")
    assert said_first.action == Raise(2200)
    silent = ask(preflop_raised(), "", motions=motions)
    assert (silent.action, silent.change) == (Call(), 1000)  # 4.5: a string, the first motion
