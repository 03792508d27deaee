"""The director overrides how an action out of turn settled (TDA R1 with R53).

A held action out of turn settles by itself when the turn reaches its player: it binds if the
action to him did not change, and is released otherwise (R53-A, :mod:`floorman.live.
out_of_turn`); after substantial action it binds whatever happens (R53-B). The director may
rule the other way (R1): a bound action was not binding (its chips go back, and the player
acts again in turn), or a released one binds.

Play has usually gone on since, so the override cannot just add events at the end. The hand is
rebuilt from its history: folded up to the settlement, the director's choice put in its place
(an :class:`~floorman.live.live_events.OutOfTurnOverridden` with his name, reason and rules),
then every later command given again (:mod:`floorman.live.history_replay`). What no longer fits
is referred to the director (a pending ``override-replay`` ruling: the actions are void and the
players act again in turn, or the whole hand is void). The rebuild is a pure function of the
history and the choice; :func:`bind` and :func:`release` put its result in the live hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import PlayerAction
from floorman.engine.config import HandConfig
from floorman.engine.events import Acted
from floorman.engine.phase import BET
from floorman.errors import MalformedInputError
from floorman.live.decision import OVERRIDE_REPLAY, VOID, pick
from floorman.live.director.rulings import check_choice
from floorman.live.entries import Entry
from floorman.live.history_replay import Command, Replayed, commands_of, replay
from floorman.live.live_events import (
    OutOfTurnHeld,
    OutOfTurnOverridden,
    OutOfTurnSettled,
    RulingPending,
)
from floorman.live.live_hand import HistoryEvent, LiveHand, LiveResult
from floorman.live.live_result import opened
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling

BIND: Final = "bind"
RELEASE: Final = "release"
TOPIC: Final = OVERRIDE_REPLAY
VOID_ACTIONS: Final = "void-actions"
"""Its option: those actions are void; the players act again when their turn comes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SettledOutOfTurn:
    """A settled action out of turn the director may override: ``at`` is the index of its
    settlement in the history (its key), ``bound`` whether it stands."""

    at: int
    seat: int
    action: PlayerAction
    bound: bool

    @property
    def choices(self) -> tuple[str, ...]:
        return (RELEASE,) if self.bound else (BIND,)


def settled(history: list[HistoryEvent]) -> tuple[SettledOutOfTurn, ...]:
    """Every action out of turn that came to its turn and was bound or released (a lapsed one,
    its seat out of the hand or the street over, never came to a turn)."""
    held: dict[int, OutOfTurnHeld] = {}
    found: list[SettledOutOfTurn] = []
    for index, event in enumerate(history):
        if isinstance(event, OutOfTurnHeld):
            held[event.seat] = event
        elif isinstance(event, OutOfTurnSettled) and event.seat in held:
            action = held.pop(event.seat).action
            if event.applied or event.ruling.key == "out-of-turn-released":
                found.append(
                    SettledOutOfTurn(at=index, seat=event.seat, action=action, bound=event.applied)
                )
    return tuple(found)


def bind(live: LiveHand, at: int, *, by: str, reason: str) -> LiveResult:
    """The released action out of turn settled at ``at`` binds after all (R1, R53-A)."""
    new = rebuilt(live.config, live.history, at, instead=None, by=by, reason=reason)
    return _put(live, new, at)


def release(live: LiveHand, at: int, instead: PlayerAction, *, by: str, reason: str) -> LiveResult:
    """The bound action out of turn settled at ``at`` was not binding: its chips go back and
    the player does ``instead`` in turn (R1, R53-A)."""
    new = rebuilt(live.config, live.history, at, instead=instead, by=by, reason=reason)
    return _put(live, new, at)


