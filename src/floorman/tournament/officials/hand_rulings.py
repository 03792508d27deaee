"""The rulings made at a live table during one hand, as the tournament's log keeps them.

A hand recorded from a dealer's tablet is a summary (:class:`~floorman.tournament.floor.table_hand.
HandResult`), but the rulings made while it was played are part of the event's record: the
results and the federation's protocols list the judges' decisions with their rules (Belarus
2.3.2, TDA R1: the director's decisions are on the record). They ride with the hand, on the
``HandPlayed`` the ``record-hand`` command writes, so one command records the hand and its
rulings at one version, and a retry under the same idempotency key records neither twice.

An older log has no rulings on its hands: the field defaults to none, so it reads as before
(no upcaster, no migration: the codec fills a missing field with its default).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from enum import StrEnum

from floorman.errors import MalformedInputError
from floorman.rules.ruling import Ruling


class RulingKind(StrEnum):
    """What a table ruling was: made by the rules, referred to the director, or his word."""

    RULING = "ruling"
    """An automatic ruling on a dealer's report or the dealer assist's reading."""
    OUT_OF_TURN = "out-of-turn"
    """An action out of turn held, bound by substantial action, or settled (TDA R53)."""
    REFERRED = "referred"
    """A point the rules leave to the director (TDA R1): the question and its options."""
    DECISION = "decision"
    """The director's choice on a referred point."""
    OVERRIDE = "override"
    """The director put another outcome in place of an automatic ruling (TDA R1)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRuling:
    """One ruling of a hand: its rule, message key and parameters (``ruling``), who decided,
    and on whom. ``id`` ties a referred point to its decision and a ruling to its override."""

    kind: RulingKind
    ruling: Ruling
    decided_by: str
    """``rules`` for an automatic ruling; the official's name or role for a decision."""
    id: str = ""
    entry: str | None = None
    """The player the ruling is about, if it is about one."""
    outcome: str = ""
    """What was decided (``misdeal``, ``dead``, ``binds``...), or the option chosen."""
    options: tuple[str, ...] = ()
    """A referred point's options."""
    reason: str = ""
    """The director's reason for a decision or an override."""


def check_rulings(rulings: Iterable[TableRuling], dealt: Collection[str]) -> None:
    """Refuse a ruling about a player who was not dealt in the hand.

    :raises MalformedInputError: constraint ``rulings``.
    """
    for ruling in rulings:
        if ruling.entry is not None and ruling.entry not in dealt:
            raise MalformedInputError(
                f"a ruling of the hand names {ruling.entry}, who was not dealt in",
                constraint="rulings",
            )
        decision = ruling.kind in (RulingKind.DECISION, RulingKind.OVERRIDE)
        if decision and not ruling.decided_by.strip():
            raise MalformedInputError(
                "the director's decision names who took it", constraint="rulings"
            )
