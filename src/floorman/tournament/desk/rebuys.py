"""Rebuys and the add-on: more chips for a price, in the periods the event sets.

A player may rebuy while the rebuy period lasts when his stack is at or below the event's
limit (TDA R27, PokerStars Live 2.3: declared before a hand, the chips are his at once, "chips
behind"), and a player who loses his last chips during the period may rebuy before the next
hand instead of being eliminated (Poland §18.2): the dealer asks, and the answer comes with the
hand's result (:meth:`Tournament.record_hand`'s ``rebuys``). The add-on is one per entry, in its
own window. Both add their price to the prize pool; the payouts are recomputed until the money
is reached, and from then on rebuys and add-ons are refused (decision: a prize already paid
never changes). RedCactus has no rebuys at all (its rule 27).
"""

from __future__ import annotations

from floorman.tournament.config import TournamentConfig
from floorman.tournament.desk.unsold_seats import check_not_unsold
from floorman.tournament.entry_record import EntryState
from floorman.tournament.events import RebuyMade, TournamentEvent
from floorman.tournament.formats.state import later_stage
from floorman.tournament.money.pool import in_the_money
from floorman.tournament.refusals import bad, refuse, refuse_if, source
from floorman.tournament.state import TournamentState
from floorman.tournament.structure.levels import Level


def check_allowed(config: TournamentConfig) -> None:
    """Refuse an event with rebuys or an add-on under a profile that has none."""
    ruleset = config.ruleset
    if (config.rebuy or config.add_on) and not ruleset.tournament.rebuys_allowed:
        refuse(
            ruleset,
            source(ruleset, "rebuys_allowed"),
            "no-rebuys",
            f"{ruleset.name} events have no rebuys or add-ons",
            rulebook=ruleset.name,
        )


def rebuy(
    state: TournamentState, entry: str, at: float, *, busted: bool = False
) -> list[TournamentEvent]:
    """A rebuy for ``entry``; ``busted`` when he lost his last chips in the hand just played."""
    config = state.config_
    terms = config.rebuy
    if terms is None:
        bad("this event has no rebuys", "rebuy")
    player = _entry(state, entry)
    ruleset, rule = config.ruleset, source(config.ruleset, "rebuys_allowed")
    refuse_if(
        not busted and not player.alive,
        ruleset,
        rule,
        "rebuy-out",
        f"{entry} is out: a rebuy is made before the next hand",
        entry=entry,
    )
    refuse_if(
        not rebuy_open(state, at),
        ruleset,
        rule,
        "rebuy-period",
        f"the rebuy period ended with level {terms.last_level}",
        level=terms.last_level,
    )
    limit = config.rebuy_max_stack
    refuse_if(
        not busted and player.stack > limit,
        ruleset,
        rule,
        "rebuy-stack",
        f"rebuys are for {limit} or less",
        limit=limit,
    )
    most = terms.max_rebuys
    refuse_if(
        most is not None and player.rebuys >= most,
        ruleset,
        rule,
        "rebuy-count",
        f"{entry} has made the {most} rebuys allowed",
        entry=entry,
        most=most or 0,
    )
    _refuse_in_the_money(state)
    return [RebuyMade(entry=entry, chips=terms.chips, price=terms.price, at=at, rule=rule)]


def add_on(state: TournamentState, entry: str, at: float) -> list[TournamentEvent]:
    """The add-on for ``entry``: once, in its window."""
    config = state.config_
    terms = config.add_on
    if terms is None:
        bad("this event has no add-on", "add-on")
    player = _entry(state, entry)
    ruleset, rule = config.ruleset, source(config.ruleset, "rebuys_allowed")
    refuse_if(not player.alive, ruleset, rule, "add-on-out", f"{entry} is out", entry=entry)
    refuse_if(
        not add_on_open(state, at),
        ruleset,
        rule,
        "add-on-window",
        f"the add-on is offered after level {terms.after_level} through level {terms.last_level}",
    )
    refuse_if(
        player.add_ons > 0,
        ruleset,
        rule,
        "add-on-taken",
        f"{entry} has his add-on",
        entry=entry,
    )
    _refuse_in_the_money(state)
    return [
        RebuyMade(entry=entry, chips=terms.chips, price=terms.price, add_on=True, at=at, rule=rule)
    ]


def rebuy_open(state: TournamentState, at: float) -> bool:
    """The clock is not past the end of the rebuy period's last level, in the first stage of
    a table knock-out (a new stage's restarted levels do not reopen it)."""
    terms = state.config_.rebuy
    if terms is None or later_stage(state):
        return False
    return _position(state, at) <= _item_of_level(state, terms.last_level)


def add_on_open(state: TournamentState, at: float) -> bool:
    terms = state.config_.add_on
    if terms is None or later_stage(state):
        return False
    position = _position(state, at)
    opens = _item_of_level(state, terms.after_level)
    return opens < position <= _item_of_level(state, terms.last_level)


def _refuse_in_the_money(state: TournamentState) -> None:
    ruleset = state.config_.ruleset
    refuse_if(
        in_the_money(state),
        ruleset,
        source(ruleset, "rebuys_allowed"),
        "rebuy-in-the-money",
        "the paid places are reached: the prize pool is final",
    )


def _entry(state: TournamentState, entry: str) -> EntryState:
    player = state.entries.get(entry)
    if player is None:
        bad(f"no entry {entry!r}", "entry")
    check_not_unsold(state, entry)
    refuse_if(
        state.finished,
        state.config_.ruleset,
        state.config_.ruleset.cite("general").rule,
        "finished",
        "the tournament is over",
    )
    if not state.started:
        bad("rebuys and add-ons start with the tournament", "started")
    return player


def _position(state: TournamentState, at: float) -> int:
    assert state.clock is not None
    return state.clock.position(at).index


def _item_of_level(state: TournamentState, number: int) -> int:
    """The structure item index of the play level numbered ``number`` (1-based)."""
    items = state.config_.structure.items
    levels = [i for i, item in enumerate(items) if isinstance(item, Level)]
    return levels[number - 1]
