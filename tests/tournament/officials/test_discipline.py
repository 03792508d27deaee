"""Penalties and disqualification as tournament commands (issue 6): the profile's scale and
powers, hands served at whatever table, a misdeal counted once, chips removed from play and
the disqualified player's place by the profile."""

from __future__ import annotations

import random

import pytest
from tests.tournament.tournament_helpers import (
    bust,
    bust_down_to,
    chips_conserved,
    event,
    forged,
    placed_once,
    setup_of,
)

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.tournament.events import ChipsRemoved, PenaltyGiven, PlacesShifted, PlayerEliminated
from floorman.tournament.officials.discipline import catalogue
from floorman.tournament.officials.penalties import Offence, PenaltyKind


def _given(events: tuple[object, ...]) -> PenaltyGiven:
    return next(e for e in events if isinstance(e, PenaltyGiven))


def _table_of(tournament: object, entry: str) -> int:
    table = tournament.state.entries[entry].table  # type: ignore[attr-defined]
    assert table is not None
    return int(table)


@pytest.mark.rules("belarus-sport 7.1.7", "belarus-sport 7.2.1")
def test_belarus_7_1_7_delay_is_a_warning_then_a_round_of_the_players_at_the_table() -> None:
    tournament = event(7, profile="belarus-sport")
    first = _given(tournament.give_penalty(entry="e1", offence="delay", by_role="judge", at=1.0))
    assert (first.step, first.hands, first.rule, first.power_rule) == (
        "warning",
        0,
        "7.1.7",
        "7.2.1",
    )
    second = _given(tournament.give_penalty(entry="e1", offence="delay", by_role="judge", at=2.0))
    assert (second.step, second.players_at_table, second.hands) == ("1-round", 7, 7)
    assert tournament.state.ledger.record("e1").hands_left == 7


@pytest.mark.rules("belarus-sport 7.2.2", "belarus-sport 7.1.4")
def test_belarus_7_2_2_only_the_chief_judge_disqualifies() -> None:
    tournament = event(7, profile="belarus-sport")
    tournament.give_penalty(entry="e2", offence="collusion", by_role="judge", at=1.0)
    version = tournament.state.version
    with pytest.raises(IllegalActionError) as caught:
        tournament.give_penalty(
            entry="e2", offence="collusion", by_role="judge", at=2.0, rng=random.Random(1)
        )
    assert caught.value.ruling.rule.rule == "7.2.2"
    assert tournament.state.version == version
    events = tournament.give_penalty(
        entry="e2", offence="collusion", by_role="chief-judge", at=3.0, rng=random.Random(1)
    )
    out = next(e for e in events if isinstance(e, PlayerEliminated))
    assert (out.entry, out.reason, out.place) == ("e2", "disqualified", 7)


@pytest.mark.rules("tda-2022 R71-A", "tda-2022 R71-C")
def test_tda_d10_two_rounds_at_eight_players_is_sixteen_hands_served_with_a_killed_hand() -> None:
    tournament = event(8)
    given = _given(
        tournament.give_penalty(
            entry="e4", offence="delay", by_role="floor", at=1.0, step="2-rounds"
        )
    )
    assert (given.players_at_table, given.hands) == (8, 16)
    setup = setup_of(tournament, 1, 1.0)
    assert setup.serving == ("e4",)
    assert setup.seats.index("e4") in setup.dead
    tournament.record_hand(forged(setup, {}), at=1.0, rng=random.Random(1))
    assert tournament.state.ledger.record("e4").hands_left == 15


@pytest.mark.rules("tda-2022 R35-C")
def test_tda_d11_a_misdeal_and_its_redeal_count_as_one_penalty_hand() -> None:
    tournament = event(6)
    tournament.give_penalty(entry="e2", offence="delay", by_role="floor", at=1.0, step="1-hand")
    misdeal = tournament.record_misdeal(table=1, at=2.0)[0]
    assert misdeal.served == ("e2",)  # type: ignore[union-attr]
    assert tournament.state.ledger.record("e2").hands_left == 0
    redeal = setup_of(tournament, 1, 2.0)
    assert redeal.redeal
    assert redeal.serving == ()
    assert redeal.seats.index("e2") in redeal.dead  # killed again in the re-deal (R35-C)
    tournament.record_hand(forged(redeal, {}), at=2.0, rng=random.Random(1))
    assert not setup_of(tournament, 1, 3.0).dead


