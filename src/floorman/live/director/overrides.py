"""The director overrides the rulings a live hand makes by itself (TDA R1, Belarus 7.3.1,
Poland §1.6): a clock that ran out, a dealer-assist reading applied at once, a board repair,
cards kept back (Poland §31.5a), a pot awarded again after the award (Belarus 6.3.9).

These rulings carry no alternatives a simple override could swap in place: play has usually
gone on since, and what the director puts instead (an action in time, another reading) changes
what followed. So, as for a settled action out of turn (:mod:`floorman.live.
out_of_turn_override`), the hand is rebuilt from its history: folded up to the ruling, a
:class:`~floorman.live.live_events.DirectorOverridden` (who, why, R1 and the ruling's own
rule; a PHH comment) with what it does in its place, then every later command given again
(:mod:`floorman.live.history_replay`); what no longer fits is referred to the director. The
rebuild is a pure function of the history and his choice.

What he may put instead:

- a clock expiry: ``in-time`` (the player's action counted, played instead of the fold or
  check) or ``more-time`` (the expiry withdrawn and the clock off: he acts when ready);
- a reading applied at once: ``reading`` with another action (a call for a raise, another
  amount);
- a board repair: ``misdeal`` (the hand void, every bet back). Each profile's procedure has one
  repair for each error (``board_procedure``), so the void is the only other remedy;
- cards kept back: ``shown-at-once`` (turned up for the whole table now, as R68 does);
- a pot awarded again: ``stands`` (the original award restored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import PlayerAction
from floorman.engine.config import HandConfig
from floorman.engine.events import Acted, CardsExposed, Event
from floorman.errors import MalformedInputError
from floorman.live.decision import (
    BOARD_REPAIRED,
    DEAD,
    DEAD_AT_DEAL_END,
    MISDEAL,
    PLAY_ON,
    pick,
    void_effects,
)
from floorman.live.director.out_of_turn_override import refer_unplayed
from floorman.live.director.rulings import check_choice
from floorman.live.entries import Entry
from floorman.live.history_replay import commands_of, replay
from floorman.live.irregularities.after_award import REAWARDED, STANDS
from floorman.live.irregularities.kept_back import KEPT_BACK, SHOWN_AFTER_HAND, cards_shown
from floorman.live.irregularities.reports import (
    CardExposed,
    ExtraBurn,
    MissingBurn,
    PrematureCards,
    TooManyBoardCards,
)
from floorman.live.live_events import (
    ClockExpired,
    DirectorOverridden,
    OutOfTurnOverridden,
    RulingMade,
)
from floorman.live.live_hand import HistoryEvent, LiveHand, LiveResult
from floorman.live.live_result import opened
from floorman.rules.ruling import RuleRef, Ruling

CLOCK_EXPIRY: Final = "clock-expiry"
ASSIST_READING: Final = "assist-reading"
BOARD_REPAIR: Final = "board-repair"
IN_TIME: Final = "in-time"
MORE_TIME: Final = "more-time"
READING: Final = "reading"
SHOWN_AT_ONCE: Final = "shown-at-once"

_CHOICES: Final = {
    CLOCK_EXPIRY: (IN_TIME, MORE_TIME),
    ASSIST_READING: (READING,),
    BOARD_REPAIR: (MISDEAL,),
    KEPT_BACK: (SHOWN_AT_ONCE,),
    REAWARDED: (STANDS,),
}
_WITH_ACTION: Final = frozenset({IN_TIME, READING})
"""Choices that play an action in the ruling's place (``instead``)."""
_NOT_READINGS: Final = frozenset({DEAD, DEAD_AT_DEAL_END, "chips-stay", SHOWN_AFTER_HAND})
"""Outcomes of rulings made without a report that are no reading of the dealer assist."""
_BOARD_REPORTS: Final = (PrematureCards, TooManyBoardCards, MissingBurn, ExtraBurn)


@dataclass(frozen=True, slots=True, kw_only=True)
class Overridable:
    """An automatic ruling the director may override: ``at`` is its index in the history (its
    key), ``subject`` what it is, ``choices`` what he may put instead."""

    at: int
    subject: str
    ruling: Ruling
    seat: int | None = None
    ruling_id: str | None = None

    @property
    def choices(self) -> tuple[str, ...]:
        return _CHOICES[self.subject]


def overridable(history: list[HistoryEvent]) -> tuple[Overridable, ...]:
    """The automatic rulings of the history the director may still override, in order."""
    found = [t for i, e in enumerate(history) if (t := _target_of(history, i, e)) is not None]
    overridden = {e.ruling_id for e in history if isinstance(e, DirectorOverridden)}
    shown = {e.seat for e in history if isinstance(e, RulingMade) and e.outcome == SHOWN_AFTER_HAND}
    return tuple(
        t
        for t in found
        if t.subject != KEPT_BACK or (t.ruling_id not in overridden and t.seat not in shown)
    )


def _target_of(history: list[HistoryEvent], at: int, event: HistoryEvent) -> Overridable | None:
    if isinstance(event, ClockExpired):
        return Overridable(at=at, subject=CLOCK_EXPIRY, ruling=event.ruling, seat=event.seat)
    if not isinstance(event, RulingMade):
        return None
    subject = _subject_of(history, at, event)
    if subject is None:
        return None
    return Overridable(
        at=at, subject=subject, ruling=event.ruling, seat=event.seat, ruling_id=event.id
    )


