"""Per-audience views of a tournament: the public display shows the field and no cards, the
director everything, a dealer his table, a player his own seat and cards (DESIGN principle 5)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards.deck import Deck
from floorman.engine.config import AnteMode
from floorman.engine.dealer import deal_pending
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.rules.profiles import get_ruleset
from floorman.sim.tournament_sim import play_hand
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import (
    ClockStarted,
    PayoutsSet,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    SeatsDrawn,
    TournamentCreated,
)
from floorman.tournament.floor.table_hand import result_of
from floorman.tournament.structure.levels import Break, Level, Structure
from floorman.tournament.views.audiences import (
    director_view,
    player_view,
    public_view,
    table_view,
)
from floorman.tournament.views.clock import clock_changes_at

STRUCTURE = Structure(
    items=(
        Level(minutes=20, small_blind=25, big_blind=50),
        Level(minutes=20, small_blind=50, big_blind=100),
        Break(minutes=10, colour_up=(25,)),
        Level(minutes=20, small_blind=100, big_blind=200, ante=200, ante_mode=AnteMode.BIG_BLIND),
    ),
    starting_stack=5_000,
    chips=(25, 100, 500),
)


def config(profile: str = "tda-2022") -> TournamentConfig:
    return TournamentConfig(
        name="Friday 50", structure=STRUCTURE, ruleset=get_ruleset(profile), buy_in=50
    )


def started(players: int, seed: int = 3) -> Tournament:
    tournament = Tournament.create(config())
    for number in range(1, players + 1):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    tournament.start(at=0.0, rng=random.Random(seed))
    return tournament


def play_rounds(tournament: Tournament, rounds: int, *, at: float, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(rounds):
        for number in sorted(tournament.state.tables):
            if tournament.state.finished or number not in tournament.state.tables:
                continue
            setup = tournament.hand_setup(number, at=at)
            if setup is not None:
                hand = play_hand(setup, {}, rng)
                tournament.record_hand(result_of(setup, hand), at=at, rng=rng)


def keys(data: object) -> Iterator[str]:
    """Every key of a JSON-ready value, at any depth."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from keys(value)


def dealt_hand(tournament: Tournament, table: int, seed: int) -> Hand:
    """A hand at ``table`` with every hole card dealt, waiting for the first action."""
    setup = tournament.hand_setup(table, at=60.0)
    assert setup is not None
    hand = Hand(setup.config)
    rng = random.Random(seed)
    deal_pending(hand, Deck.shuffled(rng), rng)
    return hand


def test_public_view_before_the_start_shows_the_field_and_no_clock() -> None:
    tournament = Tournament.create(config())
    for number in range(1, 4):
        tournament.register(player=f"p{number}", name=f"Player {number}", at=0.0)
    view = public_view(tournament, 10.0)
    assert view.clock is None
    assert (view.started, view.entries, view.players_left, view.tables) == (False, 3, 3, 0)
    assert view.average_stack == 5_000
    assert view.average_big_blinds == 100.0  # measured in the first level's big blind


def test_public_view_shows_the_level_its_time_left_and_the_next_level() -> None:
    tournament = started(12)
    view = public_view(tournament, 300.0)
    assert view.clock is not None
    assert view.clock.status == "running"
    assert view.clock.level is not None
    assert (view.clock.level.level, view.clock.level.big_blind) == (1, 50)
    assert view.clock.remaining == 20 * 60 - 300
    assert view.clock.next_level is not None
    assert (view.clock.next_level.level, view.clock.next_level.big_blind) == (2, 100)
    assert view.clock.next_break_in == 40 * 60 - 300
    assert view.players_left == 12
    assert view.average_big_blinds == 100.0
    assert view.money.pool == 12 * 50
    assert sum(view.money.payouts) == view.money.pool


def test_paused_clock_shows_paused_and_stops_counting() -> None:
    tournament = started(6)
    tournament.pause(at=100.0)
    first, later = public_view(tournament, 100.0), public_view(tournament, 700.0)
    assert first.clock is not None
    assert later.clock is not None
    assert later.clock.status == "paused"
    assert later.clock.remaining == first.clock.remaining == 20 * 60 - 100


def test_colour_up_is_announced_before_the_break_and_during_it() -> None:
    tournament = started(6)
    before = public_view(tournament, 30 * 60.0).clock
    assert before is not None
    assert before.colour_up is not None
    assert before.colour_up.chips == (25,)
    assert not before.colour_up.now
    assert before.colour_up.in_seconds == 10 * 60
    during = public_view(tournament, 45 * 60.0).clock
    assert during is not None
    assert during.colour_up is not None
    assert during.on_break
    assert during.status == "on-break"
    assert during.colour_up.now
    assert during.level is None
    assert during.next_level is not None
    assert during.next_level.level == 3
    after = public_view(tournament, 55 * 60.0).clock
    assert after is not None
    assert after.colour_up is None


