"""Which hands Open Hand History (spec 1.4.7) can carry, and why the others are left out.

The spec names six games (``Holdem``, ``Omaha``, ``OmahaHiLo``, ``Stud``, ``StudHiLo``,
``Draw``) and a fixed set of actions. A hand is written only when a tracker reading it gets
back what was played; otherwise it is left out with a reason, never written wrong:

- razz has no game type: written as ``Stud``, a tracker would judge it for high and take the
  bring-in for the lowest card showing (razz brings in the highest);
- a draw (a player standing pat or swapping cards) has no action in the spec, so a 2-7 hand
  that reached its first draw cannot be written; one that ended before it can;
- a stud hand where a down card was turned face up by mistake: the spec's dealt cards carry
  no face, and the order (two down, up to sixth street, seventh down) no longer tells them.

An export writes the hands it can and lists the others (:class:`Skipped`); when it can write
none, it is refused (constraint ``ohh-game``), so a tracker user never imports an empty file
believing it whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.engine.events import Discarded, HoleFacesSet, StubReshuffled
from floorman.engine.games import Valuation
from floorman.errors import MalformedInputError
from floorman.records.hand_exports import TableHand

_FLOP_TYPES = {
    Valuation.HIGH: "Holdem",
    Valuation.OMAHA: "Omaha",
    Valuation.OMAHA_HIGH_LOW: "OmahaHiLo",
}
_STUD_TYPES = {Valuation.HIGH: "Stud", Valuation.HIGH_LOW: "StudHiLo"}
SHOWN_LISTED = 20
"""Hand numbers named per reason in a skip note; the count says how many there are."""


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand an export left out, and why (one sentence naming the spec's missing piece)."""

    table: int
    number: int
    game: str
    reason: str


def _razz(hand: TableHand) -> str:
    return (
        f"{hand.config.game.name} has no Open Hand History game type: written as Stud, a "
        "tracker would judge it for high and take the bring-in for the lowest card showing"
    )


def skip_reason(hand: TableHand) -> str | None:
    """Why ``hand`` cannot be written without loss, or ``None`` when it can."""
    game = hand.config.game
    if game.is_stud and game.valuation not in _STUD_TYPES:
        return _razz(hand)
    if game.has_draws and any(isinstance(e, Discarded | StubReshuffled) for e in hand.events):
        return (
            "the hand reached a draw, and Open Hand History has no action for standing pat "
            "or discarding"
        )
    if game.is_stud and any(isinstance(e, HoleFacesSet) for e in hand.events):
        return (
            "a down card was dealt face up, and Open Hand History's dealt cards do not say "
            "which cards lie face up"
        )
    return None


def ohh_game_type(hand: TableHand) -> str:
    """The spec's ``game_type`` of ``hand``.

    :raises MalformedInputError: the hand cannot be written without loss (``ohh-game``).
    """
    reason = skip_reason(hand)
    if reason is not None:
        raise MalformedInputError(
            f"hand {hand.number} cannot be written as Open Hand History: {reason}",
            constraint="ohh-game",
        )
    game = hand.config.game
    if game.has_draws:
        return "Draw"
    if game.is_stud:
        return _STUD_TYPES[game.valuation]
    return _FLOP_TYPES[game.valuation]


def skipped_of(hand: TableHand) -> Skipped | None:
    reason = skip_reason(hand)
    if reason is None:
        return None
    return Skipped(table=hand.table, number=hand.number, game=hand.config.game.name, reason=reason)


def skip_notes(skipped: tuple[Skipped, ...]) -> tuple[str, ...]:
    """One plain sentence per game and reason: how many hands, which, and why."""
    groups: dict[tuple[str, str], list[int]] = {}
    for item in skipped:
        groups.setdefault((item.game, item.reason), []).append(item.number)
    notes = []
    for (game, reason), numbers in groups.items():
        listed = ", ".join(str(n) for n in numbers[:SHOWN_LISTED])
        more = f" and {len(numbers) - SHOWN_LISTED} more" if len(numbers) > SHOWN_LISTED else ""
        notes.append(f"{len(numbers)} {game} hand(s) not written (hands {listed}{more}): {reason}")
    return tuple(notes)
