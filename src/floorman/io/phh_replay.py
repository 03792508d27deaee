"""PHH hands on the engine: replay a recorded hand by our rules, or export one we played.

Player order in PHH starts left of the button and ends on the button, so player *i* of a
replayed hand sits in seat *i* with the button on the last seat. Each player posts what the
file assigns him (heads-up, PHH swaps the two entries: ``p1`` posts the second), so a history
that puts the bigger blind on an unusual seat is replayed as recorded, not re-seated.
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
from floorman.engine.automatic import betting_over
from floorman.engine.config import AnteMode, HandConfig
from floorman.engine.games import get_game
from floorman.engine.hand import Hand
from floorman.engine.known import as_known
from floorman.engine.phase import BET, DONE, SHOW
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
    notes: tuple[str, ...] = ()
    """What the replay read differently from the letter of the file, one sentence each (a
    covering raise in limit taken as the full raise it stands for)."""

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        return tuple(self.hand.stacks)


def hand_config(phh: PhhHand, rules: Ruleset = TDA_2022, *, smallest_chip: int = 1) -> HandConfig:
    """The engine's view of a PHH hand's table: seats, button, forced bets and limits.

    Each player posts the blind and the ante PHH assigns him (:func:`posted_by_player`), so a
    history whose first player posts the bigger blind, or the only one, replays as written: the
    bigger of two blinds is the big blind (on a tie, the later player's, as PokerKit opens the
    betting after him), and a single blind (as in the limit events of the WSOP) is a big blind
    with no small blind.
    """
    game = get_game(phh.variant)
    players = len(phh.starting_stacks)
    blinds = posted_by_player(phh.blinds_or_straddles, players)
    if sum(1 for b in blinds if b) > 2:
        raise MalformedInputError("straddles are not supported yet", constraint="phh-straddle")
    posting = [p for p, b in enumerate(blinds) if b]
    big_seat = max(posting, key=lambda p: (blinds[p], p)) if posting else min(1, players - 1)
    small_seats = [p for p in posting if p != big_seat]
    small_seat = small_seats[0] if small_seats else None
    ante, ante_mode = _antes(posted_by_player(phh.antes, players), big_seat)
    return HandConfig(
        game=game,
        stacks=tuple(phh.starting_stacks),
        button=players - 1,
        small_blind=0 if small_seat is None else blinds[small_seat],
        big_blind=blinds[big_seat],
        small_blind_seat=small_seat,
        big_blind_seat=big_seat if posting else None,
        dead_small_blind=bool(posting) and small_seat is None,
        ante=ante,
        ante_mode=ante_mode,
        small_bet=phh.small_bet or 0,
        big_bet=phh.big_bet or 0,
        bring_in=phh.bring_in or 0,
        smallest_chip=smallest_chip,
        ruleset=rules,
    )


def posted_by_player(values: tuple[int, ...], players: int) -> list[int]:
    """What each player posts of a PHH per-player list (blinds, antes), in player order.

    Missing entries are zeros. Heads-up PHH swaps the two entries (as PokerKit reads them): the
    first player, the big blind, posts the second entry and the button the first, so
    ``[5, 10]`` puts 10 on ``p1`` and 5 on ``p2``.
    """
    padded = list(values) + [0] * (players - len(values))
    return padded[::-1] if players == 2 else padded


def _antes(antes: list[int], big_seat: int) -> tuple[int, AnteMode]:
    """Antes per player: all equal, or a big-blind ante posted by the big blind alone."""
    if not any(antes):
        return 0, AnteMode.NONE
    if len(set(antes)) == 1:
        return antes[0], AnteMode.EVERY_PLAYER
    if antes[big_seat] and not any(a for i, a in enumerate(antes) if i != big_seat):
        return antes[big_seat], AnteMode.BIG_BLIND
    raise MalformedInputError("unequal antes are not supported", constraint="phh-antes")


def replay(
    phh: PhhHand, rules: Ruleset = TDA_2022, *, limit: int | None = None, smallest_chip: int = 1
) -> Replay:
    """Apply the hand's actions (the first ``limit`` of them) to a new engine hand; pots split
    in units of ``smallest_chip`` (a scaled history's real chip, :mod:`.phh_units`)."""
    hand = Hand(hand_config(phh, rules, smallest_chip=smallest_chip))
    actions = phh.actions if limit is None else phh.actions[:limit]
    notes: list[str] = []
    early: list[tuple[Show, int]] = []
    for action in actions:
        _show_early(hand, early)
        command = _command(hand, action)
        if command is None:
            continue
        if isinstance(command, Show) and _before_showdown(hand, action.actor):
            assert action.actor is not None
            early.append((command, action.actor))
            if len(early) == 1:
                notes.append(_early_note(rules))
            continue
        if isinstance(command, Raise) and (full := _covering_raise(hand, action, command.to)):
            notes.append(
                f"p{full[0] + 1}'s raise to {command.to} covers every opponent: replayed as "
                f"the full limit raise to {full[1]}, whose uncalled {full[1] - command.to} the "
                "history never recorded"
            )
            command = Raise(full[1])
        if hand.phase is DONE and isinstance(command, Show | Muck):
            continue  # a voluntary show after the pot is awarded changes nothing
        if command is _CHECK and _nothing_to_decide(hand, action.actor):
            continue  # a check recorded where the rules leave no decision (see below)
        hand.perform(command, seat=action.actor)
    _show_early(hand, early)
    return Replay(hand, len(actions), tuple(notes))


def _before_showdown(hand: Hand, seat: int | None) -> bool:
    """A show recorded once the betting is over but before the showdown, in a hand whose
    profile does not table the hands at a called all-in (Belarus 5.9.2): histories written
    by the TDA's practice (R16) show them there."""
    if hand.tabled or hand.phase is SHOW or hand.phase is DONE or seat not in hand.live:
        return False
    return betting_over(hand)


def _show_early(hand: Hand, early: list[tuple[Show, int]]) -> None:
    """The shows held back by :func:`_before_showdown`, made once the showdown comes."""
    if hand.phase is not SHOW:
        return
    while early:
        show, seat = early.pop(0)
        if hand.phase is SHOW and seat in hand.show_queue:
            hand.perform(_with_later_cards(hand, show, seat), seat=seat)


def _with_later_cards(hand: Hand, show: Show, seat: int) -> Show:
    """A stud show made before the last cards were dealt names only the cards he held then:
    the cards dealt him since are added, as the history dealt them."""
    held = hand.holes[seat]
    if show.cards is None or len(show.cards) >= len(held):
        return show
    later = held[len(show.cards) :]
    if any(card is None for card in later):
        return show
    return Show(_shown((*show.cards, *later)))


def _early_note(rules: Ruleset) -> str:
    rule = rules.cite("show-order")
    return (
        f"hands shown before the board was out are shown at the showdown: {rule} has no "
        "all-in face-up rule"
    )


def _covering_raise(hand: Hand, action: PhhAction, to: int) -> tuple[int, int] | None:
    """The raiser and the full raise a limit history's short raise stands for, or ``None``.

    Real histories write a raise that puts the last opponent all-in as a raise to his whole
    stack (WSOP 2023 #43, razz: facing 600,000, "raises to 750,000" against exactly 750,000),
    where the rules allow only the fixed size. The excess over what anyone can call would come
    straight back, so the raise is replayed as the full one; the engine returns the uncalled
    part. Only when ``to`` is above the bet, below the fixed size the raiser could pay, and at
    least every live opponent's whole stack for the street.
    """
    if hand.phase is not BET or not hand.config.game.is_limit:
        return None
    options = hand.legal_options()
    full, seat = options.min_to, options.actor
    own = hand.bets[seat]
    if action.actor != seat or full is None or not own < to < full:
        return None
    if full > own + hand.stacks[seat]:
        return None  # he could not pay the full raise: his raise is an all-in of its own
    covered = max(hand.bets[o] + hand.stacks[o] for o in hand.live if o != seat)
    return (seat, full) if to >= covered and to > max(hand.bets) else None


def _nothing_to_decide(hand: Hand, seat: int | None) -> bool:
    """A recorded check by a live player whom our rules do not ask: every opponent is all-in
    and he owes nothing (the big blind facing a small blind all-in from the ante, say). Some
    histories, PokerKit's among them, ask him to check anyway; the check changes nothing, so it
    is passed over rather than refused."""
    live = hand.live
    if seat is None or hand.phase is DONE or seat not in live or hand.actor == seat:
        return False
    others = [other for other in live if other != seat]
    owes = any(hand.bets[other] > hand.bets[seat] for other in others)
    return not owes and not any(hand.stacks[other] for other in others)


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
        if hand.phase is not BET or hand.legal_options().check:
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
