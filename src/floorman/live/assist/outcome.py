"""What a reading of words or chips comes to: the action, the chips that move, the rulings.

Both readings (:mod:`floorman.live.assist.words`, :mod:`floorman.live.assist.chips`) end in
the same few judgements, kept here: a street total judged by the 50% standard (TDA R43-A,
R45-B), a bet or raise brought within the legal bounds (R52-A, R54), an undercall (R51-B), and
the chips to give back or to add, which always follow from the action and the chips actually
in front of the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from floorman.engine.actions import BringIn, Call, Check, Fold, PlayerAction, Raise
from floorman.engine.games import Structure
from floorman.live.assist.rules import AssistRules
from floorman.live.assist.types import AssistRuling, BettingSituation, ChipPush, Decider
from floorman.rules.ruling import Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class Context:
    """One question to the dealer assist: the situation, the profile's rules, the chips."""

    s: BettingSituation
    rules: AssistRules
    push: ChipPush
    silent: bool
    """No words came before the chips: R41's small-chip call and R61's change apply."""
    counted_wrong: bool = False
    """The player acted on a wrong count given to him (accepted action, R49)."""

    @property
    def front(self) -> int:
        """The chips in front of the player before this push (his earlier bet, less any
        pulled back, plus any change still due to him)."""
        front = self.push.front
        return self.s.bet if front is None else front.value

    @property
    def physical(self) -> int:
        """Every chip in front of the player now: the earlier ones and the new ones."""
        return self.front + self.push.total

    def with_push(self, push: ChipPush) -> Context:
        return replace(self, push=push)


def street_total(s: BettingSituation, action: PlayerAction) -> int:
    """The player's total bet of the street once the action is applied."""
    if isinstance(action, Raise):
        return action.to
    if isinstance(action, Call):
        return s.call_to
    if isinstance(action, BringIn):
        return s.bet + (s.options.bring_in or 0)
    return s.bet


def outcome(
    ctx: Context, action: PlayerAction, rulings: Sequence[Ruling], key: str
) -> AssistRuling:
    """The ruling of one reading, with the chips to give back or add worked out."""
    difference = ctx.physical - street_total(ctx.s, action)
    return AssistRuling(
        action=action,
        rulings=tuple(rulings),
        key=key,
        change=max(difference, 0),
        add=max(-difference, 0),
    )


def fold_forfeit(ctx: Context, rulings: Sequence[Ruling]) -> AssistRuling:
    """He gives up the chips he put in and folds (R51-B, Belarus 4.13)."""
    return AssistRuling(
        action=Fold(),
        rulings=tuple(rulings),
        key="fold-forfeit",
        change=max(ctx.front - ctx.s.bet, 0),
        forfeit=ctx.push.total,
    )


def pending(
    choices: Sequence[AssistRuling],
    rulings: Sequence[Ruling],
    *,
    decided_by: Decider,
    default: AssistRuling | None = None,
) -> AssistRuling:
    """A ruling left to the director (or the player): the choices, and the default reading
    that stands until he picks one (or none)."""
    base = default if default is not None else AssistRuling(action=None, rulings=())
    return replace(
        base,
        rulings=tuple(rulings) + tuple(r for r in base.rulings if r not in rulings),
        key="pending",
        choices=tuple(choices),
        decided_by=decided_by,
    )


def may_fold(ctx: Context) -> bool:
    """A player facing a bet who pulled back his earlier bet may not fold (TDA R46-B)."""
    front = ctx.push.front
    return not (ctx.s.facing_bet and front is not None and front.pulled_back > 0)


def call_or_check(ctx: Context, rulings: Sequence[Ruling]) -> AssistRuling:
    if ctx.s.facing_bet:
        return outcome(ctx, Call(), rulings, "call")
    return outcome(ctx, Check(), rulings, "check")


