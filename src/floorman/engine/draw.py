"""Draw games: standing pat or discarding, the replacement deal, and a stub that runs out.

A draw street (``Street(draw=True)``) opens with a draw. Clockwise from the first live seat left
of the button, every live player stands pat or throws away cards of his own hand, face down;
all-in players draw too, since they still play their hand. Once everyone has decided, the
dealer burns one card and gives each discarding player as many new cards, in the same order,
and the betting round of the street follows. The engine records a draw as ``Discarded`` events
(the cards go to the muck) and the replacements as ordinary ``HoleDealt`` events, so a replay
is still a plain fold.

The muck is kept because a draw can need more cards than the stub holds: six players throwing
five cards each want thirty, and the stub after the deal holds twenty-one. The TDA rules leave
draw games to house rules (R35-A, digest note A32), so rulings here cite the profile's general
rule (``draw``, ``draw-stub``: TDA R1, Belarus 2.1.1). floorman does what cardrooms do:

1. When the draw's deal begins and the stub (after the burn) cannot replace every discard, the
   discards of *earlier* draws are shuffled into it. The current draw's discards stay out, so
   nobody is dealt a card that was just thrown away at this draw.
2. If the stub still runs out while a player is being served, the discards of the players
   already served in this draw are shuffled in too; never those of the player being served or
   of those still waiting.

With at most eight players this always suffices: while one player is served, the stub and the
returnable discards together hold every card outside the hands, the current discards of the
waiting players and the burns, at least 52 - 8 x 5 - 3 = 9 cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from floorman.cards.card import DECK_SIZE, Card
from floorman.engine.actions import Action, Discard
from floorman.engine.events import Discarded, StubReshuffled
from floorman.engine.phase import DEAL, DRAW
from floorman.engine.prompts import DrawOptions as DrawOptions
from floorman.errors import IllegalActionError, MalformedInputError, OutOfTurnError

if TYPE_CHECKING:
    from floorman.engine.hand import Hand


class DrawState:
    """The draws of one hand: who still decides, who is due cards, and the muck of discards.

    - ``number``: the draw in progress (or the last one), counted from 0; -1 before the first.
    - ``pending``: seats still to stand pat or discard in this draw, clockwise.
    - ``due``: the replacements each discarding seat gets in this draw.
    - ``serving``: the discarding seats of this draw, in the order the dealer serves them.
    - ``muck``: discards out of the stub as (draw, seat, card); a reshuffle takes them out.
    - ``burns``: draws that burned a card, counted even when a transcribed history names no
      burn card.
    """

    __slots__ = ("burns", "due", "muck", "number", "pending", "serving")

    def __init__(self) -> None:
        self.number = -1
        self.pending: list[int] = []
        self.due: dict[int, int] = {}
        self.serving: tuple[int, ...] = ()
        self.muck: list[tuple[int, int, int | None]] = []
        self.burns = 0


def _state(hand: Hand) -> DrawState:
    assert hand.draw is not None, "only draw games draw"
    return hand.draw


# --- evolving ------------------------------------------------------------------------------


def start(hand: Hand) -> None:
    """Open the draw of the current street: live seats decide clockwise from the button's left."""
    state = _state(hand)
    live = hand.live
    state.number += 1
    state.pending = [s for s in hand.dealing_order if s in live]
    state.due = {}
    state.serving = ()
    hand.phase = DRAW


def apply_discarded(hand: Hand, event: Discarded) -> None:
    """The cards leave the hand for the muck; the last decision starts the replacement deal."""
    state = _state(hand)
    held, up = hand.holes[event.seat], hand.up[event.seat]
    for card in event.cards:
        # A known card the engine saw as unknown (a transcribed hand) takes an unknown's place.
        index = held.index(card) if card in held else held.index(None)
        del held[index]
        del up[index]
        state.muck.append((state.number, event.seat, card))
        if card is not None:
            hand.dealt.add(card)
    if event.cards:
        state.due[event.seat] = len(event.cards)
    if event.seat in state.pending:
        state.pending.remove(event.seat)
    if not state.pending:
        _begin_replacements(hand, state)


def _begin_replacements(hand: Hand, state: DrawState) -> None:
    state.serving = tuple(s for s in hand.dealing_order if s in state.due)
    hand.deal_queue = list(state.serving)
    hand.phase = DEAL
    if state.serving:
        state.burns += 1


def apply_reshuffled(hand: Hand, event: StubReshuffled) -> None:
    """The named discards leave the muck for the stub: they may be dealt again."""
    state = _state(hand)
    back = set(event.discards)
    hand.dealt.difference_update([c for n, s, c in state.muck if (n, s) in back and c is not None])
    state.muck = [m for m in state.muck if (m[0], m[1]) not in back]


# --- reading the state ---------------------------------------------------------------------


def actor(hand: Hand) -> int | None:
    """The seat to stand pat or discard, during a draw."""
    state = hand.draw
    if hand.phase is not DRAW or state is None or not state.pending:
        return None
    return state.pending[0]


def options(hand: Hand) -> DrawOptions:
    """The drawing player's choice, or an :class:`IllegalActionError` outside a draw."""
    seat = actor(hand)
    if seat is None:
        raise _illegal(hand, "no-draw-now", "nobody is to draw now")
    streets = hand.streets
    return DrawOptions(
        actor=seat,
        held=len(hand.holes[seat]),
        draw=_state(hand).number + 1,
        draws=sum(s.draw for s in streets),
    )


