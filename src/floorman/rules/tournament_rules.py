"""The parameters in which rulebooks differ, for the tournament engine.

:class:`TournamentRules` is to a whole event what :class:`~floorman.rules.ruleset.Ruleset` is to
one hand: plain data, one field per choice some rulebook makes differently. A profile file gives
each value in its ``[tournament]`` section together with the rule it comes from, so a seating
instruction or a late-entry stack can cite its rule without the tournament engine ever asking
which rulebook is in force. The defaults are the TDA's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class BalanceMover(StrEnum):
    """Which player a balancing move takes from the table that gives one up."""

    NEXT_BIG_BLIND = "next-big-blind"
    """The player due the big blind next hand (TDA R11-A, RedCactus)."""
    CURRENT_BIG_BLIND = "current-big-blind"
    """The player sitting in the big blind at the fullest table (Belarus 3.1 ¶2b)."""


class BalanceTarget(StrEnum):
    """Which short table receives a balancing move."""

    FEWEST_PLAYERS = "fewest-players"
    """The table with fewest players, the lowest table number on a tie (RedCactus; the TDA
    leaves the choice to the house, R11-C, and this is the usual procedure)."""


class BalanceSeat(StrEnum):
    """Which free seat the moved player takes at the receiving table."""

    WORST_POSITION = "worst-position"
    """The free seat that takes the big blind soonest, never the small blind (TDA R11-A,
    Belarus 3.1 ¶2c: the seat that is big blind next hand if there is one)."""


class LateEntryStack(StrEnum):
    """The stack a late registrant receives."""

    FULL = "full"
    """A full starting stack (TDA R8-A, Poland §56.2 for alternates)."""
    MINUS_BIG_BLIND_PER_ELIMINATION = "minus-big-blind-per-elimination"
    """The starting stack less one current big blind per player already eliminated
    (RedCactus weekly events)."""
    MINUS_BLINDS_PER_20_MINUTES = "minus-blinds-per-20-minutes"
    """The starting stack less one small blind, one big blind and one round of antes for every
    20 minutes played (Poland §56)."""


class ButtonDraw(StrEnum):
    """How the first button of each table is placed."""

    HIGH_CARD_PER_TABLE = "high-card-per-table"
    """One card to each player, highest by rank then suit takes the button (TDA R32 practice,
    Belarus 5.3)."""
    ONE_DRAW_ALL_TABLES = "one-draw-all-tables"
    """One draw gives the button seat number used at every table (PokerStars Live)."""
    SEAT_ONE = "seat-one"
    """The button starts at seat 1 (RedCactus weekly events)."""


class ChipRace(StrEnum):
    """How chips of a denomination leaving play are exchanged."""

    CARD_RACE = "card-race"
    """Leftover chips raced off by cards, at most one chip each, nobody raced out (TDA R24,
    Poland §10)."""
    ROUNDING = "rounding"
    """Each player's leftover rounded: half a new chip or more gives one, less gives none
    (RedCactus)."""


class FinalTableSize(StrEnum):
    """How many players make the final table."""

    BY_TABLE_SIZE = "by-table-size"
    """Nine for 8- and 9-max events, seven for 6- and 7-max events (TDA RP-9)."""
    TABLE_SIZE = "table-size"
    """As many as the event's tables seat (the Regulations of a Belarus event)."""
    NINE = "nine"
    """Nine, whatever the table size (RedCactus: 8-max play, 9-max final table)."""


class SameHandBusts(StrEnum):
    """How players eliminated in the same hand are placed."""

    MORE_CHIPS_HIGHER = "more-chips-higher"
    """More chips at the start of the hand places higher; equal stacks tie and share the
    prizes of their places (TDA decision A2, PokerStars Live 3.13.3, Poland §52.5)."""
    SHARE = "share"
    """Players busted in the same hand tie whatever their stacks (a house choice)."""


class CrossTableBusts(StrEnum):
    """How players eliminated at different tables during the same hand-for-hand hand are
    placed."""

    TIE = "tie"
    """They tie and share the prizes of their places (TDA RP-8-A, scenario T58)."""
    MORE_CHIPS_HIGHER = "more-chips-higher"
    """More chips at the start of the hand places higher, as at one table."""


class DisqualifiedPlace(StrEnum):
    """Where a disqualified player finishes."""

    AT_DISQUALIFICATION = "at-disqualification"
    """He takes the place he was eliminated in, as if busted then (TDA R71)."""
    LAST = "last"
    """He is placed last and everyone eliminated before him moves up one place (Poland)."""


