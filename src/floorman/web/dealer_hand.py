"""A hand at a live table as the dealer's tablet records it: the actions he enters, the legal
options before each one, the pots, and his award at the showdown.

The cards are physical, so the engine is given unseen cards (``None``) whenever it asks for
some, and the tablet never sees a card. The hand is replayed from the setup the tablet was
given at the start of the hand (``GET .../tables/{t}/setup``) and the steps it has recorded
since: the service keeps nothing between two taps, so a tablet that reloads, or a second
tablet at the table, rebuilds the same hand, and a service restart loses nothing.

Unseen cards cannot be compared, so the engine stops where the hands would be compared: when
the last bet is called on the river (it waits for the hands to be shown), or when an all-in
is called with cards still to come (the hands are tabled, TDA R16). There the dealer names
the winners of each pot, and :func:`award` records the awards the live layer splits
(:mod:`floorman.live.pot_award`), so the finished hand sums up into the result the tournament
records (:func:`~floorman.tournament.floor.table_hand.result_of`). A hand everyone else folded
is awarded by the engine itself (R17-B). What is due next, and the unseen cards dealt, are the
live layer's too (:mod:`floorman.live.unseen_cards`).

The hand is a live table's (:class:`floorman.live.live_hand.LiveHand`), so the steps may also
be irregularities and the director's decisions (:mod:`floorman.web.dealer_steps`); a hand a
misdeal voided is never recorded as played: the tournament's ``misdeal`` command counts it
and the table deals again (R35-C).

Stud and draw games take two more steps (:mod:`floorman.web.dealer_cards`): the up-cards of
each stud street, which decide the bring-in and the first to act (TDA RP-10), and how many
cards each player draws. Replay stops for the up-cards where a street deals them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.errors import MalformedInputError
from floorman.live.live_hand import LiveHand
from floorman.live.pot_award import PotWinners
from floorman.live.unseen_cards import deal_unseen
from floorman.rules.ruling import Ruling
from floorman.tournament.floor.table_hand import HandResult, HandSetup, result_of
from floorman.tournament.officials.table_calls import TableRulingOverridden
from floorman.web.dealer_overrides import Lapsed, apply_due, not_reached
from floorman.web.dealer_steps import Step, apply_step


@dataclass(frozen=True, slots=True, kw_only=True)
class Replayed:
    """The hand after the tablet's steps, and the ruling its last step drew, if any."""

    live: LiveHand
    ruling: Ruling | None
    lapsed: tuple[Lapsed, ...] = ()
    """The director's overrides the hand could not take (:mod:`.dealer_overrides`)."""

    @property
    def hand(self) -> Hand:
        return self.live.hand

    @property
    def voided(self) -> bool:
        return self.live.redeal() is not None


def check_game(setup: HandSetup) -> None:
    """Refuse a setup whose game is not the one its code names (a tampered setup)."""
    game = setup.config.game
    try:
        known = get_game(game.code)
    except MalformedInputError:
        known = None
    if known != game:
        raise MalformedInputError(f"game {game.code!r} is not a known game", constraint="game")


def replay(
    setup: HandSetup,
    steps: Sequence[Step],
    *,
    level_minutes: int | None = None,
    overrides: Sequence[TableRulingOverridden] = (),
) -> Replayed:
    """The hand of ``setup`` after ``steps``, dealt unseen cards as it asks for them; the
    players the setup names dead (absent, serving a penalty) are killed at the end of the
    deal (TDA R30, R71-C). ``level_minutes``: the hand level's length, which may shorten the
    action clock (PokerStars Live 3.11.1). ``overrides``: the director's, from the log, each
    applied after the step it was given at (:mod:`floorman.web.dealer_overrides`).

    :raises IllegalActionError: a step the rules forbid (a raise below the minimum, play while
        the director's ruling is awaited...), with the ruling.
    :raises MalformedInputError: a step after the betting is over, or a bet without its
        amount.
    """
    check_game(setup)
    live = LiveHand(setup.config, dead_seats=setup.dead)
    deal_unseen(live)
    lapsed = not_reached(overrides, len(steps))
    ruling = apply_due(live, overrides, 0, lapsed)
    for number, step in enumerate(steps, 1):
        ruling = apply_step(live, step, number, level_minutes=level_minutes).ruling
        deal_unseen(live)
        ruling = apply_due(live, overrides, number, lapsed) or ruling
        deal_unseen(live)
    return Replayed(live=live, ruling=ruling, lapsed=tuple(lapsed))


def award(setup: HandSetup, replayed: Replayed, winners: Sequence[PotWinners]) -> HandResult:
    """Award each pot to the winners the dealer named (main pot first), and sum the hand up.

    A hand that is over already (everyone else folded) takes no winners.

    :raises MalformedInputError: the hand was voided, still has betting to do or a ruling
        awaited; a winner count that is not one per pot, a winner not eligible for his pot,
        a low half in a game without one (:meth:`LiveHand.award`).
    """
    replayed.live.award(winners)
    return result_of(setup, replayed.hand)
