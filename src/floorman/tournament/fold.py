"""One command being decided: the fold its steps are decided on, all or none.

A command is a sequence of decisions: a hand recorded, then the players it eliminated placed,
alternates seated, tables broken and balanced... Each step is decided by a pure function of the
concept it belongs to (``decide(state, ...) -> events``) on the state as the earlier steps left
it, so every step's events are folded (:meth:`Fold.emit`) before the next is decided. A later
step may still refuse; the command must then leave nothing behind (DESIGN.md principle 4).

The fold is the tournament's own state, changed in place: at the command's first events it keeps
a checkpoint (:meth:`~floorman.tournament.state.TournamentState.checkpoint`: the containers
copied, the entries' writes journaled rather than copied, so a 10,000-entrant event does not pay
for its entries at every command). When the whole command is decided, its events join the log
together (:meth:`Fold.commit`); a refusal anywhere rolls the state back to the checkpoint and
the log never sees them (:meth:`Fold.roll_back`). Each event is applied once, and whoever holds
the state object (a service's cache, a simulation) keeps holding the current one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NoReturn

from floorman.tournament.config import TournamentConfig
from floorman.tournament.events import TournamentEvent
from floorman.tournament.refusals import refuse, source
from floorman.tournament.state import TournamentState
from floorman.tournament.state_copies import Snapshot


@dataclass(slots=True)
class Fold:
    """The state a command is decided on, and the events it has decided so far."""

    state: TournamentState
    log: Sequence[TournamentEvent] = ()
    """The tournament's log before this command (the money ledger reads it)."""
    events: list[TournamentEvent] = field(default_factory=list)
    kept: Snapshot | None = None
    """The state before the command's first events (``None`` until it has some)."""

    @property
    def config(self) -> TournamentConfig:
        return self.state.config_

    def emit(self, events: Sequence[TournamentEvent]) -> tuple[TournamentEvent, ...]:
        """Fold one step's events, so that the next step is decided on them."""
        state = self.state
        if events and self.kept is None:
            self.kept = state.checkpoint()
        for event in events:
            state.apply(event)
        self.events.extend(events)
        return tuple(events)

    def commit(self, log: list[TournamentEvent]) -> None:
        """The whole command is decided: its events join ``log``."""
        self.state.release()
        log.extend(self.events)

    def roll_back(self) -> None:
        """A step refused: the state is back where the command found it."""
        if self.kept is not None:
            self.state.roll_back(self.kept)
        self.events.clear()

    def refuse(self, key: str, message: str, **params: int | str) -> NoReturn:
        """A refusal citing the profile's rule for ``key`` (its general rule if none);
        ``params`` are the values the message shows."""
        ruleset = self.config.ruleset
        refuse(ruleset, ruleset.cite(key).rule, key, message, **params)

    def refuse_by(self, parameter: str, key: str, message: str) -> NoReturn:
        """A refusal citing the rule the profile gives for one of its parameters."""
        ruleset = self.config.ruleset
        refuse(ruleset, source(ruleset, parameter), key, message)