def rebuilt(
    config: HandConfig,
    history: list[HistoryEvent],
    at: int,
    *,
    instead: PlayerAction | None,
    by: str,
    reason: str,
) -> LiveHand:
    """The hand as it stands with the settlement at ``at`` overridden: bound when ``instead``
    is ``None``, released with ``instead`` played in turn otherwise. Pure: ``history`` is not
    changed, and the same arguments give the same hand."""
    target = _target(history, at)
    choice = BIND if instead is None else RELEASE
    check_choice(choice, target.choices, by=by, reason=reason)
    live = LiveHand.from_events(config, history[:at])
    _check_turn(live, target)
    live.enter(_override(live.rules, target, instead, by=by, reason=reason))
    commands = commands_of(history[at:])  # the settlement's own effects are no command
    if instead is None:  # his own action after the release is replaced by the bound one
        commands = _without_first_action_of(commands, target.seat)
    refer_unplayed(live, replay(live, commands), override_rules(live.rules))
    return live


def _target(history: list[HistoryEvent], at: int) -> SettledOutOfTurn:
    target = next((s for s in settled(history) if s.at == at), None)
    if target is None:
        raise MalformedInputError(
            f"no settled action out of turn is recorded at {at}", constraint="out-of-turn-settled"
        )
    return target


def _check_turn(live: LiveHand, target: SettledOutOfTurn) -> None:
    """A replayed history is trusted; this only guards against a history not of a live hand."""
    if live.hand.phase is not BET or live.hand.actor != target.seat:
        raise MalformedInputError(
            f"seat {target.seat} is not to act where his action out of turn settled",
            constraint="out-of-turn-settled",
        )


def _override(
    rules: Ruleset,
    target: SettledOutOfTurn,
    instead: PlayerAction | None,
    *,
    by: str,
    reason: str,
) -> Entry:
    """The director's choice, then the action it plays: the bound one, or the one in turn.
    The engine refuses an action the hand no longer allows (a check facing a bet)."""
    event = OutOfTurnOverridden(
        seat=target.seat,
        action=target.action,
        binding=instead is None,
        instead=instead,
        by=by,
        reason=reason,
        rules=override_rules(rules),
    )
    action = target.action if instead is None else instead
    return Entry(event=event, action=action, seat=target.seat)


def override_rules(rules: Ruleset) -> tuple[RuleRef, ...]:
    """The director's rule (TDA R1), then the rule on actions out of turn (R53-A)."""
    return tuple(dict.fromkeys(rules.cite(pick(rules, c)) for c in ("director", "out-of-turn")))


def _without_first_action_of(commands: tuple[Command, ...], seat: int) -> tuple[Command, ...]:
    for index, command in enumerate(commands):
        if isinstance(command.event, Acted) and command.event.seat == seat:
            return (*commands[:index], *commands[index + 1 :])
    return commands


def refer_unplayed(live: LiveHand, replayed: Replayed, rules: tuple[RuleRef, ...]) -> None:
    """Recorded actions that no longer fit go to the director; play waits for him (R1).
    ``rules``: those of the override the replay followed."""
    if not replayed.unplayed or live.hand.is_over:
        return
    live.enter(Entry(event=unplayed_ruling(replayed, rules)))


def unplayed_ruling(replayed: Replayed, rules: tuple[RuleRef, ...]) -> RulingPending:
    """The director's ruling on recorded actions a rebuilt hand could not take again."""
    return RulingPending(
        id="",
        topic=TOPIC,
        question="after the override these recorded actions no longer fit: "
        + "; ".join(replayed.unplayed)
        + ". Are they void (the players act again in turn), or is the hand void?",
        options=(VOID_ACTIONS, VOID),
        rules=rules,
    )


def override_ruling(rules: Ruleset, target: SettledOutOfTurn) -> Ruling:
    choice = RELEASE if target.bound else BIND
    return rules.ruling(
        pick(rules, "director"),
        "out-of-turn-overridden",
        f"the director overrides seat {target.seat}'s action out of turn: {choice}",
        seat=target.seat,
        choice=choice,
    )


def _put(live: LiveHand, new: LiveHand, at: int) -> LiveResult:
    """The rebuilt hand takes the live hand's place; the result is its history from the
    override on (the override stands where the settlement stood)."""
    target = _target(live.history, at)
    live.adopt(new)
    events = tuple(new.history[at:])
    ruling = override_ruling(live.rules, target)
    return LiveResult(ruling=ruling, events=events, pending=opened(events))
