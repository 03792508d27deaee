"""The organiser's changes to the event (issue 6, part A): cancelled, suspended, moved, its
rules or settings changed (PokerStars Live 6.12, Poland §55.7 and P.1), recorded as events that
replay, travel through the service's codec and arrive as registered commands."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event, setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.service.codec import decode_event, encode_event
from floorman.service.commands import COMMANDS, command_from_dict, run
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.event_settings import EventSettings, settings_of
from floorman.tournament.desk.events import EventChanged, SettingsChanged, TournamentCancelled
from floorman.tournament.events import ClockPaused


@pytest.mark.rules("pokerstars-live 6.12", "poland-pzp §55.7")
@pytest.mark.parametrize(
    ("profile", "rule"), [("pokerstars-live", "6.12"), ("poland-pzp", "§55.7")]
)
def test_the_organiser_may_cancel_the_event(profile: str, rule: str) -> None:
    tournament = event(8, profile=profile)
    (cancelled,) = tournament.cancel(reason="the casino closes", at=100.0)
    assert isinstance(cancelled, TournamentCancelled)
    assert (cancelled.rule, cancelled.reason) == (rule, "the casino closes")
    assert tournament.state.finished
    assert tournament.state.clock is not None
    assert not tournament.state.clock.running
    with pytest.raises(IllegalActionError):
        tournament.hand_setup(1, at=200.0)
    with pytest.raises(MalformedInputError):
        tournament.cancel(reason="twice", at=300.0)


@pytest.mark.rules("poland-pzp §55.7")
def test_poland_s55_7_a_suspension_stops_the_clock_and_is_recorded() -> None:
    tournament = event(8, profile="poland-pzp")
    events = tournament.change_event(what="suspended", description="power cut", at=600.0)
    changed, paused = events
    assert isinstance(changed, EventChanged)
    assert isinstance(paused, ClockPaused)
    assert (changed.change, changed.rule) == ("suspended", "§55.7")
    tournament.resume(at=1_800.0)
    assert tournament.level_at(1_800.0).big_blind == 200  # the 20 minutes away did not count
    moved = tournament.change_event(what="moved", description="to hall B", at=1_900.0)
    assert len(moved) == 1
    assert [c.change for c in tournament.state.desk.changes] == ["suspended", "moved"]
    with pytest.raises(MalformedInputError):
        tournament.change_event(what="renamed", description="x", at=2_000.0)
    with pytest.raises(MalformedInputError):
        tournament.change_event(what="other", description=" ", at=2_000.0)


@pytest.mark.rules("poland-pzp P.1")
def test_poland_p1_the_organiser_changes_the_rules_and_the_change_is_recorded() -> None:
    tournament = event(8, profile="poland-pzp")
    (rules,) = tournament.change_event(what="rules", description="no deals today", at=10.0)
    assert isinstance(rules, EventChanged)
    assert rules.rule == "P.1"
    new = EventSettings(deals_allowed=False)
    (changed,) = tournament.change_settings(settings=new, reason="no deals today", at=11.0)
    assert isinstance(changed, SettingsChanged)
    assert changed.rule == "P.1"
    assert settings_of(tournament.state) == new
    with pytest.raises(MalformedInputError):
        tournament.change_settings(settings=new, reason="again", at=12.0)


def test_every_desk_event_replays_and_survives_the_codec() -> None:
    tournament = _every_desk_event()
    assert Tournament.replay(tournament.events).state == tournament.state
    for recorded in tournament.events:
        assert decode_event(encode_event(recorded)) == recorded
    kinds = {e.kind for e in tournament.events}
    assert {"player-withdrew", "seats-activated", "chips-found", "tournament-cancelled"} <= kinds


def _every_desk_event() -> Tournament:
    tournament = event(10, profile="poland-pzp", settings=EventSettings(seat_activation=True))
    strict = EventSettings(id_required=True, seat_activation=True)
    tournament.change_settings(settings=strict, reason="IDs at the desk", at=0.5)
    tournament.check_id(player="late", document="passport", at=1.0)
    tournament.register(player="late", name="Late", at=2.0, rng=random.Random(1))
    tournament.withdraw(entry="e2", at=3.0, rng=random.Random(1))
    tournament.colour_up_player(entry="e1", remove=(100,), at=4.0)
    tournament.chips_found(chips=100, at=5.0)
    tournament.record_refund(entry="e2", amount=50, reason="illness", at=6.0)
    tournament.close_registration(at=7.0)
    tournament.change_settings(settings=EventSettings(), reason="as usual", at=8.0)
    tournament.change_event(what="suspended", description="a break", at=9.0)
    tournament.cancel(reason="the casino closes", at=10.0)
    return tournament


def test_the_desk_commands_are_registered_in_the_service() -> None:
    """The console sends them by name, like any other command."""
    tournament = event(6)
    seat = tournament.state.tables[1].free_seats[-1]
    fields = {"entry": "e1", "table": 1, "seat": seat, "reason": "chair"}
    run(tournament, command_from_dict("special-needs-seat", fields), at=5.0, rng=random.Random(1))
    assert tournament.state.entries["e1"].seat == seat
    change = command_from_dict("change-settings", {"reason": "house rule", "deals_allowed": False})
    run(tournament, change, at=6.0, rng=random.Random(1))
    assert settings_of(tournament.state) == EventSettings(deals_allowed=False)
    assert {"withdraw", "reenter", "check-id", "pay-prize", "cancel"} <= set(COMMANDS)
    assert setup_of(tournament, 1, 7.0).seats[seat] == "e1"