def _subject_of(history: list[HistoryEvent], at: int, made: RulingMade) -> str | None:
    report = made.report
    if isinstance(report, _BOARD_REPORTS) and made.outcome in (BOARD_REPAIRED, PLAY_ON):
        return BOARD_REPAIR
    if made.outcome == KEPT_BACK and isinstance(report, CardExposed):
        return KEPT_BACK
    if made.outcome == REAWARDED:
        return REAWARDED
    if report is None and made.seat is not None and made.outcome not in _NOT_READINGS:
        following = at + 1 + made.effects  # a reading's forfeits, then its action
        acted = history[following] if following < len(history) else None
        if isinstance(acted, Acted) and acted.seat == made.seat:
            return ASSIST_READING
    return None


def override(
    live: LiveHand,
    at: int,
    choice: str,
    *,
    by: str,
    reason: str,
    instead: PlayerAction | None = None,
) -> LiveResult:
    """The director puts ``choice`` (with the action ``instead``, for ``in-time`` and
    ``reading``) in place of the automatic ruling at ``at`` (R1). The live hand becomes the
    rebuilt one; the result is its history from the override on, with any ruling referred."""
    target = _target(live.history, at)
    new = rebuilt(live.config, live.history, at, choice, by=by, reason=reason, instead=instead)
    live.adopt(new)
    events = tuple(new.history[at:])
    ruling = _ruling(live, target, choice)
    return LiveResult(ruling=ruling, events=events, pending=opened(events))


def rebuilt(
    config: HandConfig,
    history: list[HistoryEvent],
    at: int,
    choice: str,
    *,
    by: str,
    reason: str,
    instead: PlayerAction | None = None,
) -> LiveHand:
    """The hand as it stands with the ruling at ``at`` overridden by ``choice``. Pure:
    ``history`` is not changed, and the same arguments give the same hand."""
    target = _target(history, at)
    check_choice(choice, target.choices, by=by, reason=reason)
    if (instead is None) == (choice in _WITH_ACTION):
        raise MalformedInputError(
            f"{choice!r} {'needs' if choice in _WITH_ACTION else 'takes no'} action instead",
            constraint="override-action",
        )
    _check_last_override(history, at)
    kept = at + 1 if target.subject == KEPT_BACK else at  # the cards stay recorded as seen
    live = LiveHand.from_events(config, history[:kept])
    rules = _rules(live, target)
    event = DirectorOverridden(
        subject=target.subject,
        choice=choice,
        overridden=target.ruling,
        seat=target.seat,
        ruling_id=target.ruling_id,
        instead=instead,
        by=by,
        reason=reason,
        rules=rules,
    )
    live.enter(_entry(live, target, event))
    later = commands_of(history[at:])[1:]  # the first is the overridden ruling's own command
    refer_unplayed(live, replay(live, later), rules)
    return live


def _target(history: list[HistoryEvent], at: int) -> Overridable:
    target = next((t for t in overridable(history) if t.at == at), None)
    if target is None:
        raise MalformedInputError(
            f"no automatic ruling the director may override is recorded at {at}",
            constraint="override-target",
        )
    return target


def _check_last_override(history: list[HistoryEvent], at: int) -> None:
    """A later override is not a command the replay can give again: refuse to rebuild under
    it rather than lose it silently."""
    later = (DirectorOverridden, OutOfTurnOverridden)
    if any(isinstance(e, later) for e in history[at + 1 :]):
        raise MalformedInputError(
            "the director overrode a later ruling of this hand: override the latest first",
            constraint="override-order",
        )


def _entry(live: LiveHand, target: Overridable, event: DirectorOverridden) -> Entry:
    """The override with the engine step the director's choice makes on the rebuilt hand."""
    hand, seat, choice = live.hand, target.seat, event.choice
    if event.instead is not None:
        return Entry(event=event, action=event.instead, seat=seat)
    effects: tuple[Event, ...] = ()
    if choice == MISDEAL:
        effects = void_effects(hand, _ruling(live, target, choice))
    if choice == SHOWN_AT_ONCE and seat is not None:
        made = live.state.made[target.ruling_id or ""]
        assert isinstance(made.report, CardExposed)  # a kept-back ruling's report
        effects = (CardsExposed(seat, cards_shown(hand, made.report)),)
    return Entry(event=event, effects=effects)  # none: more time, or the original award


def _rules(live: LiveHand, target: Overridable) -> tuple[RuleRef, ...]:
    """The director's rule (R1), then the rule of the ruling he overrode."""
    director = live.rules.cite(pick(live.rules, "director"))
    return tuple(dict.fromkeys((director, target.ruling.rule)))


def _ruling(live: LiveHand, target: Overridable, choice: str) -> Ruling:
    rules = live.rules
    return rules.ruling(
        pick(rules, "director"),
        "director-overridden",
        f"the director overrides the {target.subject} ruling: {choice}",
        subject=target.subject,
        choice=choice,
    )
