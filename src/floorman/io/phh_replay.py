"""PHH hands on the engine: replay a recorded hand by our rules, or export one we played.

Player order in PHH starts left of the button and ends on the button, so player *i* of a
replayed hand sits in seat *i* with the button on the last seat; heads-up the first player is
the big blind and the second the button, who posts the small blind (TDA R34), as PHH writes it.
Every action goes through :meth:`Hand.act`, so a hand that breaks a rule of the chosen profile
stops with that rule's ruling.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, cast

from floorman.engine.actions import (
    Action,
    BringIn,
    Call,
    Check,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    Raise,
    Show,
)
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.engine.known import as_known
from floorman.engine.phase import BET, DONE
from floorman.errors import MalformedInputError
from floorman.io import phh_actions as kinds
from floorman.io.phh import PhhAction, PhhHand
from floorman.io.phh_export import export_hand
from floorman.rules.profiles import TDA_2022
from floorman.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Replay:
    hand: Hand
    applied: int
    """How many PHH actions were applied (all of them unless the replay stopped early)."""

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        return tuple(self.hand.stacks)


def hand_config(phh: PhhHand, rules: Ruleset = TDA_2022) -> HandConfig:
    """The engine's view of a PHH hand's table: seats, button, forced bets and limits.

    A single blind (only the first entry of ``blinds_or_straddles`` set, as in the limit events
    of the WSOP) is a big blind posted by the first player, with no small blind.
    """
    game = get_game(phh.variant)
    players = len(phh.starting_stacks)
    blinds = _padded(phh.blinds_or_straddles, players)
    if any(blinds[2:]):
        raise MalformedInputError("straddles are not supported yet", constraint="phh-straddle")
    ante, ante_mode = _antes(_padded(phh.antes, players))
    small_seat, big_seat = (1, 0) if players == 2 else (0, 1)
    single = blinds[0] > 0 and blinds[1] == 0
    return HandConfig(
        game=game,
        stacks=tuple(phh.starting_stacks),
        button=players - 1,
        small_blind=0 if single else blinds[0],
        big_blind=blinds[0] if single else blinds[1],
        small_blind_seat=None if single else small_seat,
        big_blind_seat=small_seat if single else big_seat,
        dead_small_blind=single or (blinds[0] == 0 and blinds[1] > 0),
        ante=ante,
        ante_mode=ante_mode,
        small_bet=phh.small_bet or 0,
        big_bet=phh.big_bet or 0,
        bring_in=phh.bring_in or 0,
        ruleset=rules,
    )


def _padded(values: tuple[int, ...], players: int) -> list[int]:
    return list(values) + [0] * (players - len(values))


def _antes(antes: list[int]) -> tuple[int, AnteMode]:
    """PHH lists antes per player; a big-blind ante is the big blind's entry alone."""
    if not any(antes):
        return 0, AnteMode.NONE
    if len(set(antes)) == 1:
        return antes[0], AnteMode.EVERY_PLAYER
    if len(antes) > 1 and antes[1] and not any(a for i, a in enumerate(antes) if i != 1):
        return antes[1], AnteMode.BIG_BLIND
    raise MalformedInputError("unequal antes are not supported", constraint="phh-antes")


def replay(phh: PhhHand, rules: Ruleset = TDA_2022, *, limit: int | None = None) -> Replay:
    """Apply the hand's actions (the first ``limit`` of them) to a new engine hand."""
    hand = Hand(hand_config(phh, rules))
    actions = phh.actions if limit is None else phh.actions[:limit]
    for action in actions:
        command = _command(hand, action)
        if command is None:
            continue
        if hand.phase is DONE and isinstance(command, Show | Muck):
            continue  # a voluntary show after the pot is awarded changes nothing
        hand.perform(command, seat=action.actor)
    return Replay(hand, len(actions))


# Actions without parameters are values: one of each serves every hand.
_FOLD: Final = Fold()
_CHECK: Final = Check()
_CALL: Final = Call()
_BRING_IN: Final = BringIn()


def _command(hand: Hand, action: PhhAction) -> Action | None:
    kind = action.kind  # the commonest kinds first
    if kind == kinds.DEAL_HOLE:
        assert action.target is not None
        return DealHole(action.target, _cards(action))
    if kind == kinds.CHECK_OR_CALL:
        if hand.phase is BET and hand.legal_options().check:
            return _CHECK
        return _CALL
    if kind == kinds.FOLD:
        return _FOLD
    if kind == kinds.COMPLETE_BET_OR_RAISE:
        assert action.amount is not None
        return Raise(action.amount)
    if kind == kinds.DEAL_BOARD:
        return DealBoard(_cards(action))
    if kind == kinds.NO_OP:
        return None
    if kind == kinds.POST_BRING_IN:
        return _BRING_IN
    if kind == kinds.STAND_PAT_OR_DISCARD:
        return Discard(_cards(action))
    if kind == kinds.SHOW_OR_MUCK:
        if action.cards:
            return Show(_shown(action.cards))
        return Show() if action.shows_dealt_cards else Muck()
    raise MalformedInputError(
        f"action {str(action)!r} belongs to a game the engine does not play yet",
        constraint="phh-action",
    )


def _shown(cards: tuple[int | None, ...]) -> tuple[int, ...]:
    """The known cards of a show, the very objects given (see :func:`as_known`)."""
    known = [card for card in cast("tuple[object, ...]", cards) if card is not None]
    return as_known(cast("list[int | None]", known))


def _cards(action: PhhAction) -> tuple[int | None, ...]:
    return tuple([None if c is None else int(c) for c in action.cards])


def export(hand: Hand) -> PhhHand:
    """A played hand as PHH (see :mod:`floorman.io.phh_export`)."""
    return export_hand(hand)
