"""One server-dealt hand in memory (:class:`LiveHand`), the dealer's part of it, and folding it
back from its stream: what the owner deals with (:mod:`.online`), and what the other processes
fold to show it (:mod:`.online_mirror`)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from floorman.cards.deck import Deck
from floorman.engine.dealer import auto_showdown, deal_pending
from floorman.engine.events import Event
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.service.api.fairness import COMMITTED, DeckCommitment
from floorman.service.api.online_codec import is_hand_event, read_event, read_setup
from floorman.service.store import StoredRecord
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.seating.dead_seats import kill_dead_seats


@dataclass(slots=True, kw_only=True)
class LiveHand:
    """One hand being dealt by the server at one table."""

    tournament: str
    table: int
    stream: str
    setup: HandSetup
    hand: Hand
    deck: Deck
    version: int
    """Records in the hand's stream: the version the next action is appended after."""
    commitment: DeckCommitment | None = None
    """The deck's commitment (:mod:`.fairness`), kept in memory only until the hand ends;
    ``None`` for a hand recovered after a restart (its unseen cards were shuffled again)."""
    committed: str | None = None
    """The published digest (recovered hands keep it from their stream)."""

    def seat_of(self, entry: str) -> int | None:
        return next((s for s, e in enumerate(self.setup.seats) if e == entry), None)


def rebuilt(stream: str, records: tuple[StoredRecord, ...], rng: random.Random) -> LiveHand:
    """The hand of ``stream`` folded back from its records (the undealt cards shuffled)."""
    setup = read_setup(records[0])
    events = [read_event(r) for r in records[1:] if is_hand_event(r)]
    committed = next((r.data.get("sha256") for r in records if r.kind == COMMITTED), None)
    hand = Hand.from_events(setup.config, events)
    deck = Deck.shuffled(rng)
    deck.remove(hand.dealt)
    return LiveHand(
        tournament=stream.split("/", 1)[0],
        table=setup.table,
        stream=stream,
        setup=setup,
        hand=hand,
        deck=deck,
        version=records[-1].version,
        committed=committed,
    )


def run_dealer(hand: Hand, deck: Deck, rng: random.Random, setup: HandSetup) -> list[Event]:
    """The dealer's part until a player is to act or the hand is over: cards, then showdowns
    (cards speak, TDA R12); once the deal is complete the dead seats' hands are killed (absent
    or penalised players, TDA R30, R71-C), which may end the hand or bring the next street."""
    events: list[Event] = []
    while True:
        while hand.phase in (Phase.DEAL, Phase.SHOW):
            if hand.phase is Phase.DEAL:
                events += deal_pending(hand, deck, rng)
            else:
                events += auto_showdown(hand)
        killed = kill_dead_seats(hand, setup)
        if not killed:
            return events
        events += killed
