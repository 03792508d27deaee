"""Mixed games: the frozen button while stud is played (TDA R11-B).

In a mixed event (HORSE and the like) the level's game (:attr:`Level.game`) changes from
button games (hold'em, Omaha, draw) to stud and back. Stud has no button and no blinds, so
R11-B freezes the button: after the last hold'em hand it stands where it would go if another
hold'em hand followed, it stays there through the stud levels, and the first hold'em hand
after them is dealt from it. floorman gets that by not letting a stud hand move the table's
positions at all: the table keeps the last button-game hand as its ``last``, so the next
button-game hand is placed by the dead-button rule exactly as if it came straight after it
(:func:`~floorman.tournament.seating.positions.next_positions`).

While stud is played, balancing moves the player who would be the hold'em big blind
(R11-B), which :mod:`floorman.tournament.seating.balancing` reads from the same frozen ``last``,
into
the seat vacated last (R11-A's stud rule). A newcomer who waits for the button under R8-A is
dealt into stud hands, which have no button to wait for, and waits again, if he still must,
when hold'em resumes, unless that would leave the table fewer than two players to deal to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from floorman.engine.games import Game, get_game
from floorman.tournament.seating.tables import Table

if TYPE_CHECKING:
    from floorman.tournament.config import TournamentConfig


def hand_game(config: TournamentConfig, level_number: int) -> Game:
    """The game of the hands played at play level ``level_number`` (1-based)."""
    levels = config.structure.levels
    return get_game(levels[min(max(level_number, 1), len(levels)) - 1].game)


def button_moves(config: TournamentConfig, level_number: int) -> bool:
    """Whether a hand played at ``level_number`` moves the button: not in stud (R11-B)."""
    return not hand_game(config, level_number).is_stud


def dealing_table(table: Table, game: Game) -> Table:
    """``table`` as the hand engine should deal the next hand of ``game``: in stud nobody
    waits for the button, since it has none; and when hold'em resumes, newcomers seated
    during stud who would wait for the frozen button are dealt in if waiting would leave
    fewer than two players to deal to (they have been playing the stud hands already)."""
    if not table.waiting:
        return table
    if not game.is_stud and table.size - len(table.waiting) >= 2:
        return table
    return Table(
        number=table.number,
        seats=table.seats,
        last=table.last,
        vacated=table.vacated,
    )
