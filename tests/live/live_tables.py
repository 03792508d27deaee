"""Building live hands for the tests: a table, a stacked deck, dealing through the live hand."""

from __future__ import annotations

from collections.abc import Sequence

from floorman.cards import parse_cards
from floorman.cards.deck import Deck
from floorman.engine import GAMES, Call, Check, DealBoard, DealHole, HandConfig, Phase
from floorman.engine.events import Event, HandEnded
from floorman.live.live_hand import LiveHand
from floorman.live.live_state import LiveState
from floorman.rules.profiles import PROFILES


def config(
    stacks: Sequence[int | None],
    *,
    button: int,
    profile: str = "tda-2022",
    blinds: tuple[int, int] = (50, 100),
    game: str = "NT",
    **extra: object,
) -> HandConfig:
    return HandConfig(
        game=GAMES[game],
        stacks=tuple(stacks),
        button=button,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ruleset=PROFILES[profile],
        **extra,  # type: ignore[arg-type]
    )


def table(
    seats: int = 6,
    *,
    button: int | None = None,
    profile: str = "tda-2022",
    stack: int = 10_000,
    blinds: tuple[int, int] = (50, 100),
    dead_seats: Sequence[int] = (),
) -> LiveHand:
    """A no-limit hold'em live hand, waiting for its deal: seats 0..n-1, button on the last."""
    cfg = config(
        (stack,) * seats,
        button=seats - 1 if button is None else button,
        profile=profile,
        blinds=blinds,
    )
    return LiveHand(cfg, dead_seats=dead_seats)


def card(text: str) -> int:
    return int(parse_cards(text)[0])


def cards(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in parse_cards(text))


def new_deck() -> Deck:
    return Deck.from_order(list(range(52)))


def deal_holes(live: LiveHand, deck: Deck) -> None:
    """The initial deal through the live hand, one card per player per pass."""
    hand = live.hand
    seats = list(hand.deal_queue)
    request = hand.deal_request()
    count = request.count if request is not None else 0
    passes = [deck.deal(len(seats)) for _ in range(count)]
    for seat, hole in zip(seats, zip(*passes, strict=True), strict=True):
        live.act(DealHole(seat, tuple(int(c) for c in hole)))


def deal_board(live: LiveHand, deck: Deck, *, burn: bool = True) -> None:
    request = live.hand.deal_request()
    assert request is not None
    assert request.seat is None
    burned = deck.deal_one() if burn else None
    live.act(DealBoard(tuple(int(c) for c in deck.deal(request.count)), burned))


def dealt_table(seats: int = 6, **kwargs: object) -> tuple[LiveHand, Deck]:
    live = table(seats, **kwargs)  # type: ignore[arg-type]
    deck = new_deck()
    deal_holes(live, deck)
    return live, deck


def limp_to_flop(live: LiveHand, deck: Deck) -> None:
    while live.hand.phase is Phase.BET and live.hand.street == 0:
        live.act(Check() if live.hand.legal_options().check else Call())
    deal_board(live, deck)


def chips_in_play(live: LiveHand) -> int:
    hand = live.hand
    if hand.is_over:
        return sum(hand.stacks)
    held = sum(chips for chips, _ in (hand.held_back or {}).values())  # treated as all-in
    return sum(hand.stacks) + hand.pot + held


def assert_conserved(live: LiveHand) -> None:
    """No chip made or lost, and a replay of the history gives the same hand."""
    assert chips_in_play(live) == sum(s or 0 for s in live.config.stacks)
    again = LiveHand.from_events(live.config, live.history)
    assert again.hand.stacks == live.hand.stacks
    assert again.hand.live == live.hand.live
    assert again.hand.phase is live.hand.phase
    assert again.hand.actor == live.hand.actor
    assert _summary(again.state) == _summary(live.state)
    if live.hand.is_over:
        ended = live.hand.events[-1]
        assert isinstance(ended, HandEnded)


def _summary(state: LiveState) -> tuple[object, ...]:
    return (
        sorted(state.held),
        sorted(state.pending),
        dict(state.outcomes),
        sorted(state.passive),
        dict(state.owed),
        sorted(state.to_kill),
        state.deal_done,
        state.voided,
    )


def engine_events(live: LiveHand) -> list[Event]:
    return list(live.hand.events)