@pytest.mark.rules("pokerstars-live 6.9.4", "pokerstars-live 6.9.3")
def test_psl_6_9_4_penalty_hands_follow_the_player_to_a_new_table() -> None:
    tournament = event(10, profile="pokerstars-live")  # two tables of five
    given = _given(
        tournament.give_penalty(
            entry="e1", offence="delay", by_role="floor", at=1.0, step="2-rounds"
        )
    )
    assert given.hands == 10
    table = _table_of(tournament, "e1")
    for _ in range(5):
        tournament.record_hand(
            forged(setup_of(tournament, table, 1.0), {}), at=1.0, rng=random.Random(1)
        )
    other = next(e.entry for e in tournament.state.entries.values() if e.table != table)
    bust(tournament, other, at=2.0)  # nine left: the final table is drawn
    assert tournament.state.final_table is not None
    setup = setup_of(tournament, _table_of(tournament, "e1"), 3.0)
    assert setup.serving == ("e1",)
    assert tournament.state.ledger.record("e1").hands_left == 5


@pytest.mark.rules("poland-pzp §7.2.2", "poland-pzp §7.2.3b")
def test_poland_missed_hands_are_at_most_three_and_a_timed_penalty_keeps_him_away() -> None:
    tournament = event(6, profile="poland-pzp")
    with pytest.raises(IllegalActionError) as caught:
        tournament.give_penalty(
            entry="e1", offence="unsporting", by_role="floor", at=1.0, step="4-hands"
        )
    assert caught.value.ruling.rule.rule == "§7.2.2"
    given = _given(
        tournament.give_penalty(
            entry="e1", offence="unsporting", by_role="floor", at=60.0, step="10-minutes"
        )
    )
    assert (given.hands, given.away_until) == (0, 660.0)
    seat = setup_of(tournament, 1, 61.0).seats.index("e1")
    assert seat in setup_of(tournament, 1, 61.0).dead
    assert not setup_of(tournament, 1, 661.0).dead


def test_a_disqualification_needs_an_rng_and_an_unknown_offence_is_refused() -> None:
    tournament = event(6)
    with pytest.raises(MalformedInputError) as caught:
        tournament.give_penalty(entry="e1", offence="collusion", by_role="floor", at=1.0)
    assert caught.value.constraint == "rng"
    with pytest.raises(MalformedInputError) as caught:
        tournament.give_penalty(entry="e1", offence="juggling", by_role="floor", at=1.0)
    assert caught.value.constraint == "penalty-offence"


@pytest.mark.rules("tda-2022 R71-D")
def test_tda_r71_d_a_disqualified_players_chips_leave_play_and_he_takes_his_place_then() -> None:
    tournament = event(12)
    stack = tournament.state.entries["e5"].stack
    chips = tournament.state.chips
    events = tournament.give_penalty(
        entry="e5", offence="collusion", by_role="director", at=5.0, rng=random.Random(3)
    )
    removed = next(e for e in events if isinstance(e, ChipsRemoved))
    assert (removed.chips, removed.rule) == (stack, "R71-D")
    assert tournament.state.chips == chips - stack
    assert chips_conserved(tournament)
    assert tournament.state.entries["e5"].place == 12
    assert tournament.state.entries["e5"].table is None


@pytest.mark.rules("pokerstars-live 6.9.6", "pokerstars-live 6.9.5")
@pytest.mark.parametrize("profile", ["tda-2022", "pokerstars-live"])
def test_psl_6_9_6_a_disqualified_player_in_the_money_wins_nothing(profile: str) -> None:
    tournament = event(20, profile=profile)
    bust_down_to(tournament, 3)
    third = tournament.state.prizes[2]
    entry = next(e.entry for e in tournament.state.entries.values() if e.alive)
    tournament.give_penalty(
        entry=entry, offence="collusion", by_role="floor", at=99.0, rng=random.Random(1)
    )
    player = tournament.state.entries[entry]
    assert player.place == 3
    if profile == "pokerstars-live":
        assert (player.prize, tournament.state.forfeited) == (0, third)
    else:
        assert (player.prize, tournament.state.forfeited) == (third, 0)


@pytest.mark.rules("poland-pzp §7.2.5", "poland-pzp §7.2.4")
def test_poland_t14_disqualified_without_prize_drops_to_last_and_the_others_move_up() -> None:
    tournament = event(50, profile="poland-pzp")
    assert len(tournament.state.prizes) == 8
    bust_down_to(tournament, 6)
    ninth = next(e.entry for e in tournament.state.entries.values() if e.place == 9)
    seventh = next(e.entry for e in tournament.state.entries.values() if e.place == 7)
    last = next(e.entry for e in tournament.state.entries.values() if e.place == 50)
    entry = next(e.entry for e in tournament.state.entries.values() if e.alive)
    stack, chips = tournament.state.entries[entry].stack, tournament.state.chips
    events = tournament.give_penalty(
        entry=entry, offence="collusion", by_role="director", at=999.0, rng=random.Random(1)
    )
    assert any(isinstance(e, PlacesShifted) for e in events)
    assert tournament.state.chips == chips - stack  # §7.2.4: his chips leave play
    entries = tournament.state.entries
    assert (entries[entry].place, entries[entry].prize) == (50, 0)
    assert entries[last].place == 49
    assert (entries[ninth].place, entries[ninth].prize) == (8, tournament.state.prizes[7])
    assert (entries[seventh].place, entries[seventh].prize) == (6, tournament.state.prizes[5])
    bust_down_to(tournament, 1, at=1_000.0)
    assert placed_once(tournament)
    paid = sum(e.prize for e in entries.values()) + tournament.state.forfeited
    assert paid == tournament.state.pool