def test_public_view_shows_no_cards_and_no_single_stack() -> None:
    tournament = started(18)
    play_rounds(tournament, 3, at=60.0, seed=4)
    data = public_view(tournament, 60.0).as_dict()
    assert not {"stack", "cards", "hand", "seats"} & set(keys(data))
    json.dumps(data)  # JSON-ready


def replayed(players: int, *, out: int, paid: tuple[int, ...]) -> Tournament:
    """A tournament rebuilt from a hand-written log: ``out`` players eliminated."""
    entries = [f"e{n}" for n in range(1, players + 1)]
    events: list[object] = [TournamentCreated(config=config())]
    events += [
        PlayerRegistered(entry=e, player=e, name=e.upper(), stack=5_000, at=0.0) for e in entries
    ]
    seats = tuple((e, 1 + n // 9, n % 9) for n, e in enumerate(entries))
    events += [
        SeatsDrawn(seats_per_table=9, seats=seats, rule="R7"),
        PayoutsSet(pool=sum(paid), prizes=paid),
        ClockStarted(at=0.0),
    ]
    for place, entry in zip(range(players, players - out, -1), reversed(entries), strict=False):
        events.append(
            PlayerEliminated(
                entry=entry,
                place=place,
                tied=1,
                prize=paid[place - 1] if place <= len(paid) else 0,
                by=("e1",),
                level=1,
                table=1 + (int(entry[1:]) - 1) // 9,
                at=float(place),
                rule="R20",
            )
        )
    return Tournament.replay(events)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("out", "to_money", "bubble", "itm"),
    [(0, 3, False, False), (2, 1, True, False), (3, 0, False, True), (5, 0, False, True)],
)
def test_money_counts_the_players_to_the_money_and_the_bubble(
    out: int, to_money: int, bubble: bool, itm: bool
) -> None:
    money = public_view(replayed(6, out=out, paid=(300, 200, 100)), 10.0).money
    assert (money.players_to_money, money.on_bubble, money.in_the_money) == (to_money, bubble, itm)
    assert money.paid_places == 3


def test_latest_out_lists_the_latest_players_out_first() -> None:
    view = public_view(replayed(12, out=4, paid=(300, 200, 100)), 10.0)
    assert [p.place for p in view.latest_out] == [9, 10, 11, 12]
    assert view.latest_out[0].name == "E9"


def test_seat_changes_read_name_table_and_seat_from_one() -> None:
    tournament = replayed(12, out=0, paid=(300,))
    move = PlayerMoved(
        entry="e12",
        from_table=2,
        from_seat=2,
        to_table=2,
        to_seat=5,
        reason="balance",
        rule="R11",
    )
    tournament = Tournament.replay([*tournament.events, move])
    change = public_view(tournament, 10.0).seat_changes[0]
    assert change.text == "E12 -> T2 S6"
    assert (change.entry, change.table, change.seat, change.reason) == ("e12", 2, 5, "balance")
    mine = player_view(tournament, "e12", 10.0)
    assert [c.text for c in mine.moves] == ["E12 -> T2 S6"]
    assert player_view(tournament, "e1", 10.0).moves == ()


def test_seat_changes_follow_the_balancing_moves_of_the_log() -> None:
    tournament = started(20, seed=8)
    rng = random.Random(9)
    while not any(isinstance(e, PlayerMoved) for e in tournament.events):
        play_rounds(tournament, 1, at=60.0, seed=rng.randrange(1000))
    moves = [e for e in tournament.events if isinstance(e, PlayerMoved)]
    shown = public_view(tournament, 60.0).seat_changes
    assert [(c.entry, c.table, c.seat) for c in shown] == [
        (m.entry, m.to_table, m.to_seat) for m in reversed(moves)
    ]


def test_director_view_seats_every_player_left_once_with_his_stack() -> None:
    tournament = started(20)
    play_rounds(tournament, 5, at=60.0, seed=2)
    view = director_view(tournament, 60.0)
    seated = [s.entry for t in view.tables for s in t.seats if s.entry is not None]
    alive = sorted(e.entry for e in tournament.state.entries.values() if e.alive)
    assert sorted(seated) == alive
    stacks = {s.entry: s.stack for t in view.tables for s in t.seats if s.entry}
    assert all(stacks[e] == tournament.state.entries[e].stack for e in alive)
    assert len(view.entries) == 20
    assert view.balancing.moves == ()  # the aggregate balances after every hand
    assert all(t.next_hand_level == 1 for t in view.tables)


def test_table_view_gives_the_dealer_the_next_hands_positions() -> None:
    tournament = started(9)
    setup = tournament.hand_setup(1, at=60.0)
    assert setup is not None
    view = table_view(tournament, 1, 60.0)
    assert view.table.button == setup.positions.button
    assert view.table.big_blind == setup.positions.big_blind
    assert [s.name for s in view.table.seats if s.entry] == [
        tournament.state.entries[e].name for e in tournament.state.tables[1].players
    ]
    with pytest.raises(MalformedInputError) as refused:
        table_view(tournament, 7, 60.0)
    assert refused.value.constraint == "table"


def test_dealer_sees_no_face_down_card_and_a_player_only_his_own() -> None:
    tournament = started(9)
    hand = dealt_hand(tournament, 1, seed=5)
    dealer = table_view(tournament, 1, 60.0, hand).hand
    assert dealer is not None
    assert all(card is None for seat in dealer["seats"] for card in seat["cards"])
    entry = tournament.state.tables[1].players[0]
    mine = player_view(tournament, entry, 60.0, hand).hand
    seat = tournament.state.entries[entry].seat
    assert mine is not None
    for line in mine["seats"]:
        if line["seat"] == seat:
            assert len(line["cards"]) == 2
            assert None not in line["cards"]
        else:
            assert all(card is None for card in line["cards"])


def test_player_view_names_the_table_of_his_hand_even_after_a_move() -> None:
    tournament = started(9)
    hand = dealt_hand(tournament, 1, seed=5)
    entry = tournament.state.tables[1].players[0]
    seat = tournament.state.entries[entry].seat
    assert player_view(tournament, entry, 60.0).hand_table is None  # no hand, no table
    assert player_view(tournament, entry, 60.0, hand).hand_table == 1
    elsewhere = player_view(tournament, entry, 60.0, hand, hand_seat=seat, hand_table=4)
    assert elsewhere.hand_table == 4
    assert elsewhere.as_dict()["hand_table"] == 4
    assert elsewhere.table is not None
    assert elsewhere.table.table == 1


def test_player_view_of_an_unknown_entry_is_refused() -> None:
    with pytest.raises(MalformedInputError) as refused:
        player_view(started(4), "e99", 0.0)
    assert refused.value.constraint == "entry"


def test_a_view_asked_before_the_clocks_last_command_shows_that_moment() -> None:
    tournament = started(4)
    tournament.pause(at=500.0)
    view = public_view(tournament, 10.0)
    assert view.clock is not None
    assert view.clock.remaining == 20 * 60 - 500


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), rounds=st.integers(0, 30))
def test_views_agree_with_the_state_after_any_play(seed: int, rounds: int) -> None:
    tournament = started(14, seed=seed)
    play_rounds(tournament, rounds, at=60.0, seed=seed)
    state = tournament.state
    public = public_view(tournament, 60.0)
    alive = [e for e in state.entries.values() if e.alive]
    assert public.players_left == len(alive) == state.alive
    assert public.chips_in_play == sum(e.stack for e in alive)
    assert state.finished or public.chips_in_play == 14 * 5_000
    director = director_view(tournament, 60.0)
    assert director.public == public
    for entry in alive:
        view = player_view(tournament, entry.entry, 60.0)
        assert view.table is not None
        assert view.table.table == entry.table
        assert view.entry.stack == entry.stack
    json.dumps(director.as_dict())


