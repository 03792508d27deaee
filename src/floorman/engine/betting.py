"""One betting round: the legal options of the actor, the check of an action, and its effect.

The same function that lists the options (:func:`legal_options`) judges a submitted action
(:func:`judge`), so what the engine offers and what it accepts cannot disagree.

Raise sizes (TDA R43, ADD-43): the minimum raise adds the last *full* bet or raise increment of
the street; a short all-in does not change it. Reopening (R47, ADD-47): a player who already
acted may raise again only when the bet he now faces grew, since he acted, by at least a full
raise (limit: by the ruleset's share of a bet, R47-B); several short all-ins add up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
from floorman.engine.frozen import Frozen
from floorman.engine.games import FIXED_LIMIT, POT_LIMIT, Structure
from floorman.engine.hand_rules import HandRules
from floorman.engine.prompts import LegalOptions as LegalOptions
from floorman.engine.values import finish
from floorman.errors import IllegalActionError
from floorman.rules.ruling import Ruling


class BettingRound:
    """One street's betting, as the engine keeps it (mutable, internal to the hand).

    - ``bet_size``: the minimum bet, the big blind (no-limit, pot-limit) or the fixed bet.
    - ``current``: the highest total bet of the street so far.
    - ``full_raise``: the last full bet or raise increment, the minimum next raise (R43).
    - ``level``: limit, the bet level that the next raise adds one bet to.
    - ``acted_at``: for each seat, the bet it faced when it last acted voluntarily this street.
    - ``needs``: the seats that still have to act before the round can close.
    - ``starters``: players able to bet (in the hand, not all-in) when the round began
      (Belarus 4.7.3 cap lifting, digest ambiguity 7).
    - ``cursor``: the seat that acted last (at the start, the seat before the first to act).
    - ``opener``: the seat the action starts from (stud: the bring-in or the best showing hand).
    - ``bring_in``: stud third street, the bring-in due from ``bring_in_seat`` until someone
      bets.
    - ``big_option``: limit, a second, bigger bet size players may choose (open pair, Belarus
      5.8.5).
    - ``cap_lifted``: limit, no raise cap this round (TDA R48 tournament heads-up, Belarus 4.7.3
      round heads-up), decided when the round begins.

    A plain class with its own ``__init__`` rather than a dataclass: compiled, a dataclass's
    generated ``__init__`` stays interpreted, and a round is made on every street.
    """

    __slots__ = (
        "acted_at",
        "aggressor",
        "bet_size",
        "big_option",
        "bring_in",
        "bring_in_seat",
        "cap_lifted",
        "current",
        "cursor",
        "full_raise",
        "level",
        "needs",
        "opener",
        "raises",
        "starters",
        "street",
    )

    def __init__(
        self,
        street: int,
        bet_size: int,
        current: int,
        full_raise: int,
        level: int,
        raises: int,
        acted_at: list[int | None],
        needs: list[bool],
        starters: int,
        cursor: int,
        opener: int,
        aggressor: int | None = None,
        bring_in: int = 0,
        bring_in_seat: int | None = None,
        big_option: int = 0,
        cap_lifted: bool = False,
    ) -> None:
        self.street = street
        self.bet_size = bet_size
        self.current = current
        self.full_raise = full_raise
        self.level = level
        self.raises = raises
        self.acted_at = acted_at
        self.needs = needs
        self.starters = starters
        self.cursor = cursor
        self.opener = opener
        self.aggressor = aggressor
        self.bring_in = bring_in
        self.bring_in_seat = bring_in_seat
        self.big_option = big_option
        self.cap_lifted = cap_lifted

    @property
    def bring_in_due(self) -> bool:
        return self.bring_in > 0 and self.current == 0


def legal_options(
    rnd: BettingRound,
    actor: int,
    bet: int,
    stack: int,
    structure: Structure,
    rules: HandRules,
    pot: int,
    opponents_can_bet: bool = True,
) -> LegalOptions:
    """The options of ``actor``, who has ``bet`` in front of him this street and ``stack``
    behind; ``pot`` counts every chip in the pot and in front of players.

    ``opponents_can_bet`` is false when no other live player could put in more than the current
    bet (all-in, or too short to even call it): a raise then could not be called by anyone, so
    only calling (or folding) is offered.
    """
    current = rnd.current
    if rnd.bring_in and current == 0:
        return _bring_in_options(rnd, actor, stack)
    owed = current - bet
    call = (owed if owed < stack else stack) if owed > 0 else None
    refusal = _raise_refusal(rnd, actor, owed, stack, structure, rules)
    if refusal is None and not opponents_can_bet:
        refusal = rules.fixed("general", "nobody-to-raise", "no opponent could call a raise")
    if refusal is not None:
        return LegalOptions(
            actor=actor,
            fold=True,
            check=owed <= 0,
            call=call,
            min_to=None,
            max_to=None,
            no_raise=refusal,
        )
    all_in = bet + stack
    if structure is FIXED_LIMIT:
        min_to = rnd.level + rnd.bet_size
        if min_to > all_in:
            min_to = all_in
        max_to = min(rnd.level + rnd.big_option, all_in) if rnd.big_option else min_to
    else:
        min_to = current + rnd.full_raise
        if min_to > all_in:
            min_to = all_in
        max_to = all_in
        if structure is POT_LIMIT:
            max_to = min(current + pot + owed, all_in)
            min_to = min(min_to, max_to)
    return LegalOptions(
        actor=actor, fold=True, check=owed <= 0, call=call, min_to=min_to, max_to=max_to
    )


def _bring_in_options(rnd: BettingRound, actor: int, stack: int) -> LegalOptions:
    """Nobody has opened third street: bring in or complete to the small bet (Belarus 5.8.3).

    The lowest door card may not fold; when its owner is all-in from the ante, the next
    players may fold, bring in or complete (TDA RP-10-E).
    """
    amount = min(rnd.bring_in, stack)
    complete = min(rnd.bet_size, stack) if stack > amount else None
    return LegalOptions(
        actor=actor,
        fold=actor != rnd.bring_in_seat,
        check=False,
        call=None,
        min_to=complete,
        max_to=complete,
        bring_in=amount,
    )


def _raise_refusal(
    rnd: BettingRound,
    actor: int,
    owed: int,
    stack: int,
    structure: Structure,
    rules: HandRules,
) -> Ruling | None:
    if stack <= owed:
        return rules.fixed("min-raise", "no-chips-to-raise", "no chips left beyond a call")
    if structure is FIXED_LIMIT:
        cap = rules.raise_cap
        if cap is not None and rnd.raises >= cap and not rnd.cap_lifted:
            return rules.fixed("limit-cap", "raise-cap", "the betting is capped", cap=cap)
    faced = rnd.acted_at[actor]
    if faced is not None and rnd.current - faced < _reopen_threshold(rnd, structure, rules):
        return rules.ruling(
            "reopen",
            "not-reopened",
            "the bet grew by less than a full raise since this player acted; call or fold",
            grew=rnd.current - faced,
        )
    return None


def _reopen_threshold(rnd: BettingRound, structure: Structure, rules: HandRules) -> int:
    if structure is FIXED_LIMIT:
        # The ceiling of the bet times the ruleset's share, in ints.
        return -(-rnd.bet_size * rules.reopen_numerator // rules.reopen_denominator)
    return rnd.full_raise


@dataclass(frozen=True, slots=True)
class Judgement(Frozen):
    """What a legal betting action does: its kind, its street total, the ruling that changed it.

    ``to`` is ``None`` when the amount follows from the state (fold, check, call, bring-in),
    which the hand works out; a bet, raise or completion names its total.
    """

    kind: str
    """``fold``, ``check``, ``call``, ``bet``, ``raise``, ``complete`` or ``bring-in``."""
    to: int | None = None
    ruling: Ruling | None = None
    """Set when a rule turned the action into another (a "call" with nothing to call, R55)."""


FOLD: Final = Judgement("fold")
CHECK: Final = Judgement("check")
CALL: Final = Judgement("call")
BRING_IN: Final = Judgement("bring-in")
"""The judgements that carry nothing but their kind, made once."""


def judge(
    options: LegalOptions,
    action: PlayerAction,
    opening: bool,
    structure: Structure,
    rules: HandRules,
) -> Judgement:
    """The action's effect, or an :class:`IllegalActionError`.

    ``opening`` says nobody has bet yet this street, so a :class:`Raise` is a bet.
    """
    if options.bring_in is not None:
        return _judge_bring_in(options, action, rules)
    if isinstance(action, BringIn):
        raise IllegalActionError(
            rules.ruling("bring-in", "no-bring-in-now", "the bring-in is only due on third street")
        )
    if isinstance(action, Fold):
        return FOLD
    if isinstance(action, Check):
        if not options.check:
            raise IllegalActionError(
                rules.ruling(
                    "check-facing-bet",
                    "check-facing-bet",
                    f"facing a bet: call {options.call} or fold",
                    call=options.call or 0,
                )
            )
        return CHECK
    if isinstance(action, Call):
        if options.call is None:
            ruling = rules.ruling(
                "check-facing-bet", "call-is-check", "nothing to call: the call is a check"
            )
            return Judgement("check", ruling=ruling)
        return CALL
    to = _judge_raise(options, action, structure=structure, rules=rules)
    return Judgement("bet" if opening else "raise", to)


def _judge_bring_in(options: LegalOptions, action: PlayerAction, rules: HandRules) -> Judgement:
    """Third street before anyone opened: bring in, complete, or (not the door card) fold."""
    if isinstance(action, BringIn):
        return BRING_IN
    if isinstance(action, Fold) and options.fold:
        return FOLD
    if isinstance(action, Raise) and options.min_to is not None and action.to == options.min_to:
        return Judgement("complete", action.to)
    choices = "bring in" + (f" or complete to {options.min_to}" if options.min_to else "")
    choices += " or fold" if options.fold else ""
    raise IllegalActionError(
        rules.ruling(
            "bring-in",
            "bring-in-due",
            f"third street is not open yet: {choices}",
            min_to=options.min_to or 0,
        )
    )


def _judge_raise(
    options: LegalOptions, action: Raise, *, structure: Structure, rules: HandRules
) -> int:
    if options.min_to is None or options.max_to is None:
        assert options.no_raise is not None
        raise IllegalActionError(options.no_raise)
    if action.to < options.min_to:
        raise IllegalActionError(
            rules.ruling(
                "min-raise",
                "below-min-raise",
                f"the smallest bet or raise here is to {options.min_to}",
                min_to=options.min_to,
                to=action.to,
            )
        )
    if action.to > options.max_to:
        concept = {
            Structure.POT_LIMIT: "pot-limit-max",
            Structure.FIXED_LIMIT: "raise-to",
            Structure.NO_LIMIT: "raise-to",
        }[structure]
        raise IllegalActionError(
            rules.ruling(
                concept,
                "above-max-raise",
                f"the largest bet or raise here is to {options.max_to}",
                max_to=options.max_to,
                to=action.to,
            )
        )
    if structure is FIXED_LIMIT and action.to not in (options.min_to, options.max_to):
        sizes = sorted({options.min_to, options.max_to})
        raise IllegalActionError(
            rules.ruling(
                "open-pair" if len(sizes) > 1 else "raise-to",
                "limit-bet-size",
                "a limit bet or raise here is to " + " or ".join(map(str, sizes)),
                min_to=options.min_to,
                max_to=options.max_to,
                to=action.to,
            )
        )
    return action.to


def record_raise(
    rnd: BettingRound, seat: int, to: int, *, structure: Structure, rules: HandRules
) -> None:
    """Update the round for a bet or raise to ``to`` (full, or a short all-in)."""
    increment = to - rnd.current
    if structure is FIXED_LIMIT:
        if rnd.big_option and to - rnd.level >= rnd.big_option:
            rnd.bet_size, rnd.big_option = rnd.big_option, 0
        if to - rnd.level >= _reopen_threshold(rnd, structure, rules):
            rnd.raises += 1 if rnd.level > 0 else 0  # the first full bet is the bet
            rnd.level = to
    elif increment >= rnd.full_raise:
        rnd.full_raise = increment
    rnd.current = to
    rnd.aggressor = seat


def settle_cap(
    rnd: BettingRound, stacks: Sequence[int], live: Sequence[int], rules: HandRules
) -> None:
    """After a bet or raise: under ``heads-up-before-cap``, the raise that reaches the cap
    lifts it when at most two players can still bet (Poland §26.2 read by Robert's Rules of
    Poker). They became heads-up before the cap; had three or more still been able to bet, the
    round is capped for good, whoever folds later. An all-in capping raiser is no longer able
    to bet, so it is the two others who may go on raising between themselves."""
    if not rules.lift_before_cap or rnd.cap_lifted or rnd.raises != rules.raise_cap:
        return
    able = 0
    for seat in live:
        if stacks[seat] > 0:
            able += 1
    rnd.cap_lifted = able <= 2


finish(globals())