BELARUS_OFFENCES = catalogue("belarus-sport").offences


@pytest.mark.rules(
    "belarus-sport 7.1.1",
    "belarus-sport 7.1.2",
    "belarus-sport 7.1.3",
    "belarus-sport 7.1.4",
    "belarus-sport 7.1.5",
    "belarus-sport 7.1.6",
    "belarus-sport 7.1.7",
    "belarus-sport 7.1.8",
    "belarus-sport 7.1.9",
    "belarus-sport 7.1.10",
    "belarus-sport 7.1.11",
    "belarus-sport 7.1.12",
    "belarus-sport 7.1.13",
    "belarus-sport 7.1.14",
    "belarus-sport 7.1.15",
)
@pytest.mark.parametrize("offence", BELARUS_OFFENCES, ids=lambda o: o.id)
def test_belarus_7_1_each_offence_follows_its_scale_and_cites_its_rule(offence: Offence) -> None:
    """The catalogue's offences are 7.1.2 to 7.1.15, one each (checked below). First
    offence the first step, then the second (the last step repeats), each a round
    of the seven players at the table; the chief judge may give every one of them."""
    assert [o.rule for o in BELARUS_OFFENCES] == [f"7.1.{n}" for n in range(2, 16)]
    tournament = event(7, profile="belarus-sport")
    for count, expected in enumerate((*offence.steps, offence.steps[-1])):
        if not tournament.state.entries["e1"].alive:
            break
        events = tournament.give_penalty(
            entry="e1",
            offence=offence.id,
            by_role="chief-judge",
            at=float(count),
            rng=random.Random(count),
        )
        given = _given(events)
        assert (given.step, given.rule) == (expected.step, offence.rule)
        assert given.hands == 7 * expected.amount * (expected.kind is PenaltyKind.MISSED_ROUNDS)


@pytest.mark.rules("pokerstars-live 6.9.1", "pokerstars-live 6.9.2")
def test_psl_s32_one_rotation_at_six_players_is_six_hands_even_as_a_first_offence() -> None:
    tournament = event(6, profile="pokerstars-live")
    given = _given(
        tournament.give_penalty(
            entry="e3", offence="delay", by_role="floor", at=1.0, step="1-round"
        )
    )
    assert (given.step, given.hands, given.power_rule) == ("1-round", 6, "6.8")
    assert tournament.state.ledger.record("e3").offences("delay") == 1


@pytest.mark.rules("redcactus 71")
def test_redcactus_71_rounds_count_the_players_at_the_table_and_the_player_is_blinded() -> None:
    tournament = event(8, profile="redcactus")
    given = _given(tournament.give_penalty(entry="e2", offence="abuse", by_role="director", at=1.0))
    assert (given.step, given.hands, given.rule) == ("1-round", 8, "71")
    setup = setup_of(tournament, _table_of(tournament, "e2"), 1.0)
    assert setup.seats.index("e2") in setup.dead
    with pytest.raises(IllegalActionError) as refused:
        tournament.give_penalty(entry="e2", offence="delay", by_role="floor", at=2.0)
    assert (refused.value.ruling.key, refused.value.ruling.rule.rule) == ("penalty-power", "71")


@pytest.mark.rules(
    "poland-pzp §7.2", "poland-pzp §7.2.1", "poland-pzp §7.2.3", "poland-pzp §7.2.3a"
)
def test_poland_7_2_a_repeated_warning_brings_a_missed_hand_then_rounds_away() -> None:
    tournament = event(6, profile="poland-pzp")
    steps = [
        _given(
            tournament.give_penalty(entry="e4", offence="unsporting", by_role="floor", at=t)
        ).step
        for t in (1.0, 2.0, 3.0)
    ]
    assert steps == ["warning", "1-hand", "1-round"]
    four = _given(
        tournament.give_penalty(
            entry="e4", offence="unsporting", by_role="floor", at=4.0, step="4-rounds"
        )
    )
    assert four.hands == 4 * 6
    with pytest.raises(IllegalActionError) as caught:
        tournament.give_penalty(
            entry="e4", offence="unsporting", by_role="floor", at=5.0, step="5-rounds"
        )
    assert caught.value.ruling.rule.rule == "§7.2.3a"
    assert tournament.state.ledger.record("e4").hands_left == 1 + 6 + 24