def test_a_player_moved_during_a_hand_still_sees_his_cards_in_it() -> None:
    tournament = started(9)
    hand = dealt_hand(tournament, 1, seed=6)
    entry = tournament.state.tables[1].players[1]
    dealt_at = tournament.state.entries[entry].seat
    assert dealt_at is not None
    elsewhere = (dealt_at + 1) % 9
    view = player_view(tournament, entry, 60.0, hand, hand_seat=dealt_at).hand
    assert view is not None
    own = next(s for s in view["seats"] if s["seat"] == dealt_at)
    assert None not in own["cards"]
    other = player_view(tournament, entry, 60.0, hand, hand_seat=elsewhere).hand
    assert other is not None
    assert all(c is None for s in other["seats"] if s["seat"] == dealt_at for c in s["cards"])


def test_the_clock_changes_the_views_at_the_end_of_each_level_and_break() -> None:
    tournament = started(4)  # started at 0: levels of 20 min, then a 10 min break
    assert clock_changes_at(tournament, 0.0) == 1200.0
    assert clock_changes_at(tournament, 1199.5) == 1200.0
    assert clock_changes_at(tournament, 1200.0) == 2400.0
    assert clock_changes_at(tournament, 2500.0) == 3000.0  # the break ends
    assert clock_changes_at(tournament, 3000.0) == 4200.0  # the last level's time
    assert clock_changes_at(tournament, 5000.0) is None  # the last level goes on at 0
    tournament.pause(at=100.0)
    assert clock_changes_at(tournament, 900.0) is None
    tournament.resume(at=400.0)  # stopped 300 s: the level ends 300 s later
    assert clock_changes_at(tournament, 500.0) == 1500.0
    assert clock_changes_at(Tournament.create(config()), 0.0) is None  # not started
