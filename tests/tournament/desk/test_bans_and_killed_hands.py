"""PokerStars Live 6.9.1's killed hand and bans, through the tournament: a killed hand is the
penalised seat's next hand, killed once; a ban refuses his later entries to the event."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import bust, event, setup_of

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.desk.bans import ban_of
from floorman.tournament.desk.event_settings import EventSettings
from floorman.tournament.events import PlayerEliminated, PlayerRegistered
from floorman.tournament.floor.table_hand import result_of
from floorman.tournament.officials.penalty_catalogue import load_catalogue, parse_catalogue


def _killed(tournament: Tournament, entry: str) -> int:
    """The seat of ``entry`` after a killed hand given by the floor."""
    tournament.give_penalty(
        entry=entry, offence="etiquette", by_role="floor", at=2.0, step="killed-hand"
    )
    seat = tournament.state.entries[entry].seat
    assert seat is not None
    return seat


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_a_killed_hand_is_the_next_hand_at_his_table_and_only_that_one() -> None:
    tournament = event(12, profile="pokerstars-live")
    seat = _killed(tournament, "e3")
    table = tournament.state.entries["e3"].table
    assert table is not None
    rng = random.Random(3)
    setup = setup_of(tournament, table, 5.0)
    assert seat in setup.dead
    assert setup.serving == ("e3",)
    hand = play_hand(setup, {}, rng)
    tournament.record_hand(result_of(setup, hand), at=5.0, rng=rng)
    assert not tournament.state.ledger.serving("e3")
    if tournament.state.entries["e3"].alive:
        following = setup_of(tournament, table, 6.0)
        assert seat not in following.dead
        assert following.serving == ()


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_a_killed_hand_follows_him_to_the_table_he_is_moved_to() -> None:
    tournament = event(12, profile="pokerstars-live")
    _killed(tournament, "e3")
    table = tournament.state.entries["e3"].table
    assert table is not None
    other = next(t for t in tournament.state.tables if t != table)
    mover = next(e for e in tournament.state.tables[other].players if e != "e3")
    tournament.special_needs_seat(
        entry="e3", table=other, seat=_free(tournament, other), reason="x", at=3.0
    )
    setup = setup_of(tournament, other, 5.0)
    assert "e3" in setup.serving
    assert mover not in setup.serving
    assert setup_of(tournament, table, 5.0).serving == ()


def _free(tournament: Tournament, table: int) -> int:
    return next(n for n, e in enumerate(tournament.state.tables[table].seats) if e is None)


@pytest.mark.rules("pokerstars-live 6.9.1")
@pytest.mark.parametrize("step", ["event-ban", "sponsor-ban"])
def test_psl_6_9_1_a_banned_player_may_not_re_enter_the_event(step: str) -> None:
    tournament = event(12, profile="pokerstars-live")
    tournament.give_penalty(entry="e2", offence="abuse", by_role="director", at=2.0, step=step)
    assert tournament.state.entries["e2"].alive  # a ban alone does not take him out
    bust(tournament, "e2", at=5.0)
    assert not tournament.state.entries["e2"].alive
    entries, log = len(tournament.state.entries), len(tournament.events)
    with pytest.raises(IllegalActionError) as refused:
        tournament.register(player="p2", name="Player 2", at=6.0, rng=random.Random(1))
    ruling = refused.value.ruling
    assert (ruling.rule.profile, ruling.rule.rule, ruling.key) == (
        "pokerstars-live",
        "6.9.1",
        "banned",
    )
    assert dict(ruling.params)["kind"] == step
    assert len(tournament.state.entries) == entries
    assert len(tournament.events) == log


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_a_ban_refuses_a_re_entry_giving_up_chips_before_anything_changes() -> None:
    tournament = event(12, profile="pokerstars-live")
    settings = EventSettings(reentry_surrenders_chips=True)
    tournament.change_settings(settings=settings, reason="re-entries with chips", at=1.0)
    tournament.give_penalty(
        entry="e5", offence="abuse", by_role="director", at=2.0, step="event-ban"
    )
    chips, log = tournament.state.chips, len(tournament.events)
    with pytest.raises(IllegalActionError):
        tournament.reenter(player="p5", name="Player 5", at=3.0, rng=random.Random(2))
    assert tournament.state.chips == chips
    assert len(tournament.events) == log
    assert tournament.state.entries["e5"].alive


@pytest.mark.rules("pokerstars-live 6.9.1")
def test_psl_6_9_1_other_players_still_enter_and_the_ban_survives_a_replay() -> None:
    tournament = event(12, profile="pokerstars-live")
    tournament.give_penalty(entry="e2", offence="abuse", by_role="floor", at=2.0, step="event-ban")
    events = tournament.register(player="p99", name="New", at=3.0, rng=random.Random(1))
    assert any(isinstance(e, PlayerRegistered) for e in events)
    replayed = Tournament.replay(tournament.events)
    ban = ban_of(replayed.state, "p2")
    assert ban is not None
    assert str(ban.kind) == "event-ban"
    assert ban_of(replayed.state, "p99") is None
    assert not any(isinstance(e, PlayerEliminated) for e in tournament.events)


def test_a_catalogue_giving_bans_must_say_what_they_refuse() -> None:
    text = (
        'profile = "x"\n[serving]\naway_from = { value = "table", rule = "1" }\n'
        'forced_bets_posted = { value = true, rule = "1" }\n'
        '[powers]\nfloor = { kinds = ["event-ban"], rule = "2" }\n'
    )
    with pytest.raises(MalformedInputError) as bad:
        parse_catalogue(text, source="x.toml")
    assert bad.value.constraint == "penalty-key:serving.ban_refuses_entry"
    fixed = text.replace("[powers]", 'ban_refuses_entry = { value = false, rule = "3" }\n[powers]')
    serving = parse_catalogue(fixed, source="x.toml").serving
    assert serving.ban_refuses_entry is not None
    assert serving.ban_refuses_entry.rule == "3"
    assert load_catalogue("tda-2022").serving.ban_refuses_entry is None
