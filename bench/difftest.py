"""Differential testing against PokerKit: same deck, same actions, same finishing stacks?

floorman plays random hands (random legal actions, random stacks so that all-ins and side pots
are common); each hand is exported to PHH and replayed by PokerKit. A hand agrees when both
engines accept every action and end with the same stacks. floorman also replays every PHH it
wrote: a refusal there is a defect of its own, never a rule difference, and a refusal citing the
profile's general rule (TDA R1, the director's catch-all) hides one by definition, so both count
as unexplained. ``python -m bench.difftest`` runs the long version and writes
``docs/difftest.md``; the test suite runs a shorter one.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from floorman.engine import GAMES, AnteMode, Hand, HandConfig, stud
from floorman.engine.events import Acted, BettingOpened, ForcedBetPosted, PotAwarded
from floorman.engine.games import Valuation
from floorman.errors import FloormanError, IllegalActionError
from floorman.io.phh import dumps, loads
from floorman.io.phh_replay import export, replay
from floorman.rules.profiles import TDA_2022
from floorman.sim.random_play import play_random_hand

VARIANTS = ("NT", "PO", "FT", "F7S")
"""Run by the test suite (the issue's four): no-limit and pot-limit flop games, limit, stud."""
MORE_VARIANTS = ("F7S/8", "FR", "FO/8", "N2L1D", "F2L3D")
"""Also run by ``make difftest`` (with the 2-7 draw games)."""


@dataclass
class Outcome:
    """Hands compared for one variant; disagreements by reason, with one example each."""

    variant: str
    hands: int = 0
    agreed: int = 0
    disagreements: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def unexplained(self) -> int:
        return sum(n for r, n in self.disagreements.items() if r.startswith("unexplained"))

    def merge(self, other: Outcome) -> None:
        self.hands += other.hands
        self.agreed += other.agreed
        self.disagreements.update(other.disagreements)
        for reason, text in other.examples.items():
            self.examples.setdefault(reason, text)
        self.seconds += other.seconds


def random_config(variant: str, rng: random.Random) -> HandConfig:
    """A full table in PHH's seating (button on the last seat), stacks from 1 to 60 big blinds."""
    game = GAMES[variant]
    players = rng.randint(2, game.max_players)
    stacks = tuple(
        rng.choice((rng.randint(1, 400), rng.randint(100, 6000))) for _ in range(players)
    )
    if game.is_stud:
        return HandConfig(
            game=game,
            stacks=stacks,
            button=players - 1,
            ante=10,
            ante_mode=AnteMode.EVERY_PLAYER,
            bring_in=25,
            small_bet=100,
            big_bet=200,
        )
    return HandConfig(
        game=GAMES[variant],
        stacks=stacks,
        button=players - 1,
        small_blind=50,
        big_blind=100,
        small_bet=100,
        big_bet=200,
    )


DOCUMENTED = {
    "short-big-blind": (
        "A big blind all-in for less than the blind: floorman makes the next players call the"
        " full big blind (TDA R54-B, Belarus 4.9.8 table B); PokerKit uses the chips posted."
    ),
    "odd-chips": (
        "A split pot with odd chips: floorman gives them one each to the tied winners from the"
        " button's left (TDA R20-A; one each is the default of the TDA digest's ambiguity A6),"
        " in stud to the highest card by suit (R20-B), and between high and low to the high"
        " hand (R20-C); PokerKit hands them out in another order."
    ),
    "stud-showing-tie": (
        "Stud: two identical showing hands on fourth street or later. floorman lets the one"
        " with the highest card by suit act first (TDA RP-10-D, Belarus 5.8.6); PokerKit"
        " takes the first by position."
    ),
    "bring-in-all-in": (
        "Stud: the lowest door card is all-in from the ante, so the next player opens; floorman"
        " lets him fold, bring in or complete (TDA RP-10-E); PokerKit refuses the fold."
    ),
    "stud-short-stub": (
        "Stud: too few cards left for seventh street; floorman turns a community card up"
        " (TDA RP-10-H); PokerKit cannot deal it."
    ),
    "hi-lo-side-pot-without-low": (
        "Hi/lo: a side pot where nobody has a qualifying low while the main pot had one."
        " floorman gives that pot whole to the high hand (eight-or-better: no low, no low"
        " half); PokerKit splits its low half among the pot's players."
    ),
    "limit-short-all-in": (
        "Limit: a short all-in raise of less than a full bet. floorman lets the next player"
        " raise to one full bet above the last full level (Belarus 4.9.8: call 14 or raise to"
        " 20); PokerKit sizes the next raise differently."
    ),
    "short-all-ins-reopen": (
        "No-limit: short all-ins that add up to a full raise reopen the betting for a player who"
        " had acted, even when one more short all-in follows: he faces at least a full raise"
        " (TDA R47-A, ADD-47 Ex 1 and 2). PokerKit forgets the first ones once they add up,"
        " and refuses his raise."
    ),
}


def documented_reason(hand: Hand) -> str | None:
    """The documented rule difference this hand runs into, if any."""
    config = hand.config
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    if any(a.low_winners for a in awards) and any(not a.low_winners for a in awards):
        return "hi-lo-side-pot-without-low"
    if config.game.is_stud:
        reason = _stud_reason(hand)
        if reason is not None:
            return reason
    for event in hand.events:
        short_blind = (
            isinstance(event, ForcedBetPosted)
            and event.bet == "big-blind"
            and event.amount < config.big_blind
        )
        if short_blind:
            return "short-big-blind"
        if isinstance(event, PotAwarded) and _odd_chips(event):
            return "odd-chips"
        raised_all_in = isinstance(event, Acted) and event.all_in and event.action in RAISES
        if config.game.is_limit and raised_all_in:
            return "limit-short-all-in"
    if _short_all_ins_forgotten(hand):
        return "short-all-ins-reopen"
    return None


RAISES = ("bet", "raise", "complete")


@dataclass
class _PokerKitRound:
    """PokerKit's reopening bookkeeping for one no-limit betting round (``State`` fields
    ``acted_player_indices``, ``consecutive_short_all_in_amounts``)."""

    full: int
    current: int
    acted: set[int] = field(default_factory=set)
    shorts: list[int] = field(default_factory=list)
    faced: dict[int, int] = field(default_factory=dict)

    def refuses(self, seat: int) -> bool:
        """PokerKit refuses this raise, while under R47 the seat faces a full raise."""
        added_up = self.current - self.faced.get(seat, self.current) >= self.full
        return seat in self.acted and 0 < sum(self.shorts) < self.full and added_up

    def record(self, event: Acted) -> None:
        if event.action in RAISES:
            increment = event.to - self.current
            if increment >= self.full:
                self.acted.clear()
            self.full = max(self.full, increment)
            self.shorts = [*self.shorts, increment] if event.all_in else []
            if sum(self.shorts) >= self.full:
                self.shorts = []  # added up: forgotten, though the acted players stay acted
            self.current = event.to
        self.acted.add(event.seat)
        self.faced[event.seat] = self.current


def _short_all_ins_forgotten(hand: Hand) -> bool:
    """A no-limit raise after short all-ins that added up to a full raise before another short
    all-in came: allowed by TDA R47-A (ADD-47 Ex 2), refused by PokerKit."""
    config = hand.config
    if config.game.is_limit:
        return False
    blinds: dict[int, int] = {}
    pk: _PokerKitRound | None = None
    for event in hand.events:
        if isinstance(event, ForcedBetPosted) and event.bet in ("small-blind", "big-blind"):
            blinds[event.seat] = blinds.get(event.seat, 0) + event.amount
        elif isinstance(event, BettingOpened):
            opening = max([config.big_blind, *blinds.values()]) if event.street == 0 else 0
            pk = _PokerKitRound(full=config.big_blind, current=opening)
        elif isinstance(event, Acted) and pk is not None:
            if event.action in RAISES and pk.refuses(event.seat):
                return True
            pk.record(event)
    return False


def _odd_chips(award: PotAwarded) -> bool:
    """The pot does not split evenly between its halves or among a half's winners."""
    if not award.low_winners:
        return award.amount % len(award.high_winners) > 0
    low = award.amount // 2
    return (
        award.amount % 2 > 0
        or (award.amount - low) % len(award.high_winners) > 0
        or low % len(award.low_winners) > 0
    )


def _stud_reason(hand: Hand) -> str | None:
    """Stud differences: a tie between the best showing hands, or a community seventh card."""
    if hand.board:
        return "stud-short-stub"
    first = next((e for e in hand.events if isinstance(e, Acted)), None)
    if first is not None and first.action == "fold":
        return "bring-in-all-in"
    razz = hand.config.game.valuation is Valuation.RAZZ
    for street in range(1, len(hand.config.game.streets)):
        dealt = [s for s, cards in enumerate(hand.holes) if len(cards) > 2 + street]
        keys = [
            stud.showing_key(_showing(hand, s, street), razz=razz)[:2]  # without the suit
            for s in dealt
        ]
        if len(keys) > 1 and keys.count(max(keys)) > 1:
            return "stud-showing-tie"
    return None


def _showing(hand: Hand, seat: int, street: int) -> list[int]:
    """The seat's up-cards when the betting of ``street`` begins (third street is index 0)."""
    cards = hand.holes[seat][: 3 + street]
    return [c for c, up in zip(cards, hand.up[seat], strict=False) if up and c is not None]


def replay_refusal(text: str) -> str | None:
    """Why floorman refuses to replay a history it wrote itself (``None`` when it does not).

    Never a rule difference: the same engine played the hand. A refusal citing the general
    rule (R1) is named as such, because R1 is what a missing rule falls back on.
    """
    phh = loads(text)
    try:
        replayed = replay(phh)
    except IllegalActionError as error:
        general = error.ruling.rule == TDA_2022.cite("general")
        return f"floorman refused its own history{' citing R1' if general else ''} ({error.ruling})"
    except FloormanError as error:
        return f"floorman refused its own history ({error})"
    if replayed.finishing_stacks != phh.finishing_stacks:
        return "floorman replays its own history to other stacks"
    return None


def pokerkit_stacks(text: str) -> tuple[int, ...]:
    import pokerkit

    states = list(pokerkit.HandHistory.loads(text))
    return tuple(int(s) for s in states[-1].stacks)


def run(variant: str, hands: int, seed: int) -> Outcome:
    """Play ``hands`` random hands of ``variant`` from ``seed`` and compare each with PokerKit."""
    rng = random.Random(f"{variant}/{seed}")
    outcome = Outcome(variant)
    start = time.perf_counter()
    for _ in range(hands):
        played = play_random_hand(random_config(variant, rng), rng)
        phh = export(played)
        text = dumps(phh)
        ours = phh.finishing_stacks
        refusal = replay_refusal(text)
        if refusal is not None:
            outcome.hands += 1
            outcome.disagreements[f"unexplained: {refusal}"] += 1
            outcome.examples.setdefault(f"unexplained: {refusal}", text)
            continue
        try:
            theirs = pokerkit_stacks(text)
        except Exception as error:  # PokerKit refusing an action is a finding, not a crash
            reason = f"pokerkit refused ({type(error).__name__})"
        else:
            if theirs == ours:
                outcome.agreed += 1
                outcome.hands += 1
                continue
            reason = "different finishing stacks"
        documented = documented_reason(played)
        reason = f"documented: {documented}" if documented else f"unexplained: {reason}"
        outcome.hands += 1
        outcome.disagreements[reason] += 1
        outcome.examples.setdefault(reason, text)
    outcome.seconds = time.perf_counter() - start
    return outcome


def report(outcomes: list[Outcome], seed: int) -> str:
    lines = [
        "# Differential testing against PokerKit",
        "",
        "Random hands played by floorman (random legal actions, stacks of 1 to 60 big blinds, 2 to",
        "9 players, 8 in stud), exported to PHH and replayed by PokerKit. A hand agrees when both",
        "engines accept every action and end with the same stacks; any other hand must run into",
        "one of the documented rule differences below, or it counts as unexplained. floorman also",
        "replays every history it wrote; a refusal there (one citing R1 above all) is unexplained.",
        "Generated by",
        f"`make difftest` (seed {seed}; {platform.python_implementation()}"
        f" {platform.python_version()} on {platform.machine()}). Seconds are summed over the",
        "worker processes.",
        "",
        "## Documented differences",
        "",
        *(f"- **{key}**: {text}" for key, text in DOCUMENTED.items()),
        "",
        "## Results",
        "",
        "| Variant | Hands | Agree | Disagree | Seconds |",
        "| :--- | ---: | ---: | ---: | ---: |",
    ]
    for o in outcomes:
        lines.append(
            f"| {o.variant} | {o.hands:,} | {o.agreed:,} | {o.hands - o.agreed:,} | "
            f"{o.seconds:.0f} |"
        )
    for o in outcomes:
        for reason, count in o.disagreements.most_common():
            lines += [
                "",
                f"### {o.variant}: {reason} ({count})",
                "",
                "```toml",
                o.examples[reason],
                "```",
            ]
    return "\n".join(lines) + "\n"


CHUNK = 1_000


def run_parallel(variant: str, hands: int, seed: int, jobs: int) -> Outcome:
    """``run`` in chunks of :data:`CHUNK` hands over ``jobs`` processes (seed, chunk) seeded."""
    sizes = [min(CHUNK, hands - start) for start in range(0, hands, CHUNK)]
    seeds = [seed * 1_000_003 + k for k in range(len(sizes))]
    total = Outcome(variant)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(run, [variant] * len(sizes), sizes, seeds):
            total.merge(part)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument(
        "--more-hands", type=int, default=10_000, help="hands for the variants beyond the four"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--variants", default=",".join(VARIANTS + MORE_VARIANTS))
    parser.add_argument("--output", type=Path, default=Path("docs/difftest.md"))
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    outcomes = [
        run_parallel(v, args.hands if v in VARIANTS else args.more_hands, args.seed, args.jobs)
        for v in variants
    ]
    args.output.write_text(report(outcomes, args.seed), encoding="utf-8")
    for o in outcomes:
        print(f"{o.variant}: {o.agreed}/{o.hands} agree", file=sys.stderr)
    return 0 if all(o.unexplained == 0 for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