def replacements(hand: Hand, seat: int) -> int:
    """Cards due to ``seat`` in the replacement deal of this draw."""
    return _state(hand).due.get(seat, 0)


def is_replacing(hand: Hand) -> bool:
    """The dealer is serving replacements: one seat at a time, in the order of the draw."""
    return hand.draw is not None and hand.streets[hand.street].draw


def burn_due(hand: Hand) -> bool:
    """No player has been served in this draw yet, so the burn comes first."""
    return len(hand.deal_queue) == len(_state(hand).serving) > 0


def stub_count(hand: Hand) -> int:
    """Cards left in the stub: the deck less hands (folded ones too), burns and the muck."""
    state = _state(hand)
    out = sum(len(h) for h in hand.holes) + len(hand.board) + state.burns + len(state.muck)
    return DECK_SIZE - out


# --- deciding ------------------------------------------------------------------------------


def decide(hand: Hand, action: Action, seat: int | None) -> Discarded:
    """Check a discard (or any action during a draw) and return its event."""
    drawer = actor(hand)
    rules = hand.config.ruleset
    if drawer is None:
        raise _illegal(hand, "no-draw-now", "nobody is to draw now")
    if not isinstance(action, Discard):
        raise not_betting(hand)
    if seat is not None and seat != drawer:
        raise OutOfTurnError(
            rules.ruling("act-in-turn", "not-your-turn", f"seat {drawer} is to draw", actor=drawer)
        )
    cards = tuple(action.cards)
    _check_discard(hand, drawer, cards)
    return Discarded(drawer, cards)


def not_betting(hand: Hand) -> IllegalActionError:
    """The refusal of a betting action while a player is still to draw."""
    seat = actor(hand)
    return _illegal(
        hand, "drawing-now", f"seat {seat} is to stand pat or discard first", actor=seat or 0
    )


def _check_discard(hand: Hand, seat: int, cards: tuple[int | None, ...]) -> None:
    held = hand.holes[seat]
    if len(cards) > len(held):
        raise MalformedInputError(
            f"seat {seat} holds {len(held)} cards and cannot discard {len(cards)}",
            constraint="card-count",
        )
    known = [c for c in cards if c is not None]
    if not all(isinstance(c, int) and 0 <= c < DECK_SIZE for c in known):
        raise MalformedInputError("card numbers are 0..51", constraint="card")
    if len(set(known)) != len(known):
        raise MalformedInputError("a card was discarded twice", constraint="duplicate-card")
    foreign = [c for c in known if c not in held]
    unknown = held.count(None)
    seen = hand.dealt.intersection(foreign)  # hands, board, burns and the muck
    if seen or len(foreign) + cards.count(None) > unknown:
        names = " ".join(str(Card(c)) for c in foreign) or f"{cards.count(None)} unknown cards"
        raise MalformedInputError(
            f"seat {seat} does not hold {names}", constraint="discard-not-held"
        )


def reshuffle(hand: Hand) -> StubReshuffled | None:
    """The automatic reshuffle due before the next replacement, if the stub runs short."""
    state = hand.draw
    if state is None or hand.phase is not DEAL or not hand.deal_queue:
        return None
    if not hand.streets[hand.street].draw:
        return None
    waiting = hand.deal_queue
    need = sum(state.due[s] for s in waiting) if burn_due(hand) else state.due[waiting[0]]
    if stub_count(hand) >= need:
        return None
    # Earlier draws' discards, then those of the players already served in this one.
    back = [m for m in state.muck if m[0] < state.number or m[1] not in waiting]
    if not back:
        return None
    earlier = all(m[0] < state.number for m in back)
    message = (
        "the stub cannot replace every discard: the discards of earlier draws are shuffled in"
        if earlier
        else "the stub ran out: the discards of the players already served are shuffled in"
    )
    ruling = hand.config.ruleset.ruling("draw-stub", "stub-reshuffled", message)
    discards = tuple(sorted({(d, s) for d, s, _ in back}))
    return StubReshuffled(discards, tuple(c for _, _, c in back), ruling)


def arrange_shown(seat: int, known: list[int | None], shown: tuple[int, ...]) -> tuple[int, ...]:
    """The shown cards in the order the engine holds them, in whatever order they were named.

    Replacements join a hand at its end (as in PokerKit), while a history may list a drawn hand
    in any order: each known card must be among the shown ones, and the others fill in the
    cards the engine did not know.
    """
    rest: list[object] = list(shown)
    matched = len(shown) == len(known)
    for card in known:
        if card is None:
            continue
        if card not in rest:
            matched = False
            break
        rest.remove(card)
    if not matched or len(rest) != known.count(None):
        raise MalformedInputError(
            f"seat {seat} holds {len(known)} cards; the shown cards do not match them",
            constraint="shown-cards",
        )
    # Filled in place, not by a comprehension: compiled, a card read as an ``int`` would be
    # turned from a Card into a plain int, and both builds must record the same values.
    cards: list[object] = list(known)
    fill = iter(rest)
    for index, card in enumerate(known):
        if card is None:
            cards[index] = next(fill)
    return cast("tuple[int, ...]", tuple(cards))


def _illegal(hand: Hand, key: str, message: str, **params: int | str) -> IllegalActionError:
    return IllegalActionError(hand.config.ruleset.ruling("draw", key, message, **params))
