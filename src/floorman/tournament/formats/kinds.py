"""Tournament formats: the freeze-out, the Belarus Olympic format, sit-and-go and shootout.

A format is the ruleset's (:attr:`TournamentRules.format`, set by a preset such as
``belarus-sport/olympic``) unless the director overrides it for one event
(``TournamentConfig.format``): the same rulebook runs a freeze-out one day and a sit-and-go the
next. :func:`format_of` is the one place that reads it. The formats differ in how the tables
end:

- **Freeze-out** (the Belarus "American" format, 3.1): tables are balanced and broken, and the
  last players meet at a final table.
- **Olympic** (Belarus 3.2) and **shootout**: *table knock-out*. Every table plays, without
  balancing, until one player holds all its chips; when every table of a stage has its winner,
  the winners are drawn to the next stage's tables, and so on until one table, the final,
  plays to the winner (:mod:`floorman.tournament.formats.knockout`). Olympic stages restart with
  equal stacks (3.2-¶2b); a shootout carries chips or restarts, as :class:`StageSettings`
  says.
- **Sit-and-go**: one table that starts when it is full, with no late entry, paying a fixed
  share of the pool by the size of the field (:func:`sit_and_go_shares`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.errors import MalformedInputError
from floorman.rules.tournament_rules import TournamentFormat

if TYPE_CHECKING:
    from floorman.tournament.config import TournamentConfig


def format_of(config: TournamentConfig) -> TournamentFormat:
    """The format an event is played in: the one place that reads it. The ruleset's format
    (a preset such as ``belarus-sport/olympic``) unless the event's settings override it."""
    if config.format is not None:
        return config.format
    return config.ruleset.tournament.format


def is_knockout(format: TournamentFormat) -> bool:
    """Tables play to one winner each instead of being balanced and broken."""
    return format in (TournamentFormat.OLYMPIC, TournamentFormat.SHOOTOUT)


@dataclass(frozen=True, slots=True, kw_only=True)
class StageSettings:
    """How a table knock-out (Olympic, shootout) takes its table winners to the next stage.

    Belarus 3.2 leaves these to the event's Regulations (digest ambiguity 24, catalogue
    decision 24), so they are settings of the event, not of the rulebook.
    """

    carry_chips: bool = False
    """Winners keep the chips they won; otherwise each starts the stage with ``stack``.
    The Olympic format always restarts with equal stacks (3.2-¶2b)."""
    stack: int | None = None
    """Chips each winner starts a new stage with; ``None``: the structure's starting stack."""
    restart_levels: bool | None = None
    """Whether a new stage starts again at the first level; ``None``: when stacks restart,
    since fresh stacks against late blinds would leave no play."""

    def stage_stack(self, starting_stack: int) -> int:
        return self.stack if self.stack is not None else starting_stack

    def restarts_levels(self) -> bool:
        return not self.carry_chips if self.restart_levels is None else self.restart_levels


SIT_AND_GO_SHARES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (3, (100,)),
    (6, (65, 35)),
    (10, (50, 30, 20)),
)
"""Percent of the pool per place for fields up to each size: winner takes all up to three
players, 65/35 up to six, 50/30/20 up to ten (the usual single-table payouts; no rulebook
sets them)."""


def sit_and_go_shares(entries: int) -> tuple[int, ...]:
    """The percent of the pool each paid place of a sit-and-go of ``entries`` receives."""
    for most, shares in SIT_AND_GO_SHARES:
        if entries <= most:
            return shares
    raise MalformedInputError("a sit-and-go seats at most ten players", constraint="sit-and-go")


def sit_and_go_prizes(entries: int, pool: int, *, unit: int = 1) -> tuple[int, ...]:
    """The prizes of a sit-and-go: each share of ``pool`` rounded down to ``unit``, what the
    rounding leaves going to the winner, so the prizes add up to the pool."""
    if pool < 0 or unit < 1:
        raise MalformedInputError("the pool and prize unit must be positive", constraint="money")
    prizes = [pool * share // 100 // unit * unit for share in sit_and_go_shares(entries)]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)


STAGE_LABELS = ((1, "final"), (2, "semi-final"), (4, "1/4"), (8, "1/8"), (16, "1/16"))


def stage_label(tables: int) -> str:
    """The name of a knock-out stage of ``tables`` tables (Belarus 3.2-¶2c): the final, the
    semi-final, then 1/4, 1/8, 1/16, 1/32... by the smallest power of two that holds them.

    A stage of three tables is a quarter-final, as in a bracket where one quarter is a bye:
    the decision 24 of the Belarus catalogue makes stage names labels, not rules.
    """
    if tables < 1:
        raise MalformedInputError("a stage has at least one table", constraint="stage")
    for most, label in STAGE_LABELS:
        if tables <= most:
            return label
    power = 32
    while power < tables:
        power *= 2
    return f"1/{power}"


def check_format(config: TournamentConfig) -> None:
    """Refuse settings the format cannot run, before the event is created."""
    stages = config.stages
    if stages.stack is not None and stages.stack < 1:
        raise MalformedInputError("a stage stack must be at least one chip", constraint="stage")
    if format_of(config) is TournamentFormat.OLYMPIC and stages.carry_chips:
        raise MalformedInputError(
            "the Olympic format restarts every stage with equal stacks (Belarus 3.2-¶2b)",
            constraint="stage",
        )
