"""Invariants of a live hand under any mix of actions, actions out of turn, reports and the
director's decisions: no chip is made or lost, refusals change nothing, and the history folds
back into the same hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.live.live_tables import assert_conserved, deal_holes, new_deck, table

from floorman.engine import Call, Check, DealBoard, Fold, Raise
from floorman.errors import FloormanError
from floorman.live.irregularities.reports import (
    BoxedCards,
    CardExposed,
    CardsTouchedMuck,
    DealerKilledHand,
    DeckDefect,
    DeckDefective,
    ExtraBurn,
    MisdealCalled,
    MisdealReason,
    MissingBurn,
    PlayerAbsent,
    PrematureCards,
    Report,
    StubDisordered,
    TooManyBoardCards,
    WrongCardCount,
)
from floorman.live.live_hand import LiveHand

PROFILES = ("tda-2022", "belarus-sport", "redcactus", "pokerstars-live", "poland-pzp")


def in_turn(live: LiveHand, pick: int) -> None:
    options = live.hand.legal_options()
    choices: list[Fold | Check | Call | Raise] = [Fold()]
    choices.append(Check() if options.check else Call())
    if options.min_to is not None:
        choices.append(Raise(options.min_to))
    live.act(choices[pick % len(choices)])


def out_of_turn(live: LiveHand, seat: int, pick: int) -> None:
    action = (Call(), Fold(), Check(), Raise(10**9))[pick % 4]
    live.act(action, seat=seat)


def report(live: LiveHand, seat: int, pick: int) -> Report:
    hand = live.hand
    card = hand.holes[seat][0] if hand.holes[seat] else None
    reports: list[Report] = [
        PlayerAbsent(seat=seat),
        WrongCardCount(seat=seat, held=pick % 4),
        MisdealCalled(reason=list(MisdealReason)[pick % len(MisdealReason)]),
        CardExposed(seat=seat, card=card, by_dealer=pick % 2 == 0, position=pick % 5 + 1),
        CardsTouchedMuck(seat=seat, identifiable=pick % 2 == 0),
        PrematureCards(street=hand.street + 1, cards=(40 + pick % 12,), burn=None),
        TooManyBoardCards(cards=(44, 45, 46, 47), burn=43, extra=None if pick % 3 else 47),
        MissingBurn(street=max(1, hand.street), cards=(48, 49, 50)),
        ExtraBurn(street=max(1, hand.street), card=51),
        BoxedCards(cards=(42,) if pick % 2 else (42, 41)),
        DeckDefective(defect=list(DeckDefect)[pick % len(DeckDefect)]),
        DealerKilledHand(seat=seat, identifiable=pick % 3 == 0),
        StubDisordered(restorable=pick % 2 == 0, mixed=pick % 3 == 0),
    ]
    return reports[pick % len(reports)]


def director(live: LiveHand, pick: int) -> None:
    if live.state.pending:
        pending = next(iter(live.state.pending.values()))
        live.resolve(pending.id, pending.options[pick % len(pending.options)], by="TD", reason="r")
        return
    for ruling_id, made in live.state.made.items():
        choices = (made.outcome, *made.alternatives)
        current = live.state.outcomes[ruling_id]
        others = [c for c in choices if c != current]
        if others:
            live.override(ruling_id, others[pick % len(others)], by="TD", reason="r")
            return


def step(live: LiveHand, deck_cards: list[int], move: tuple[int, int, int]) -> None:
    kind, seat, pick = move
    seat %= live.hand.seat_count
    request = live.hand.deal_request()
    if kind == 0 and request is not None and request.seat is None:
        fresh = [
            c for c in deck_cards if c not in live.hand.dealt and not live.state.out_of_play(c)
        ]
        ask = live.deal_request()
        assert ask is not None
        live.act(DealBoard(tuple(fresh[1 : 1 + ask.count]), fresh[0] if ask.burns else None))
    elif kind == 0 and live.hand.actor is not None:
        in_turn(live, pick)
    elif kind == 1:
        out_of_turn(live, seat, pick)
    elif kind == 2:
        live.record(report(live, seat, pick), rng=random.Random(pick))
    else:
        director(live, pick)


@settings(max_examples=80, deadline=None)
@given(
    profile=st.sampled_from(PROFILES),
    moves=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 5), st.integers(0, 50)), max_size=60
    ),
)
def test_chips_are_conserved_and_the_history_replays(
    profile: str, moves: list[tuple[int, int, int]]
) -> None:
    live = table(6, profile=profile)
    deal_holes(live, new_deck())
    deck_cards = list(range(12, 52))
    for move in moves:
        before = list(live.history)
        try:
            step(live, deck_cards, move)
        except FloormanError:
            assert live.history == before  # a refusal changes nothing
        assert_conserved(live)
        if live.hand.is_over:
            break
