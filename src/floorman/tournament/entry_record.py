"""One entry's record in the tournament's state: a player's buy-in, his chips, where he sits and
how he finished (:class:`EntryState`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class EntryState:
    """One entry: a player's buy-in, his chips, where he sits and how he finished.

    Mutable for speed (a hand changes a few records, and a simulation plays thousands of
    hands), but only a handler changes one, and only through
    :meth:`TournamentState.changing`, which keeps the record as it was for a roll-back while a
    command is decided."""

    entry: str
    player: str
    name: str
    stack: int
    table: int | None = None
    seat: int | None = None
    place: int | None = None
    tied: int = 1
    prize: int = 0
    eliminated_by: tuple[str, ...] = ()
    eliminated_level: int | None = None
    eliminated_at: float | None = None
    finish: str = ""
    """How he left: ``bust``, ``disqualified``, ``deal``, ``no-show`` (empty while in)."""
    rebuys: int = 0
    add_ons: int = 0
    bounty: int = 0
    """The bounty on his head now (it grows in a progressive knockout)."""
    bounty_won: int = 0
    moved_from: int | None = None
    """The table he was moved away from since his last recorded hand: a hand he was still
    playing there when the move was announced is recorded at that table (moves are carried
    out after the hand)."""

    @property
    def alive(self) -> bool:
        return self.place is None

    def copy(self) -> EntryState:
        """An independent copy (built directly: it is taken at most commands)."""
        return EntryState(
            self.entry,
            self.player,
            self.name,
            self.stack,
            self.table,
            self.seat,
            self.place,
            self.tied,
            self.prize,
            self.eliminated_by,
            self.eliminated_level,
            self.eliminated_at,
            self.finish,
            self.rebuys,
            self.add_ons,
            self.bounty,
            self.bounty_won,
            self.moved_from,
        )
