"""The entry desk's commands of play: buy-ins, rebuys and add-ons, players away and back.

Each is a function of the command's :class:`~floorman.tournament.fold.Fold`: it checks first,
then folds the events it decides; what follows them (the payouts, a sit-and-go's start) is
decided on that fold, and the whole is applied or nothing (:mod:`floorman.tournament.fold`).
"""

from __future__ import annotations

import random
from datetime import date

from floorman.tournament.desk import absence, entries, rebuys
from floorman.tournament.events import PlayerRegistered, TournamentEvent
from floorman.tournament.floor.hands_in_play import check_between_hands
from floorman.tournament.fold import Fold
from floorman.tournament.formats import commands as formats
from floorman.tournament.money import pool as money
from floorman.tournament.refusals import bad


def register(
    fold: Fold,
    *,
    player: str,
    name: str,
    at: float,
    rng: random.Random | None = None,
    birth_date: date | None = None,
    on: date | None = None,
) -> tuple[TournamentEvent, ...]:
    """A buy-in. ``birth_date`` is checked against the profile's minimum age on the day
    ``on`` (Belarus 1.1). Before the start it waits for the seat draw; after it, it is a
    late entry seated at once by draw (TDA R8-A), or an alternate if no seat is free."""
    state = fold.state
    entries.check_registration(state, player=player, name=name, birth_date=birth_date, on=on)
    formats.check_format_entry(fold)
    if not state.started:
        stack = fold.config.starting_stack
        entry = entries.next_entry(state)
        registered = PlayerRegistered(entry=entry, player=player, name=name, stack=stack, at=at)
        return fold.emit([registered]) + formats.start_when_full(fold, at, rng)
    if rng is None:
        bad("a late entry's seat draw needs an rng", "rng")
    events = fold.emit(entries.late_entry(state, player=player, name=name, at=at, rng=rng))
    if any(isinstance(e, PlayerRegistered) for e in events):
        events += fold.emit(money.payouts_unless_paid(state))
    return events


def rebuy(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """A rebuy declared between hands: the chips are his at once (TDA R27); refused for
    a player in a hand still in progress."""
    check_between_hands(fold.state, entry, "a rebuy")
    events = fold.emit(rebuys.rebuy(fold.state, entry, at))
    return events + fold.emit(money.payouts_unless_paid(fold.state))


def add_on(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """An add-on, between hands like a rebuy (TDA R27)."""
    check_between_hands(fold.state, entry, "an add-on")
    events = fold.emit(rebuys.add_on(fold.state, entry, at))
    return events + fold.emit(money.payouts_unless_paid(fold.state))


def mark_absent(fold: Fold, *, entry: str, at: float) -> tuple[TournamentEvent, ...]:
    """He is away: dealt in and blinded, his hand killed (TDA R30); before the start,
    where the profile keeps absent stacks out of play, he is left out of the draw."""
    return fold.emit(absence.mark_absent(fold.state, entry, at))


def mark_present(
    fold: Fold, *, entry: str, at: float, rng: random.Random | None = None
) -> tuple[TournamentEvent, ...]:
    """He is back; one whose stack waited out of play is seated now (``rng``: the seat)."""
    return fold.emit(absence.mark_present(fold.state, entry, at, rng))
