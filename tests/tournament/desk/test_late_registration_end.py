"""The late-registration end the event sets (a level or a time), enforced by the tournament
with each profile's late-entry rule, changeable, and counted down in the clock and director
views (issue 17, item 2)."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import event

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.events import AlternateListed, PlayerRegistered, SettingsChanged
from floorman.tournament.views.audiences import director_view, public_view

LATE_ENTRY_RULES = {
    "tda-2022": "R8-A",
    "redcactus": "7",
    "belarus-sport": "3.3",
    "pokerstars-live": "2.1.1",
    "poland-pzp": "§55.2",
}


def _refused(tournament: object, player: str, at: float) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        tournament.register(player=player, name=player, at=at, rng=random.Random(1))  # type: ignore[attr-defined]
    return caught.value


@pytest.mark.parametrize("profile", sorted(LATE_ENTRY_RULES))
def test_late_registration_ends_with_the_level_the_event_set_citing_the_profiles_late_entry_rule(
    profile: str,
) -> None:
    tournament = event(8, profile=profile, settings=EventSettings(late_registration_level=1))
    seated = tournament.register(player="late", name="Late", at=19 * 60.0, rng=random.Random(1))
    assert any(isinstance(e, PlayerRegistered) for e in seated)
    version = tournament.state.version
    refusal = _refused(tournament, "later", 20 * 60.0 + 1)
    assert refusal.ruling.key == "late-entry"
    assert refusal.ruling.rule.rule == LATE_ENTRY_RULES[profile]
    assert refusal.ruling.message == "late registration ended with level 1"
    assert tournament.state.version == version  # nothing changed


def test_late_registration_ends_at_the_time_the_event_set_even_with_the_clock_paused() -> None:
    tournament = event(8, settings=EventSettings(late_registration_until=600.0))
    tournament.pause(at=100.0)
    refusal = _refused(tournament, "late", 600.0)
    assert refusal.ruling.message == "late registration ended at the time the event set"
    assert refusal.ruling.rule.rule == "R8-A"


def test_the_director_moves_the_end_and_late_entries_follow_the_new_end() -> None:
    tournament = event(8, settings=EventSettings(late_registration_level=1))
    settings = EventSettings(late_registration_level=2)
    changed = tournament.change_settings(settings=settings, reason="a slow night", at=60.0)
    assert isinstance(changed[0], SettingsChanged)
    registered = tournament.register(player="late", name="Late", at=30 * 60.0, rng=random.Random(3))
    assert any(isinstance(e, PlayerRegistered) for e in registered)
    assert _refused(tournament, "later", 40 * 60.0 + 1).ruling.message == (
        "late registration ended with level 2"
    )


def test_an_end_after_the_last_level_or_before_level_one_is_refused_and_changes_nothing() -> None:
    with pytest.raises(MalformedInputError) as beyond:
        event(4, settings=EventSettings(late_registration_level=9))
    assert beyond.value.constraint == "late-registration"
    with pytest.raises(MalformedInputError):
        EventSettings(late_registration_level=0)
    tournament = event(4)
    version = tournament.state.version
    with pytest.raises(MalformedInputError):
        tournament.change_settings(
            settings=EventSettings(late_registration_level=7), reason="typo", at=5.0
        )
    assert tournament.state.version == version


def test_the_clock_and_the_console_count_down_to_the_end() -> None:
    tournament = event(9, settings=EventSettings(late_registration_level=2))
    clock = public_view(tournament, 25 * 60.0).clock
    assert clock is not None
    assert clock.late_registration is not None
    assert clock.late_registration.as_dict() == {
        "level": 2,
        "until": None,
        "seconds_left": 15 * 60.0,
        "open": True,
    }
    after = director_view(tournament, 41 * 60.0).late_registration
    assert after is not None
    assert (after.open, after.seconds_left) == (False, 0.0)


def test_an_alternate_is_not_seated_after_the_end() -> None:
    tournament = event(18, settings=EventSettings(late_registration_level=1))
    listed = tournament.register(player="alt", name="Alt", at=60.0, rng=random.Random(2))
    assert [type(e) for e in listed] == [AlternateListed]
    line = director_view(tournament, 70.0).alternates[0]
    assert (line.name, line.position, line.since) == ("Alt", 1, 60.0)


def test_a_second_buy_in_of_a_waiting_alternate_is_refused_with_the_alternate_lists_rule() -> None:
    tournament = event(18, profile="poland-pzp")
    tournament.register(player="alt", name="Yuri Volkov", at=60.0, rng=random.Random(2))
    version = tournament.state.version
    refusal = _refused(tournament, "alt", 61.0)
    assert refusal.ruling.key == "alternate"
    assert refusal.ruling.rule.rule == "§56.2"
    assert refusal.ruling.message == "alt is already on the alternate list"
    assert tournament.state.version == version
