"""Poland §31.5a: cards a player shows to someone without a live hand are kept back during the
hand and shown to the others after it, when they ask; shown to a live hand they go to the
whole table at once (§31.5b). The TDA shows them to all at once (R68)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table

from floorman.engine import Fold
from floorman.engine.events import HandEnded
from floorman.errors import MalformedInputError
from floorman.live import finished_hand
from floorman.live.irregularities import kept_back
from floorman.live.irregularities.reports import CardExposed
from floorman.live.live_events import RulingMade
from floorman.live.live_hand import LiveHand

POLAND = "poland-pzp"


def _folded_and_shown(profile: str) -> tuple[LiveHand, int, int, int]:
    """Four players; the first to act folds, then a player still in shows a card to him."""
    live, _ = dealt_table(4, profile=profile)
    folder = live.hand.actor
    assert folder is not None
    live.act(Fold())
    shower = next(s for s in live.hand.live if s != live.hand.actor)
    card = live.hand.holes[shower][0]
    assert card is not None
    live.record(
        CardExposed(seat=shower, card=card, by_dealer=False, deliberate=True, shown_to=folder)
    )
    return live, folder, shower, card


def _fold_to_one(live: LiveHand) -> None:
    while not live.hand.is_over:
        live.act(Fold())


@pytest.mark.rules("poland-pzp §31.5a", "poland-pzp §31.5")
def test_poland_31_5a_a_card_shown_to_a_folded_player_is_kept_back_during_the_hand() -> None:
    live, folder, shower, card = _folded_and_shown(POLAND)
    made = live.history[-1]
    assert isinstance(made, RulingMade)
    assert made.outcome == kept_back.KEPT_BACK
    ruling = made.ruling
    assert (str(ruling.rule), ruling.key) == ("poland-pzp §31.5a", "shown-out-of-hand-kept-back")
    assert not (live.hand.exposed or {}).get(shower)
    assert shower in live.hand.live  # his hand stays live (§31.5)
    assert finished_hand.kept_back(live) == (
        kept_back.KeptBack(seat=shower, cards=(card,), shown_to=folder, ruling_id=made.id),
    )
    with pytest.raises(MalformedInputError) as early:
        finished_hand.show_on_request(live, by=(folder + 1) % 4, seat=shower)
    assert early.value.constraint == "hand-not-over"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §31.5a")
def test_poland_31_5a_after_the_award_another_player_asks_and_the_card_is_shown() -> None:
    live, folder, shower, card = _folded_and_shown(POLAND)
    _fold_to_one(live)
    stacks = live.hand.stacks
    asker = next(s for s in range(4) if s not in (folder, shower))
    with pytest.raises(MalformedInputError) as seen:
        finished_hand.show_on_request(live, by=folder, seat=shower)
    assert seen.value.constraint == "seat"  # he has seen them
    result = finished_hand.show_on_request(live, by=asker, seat=shower)
    assert result.ruling is not None
    assert (str(result.ruling.rule), result.ruling.key) == ("poland-pzp §31.5a", "shown-after-hand")
    assert live.hand.exposed is not None
    assert live.hand.exposed[shower] == {card}
    assert isinstance(live.hand.events[-1], HandEnded)
    assert live.hand.stacks == stacks  # the result stands
    assert finished_hand.kept_back(live) == ()
    with pytest.raises(MalformedInputError) as again:
        finished_hand.show_on_request(live, by=asker, seat=shower)
    assert again.value.constraint == "kept-back"
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §31.5b")
def test_poland_31_5b_a_card_shown_to_a_live_hand_is_shown_to_all_at_once() -> None:
    live, _ = dealt_table(4, profile=POLAND)
    shower, seen_by = live.hand.live[0], live.hand.live[1]
    card = live.hand.holes[shower][0]
    live.record(
        CardExposed(seat=shower, card=card, by_dealer=False, deliberate=True, shown_to=seen_by)
    )
    assert live.hand.exposed is not None
    assert live.hand.exposed[shower] == {card}
    assert finished_hand.kept_back(live) == ()


@pytest.mark.rules("tda-2022 R68")
def test_tda_r68_a_card_shown_to_a_folded_player_is_shown_to_all_at_once() -> None:
    live, _, shower, card = _folded_and_shown("tda-2022")
    assert live.hand.exposed is not None
    assert live.hand.exposed[shower] == {card}
    assert finished_hand.kept_back(live) == ()


@pytest.mark.parametrize(
    ("report", "constraint"),
    [
        (CardExposed(seat=1, card=None, by_dealer=True, shown_to=2), "shown-to"),
        (CardExposed(seat=1, card=None, by_dealer=False, shown_to=1), "shown-to"),
        (CardExposed(seat=1, card=None, by_dealer=False, shown_to=9), "shown-to"),
    ],
)
def test_a_seat_shown_to_that_cannot_be_one_is_refused(
    report: CardExposed, constraint: str
) -> None:
    live, _ = dealt_table(4, profile=POLAND)
    before = len(live.history)
    with pytest.raises(MalformedInputError) as refused:
        live.record(report)
    assert refused.value.constraint == constraint
    assert len(live.history) == before
