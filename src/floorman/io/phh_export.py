"""Writing a hand the engine played as PHH, so other tools (and PokerKit) can read it.

PHH numbers players from the first seat left of the button round to the button (heads-up: the
big blind, then the button), and lists blinds and antes per player in that order; heads-up the
two entries are swapped, because PHH has the second player (the button) post the first entry.
Antes count as each player's contribution, so a player all-in for part of his ante wins only
what he matched (``ante_trimming_status = true`` in PHH terms).

A live table's irregularities and the director's rulings have no PHH action of their own; they
are written as PHH commentary (``# ...``), either on an action-less entry or on the action they
explain: a hand killed by a ruling is written as the player's fold with the ruling as its
comment, a voided hand as a comment before the finishing stacks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from floorman.engine import showdown
from floorman.engine.config import AnteMode
from floorman.engine.events import (
    Acted,
    BoardDealt,
    CardsExposed,
    ChipsForfeited,
    Discarded,
    HandKilled,
    HandRevived,
    HandVoided,
    HoleCardReplaced,
    HoleDealt,
    HoleFacesSet,
    Mucked,
    PotAwarded,
    Shown,
)
from floorman.engine.hand import Hand
from floorman.io.phh import PhhAction, PhhHand
from floorman.io.phh_actions import (
    CHECK_OR_CALL,
    COMPLETE_BET_OR_RAISE,
    DEAL_BOARD,
    DEAL_HOLE,
    FOLD,
    NO_OP,
    POST_BRING_IN,
    SHOW_OR_MUCK,
    STAND_PAT_OR_DISCARD,
)
from floorman.io.phh_actions import format_phh_cards as _cards_text

Comments = Mapping[int, Sequence[str]]
"""Commentary to write before the engine event of each index (after the last: its count)."""


def export_hand(hand: Hand, *, comments: Comments | None = None) -> PhhHand:
    """The hand as PHH; ``comments`` adds commentary entries before the events they precede."""
    config = hand.config
    order = list(config.clockwise_from(config.dealer_seat))
    player = {seat: i for i, seat in enumerate(order)}
    small, big = config.blind_seats()
    blinds = [0] * len(order)
    antes = [0] * len(order)
    if small is not None and config.small_blind:
        blinds[player[small]] = config.small_blind
    if config.big_blind:
        blinds[player[big]] = config.big_blind
    if config.ante_mode is AnteMode.EVERY_PLAYER:
        antes = [config.ante] * len(order)
    elif config.ante_mode is AnteMode.BIG_BLIND:
        antes[player[big]] = config.ante
    if len(order) == 2:
        blinds.reverse()
        antes.reverse()
    limit = config.game.is_limit
    return PhhHand(
        variant=config.game.code,
        starting_stacks=tuple(config.stacks[s] or 0 for s in order),
        actions=tuple(_actions(hand, player, comments or {})),
        antes=tuple(antes),
        ante_trimming_status=config.ante_mode is AnteMode.EVERY_PLAYER,
        blinds_or_straddles=() if config.game.is_stud else tuple(blinds),
        bring_in=config.bring_in if config.game.is_stud else None,
        min_bet=None if limit else config.big_blind,
        small_bet=config.small_bet if limit else None,
        big_bet=config.big_bet if limit else None,
        finishing_stacks=tuple(hand.stacks[s] for s in order) if hand.is_over else None,
    )


def _actions(hand: Hand, player: dict[int, int], comments: Comments) -> list[PhhAction]:
    """The PHH actions; hands tabled after an all-in are shown just before the award.

    A seat whose tabled hand grew since it was shown (a stud card dealt face down after the
    tabling) shows it again, whole, before the award.
    """
    actions: list[PhhAction] = []
    shown = [0] * hand.config.seat_count
    tabled_shows_written = False
    for index, event in enumerate(hand.events):
        actions.extend(PhhAction(None, NO_OP, comment=text) for text in comments.get(index, ()))
        if isinstance(event, PotAwarded) and hand.tabled and not tabled_shows_written:
            tabled_shows_written = True
            actions.extend(_tabled_shows(hand, player, shown))
        if isinstance(event, Shown):
            shown[event.seat] = len(event.cards)
        action = _action(event, player)
        if action is not None:
            actions.append(action)
    end = len(hand.events)
    actions.extend(PhhAction(None, NO_OP, comment=text) for text in comments.get(end, ()))
    return actions


def _tabled_shows(hand: Hand, player: dict[int, int], shown: list[int]) -> list[PhhAction]:
    config = hand.config
    first = (config.dealer_seat + 1) % config.seat_count
    order = showdown.show_order(hand.live, aggressor=None, first=first, seats=config.seat_count)
    return [
        PhhAction(player[seat], SHOW_OR_MUCK, cards=tuple(hand.holes[seat]))
        for seat in order
        if shown[seat] < len(hand.holes[seat])
    ]


def _action(event: object, player: dict[int, int]) -> PhhAction | None:
    if isinstance(event, HoleDealt):
        return PhhAction(None, DEAL_HOLE, target=player[event.seat], cards=event.cards)
    if isinstance(event, BoardDealt):
        return PhhAction(None, DEAL_BOARD, cards=event.cards)
    if isinstance(event, Acted):
        who = player[event.seat]
        if event.action == "fold":
            return PhhAction(who, FOLD)
        if event.action in ("check", "call"):
            return PhhAction(who, CHECK_OR_CALL)
        if event.action == "bring-in":
            return PhhAction(who, POST_BRING_IN)
        return PhhAction(who, COMPLETE_BET_OR_RAISE, amount=event.to)
    if isinstance(event, Discarded):
        return PhhAction(player[event.seat], STAND_PAT_OR_DISCARD, cards=event.cards)
    if isinstance(event, Shown):
        return PhhAction(player[event.seat], SHOW_OR_MUCK, cards=event.cards)
    if isinstance(event, Mucked):
        return PhhAction(player[event.seat], SHOW_OR_MUCK)
    return _irregular(event, player)


def _irregular(event: object, player: dict[int, int]) -> PhhAction | None:
    """A live table's ruling as commentary; a killed hand as a fold that says why."""
    if isinstance(event, HandKilled):
        return PhhAction(player[event.seat], FOLD, comment=f"dead hand: {event.ruling}")
    if isinstance(event, HandVoided):
        return PhhAction(None, NO_OP, comment=f"hand voided, every chip returned: {event.ruling}")
    if isinstance(event, ChipsForfeited):
        who = player[event.seat] + 1
        return PhhAction(None, NO_OP, comment=f"p{who} forfeits {event.amount}: {event.ruling}")
    if isinstance(event, CardsExposed):
        shown = _cards_text(event.cards)
        return PhhAction(None, NO_OP, comment=f"p{player[event.seat] + 1} exposed {shown}")
    if isinstance(event, HoleCardReplaced):
        card = _cards_text((event.card,))
        text = f"p{player[event.seat] + 1} card {event.index + 1} replaced by {card}"
        return PhhAction(None, NO_OP, comment=text)
    if isinstance(event, HoleFacesSet):
        faces = "".join("u" if up else "d" for up in event.up)
        return PhhAction(None, NO_OP, comment=f"p{player[event.seat] + 1} cards face {faces}")
    if isinstance(event, HandRevived):
        return PhhAction(None, NO_OP, comment=f"p{player[event.seat] + 1}'s hand is live again")
    return None
