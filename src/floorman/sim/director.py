"""The director's floor and desk decisions, made at random in a simulated event, so that the
simulation's invariants also hold over them: who balances (TDA R11-C, PokerStars Live 2.5.1),
the table size (Poland §25.1, RedCactus 11), withdrawals (Poland §57.2) and a player's
colour-up (TDA R25-B, PokerStars Live 3.3).

While the director balances himself, this director does it before every hand as a floor
would: he names the giving table of each move floorman suggests (``balance_from``) and draws
the button of a table opened for a late entry once it has players (``draw_button``). Every
choice comes from the simulation's ``random.Random``; a command the tournament refuses is not
made (the caller's ``attempt`` swallows the refusal).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from floorman.tournament.aggregate import Tournament
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.state import AUTOMATIC, DIRECTOR
from floorman.tournament.seating.balancing import plan_balance

Attempt = Callable[[Callable[[], tuple[TournamentEvent, ...]]], bool]

SMALLEST_SIZE = 4
"""The smallest table size the simulated director sets: below it tables play short-handed."""


class Director:
    """Makes the director's decisions in ``tournament``, one chance in ``rate`` per round."""

    def __init__(
        self, tournament: Tournament, rate: float, rng: random.Random, attempt: Attempt
    ) -> None:
        self.tournament = tournament
        self.rate = rate
        self.rng = rng
        self.attempt = attempt

    def between_rounds(self, now: float) -> None:
        """Now and then one decision: balancing mode, table size, a withdrawal, a colour-up."""
        if self.rng.random() >= self.rate:
            return
        choice = self.rng.randrange(4)
        if choice == 0:
            self._toggle_balancing(now)
        elif choice == 1:
            self._table_size(now)
        elif choice == 2:
            self._withdrawal(now)
        else:
            self._colour_up(now)

    def before_hand(self, now: float) -> None:
        """In ``director`` mode, the moves floorman suggests, then buttons for new tables."""
        state = self.tournament.state
        if state.floor.balancing != DIRECTOR or state.finished:
            return
        for _ in range(len(state.entries)):  # each move evens the tables: this bounds them
            plan = plan_balance(
                tuple(state.tables.values()),
                rules=self.tournament.config.ruleset.tournament,
                stud=state.formats.last_hand_stud,
                recently_moved=frozenset(state.moved),
            )
            if not plan.moves:
                break
            giving = plan.moves[0].from_table
            if not self.attempt(partial(self.tournament.balance_from, table=giving, at=now)):
                break
        for number, table in sorted(state.tables.items()):
            if table.last is None and number not in state.buttons and table.size >= 2:
                self.attempt(
                    partial(self.tournament.draw_button, table=number, at=now, rng=self.rng)
                )

    def _toggle_balancing(self, now: float) -> None:
        mode = AUTOMATIC if self.tournament.state.floor.balancing == DIRECTOR else DIRECTOR
        self.attempt(partial(self.tournament.set_balancing, mode=mode, at=now))

    def _table_size(self, now: float) -> None:
        tables = self.tournament.state.tables.values()
        if not tables:
            return
        most = min(len(t.seats) for t in tables)
        seats = self.rng.randint(min(SMALLEST_SIZE, most), most)
        self.attempt(partial(self.tournament.set_table_size, seats=seats, at=now, rng=self.rng))

    def _withdrawal(self, now: float) -> None:
        alive = self._alive()
        if len(alive) > 2:
            entry = self.rng.choice(alive)
            self.attempt(partial(self.tournament.withdraw, entry=entry, at=now, rng=self.rng))

    def _colour_up(self, now: float) -> None:
        alive = self._alive()
        smallest = self.tournament.config.structure.chips[:1]
        if alive and smallest:
            entry = self.rng.choice(alive)
            self.attempt(
                partial(self.tournament.colour_up_player, entry=entry, remove=smallest, at=now)
            )

    def _alive(self) -> list[str]:
        state = self.tournament.state
        return [e.entry for e in state.entries.values() if e.alive and e.table is not None]
