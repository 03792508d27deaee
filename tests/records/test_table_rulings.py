"""The rulings of a live table's hand, recorded with the hand in the tournament's log: read from
the live hand, checked by the tournament, kept by the codec, and absent from older logs."""

from __future__ import annotations

from typing import Any

import pytest
from tests.web.test_dealer_hand import setup_of, step

from floorman.errors import MalformedInputError
from floorman.rules.ruling import RuleRef, Ruling
from floorman.service.codec import decode_event, encode_event
from floorman.tournament.events import HandPlayed
from floorman.tournament.officials.hand_rulings import RulingKind, TableRuling, check_rulings
from floorman.tournament.officials.live_rulings import rulings_of
from floorman.web.dealer_hand import Replayed, replay
from floorman.web.dealer_steps import DealerReport, DirectorDecision, Step


def skipped_and_decided(option: str = "dead") -> tuple[Any, Replayed]:
    """Six seats, the first to act (seat 3) skipped by two calls out of turn: substantial
    action, the director rules on the skipped hand."""
    setup = setup_of((10_000,) * 6)
    first = replay(setup, [step(4, "call"), step(5, "call")])
    pending = first.live.pending[0]
    decided = DirectorDecision(ruling=pending.id, option=option)
    return setup, replay(setup, [step(4, "call"), step(5, "call"), decided])


@pytest.mark.rules("tda-2022 R53-A", "tda-2022 R53-B")
def test_tda_r53_out_of_turn_actions_and_the_directors_decision_are_read_in_order() -> None:
    setup, replayed = skipped_and_decided()
    rulings = rulings_of(setup, replayed.live)
    kinds = [(r.kind, r.outcome, r.entry) for r in rulings]
    assert kinds[:5] == [
        (RulingKind.OUT_OF_TURN, "held", "e5"),
        (RulingKind.OUT_OF_TURN, "held", "e6"),
        (RulingKind.OUT_OF_TURN, "bound", "e4"),
        (RulingKind.REFERRED, "", "e4"),
        (RulingKind.DECISION, "dead", "e4"),
    ]
    referred, decision = rulings[3], rulings[4]
    assert referred.options == ("dead", "passive")
    assert referred.id == decision.id
    assert str(decision.ruling.rule) == "tda-2022 R53-B"
    assert decision.ruling.key == "director-ruling"
    assert dict(decision.ruling.params) == {"option": "dead"}
    assert decision.decided_by == "director"
    assert decision.reason


@pytest.mark.rules("tda-2022 R35-D")
def test_tda_r35_d_a_misdeal_after_the_cut_off_is_a_ruling_of_the_hand_played_on() -> None:
    setup = setup_of((10_000,) * 6)
    late = DealerReport(report="misdeal", reason="wrong-first-seat")
    steps: list[Step] = [step(3, "call"), step(4, "call"), late]
    replayed = replay(setup, steps)
    assert not replayed.voided
    rulings = rulings_of(setup, replayed.live)
    assert [r.kind for r in rulings] == [RulingKind.RULING]
    assert str(rulings[0].ruling.rule) == "tda-2022 R35-D"
    assert rulings[0].outcome == "play-on"
    assert rulings[0].id
    assert rulings[0].decided_by == "rules"


def test_a_hand_without_irregularities_has_no_rulings() -> None:
    setup = setup_of((10_000,) * 3)
    replayed = replay(setup, [step(0, "fold"), step(1, "fold")])
    assert rulings_of(setup, replayed.live) == ()


def _ruling(entry: str | None, *, kind: RulingKind = RulingKind.DECISION, by: str = "TD") -> Any:
    ruling = Ruling(RuleRef("tda-2022", "R1"), "director-ruling", "the director rules: x")
    return TableRuling(kind=kind, ruling=ruling, decided_by=by, entry=entry)


def test_the_tournament_refuses_a_ruling_about_a_player_not_dealt_in() -> None:
    check_rulings([_ruling("e1"), _ruling(None)], {"e1", "e2"})
    with pytest.raises(MalformedInputError) as refused:
        check_rulings([_ruling("e9")], {"e1", "e2"})
    assert refused.value.constraint == "rulings"
    with pytest.raises(MalformedInputError):
        check_rulings([_ruling("e1", by=" ")], {"e1"})


def _played(**more: Any) -> HandPlayed:
    return HandPlayed(
        table=2,
        number=7,
        level=1,
        button=0,
        small_blind=1,
        big_blind=2,
        stacks_before=(("e1", 500), ("e2", 500)),
        stacks_after=(("e1", 600), ("e2", 400)),
        at=100.0,
        **more,
    )


def test_the_codec_keeps_a_hands_rulings_and_reads_an_older_hand_without_them() -> None:
    played = _played(rulings=(_ruling("e1"),))
    encoded = encode_event(played)
    assert decode_event(encoded) == played
    older = encode_event(_played())
    del older["data"]["rulings"]
    assert decode_event(older) == _played()
    read = decode_event(older)
    assert isinstance(read, HandPlayed)
    assert read.rulings == ()
