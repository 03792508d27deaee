"""Random floor incidents for simulated tournaments: what players and officials do between
hands, so the simulation's invariants are exercised over every command of the tournament.

With :class:`FloorOptions` a simulation makes late entries and re-entries (alternates when the
tables are full), rebuys (after a bust or between hands) and add-ons, marks players absent and
back (some absent from the start), gives penalties from the profile's catalogue (escalating to
disqualifications) with the odd misdeal, and ends with a deal among the last players. Every
choice is drawn from the simulation's ``random.Random``, so a seed replays the same event.
A command the tournament refuses is simply not made: refusals are the tournament's to decide,
and the simulation only asks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from floorman.errors import FloormanError
from floorman.sim.director import Director
from floorman.tournament.aggregate import Tournament
from floorman.tournament.config import AddOnTerms, RebuyTerms
from floorman.tournament.desk import rebuys
from floorman.tournament.events import TournamentEvent
from floorman.tournament.floor.table_hand import HandResult
from floorman.tournament.officials.penalties import escalate
from floorman.tournament.officials.penalty_catalogue import catalogue_of


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorOptions:
    """Which incidents a simulation makes, and how often (chances per hand or per round)."""

    rebuys: bool = False
    """Rebuys through level 3 (at most two each), an add-on after level 3."""
    penalties: float = 0.0
    """Chance per hand that a player at the table is penalised for a random offence."""
    absences: float = 0.0
    """Chance per hand that a player at the table leaves his seat; also the share of players
    absent at the start."""
    late_entries: int = 0
    """Late registrations (and re-entries of busted players) made during late registration."""
    bounty: int = 0
    progressive_bounty: bool = False
    deal: str | None = None
    """A deal (``chip-chop``, ``icm``, ``hybrid``) among the last three players."""
    director: float = 0.0
    """Chance per round of one of the director's decisions (:mod:`floorman.sim.director`):
    who balances, the table size, a withdrawal, a player's colour-up."""


REBUY_LEVELS = 3
DEAL_PLAYERS = 3


def rebuy_terms(options: FloorOptions, *, buy_in: int, stack: int) -> dict[str, object]:
    """The event's rebuy and add-on offer, as keywords of ``TournamentConfig``."""
    if not options.rebuys:
        return {}
    rebuy = RebuyTerms(price=buy_in, chips=stack, last_level=REBUY_LEVELS, max_rebuys=2)
    add_on = AddOnTerms(price=buy_in, chips=stack, after_level=REBUY_LEVELS)
    return {"rebuy": rebuy, "add_on": add_on}


class Incidents:
    """Makes the incidents of ``options`` happen in ``tournament``."""

    def __init__(
        self,
        tournament: Tournament,
        options: FloorOptions,
        rng: random.Random,
        report: Callable[[tuple[TournamentEvent, ...]], None],
    ) -> None:
        self.tournament = tournament
        self.options = options
        self.rng = rng
        self.report = report
        self.late_left = options.late_entries
        self.dealt = False
        self.director = Director(tournament, options.director, rng, self._try)

    def _try(self, command: Callable[[], tuple[TournamentEvent, ...]]) -> bool:
        try:
            self.report(command())
        except FloormanError:
            return False
        return True

    # --- before the start and between rounds --------------------------------------------------

    def absent_at_start(self) -> None:
        """Some players not there at the start; two are always left to draw, since where
        absent stacks stay out of play (RedCactus 7) the draw needs two present."""
        entries = list(self.tournament.state.entries)
        for entry in entries:
            present = len(entries) - len(self.tournament.state.absent)
            if present > 2 and self.rng.random() < self.options.absences:
                self._try(partial(self.tournament.mark_absent, entry=entry, at=0.0))

    def between_rounds(self, now: float) -> None:
        """Late entries, add-ons, arrivals and a deal, once per round of hands."""
        state = self.tournament.state
        self.director.between_rounds(now)
        if self.late_left and self.rng.random() < 0.5:
            self._late_entry(now)
        if self.options.rebuys and rebuys.add_on_open(state, now):
            for entry in [e.entry for e in state.entries.values() if e.alive and not e.add_ons]:
                if self.rng.random() < 0.7:
                    self._try(partial(self.tournament.add_on, entry=entry, at=now))
        for entry in sorted(state.absent):
            if self.rng.random() < 0.3:
                self._try(partial(self.tournament.mark_present, entry=entry, at=now, rng=self.rng))
        if self.options.deal and not self.dealt and state.alive <= DEAL_PLAYERS:
            self.dealt = True
            self._deal(now)

    def _late_entry(self, now: float) -> None:
        state = self.tournament.state
        busted = [e for e in state.entries.values() if not e.alive]
        player = (
            self.rng.choice(busted).player
            if busted and self.rng.random() < 0.5
            else f"late{self.options.late_entries - self.late_left + 1}"
        )
        name = f"Player {player}"
        if self._try(
            lambda: self.tournament.register(player=player, name=name, at=now, rng=self.rng)
        ):
            self.late_left -= 1

    def _deal(self, now: float) -> None:
        state = self.tournament.state
        method = self.options.deal or "icm"
        keep = state.prizes[0] // 4 if method == "hybrid" and state.prizes else 0
        proposed = self._try(
            lambda: self.tournament.propose_deal(method=method, at=now, keep_for_winner=keep)
        )
        if not proposed or state.deal is None:
            return
        for entry in state.deal.players:
            self._try(partial(self.tournament.consent, entry=entry, at=now))

    # --- around one hand ----------------------------------------------------------------------

    def before_hand(self, table: int, now: float) -> None:
        """The director's balancing, absences, rebuys declared before the hand, penalties."""
        self.director.before_hand(now)
        state = self.tournament.state
        if table not in state.tables:
            return
        players = [e for e in state.tables[table].players if state.entries[e].alive]
        if not players:
            return
        if self.rng.random() < self.options.absences:
            entry = self.rng.choice(players)
            self._try(lambda: self.tournament.mark_absent(entry=entry, at=now))
        if self.options.rebuys:
            for entry in players:
                if self.rng.random() < 0.05:
                    self._try(partial(self.tournament.rebuy, entry=entry, at=now))
        if self.rng.random() < self.options.penalties:
            self._penalty(self.rng.choice(players), now)

    def misdeal(self, table: int, now: float, serving: bool) -> bool:
        """Sometimes a hand with a penalty seat is misdealt (and re-dealt)."""
        if not serving or self.rng.random() >= 0.2:
            return False
        return self._try(lambda: self.tournament.record_misdeal(table=table, at=now))

    def bust_rebuys(self, result: HandResult, now: float) -> tuple[str, ...]:
        """Players the hand left without chips who rebuy at once (Poland §18.2)."""
        if not self.options.rebuys:
            return ()
        state = self.tournament.state
        wanted = []
        for entry, stack in result.stacks_after:
            if stack or self.rng.random() >= 0.6:
                continue
            try:
                rebuys.rebuy(state, entry, now, busted=True)
            except FloormanError:
                continue
            wanted.append(entry)
        return tuple(wanted)

    def _penalty(self, entry: str, now: float) -> None:
        state = self.tournament.state
        book = catalogue_of(state)
        offence = self.rng.choice(book.offences).id
        penalty = escalate(book, offence, state.ledger.record(entry).offences(offence))
        roles = [p.role for p in book.powers if penalty.kind in p.kinds]
        if roles:
            self._try(
                lambda: self.tournament.give_penalty(
                    entry=entry, offence=offence, by_role=roles[0], at=now, rng=self.rng
                )
            )