class TableBreakOrder(StrEnum):
    """Which table breaks first when the players fit in fewer tables."""

    FIXED = "fixed"
    """An order known in advance: the one the director announced (PokerStars Live 2.4), else
    the highest-numbered table first."""
    RANDOM = "random"
    """Drawn at each break, so nobody can stall to dodge a breaking table (TDA RP-19)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentRules:
    """What a profile decides for the whole event; TDA values by default."""

    minimum_age: int | None = None
    """Youngest age admitted (Belarus 1.1: 17; Poland §55.1: the legal age, 18); ``None``: the
    rulebook sets none and the event's regulations decide."""
    clock_seconds: int = 25
    """Time a called player has before the countdown starts (TDA R29: 25 s)."""
    clock_countdown_seconds: int = 5
    """The countdown that follows (TDA R29: 5 s; Poland counts its 10 s inside the minute)."""
    short_level_minutes: int = 0
    """Levels this long or shorter use the short clock (PokerStars Live: 25 min); 0 for never."""
    levels_strictly_grow: bool = False
    """Every level's forced bets above the one before's (Belarus 3.3); elsewhere a level may
    repeat the one before (the structure's own check: never smaller)."""
    short_level_clock_seconds: int = 25
    short_level_countdown_seconds: int = 5
    late_entry_stack: LateEntryStack = LateEntryStack.FULL
    late_entry_minutes: int | None = None
    """Minutes after the start during which late entry is open; ``None``: set by the event."""
    reentry_allowed: bool = True
    absent_stack_in_play: bool = True
    """A registered player who has not arrived is dealt in and blinded (TDA R30); RedCactus
    keeps absent stacks out of play."""
    button_draw: ButtonDraw = ButtonDraw.HIGH_CARD_PER_TABLE
    balance_mover: BalanceMover = BalanceMover.NEXT_BIG_BLIND
    balance_target: BalanceTarget = BalanceTarget.FEWEST_PLAYERS
    balance_seat: BalanceSeat = BalanceSeat.WORST_POSITION
    halt_when_short_by: int | None = 3
    """A table this many players short of the fullest halts when its big blind would fall on
    an empty seat (TDA R11-D: 3; RedCactus: 4); ``None``: tables are balanced before every hand
    instead."""
    halt_at_once: bool = False
    """A table ``halt_when_short_by`` short stops at once (PokerStars Live 2.5, RedCactus 10,
    Poland §25.3) rather than when its big blind would reach an empty seat (TDA ADD-11-D)."""
    balance_within_one: bool = False
    """Table sizes may differ by at most one at the start of every hand (Belarus 3.1 ¶3a)."""
    balance_waits_for_both_tables: bool = False
    """A balancing move waits until the hands at both tables are over (Belarus 3.1-¶2d);
    elsewhere only the giving table's, where the mover is judged (TDA R11-A)."""
    final_table_size: FinalTableSize = FinalTableSize.BY_TABLE_SIZE
    big_blind_ante_reduced_at: Mapping[int, int] = field(default_factory=dict)
    """Table size to the number of players at or below which the big-blind ante drops to the
    small blind (RedCactus: 5 at 9- and 10-max tables, 4 at 8-max); empty: never reduced (TDA
    RP-11)."""
    chip_race: ChipRace = ChipRace.CARD_RACE
    hand_for_hand_seconds_per_hand: int = 120
    """Level time charged for each hand played hand-for-hand (TDA RP-8-B: 2 minutes)."""
    same_hand_busts: SameHandBusts = SameHandBusts.MORE_CHIPS_HIGHER
    cross_table_busts: CrossTableBusts = CrossTableBusts.TIE
    disqualified_place: DisqualifiedPlace = DisqualifiedPlace.AT_DISQUALIFICATION
    penalty_round_counts_offender: bool = True
    """A missed round is as many hands as players at the table, the offender included
    (TDA R71-A, Belarus 7.1)."""
    end_of_day_drawn_hands: tuple[int, int] | None = None
    """The day ends after a number of hands drawn in this range (PokerStars Live: 3 to 7)."""
    rebuys_allowed: bool = True
    """An event may offer rebuys and an add-on (TDA R27, Poland §18); RedCactus 27 has none."""
    alternate_stack: LateEntryStack = LateEntryStack.FULL
    """The stack of an alternate seated from the waiting list (Poland §56.2 and PokerStars Live
    2.1.1: a full stack; RedCactus: the late-entry stack, rule 7)."""
    disqualified_forfeits_prize: bool = False
    """A disqualified player wins nothing, even in the paid places (PokerStars Live 6.9.6,
    Poland §7.2.5); the TDA (R71-D) only takes his chips out of play."""
    format: TournamentFormat = field(default_factory=lambda: TournamentFormat.FREEZE_OUT)
    """How the field is played down to a winner (Belarus 3.1 "American", 3.2 "Olympic")."""
    ante_policy: AntePolicy = field(default_factory=lambda: AntePolicy.ANY)
    """Which antes a blind game's structure may have (RedCactus: none at weekly events, the
    big-blind ante at the regional and national finals)."""
    break_order: TableBreakOrder = TableBreakOrder.FIXED
    """Which table breaks first (TDA RP-19: drawn at random; PokerStars Live 2.4: announced)."""
    final_table_after_hands: bool = False
    """The final table waits for the other tables to finish the hand they are playing when the
    field reaches its size (Belarus 3.1-¶3b); otherwise it forms at once."""


class TournamentFormat(StrEnum):
    """How the field is played down to a winner: what a tournament does with its tables."""

    FREEZE_OUT = "freeze-out"
    """One field over several tables, balanced and broken down to a final table (Belarus 3.1,
    the "American" format; the only format the other rulebooks describe)."""
    OLYMPIC = "olympic"
    """Each table plays down to one winner; the winners restart with equal stacks at new
    tables, stage after stage, to the final game (Belarus 3.2)."""
    SIT_AND_GO = "sit-and-go"
    """One table that starts once it is full, with no late entry."""
    SHOOTOUT = "shootout"
    """Each table plays down to one winner without balancing; the winners meet in the next
    round."""


class AntePolicy(StrEnum):
    """Which antes a blind game's structure may have, where a rulebook says."""

    ANY = "any"
    """The event's structure decides (TDA RP-11 describes the big-blind ante without requiring
    it)."""
    NONE = "none"
    """No ante at all (RedCactus weekly events)."""
    BIG_BLIND = "big-blind"
    """The big-blind ante (RedCactus regional and national finals)."""