def within_bounds(ctx: Context, to: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """A bet or raise to ``to``, brought up to the minimum and down to the maximum.

    Callers say in ``rulings`` why a short one is brought up (R52-A, R43-A); this adds why a
    big one comes down (all his chips, the pot limit, the limit size). When raising is not
    possible at all (not reopened, the cap, nobody left to call) it is a call or a check.
    """
    options, rules = ctx.s.options, ctx.rules
    low, high = options.min_to, options.max_to
    if low is None or high is None:
        reason = options.no_raise
        return call_or_check(ctx, [*rulings, *([reason] if reason is not None else [])])
    final = min(max(to, low), high)
    notes = list(rulings)
    if to > high:
        notes.append(_above_maximum(ctx, high))
    if ctx.s.structure is Structure.FIXED_LIMIT and final not in (low, high):
        final = low
        notes.append(rules.rule("raise-to", "limit-size", to=low))
    return outcome(ctx, Raise(final), notes, "raise")


def _above_maximum(ctx: Context, high: int) -> Ruling:
    rules = ctx.rules
    if high == ctx.s.all_in_to:
        return rules.rule("all-in-cap", "all-in", to=high)
    if ctx.s.structure is Structure.POT_LIMIT:
        return rules.rule("pot-limit-max", "pot-limit-cap", to=high)
    return rules.rule("raise-to", "limit-size", to=high)


def judge_total(ctx: Context, total: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """A street total put in without the word "raise": call, raise or under-raise by the 50%
    standard (R43-A; R45-B once the chips pass the removal test), all-in if it is all his
    chips (R45-B-2); below the call, an undercall (R51-B); with no bet at all, a bet."""
    s, rules = ctx.s, ctx.rules
    if s.current == 0:
        return open_bet(ctx, total, rulings)
    if s.facing_bet and total < s.call_to:
        return undercall(ctx, total, rulings)
    if total <= max(s.call_to, s.bet):
        return call_or_check(ctx, rulings)
    if total == s.all_in_to:
        note = rules.rule("chips-over-call", "last-chips-all-in", to=total)
        return within_bounds(ctx, total, [*rulings, note])
    excess = total - s.current
    share = rules.under_raise_share
    if excess * share.denominator < share.numerator * s.full_raise:
        note = rules.rule(
            "fifty-percent",
            "below-half-raise",
            excess=excess,
            share=str(share),
            full_raise=s.full_raise,
        )
        return call_or_check(ctx, [*rulings, note])
    return raise_at_least(ctx, total, rulings)


def raise_at_least(ctx: Context, total: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """Chips that count as a raise: completed to the minimum if short (R43-A)."""
    low = ctx.s.options.min_to
    notes = list(rulings)
    if low is not None and total < low:
        notes.append(ctx.rules.rule("fifty-percent", "complete-raise", min_to=low))
    return within_bounds(ctx, total, notes)


def open_bet(ctx: Context, total: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """Chips (or an amount) put in with no bet on the street yet.

    Nothing is a check; an opening bet short of the minimum is brought up to it (R52-A) or,
    where the rulebook lets him, given up with its chips (Belarus 4.13).
    """
    s, rules = ctx.s, ctx.rules
    low = s.options.min_to
    if total <= s.bet:
        return outcome(ctx, Check(), rulings, "check")
    if low is None or total >= low or total == s.all_in_to:
        return within_bounds(ctx, total, rulings)
    short = rules.rule("under-raise", "short-bet", min_to=low)
    complete = within_bounds(ctx, low, [*rulings, short])
    if not rules.short_bet_may_fold:
        return complete
    choice = rules.rule("under-raise", "short-bet-choice", min_to=low)
    return pending([complete, fold_forfeit(ctx, [choice])], [choice], decided_by=Decider.PLAYER)


def undercall(ctx: Context, total: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """Less than the call put in or said, without saying "call" (TDA R51-B, R41, R49)."""
    s, rules = ctx.s, ctx.rules
    owed = s.call_to - total
    full = outcome(
        ctx,
        Call(),
        [
            *rulings,
            rules.rule("undercall", "undercall-full", add=owed),
        ],
        "call",
    )
    give_up = fold_forfeit(
        ctx,
        [
            *rulings,
            rules.rule("undercall", "undercall-fold"),
        ],
    )
    if not may_fold(ctx):
        note = rules.rule("pulled-back", "pulled-back-call", call=s.call_to)
        return replace(full, rulings=(*full.rulings, note))
    if ctx.counted_wrong:
        return _accepted_action(ctx, full, give_up)
    if _odd_call(ctx):
        odd = rules.rule("call-methods", "small-chip-call", call=s.current, chips=ctx.push.total)
        return pending([full, give_up], [odd], decided_by=Decider.DIRECTOR)
    binds = (rules.undercall_binds_heads_up and s.players == 2) or (
        rules.undercall_binds_opening and s.opening
    )
    if binds:
        return full
    choice = rules.rule("undercall", "undercall-choice", call=s.current)
    return pending([full, give_up], [choice], decided_by=rules.undercall_decided_by)


def _odd_call(ctx: Context) -> bool:
    """Silent chips far smaller than the call: the director says what they were (R41)."""
    share = ctx.rules.odd_call_below
    if share is None or not ctx.silent:
        return False
    owed = ctx.s.call_to - ctx.s.bet
    return ctx.push.total * share.denominator < share.numerator * owed


def _accepted_action(ctx: Context, full: AssistRuling, give_up: AssistRuling) -> AssistRuling:
    """He called short on a wrong count: he accepted the full bet (R49), unless the director
    lets him take his chips back and fold (R1)."""
    rules = ctx.rules
    accepted = rules.rule("accepted-action", "accepted-action", call=ctx.s.current)
    kept = replace(full, rulings=(accepted, *full.rulings))
    released = replace(
        give_up,
        key="fold-returned",
        rulings=(rules.rule("director", "director-release"),),
        change=give_up.change + give_up.forfeit,
        forfeit=0,
    )
    return pending([kept, released], [accepted], decided_by=Decider.DIRECTOR, default=kept)
