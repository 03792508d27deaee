"""The dealer's tablet: a hand at a live table recorded action by action, its award, and the
ruling on chips pushed and words said.

The tablet holds the hand: the setup it was given at the start of the hand
(``GET .../tables/{t}/setup``) and the steps recorded since. Every route below replays them
(:mod:`floorman.web.dealer_hand`), so the service keeps nothing between two taps.

- ``POST .../tables/{t}/tablet/hand`` ``{setup, steps}``: the hand now: seats, pots, whose
  turn, his legal options, whether the pots wait for their award, the ruling of the last step
  and the points waiting for the director. A step is an action (``{seat, action, to}``; a
  seat not to act is an action out of turn; ``bring-in`` in stud), a stud street's up-cards
  (``{up: ["Kh", null, ...]}``, one per seat), a draw (``{seat, draw: 0-5}``), a report
  (``{report: exposed-card | misdeal | absent, seat, by_dealer, deliberate, reason}``) or the
  director's decision (``{ruling, option}``), or the action clock (``{clock: call | expire,
  at, by}``, an action on the clock carrying its ``at``), or a point referred to the director
  (``{referral, seat, ...}``, :mod:`floorman.web.dealer_referrals`), or, after the betting,
  the award as a step (``{award: [{high, low}]}``) and what the table finds before the hand
  is recorded (``{wrong_count, held}``, ``{show, by}``: :mod:`floorman.web.dealer_after_award`),
  see :mod:`floorman.web.dealer_steps`. The director's overrides of the hand's rulings, from the
  log, are put back where they were given (:mod:`floorman.web.dealer_overrides`); the answer
  also lists the hand's rulings, the ones he may override (``overridable``), the overrides
  that lapsed and a dealer's call waiting (:mod:`floorman.web.rulings_view`).
  Hand-for-hand, the answer also says whether the floor holds the table's all-in (``held``,
  TDA RP-8-F): the tablet re-asks until the floor's ``release-all-in`` clears it.
- ``POST .../tables/{t}/tablet/award`` ``{setup, steps, winners}``: the dealer names the
  winners of each pot; the hand is summed up and recorded with its rulings (``record-hand``,
  under the request's ``Idempotency-Key``), and the tournament answers as for any command.
- ``POST .../tables/{t}/tablet/chips`` ``{setup?, steps, speech, lang, motions...}``: what
  the player to act said and pushed, read by the dealer assist (:func:`floorman.live.
  rule_action`): the action it amounts to, the chips to give back or add, and every ruling
  with its rule; a pending ruling lists the readings the director (or the player) picks from.
  Without a setup it reads the table's online hand, if the server deals one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from floorman.cards.card import Card
from floorman.engine.actions import Raise
from floorman.engine.events import Discarded
from floorman.engine.games import Valuation
from floorman.engine.hand import Hand
from floorman.engine.phase import Phase
from floorman.engine.views import public_view
from floorman.errors import MalformedInputError
from floorman.io.phh import dumps
from floorman.io.phh_live import export_live_hand
from floorman.live import (
    ChipPush,
    Declaration,
    Timing,
    finished_hand,
    parse_speech,
    rule_action,
    situation_of,
)
from floorman.live.all_in import all_in_to
from floorman.live.assist.types import AssistRuling
from floorman.live.director import action_clock
from floorman.live.pot_award import PotWinners, awaiting_award, pots_of
from floorman.live.unseen_cards import up_cards_due
from floorman.rules.messages import LANGUAGES
from floorman.service.api.context import context, guard, reading
from floorman.service.api.errors import NotFound, ruling_dict
from floorman.service.api.roles import Grant
from floorman.service.api.routes_commands import IdempotencyKey, IfMatch, execute
from floorman.service.codec import decode_dataclass, encode_dataclass
from floorman.tournament.floor.table_hand import HandSetup
from floorman.tournament.officials.live_rulings import rulings_of
from floorman.tournament.officials.table_calls import DirectorCalled, TableRulingOverridden
from floorman.web import dealer_hand
from floorman.web.dealer_after_award import AwardStep, ShowKept, WrongCount
from floorman.web.dealer_cards import DealerDraw, UpCards
from floorman.web.dealer_hand import Replayed
from floorman.web.dealer_referrals import Referral
from floorman.web.dealer_steps import (
    ClockStep,
    DealerReport,
    DealerStep,
    DirectorDecision,
    Step,
)
from floorman.web.hands_in_play import HandInPlay, hands_in_play
from floorman.web.rulings_view import call_json, hand_rulings

router = APIRouter(tags=["web"])
BASE = "/tournaments/{tournament_id}/tables/{table}/tablet"

Seat = Annotated[int, Field(ge=0, le=9)]
Amount = Annotated[int, Field(ge=1, le=10**9)]
Chips = list[Annotated[list[Amount], Field(min_length=2, max_length=2)]]
"""Chips of one motion: ``[denomination, count]`` pairs."""


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Seat
    action: Literal["fold", "check", "call", "raise", "all-in", "bring-in"]
    to: int | None = Field(default=None, ge=0, le=10**12)
    at: float | None = Field(default=None, ge=0, le=10**11)


class ClockBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    clock: Literal["call", "expire"]
    at: float = Field(ge=0, le=10**11)
    by: Literal["player", "official"] = "official"


class ReportBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    report: Literal["exposed-card", "misdeal", "absent"]
    seat: Seat | None = None
    by_dealer: bool = False
    deliberate: bool = False
    reason: str | None = Field(default=None, max_length=32)
    shown_to: Seat | None = None
    """An exposed card shown to one player only (``None``: the table; Poland §31.5)."""


class DecisionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ruling: str = Field(max_length=32)
    option: str = Field(max_length=32)


class UpCardsBody(BaseModel):
    """A stud street's up-cards, one per seat (``"Kh"``; ``null``: no card for that seat)."""

    model_config = ConfigDict(extra="forbid")
    up: list[str | None] = Field(min_length=2, max_length=10)


class DrawBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: Seat
    draw: int = Field(ge=0, le=5)


class ReferralBody(BaseModel):
    """A point referred to the director (:mod:`floorman.web.dealer_referrals`)."""

    model_config = ConfigDict(extra="forbid")
    referral: Literal["conditional", "premature-call", "undercalls", "show-refused", "dispute"]
    seat: Seat | None = None
    words: str = Field(default="", max_length=200)
    bettor: Seat | None = None
    others: list[Seat] = Field(default_factory=list, max_length=9)
    shown: int = Field(default=0, ge=0, le=7)
    kind: Literal["reading", "accounting"] = "reading"
    claim: str = Field(default="", max_length=200)


class WinnersBody(BaseModel):
    high: list[Seat] = Field(min_length=1, max_length=10)
    low: list[Seat] = Field(default_factory=list, max_length=10)


class AwardStepBody(BaseModel):
    """The award as a step, so the table may still report what it finds before recording
    (:mod:`floorman.web.dealer_after_award`)."""

    model_config = ConfigDict(extra="forbid")
    award: list[WinnersBody] = Field(min_length=1, max_length=10)


class WrongCountBody(BaseModel):
    """The last player left, ``wrong_count``, holds ``held`` cards (Belarus 6.3.9)."""

    model_config = ConfigDict(extra="forbid")
    wrong_count: Seat
    held: int = Field(ge=0, le=7)


class ShowKeptBody(BaseModel):
    """The player of ``by`` asks to see what ``show`` showed to a player out of the hand."""

    model_config = ConfigDict(extra="forbid")
    show: Seat
    by: Seat


StepBody = (
    ActionBody
    | ReportBody
    | DecisionBody
    | UpCardsBody
    | DrawBody
    | ClockBody
    | ReferralBody
    | AwardStepBody
    | WrongCountBody
    | ShowKeptBody
)


