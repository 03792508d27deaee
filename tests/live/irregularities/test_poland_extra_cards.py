"""Poland §27 I.2e (decision 11): extra cards dealt off the top to one player, unseen, with
nothing dealt after them, are no misdeal: he keeps the top card and the rest go back on the
stub. Otherwise a wrong count is a misdeal, as in the other books (TDA R35-A)."""

from __future__ import annotations

import pytest
from tests.live.live_tables import assert_conserved, dealt_table

from floorman.engine import Call
from floorman.errors import MalformedInputError
from floorman.live.decision import MISDEAL, REPLACED
from floorman.live.irregularities.reports import WrongCardCount

POLAND = "poland-pzp"


@pytest.mark.rules("poland-pzp §27 I.2e")
def test_poland_27_i_2e_unseen_extra_cards_from_the_top_go_back_on_the_stub() -> None:
    live, _ = dealt_table(6, button=5, profile=POLAND)
    result = live.record(WrongCardCount(seat=3, held=4, unseen_from_top=True))
    assert result.ruling is not None
    assert (str(result.ruling.rule), result.ruling.key) == (
        "poland-pzp §27 I.2e",
        "extra-cards-returned",
    )
    assert dict(result.ruling.params) == {"seat": 3, "extra": 2}
    assert not live.state.voided
    assert 3 in live.hand.live
    made = next(iter(live.state.made.values()))
    assert (made.outcome, made.alternatives) == (REPLACED, (MISDEAL,))
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 I.2e", "poland-pzp §1.6")
def test_poland_27_i_2e_the_td_may_still_call_the_misdeal() -> None:
    live, _ = dealt_table(6, button=5, profile=POLAND)
    result = live.record(WrongCardCount(seat=3, held=3, unseen_from_top=True))
    live.override(next(iter(live.state.made)), MISDEAL, by="TD", reason="he saw the cards")
    assert live.state.voided
    assert result.ruling is not None
    assert_conserved(live)


@pytest.mark.rules("poland-pzp §27 I.2e")
def test_poland_27_i_2e_seen_extra_cards_are_a_misdeal() -> None:
    live, _ = dealt_table(6, button=5, profile=POLAND)
    result = live.record(WrongCardCount(seat=3, held=3))
    assert result.ruling is not None
    assert str(result.ruling.rule) == "poland-pzp §27 I.2e"  # misdeal-card-count
    assert live.state.voided


@pytest.mark.rules("poland-pzp §27 I.2e")
def test_poland_27_i_2e_after_a_bet_the_exception_is_refused_unchanged() -> None:
    live, _ = dealt_table(6, button=5, profile=POLAND)
    live.act(Call())
    before = len(live.history)
    with pytest.raises(MalformedInputError) as refused:
        live.record(WrongCardCount(seat=3, held=3, unseen_from_top=True))
    assert refused.value.constraint == "extra-cards"
    assert len(live.history) == before


@pytest.mark.rules("tda-2022 R35-A")
def test_tda_r35_a_extra_cards_are_a_misdeal_even_unseen() -> None:
    live, _ = dealt_table(6, button=5, profile="tda-2022")
    live.record(WrongCardCount(seat=3, held=3, unseen_from_top=True))
    assert live.state.voided
