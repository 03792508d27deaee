"""Misdeals and their cut-off, fouled decks, wrong card counts, the exact re-deal (TDA R35-R38
and the matching rules of every profile)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import (
    assert_conserved,
    card,
    deal_board,
    deal_holes,
    dealt_table,
    new_deck,
    table,
)

from floorman.engine import Call, Fold, Raise
from floorman.engine.events import HandKilled, HandVoided
from floorman.errors import IllegalActionError
from floorman.live.irregularities.reports import (
    BoxedCards,
    DeckDefect,
    DeckDefective,
    MisdealCalled,
    MisdealReason,
    WrongCardCount,
)
from floorman.live.irregularities.substantial import substantial
from floorman.live.live_hand import LiveHand
from floorman.tournament.officials.penalties import PenaltyLedger, PenaltyRecord, serve_hand


@pytest.mark.rules("tda-2022 R36", "pokerstars-live 4.6", "redcactus 36")
@pytest.mark.parametrize(
    ("actions", "expected"),
    [
        (["fold", "call"], True),
        (["check", "raise"], True),
        (["raise", "fold"], True),
        (["check", "check"], False),
        (["fold", "fold"], False),
        (["check", "fold"], False),  # digest ambiguity A13: no chips, not substantial
        (["check", "check", "fold"], True),
        (["call"], False),
    ],
)
def test_scenario_D3_and_S19_substantial_action(actions: list[str], expected: bool) -> None:
    assert substantial(actions) is expected


def voided(live: LiveHand) -> bool:
    return any(isinstance(e, HandVoided) for e in live.hand.events)


@pytest.mark.rules("tda-2022 R35-A", "tda-2022 R35-C", "tda-2022 R35-D", "redcactus 35")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_D4_wrong_count_before_substantial_action_is_a_misdeal(profile: str) -> None:
    live, _ = dealt_table(6, profile=profile)
    live.act(Fold())  # one action: no substantial action yet
    result = live.record(WrongCardCount(seat=4, held=1))
    assert result.ruling is not None
    assert result.ruling.key == "misdeal"
    assert voided(live)
    assert live.hand.is_over
    assert live.hand.stacks == [10_000] * 6  # every bet returned, blinds too
    redeal = live.redeal()
    assert redeal is not None
    assert redeal.config == live.config  # same button, level and players
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R38", "tda-2022 R35-D", "redcactus 38")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_scenario_T8_wrong_count_after_substantial_action_is_a_dead_hand(profile: str) -> None:
    """THNL 50-100: seat 3 folds, seat 4 calls (SA); seat 5 has one card: dead, no misdeal,
    then exactly one burn before the flop."""
    live, deck = dealt_table(6, button=0, profile=profile)  # blinds on 1 and 2
    live.act(Fold())  # seat 3
    live.act(Call())  # seat 4
    result = live.record(WrongCardCount(seat=5, held=1))
    assert result.ruling is not None
    assert result.ruling.key == "dead-hand"
    assert 5 not in live.hand.live
    assert not voided(live)
    while live.hand.street == 0:
        live.act(Call() if live.hand.legal_options().call else Fold())
    deal_board(live, deck)  # one burn, then the flop: accepted as usual
    assert len(live.hand.burns) == 1
    assert_conserved(live)


@pytest.mark.rules("tda-2022 R38")
def test_scenario_T9_three_cards_after_substantial_action_is_a_dead_hand() -> None:
    live, _ = dealt_table(6, button=0)
    live.act(Fold())
    live.act(Call())
    live.record(WrongCardCount(seat=5, held=3))
    assert 5 not in live.hand.live
    assert live.hand.folded[5]


@pytest.mark.rules("poland-pzp §27 I.4", "poland-pzp §27 I.2h", "poland-pzp §27 I.1")
def test_poland_T29_two_players_after_the_blinds_end_the_misdeal_window() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")
    live.act(Fold())  # UTG folds: one player has acted
    assert not live.state.pending
    live.act(Call())  # UTG+1 calls: two players after the blinds (T29)
    result = live.record(MisdealCalled(reason=MisdealReason.BUTTON_MISPLACED))
    assert result.ruling is not None
    assert result.ruling.key == "no-misdeal"
    assert str(result.ruling.rule) == "poland-pzp §27 I.4"
    assert not voided(live)
    other, _ = dealt_table(6, profile="poland-pzp")
    other.act(Fold())
    before = other.record(MisdealCalled(reason=MisdealReason.BUTTON_MISPLACED))
    assert before.ruling is not None
    assert str(before.ruling.rule) == "poland-pzp §27 I.2h"
    assert voided(other)


@pytest.mark.rules("pokerstars-live 3.1.3", "pokerstars-live 4.6")
def test_pokerstars_S05_misplaced_button_is_a_misdeal_only_before_substantial_action() -> None:
    live, _ = dealt_table(6, profile="pokerstars-live")
    live.act(Fold())
    live.act(Fold())  # two folds: not substantial
    result = live.record(MisdealCalled(reason=MisdealReason.BUTTON_MISPLACED))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "pokerstars-live 3.1.3"
    assert voided(live)
    later, _ = dealt_table(6, profile="pokerstars-live")
    later.act(Fold())
    later.act(Call())  # a fold and a call: substantial
    late = later.record(MisdealCalled(reason=MisdealReason.BUTTON_MISPLACED))
    assert late.ruling is not None
    assert str(late.ruling.rule) == "pokerstars-live 4.6"
    assert not voided(later)


@pytest.mark.rules("belarus-sport 6.3.5", "belarus-sport 6.3.8", "belarus-sport 6.3-¶2")
def test_belarus_6_3_a_misdeal_only_before_round_one_begins() -> None:
    live, _ = dealt_table(6, profile="belarus-sport")
    first = live.record(WrongCardCount(seat=4, held=1))
    assert first.ruling is not None
    assert str(first.ruling.rule) == "belarus-sport 6.3.5"
    assert voided(live)
    later, _ = dealt_table(6, profile="belarus-sport")
    later.act(Fold())  # round 1 has begun: a wrong count kills that hand (6.3.8)
    result = later.record(WrongCardCount(seat=4, held=1))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 6.3.8"
    assert 4 not in later.hand.live
    assert later.hand.paid[4] == 0
    assert later.hand.paid[1] == 100  # the big blind's forced bet stays in the pot


@pytest.mark.rules("belarus-sport 6.3.7")
def test_belarus_6_3_7_a_player_who_acted_with_a_wrong_count_loses_his_wagers() -> None:
    live, _ = dealt_table(6, button=5, profile="belarus-sport")  # seat 2 acts first
    live.act(Raise(300))  # seat 2
    live.record(WrongCardCount(seat=2, held=3))
    assert 2 not in live.hand.live
    assert live.hand.paid[2] == 300
    assert_conserved(live)


@pytest.mark.rules(
    "belarus-sport 6.3.1",
    "belarus-sport 6.3.2",
    "belarus-sport 6.3.3",
    "belarus-sport 6.3.4",
    "poland-pzp §27 I.2f",
    "poland-pzp §27 I.2g",
    "poland-pzp §27 I.2i",
    "poland-pzp §27 I.2j",
    "poland-pzp §27 I.2k",
)
@pytest.mark.parametrize(
    ("profile", "reason", "rule"),
    [
        ("belarus-sport", MisdealReason.EXPOSED_ON_CUT, "6.3.1"),
        ("belarus-sport", MisdealReason.NOT_SHUFFLED, "6.3.2"),
        ("belarus-sport", MisdealReason.OUT_OF_ORDER, "6.3.3"),
        ("belarus-sport", MisdealReason.PLAYER_SKIPPED, "6.3.4"),
        ("poland-pzp", MisdealReason.OUT_OF_ORDER, "§27 I.2f"),
        ("poland-pzp", MisdealReason.HANDS_MIXED, "§27 I.2g"),
        ("poland-pzp", MisdealReason.WRONG_FIRST_SEAT, "§27 I.2i"),
        ("poland-pzp", MisdealReason.EMPTY_SEAT_DEALT, "§27 I.2j"),
        ("poland-pzp", MisdealReason.PLAYER_SKIPPED, "§27 I.2k"),
        ("tda-2022", MisdealReason.WRONG_FIRST_SEAT, "R35-A"),
    ],
)
def test_each_dealing_error_cites_its_own_misdeal_rule(
    profile: str, reason: MisdealReason, rule: str
) -> None:
    live, _ = dealt_table(6, profile=profile)
    result = live.record(MisdealCalled(reason=reason))
    assert result.ruling is not None
    assert result.ruling.rule.rule == rule
    assert voided(live)


@pytest.mark.rules("tda-2022 R35-E", "belarus-sport 6.2.2", "poland-pzp §54.1")
@pytest.mark.parametrize("profile", ["tda-2022", "belarus-sport", "poland-pzp", "redcactus"])
def test_scenario_D5_a_duplicate_card_voids_the_hand_even_after_substantial_action(
    profile: str,
) -> None:
    live, _ = dealt_table(6, profile=profile)
    live.act(Raise(300))
    live.act(Call())
    live.act(Call())
    result = live.record(DeckDefective(defect=DeckDefect.DUPLICATE, cards=(card("Ks"),)))
    assert result.ruling is not None
    assert result.ruling.key == "fouled-deck"
    assert voided(live)
    assert live.hand.stacks == [10_000] * 6
    assert live.redeal() is not None
    with pytest.raises(IllegalActionError) as over:
        live.act(Call())
    assert over.value.ruling.key == "hand-is-over"
    assert_conserved(live)


@pytest.mark.rules(
    "poland-pzp §54.1",
    "tda-2022 R35-E",
    "belarus-sport 6.2.1",
    "belarus-sport 6.2.3",
    "belarus-sport 6.2.4",
)
@pytest.mark.parametrize(
    ("defect", "rule"),
    [
        (DeckDefect.WRONG_COUNT, "6.2.1"),
        (DeckDefect.MISMATCHED_BACKS, "6.2.3"),
        (DeckDefect.DAMAGED, "6.2.4"),
    ],
)
def test_other_deck_defects_void_in_poland_and_go_to_the_director_elsewhere(
    defect: DeckDefect, rule: str
) -> None:
    poland, _ = dealt_table(6, profile="poland-pzp")
    poland.record(DeckDefective(defect=defect))
    assert voided(poland)
    belarus, _ = dealt_table(6, profile="belarus-sport")
    asked = belarus.record(DeckDefective(defect=defect))
    assert asked.ruling is not None
    assert asked.ruling.rule.rule == rule
    for profile in ("tda-2022", "belarus-sport"):
        live, _ = dealt_table(6, profile=profile)
        result = live.record(DeckDefective(defect=defect))
        assert result.pending is not None
        assert set(result.pending.options) == {"void", "play-on"}
        live.resolve(result.pending.id, "void", by="TD", reason="deck short of a card")
        assert voided(live)


@pytest.mark.rules("tda-2022 R35-A", "poland-pzp §27 I.2c", "belarus-sport 6.4.5")
def test_two_boxed_cards_are_a_misdeal_and_one_is_replaced() -> None:
    live = table(6)
    live.record(BoxedCards(cards=(card("As"), card("Kd"))))
    assert voided(live)
    single = table(6, profile="belarus-sport")
    result = single.record(BoxedCards(cards=(card("As"),)))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "belarus-sport 6.4.5"
    assert not voided(single)
    assert single.state.out_of_play(card("As"))


@pytest.mark.rules("tda-2022 R35-C", "redcactus 35", "tda-2022 R71-C")
def test_scenario_D11_the_re_deal_kills_penalised_and_absent_seats_again() -> None:
    from floorman.live.irregularities.reports import PlayerAbsent

    live = table(6, dead_seats=(2,))  # seat 2 serves a penalty
    deck = new_deck()
    live.record(PlayerAbsent(seat=4))
    deal_holes(live, deck)
    assert 2 not in live.hand.live
    assert 4 not in live.hand.live
    live.record(WrongCardCount(seat=0, held=1))  # no action yet: a misdeal
    redeal = live.redeal()
    assert redeal is not None
    assert redeal.dead_seats == (2, 4)
    again = LiveHand.redealt(redeal)
    deal_holes(again, new_deck())
    assert 2 not in again.hand.live
    assert 4 not in again.hand.live
    assert again.hand.paid[1] == 100  # blinds posted as before
    ledger = PenaltyLedger(records=(PenaltyRecord(entry="p2", hands_left=1),))
    served = serve_hand(ledger, "p2")  # the first deal served his hand ...
    assert serve_hand(served, "p2", redeal=True) == served  # ... and the re-deal is the same one
    kills = [e for e in again.hand.events if isinstance(e, HandKilled)]
    assert [k.ruling.rule.rule for k in kills] == ["R35-C", "R35-C"]
    first = [e for e in live.hand.events if isinstance(e, HandKilled)]
    assert [k.ruling.rule.rule for k in first] == ["R71-C", "R30"]


@pytest.mark.rules("tda-2022 R37", "redcactus 37")
@pytest.mark.parametrize("profile", ["tda-2022", "redcactus"])
def test_a_button_short_of_a_card_gets_it_unless_he_has_acted(profile: str) -> None:
    live, _ = dealt_table(6, profile=profile)  # button 5
    live.act(Raise(300))
    live.act(Call())  # substantial action: the button may still get his card
    result = live.record(WrongCardCount(seat=5, held=1))
    assert result.ruling is not None
    assert result.ruling.key == "button-short"
    assert 5 in live.hand.live
    live.act(Call())
    live.act(Call())  # the button calls with a short hand
    late = live.record(WrongCardCount(seat=5, held=1))
    assert late.ruling is not None
    assert late.ruling.key == "dead-hand"
    assert 5 not in live.hand.live


@pytest.mark.rules("poland-pzp §27 I.2m", "poland-pzp §27 I.2d", "poland-pzp §27 I.2e")
def test_poland_T29_one_extra_card_is_the_burn_and_two_are_a_misdeal() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")  # button 5: seat 0 is dealt first
    result = live.record(WrongCardCount(seat=0, held=3))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §27 I.2m"
    assert not voided(live)
    while live.hand.street == 0:
        live.act(Call() if live.hand.legal_options().call else Fold())
    request = live.deal_request()
    assert request is not None
    assert request.burns == 0  # the extra card was the burn
    two, _ = dealt_table(6, profile="poland-pzp")
    misdeal = two.record(WrongCardCount(seat=3, held=4))
    assert misdeal.ruling is not None
    assert str(misdeal.ruling.rule) == "poland-pzp §27 I.2e"
    assert voided(two)
    tda, _ = dealt_table(6)
    tda.record(WrongCardCount(seat=0, held=3))
    assert voided(tda)  # the TDA has no such exception
    later, _ = dealt_table(6, profile="poland-pzp")
    later.record(WrongCardCount(seat=3, held=3))
    assert voided(later)  # not the first player dealt: a misdeal


@pytest.mark.rules("poland-pzp §27", "poland-pzp §54.1")
def test_poland_27_a_damaged_card_voids_the_hand() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")
    live.act(Raise(300))
    live.act(Call())
    result = live.record(DeckDefective(defect=DeckDefect.DAMAGED))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §27"
    assert voided(live)


@pytest.mark.rules("poland-pzp §48.2d", "poland-pzp §27 I.4")
def test_poland_48_2d_a_wrong_count_after_the_window_is_a_dead_hand() -> None:
    live, _ = dealt_table(6, profile="poland-pzp")
    live.act(Fold())
    live.act(Call())
    result = live.record(WrongCardCount(seat=4, held=1))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §48.2d"
    assert 4 not in live.hand.live