@dataclass(frozen=True, slots=True, kw_only=True)
class TableFloor:
    """What the tournament says of the table now, beside the hand the tablet holds."""

    held: bool
    """The floor holds this table's all-in face down (TDA RP-8-F, PSL 3.13.1)."""
    level_minutes: int | None
    """The hand level's length (the action clock may be shorter in short levels)."""
    overrides: tuple[TableRulingOverridden, ...] = ()
    """The director's overrides of this table's hand in play (:mod:`.dealer_overrides`)."""
    called: DirectorCalled | None = None
    """The dealer's call for the director, while it waits."""
    done: int = 0
    """The hands the table has finished (``TableCalls.done``)."""


class HandBody(BaseModel):
    setup: dict[str, Any]
    steps: list[StepBody] = Field(default_factory=list, max_length=500)


class AwardBody(HandBody):
    winners: list[WinnersBody] = Field(default_factory=list, max_length=10)


class ChipsBody(BaseModel):
    setup: dict[str, Any] | None = None
    steps: list[StepBody] = Field(default_factory=list, max_length=500)
    speech: str = Field(default="", max_length=200)
    lang: str = Field(default="en", max_length=8)
    timing: Literal["before", "with", "after"] = "before"
    clear: bool = True
    motions: list[Annotated[Chips, Field(min_length=1, max_length=30)]] = Field(
        default_factory=list, max_length=10
    )
    gathered_all: bool = False
    counted_wrong: bool = False


@router.post(f"{BASE}/hand", name="tablet_hand")
def tablet_hand(
    request: Request,
    tournament_id: str,
    table: int,
    body: HandBody,
    grant: Annotated[Grant, Depends(guard("tablet_hand"))],
) -> dict[str, Any]:
    """The hand after the steps recorded: ``{hand, seats, pots, all_in, awaiting_award,
    over, dead, level, positions, clock, held, run_out}`` (``hand``: the engine's public
    view)."""
    setup = read_setup(request, tournament_id, table, body.setup)
    floor = table_floor(request, tournament_id, setup)
    steps = read_steps(body.steps)
    replayed = replay_hand(setup, steps, floor)
    names = entry_names(request, tournament_id)
    in_play = hands_in_play(request)
    if replayed.voided:
        in_play.drop(tournament_id, table)
    else:
        in_play.put(tournament_id, HandInPlay(setup=setup, steps=tuple(steps), done=floor.done))
    return {
        **hand_answer(setup, replayed, names),
        **hand_rulings(setup, replayed, names),
        "held": floor.held,
        "called": call_json(floor.called),
    }


@router.post(f"{BASE}/award", name="tablet_award")
def tablet_award(
    request: Request,
    response: Response,
    tournament_id: str,
    table: int,
    body: AwardBody,
    grant: Annotated[Grant, Depends(guard("tablet_award"))],
    if_match: IfMatch = None,
    idempotency_key: IdempotencyKey = None,
) -> dict[str, Any]:
    """Award the pots to the winners named (main pot first) and record the hand with the
    rulings made during it (:mod:`floorman.tournament.officials.live_rulings`): the command's
    answer,
    with the hand's ``result``."""
    setup = read_setup(request, tournament_id, table, body.setup)
    floor = table_floor(request, tournament_id, setup)
    replayed = replay_hand(setup, read_steps(body.steps), floor)
    summed = dealer_hand.award(setup, replayed, winners_of(body.winners))
    history = dumps(export_live_hand(replayed.live))
    result = encode_dataclass(
        replace(summed, rulings=rulings_of(setup, replayed.live), history=history)
    )
    answer = execute(
        request,
        grant,
        tournament_id,
        "record-hand",
        {"result": result},
        if_match=if_match,
        query_version=None,
        key=idempotency_key,
    )
    response.headers["ETag"] = answer.headers["ETag"]
    hands_in_play(request).drop(tournament_id, table)
    recorded: dict[str, Any] = json.loads(bytes(answer.body))
    return {**recorded, "result": result}


@router.post(f"{BASE}/chips", name="tablet_chips")
def tablet_chips(
    request: Request,
    tournament_id: str,
    table: int,
    body: ChipsBody,
    grant: Annotated[Grant, Depends(guard("tablet_chips"))],
) -> dict[str, Any]:
    """``{actor, ruling, director_call}``: the dealer assist's reading of what the player to
    act said and pushed."""
    if body.lang not in LANGUAGES:
        raise MalformedInputError(f"unknown language {body.lang!r}", constraint="lang")
    hand = _hand_for_chips(request, tournament_id, table, body)
    declaration = _declaration(body)
    push = ChipPush(
        motions=tuple(tuple((d, c) for d, c in motion) for motion in body.motions),
        gathered_all=body.gathered_all,
    )
    ruling = rule_action(
        situation_of(hand),
        declaration,
        push,
        ruleset=hand.config.ruleset,
        counted_wrong=body.counted_wrong,
    )
    return {
        "actor": hand.actor,
        "ruling": assist_dict(ruling),
        "director_call": ruling.pending and str(ruling.decided_by) == "director",
    }


# --- answers ---------------------------------------------------------------------------------


def replay_hand(setup: HandSetup, steps: list[Step], floor: TableFloor) -> Replayed:
    """The tablet's hand, with the director's overrides from the log put back in place."""
    return dealer_hand.replay(
        setup, steps, level_minutes=floor.level_minutes, overrides=floor.overrides
    )


def hand_answer(setup: HandSetup, replayed: Replayed, names: dict[str, str]) -> dict[str, Any]:
    """The tablet's picture of the hand: the engine's public view (no card is known but the
    stud up-cards), who sits where, the pots, how the actor may go all-in, where the hand
    stands, the seats whose up-card is due, the draws so far (``[seat, cards]``), the last
    step's ruling and the points waiting for the director."""
    hand = replayed.hand
    way = all_in_to(hand)
    return {
        "table": setup.table,
        "level": setup.level,
        "positions": encode_dataclass(setup.positions),
        "hand": public_view(hand).as_dict(),
        "seats": [
            None if entry is None else {"entry": entry, "name": names.get(entry, entry)}
            for entry in setup.seats
        ],
        "dead": sorted(setup.dead),
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in pots_of(hand)],
        "all_in": None if way is None else {"as": way.kind.value, "to": way.to},
        "awaiting_award": awaiting_award(hand),
        "run_out": hand.phase is Phase.DEAL and awaiting_award(hand),
        "clock": clock_dict(replayed),
        "hi_lo": hand.config.game.valuation is Valuation.HIGH_LOW,
        "stud": hand.config.game.is_stud,
        "up_due": list(up_cards_due(hand)),
        "draws": [[e.seat, len(e.cards)] for e in hand.events if isinstance(e, Discarded)],
        "over": hand.is_over,
        "showdown": hand.is_over and len(hand.live) > 1,
        "kept_back": [
            {"seat": k.seat, "shown_to": k.shown_to}
            for k in (finished_hand.kept_back(replayed.live) if hand.is_over else ())
        ],
        "voided": replayed.voided,
        "ruling": None if replayed.ruling is None else ruling_dict(replayed.ruling),
        "pending": [
            {
                "id": pending.id,
                "topic": pending.topic,
                "options": list(pending.options),
                "rules": [str(rule) for rule in pending.rules],
                "seat": pending.seat,
            }
            for pending in replayed.live.pending
        ],
    }


def clock_dict(replayed: Replayed) -> dict[str, Any] | None:
    """The action clock running on the player to act: who called it, when, its length and
    when its countdown ends (the tablet's clock), with its rule."""
    running = action_clock.running(replayed.live)
    if running is None:
        return None
    return {
        "seat": running.seat,
        "by": running.by,
        "at": running.at,
        "seconds": running.seconds,
        "countdown": running.countdown,
        "deadline": running.deadline,
        "rule": str(running.rule),
    }


def assist_dict(ruling: AssistRuling) -> dict[str, Any]:
    """A reading of the dealer assist as JSON; its choices the same way."""
    action = ruling.action
    kind = None if action is None else type(action).__name__.lower()
    return {
        "key": ruling.key,
        "action": None if kind is None else kind,
        "to": action.to if isinstance(action, Raise) else None,
        "change": ruling.change,
        "add": ruling.add,
        "forfeit": ruling.forfeit,
        "rulings": [ruling_dict(r) for r in ruling.rulings],
        "decided_by": None if ruling.decided_by is None else str(ruling.decided_by),
        "choices": [assist_dict(choice) for choice in ruling.choices],
    }


# --- reading the request ---------------------------------------------------------------------


def read_setup(request: Request, tournament_id: str, table: int, data: dict[str, Any]) -> HandSetup:
    """The setup the tablet holds, for this table of a tournament that has it."""
    setup = decode_dataclass(HandSetup, data)
    if setup.table != table:
        raise MalformedInputError(
            f"the setup is for table {setup.table}, not {table}", constraint="table"
        )
    with reading(context(request), tournament_id) as loaded:
        if table not in loaded.tournament.state.tables:
            raise NotFound(f"table {table}")
    return setup


def table_floor(request: Request, tournament_id: str, setup: HandSetup) -> TableFloor:
    with reading(context(request), tournament_id) as loaded:
        tournament = loaded.tournament
        levels = tournament.config.structure.levels
        minutes = levels[setup.level - 1].minutes if 0 < setup.level <= len(levels) else None
        state = tournament.state
        return TableFloor(
            held=setup.table in state.floor.held,
            level_minutes=minutes,
            overrides=state.calls.overrides.get(setup.table, ()),
            called=state.calls.called.get(setup.table),
            done=state.calls.done.get(setup.table, 0),
        )


def read_steps(steps: list[StepBody]) -> list[Step]:
    return [_step(step) for step in steps]


def _step(step: StepBody) -> Step:
    if isinstance(step, UpCardsBody):
        return UpCards(cards=tuple(None if c is None else int(Card.parse(c)) for c in step.up))
    if isinstance(step, DrawBody):
        return DealerDraw(seat=step.seat, count=step.draw)
    if isinstance(step, ActionBody):
        return DealerStep(seat=step.seat, action=step.action, to=step.to, at=step.at)
    if isinstance(step, ClockBody):
        return ClockStep(clock=step.clock, at=step.at, by=step.by)
    if isinstance(step, ReferralBody):
        return Referral(
            referral=step.referral,
            seat=step.seat,
            words=step.words,
            bettor=step.bettor,
            others=tuple(step.others),
            shown=step.shown,
            kind=step.kind,
            claim=step.claim,
        )
    if isinstance(step, AwardStepBody):
        return AwardStep(winners=winners_of(step.award))
    if isinstance(step, WrongCountBody):
        return WrongCount(seat=step.wrong_count, held=step.held)
    if isinstance(step, ShowKeptBody):
        return ShowKept(seat=step.show, by=step.by)
    if isinstance(step, ReportBody):
        return DealerReport(
            report=step.report,
            seat=step.seat,
            by_dealer=step.by_dealer,
            deliberate=step.deliberate,
            reason=step.reason,
            shown_to=step.shown_to,
        )
    return DirectorDecision(ruling=step.ruling, option=step.option)


def winners_of(bodies: list[WinnersBody]) -> tuple[PotWinners, ...]:
    return tuple(PotWinners(high=tuple(w.high), low=tuple(w.low)) for w in bodies)


def entry_names(request: Request, tournament_id: str) -> dict[str, str]:
    with reading(context(request), tournament_id) as loaded:
        return {e.entry: e.name for e in loaded.tournament.state.entries.values()}


def _hand_for_chips(request: Request, tournament_id: str, table: int, body: ChipsBody) -> Hand:
    """The hand the tablet describes, else a copy of the table's online hand."""
    if body.setup is not None:
        setup = read_setup(request, tournament_id, table, body.setup)
        return dealer_hand.replay(setup, read_steps(body.steps)).hand
    online = context(request).online
    live = None
    if online is not None:
        with online.holding():
            live = online.live(tournament_id, table)
            if live is not None:
                return Hand.from_events(live.hand.config, list(live.hand.events))
    raise NotFound(f"a hand at table {table}")


def _declaration(body: ChipsBody) -> Declaration:
    timing = Timing(body.timing)
    if not body.speech.strip():
        return Declaration(timing=timing, clear=body.clear)
    return parse_speech(body.speech, lang=body.lang, timing=timing, clear=body.clear)
