"""Reading a verbal declaration in turn (TDA R40-B/C, R43-B, R44, R51-A, R54-C, R55, R57).

A declaration in turn binds (R51-A). "Raise X" means raise to X (R43-B), brought up to the
minimum if short (R52-A, R55-B: a declared raise is never read as a call); "raise" with chips
and no amount is the most the chips allow (R44). An amount said alone is as if pushed silently
(R40-C). "Pot" is the pot-limit maximum, and no bet at all in no-limit, where it binds to at
least the minimum (R54-C). A bare number ("five") takes the meaning the bets allow (R57).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from floorman.engine.actions import Call, Check, Fold
from floorman.engine.games import Structure
from floorman.errors import IllegalActionError, MalformedInputError
from floorman.live.assist.outcome import (
    Context,
    judge_total,
    may_fold,
    open_bet,
    outcome,
    pending,
    within_bounds,
)
from floorman.live.assist.types import AssistRuling, Decider, Declaration, DeclarationKind
from floorman.rules.ruling import Ruling

_SCALES = 12
"""How many powers of ten a bare number is tried at (R57)."""


def read_words(ctx: Context, said: Declaration) -> AssistRuling:
    """What the declaration amounts to; chips pushed with it only settle the change."""
    return _READERS[said.kind](ctx, said)


def _fold(ctx: Context, said: Declaration) -> AssistRuling:
    if not may_fold(ctx):
        raise IllegalActionError(ctx.rules.rule("pulled-back", "pulled-back-no-fold"))
    note = ctx.rules.rule("binding-declaration", "declared-fold")
    return outcome(ctx, Fold(), [note], "fold")


def _check(ctx: Context, said: Declaration) -> AssistRuling:
    rules, s = ctx.rules, ctx.s
    if not s.facing_bet:
        note = rules.rule("binding-declaration", "declared-check")
        return outcome(ctx, Check(), [note], "check")
    note = rules.rule("wrong-declaration", "check-facing-bet-choice", call=s.current)
    if not may_fold(ctx):
        pulled = rules.rule("pulled-back", "pulled-back-call", call=s.call_to)
        return outcome(ctx, Call(), [note, pulled], "call")
    choices = [outcome(ctx, Call(), [note], "call"), outcome(ctx, Fold(), [note], "fold")]
    return pending(choices, [note], decided_by=Decider.PLAYER)


def _call(ctx: Context, said: Declaration) -> AssistRuling:
    rules, s = ctx.rules, ctx.s
    if not s.facing_bet:
        note = rules.rule("wrong-declaration", "call-is-check")
        return outcome(ctx, Check(), [note], "check")
    note = rules.rule("binding-declaration", "declared-call", call=s.call_to)
    return outcome(ctx, Call(), [note], "call")


def _raise(ctx: Context, said: Declaration) -> AssistRuling:
    rules, push = ctx.rules, ctx.push
    if said.amount is None:
        if not push.is_empty:
            concept = "oversized-chip" if push.count == 1 else "raise-methods"
            to = ctx.physical
            note = rules.rule(concept, "raise-with-chips", to=to)
            return declared_to(ctx, to, [note])
        low = ctx.s.options.min_to
        if ctx.s.structure is not Structure.FIXED_LIMIT and said.kind is not _COMPLETE:
            raise MalformedInputError(
                "a raise said without an amount: give the amount or the chips pushed",
                constraint="raise-amount",
            )
        note = rules.rule("raise-to", "limit-raise")
        return declared_to(ctx, low or 0, [note])
    amount = _amount(ctx, said)
    if isinstance(amount, AssistRuling):
        return amount
    to, notes = amount
    note = rules.rule("raise-to", "declared-raise", to=to)
    return declared_to(ctx, to, [*notes, note])


def declared_to(ctx: Context, to: int, notes: list[Ruling]) -> AssistRuling:
    """A bet or raise said to ``to``: brought within the bounds, never read as a call."""
    s, rules = ctx.s, ctx.rules
    low = s.options.min_to
    if low is None or to >= low:
        return within_bounds(ctx, to, notes)
    if s.current == 0:
        return open_bet(ctx, to, notes)
    short = rules.rule("under-raise", "declared-short-raise", min_to=low)
    return within_bounds(ctx, low, [*notes, short])


def _all_in(ctx: Context, said: Declaration) -> AssistRuling:
    s = ctx.s
    note = ctx.rules.rule("binding-declaration", "declared-all-in", to=s.all_in_to)
    if s.facing_bet and s.all_in_to <= s.current:
        return outcome(ctx, Call(), [note], "call")
    return within_bounds(ctx, s.all_in_to, [note])


def _pot(ctx: Context, said: Declaration) -> AssistRuling:
    s, rules = ctx.s, ctx.rules
    if s.structure is Structure.POT_LIMIT:
        top = s.options.max_to if s.options.max_to is not None else s.all_in_to
        note = rules.rule("pot-limit-max", "pot-bet", to=top)
        return within_bounds(ctx, top, [note])
    note = rules.rule("pot-in-no-limit", "pot-not-a-bet")
    to = ctx.physical if not ctx.push.is_empty else (s.options.min_to or 0)
    return declared_to(ctx, to, [note])


def _amount_only(ctx: Context, said: Declaration) -> AssistRuling:
    amount = _amount(ctx, said)
    if isinstance(amount, AssistRuling):
        return amount
    to, notes = amount
    note = ctx.rules.rule("amount-only", "amount-said", to=to)
    return judge_total(ctx, to, [*notes, note])


def _amount(ctx: Context, said: Declaration) -> tuple[int, list[Ruling]] | AssistRuling:
    """The street total said, with the rulings that settled it, or a pending ruling when the
    director must say what a bare number means (R57)."""
    assert said.amount is not None
    base = ctx.s.current if said.by else 0
    literal = base + said.amount
    if not said.bare or _sensible(ctx, said, literal):
        return literal, []
    meanings = [base + said.amount * 10**k for k in range(1, _SCALES)]
    meanings = [m for m in meanings if m <= ctx.s.all_in_to and _sensible(ctx, said, m)]
    if not meanings:
        return literal, []
    return _meaning(ctx, said, meanings)


def _meaning(
    ctx: Context, said: Declaration, meanings: list[int]
) -> tuple[int, list[Ruling]] | AssistRuling:
    s, rules = ctx.s, ctx.rules
    spoken = said.amount or 0
    if not ctx.push.is_empty and ctx.physical in meanings:
        chips = rules.rule("unclear-amount", "amount-by-chips", to=ctx.physical)
        return ctx.physical, [chips]
    within = [m for m in meanings if m <= s.pot]
    if rules.unclear_amount_within_pot and within:
        note = rules.rule("unclear-amount", "unclear-amount", said=spoken, to=within[-1])
        if len(within) == 1:
            return within[-1], [note]
        # The rule reads it, and the director may still read it otherwise (R1).
        choices = _readings(ctx, said, within)
        default = replace(choices[-1], rulings=(note, *choices[-1].rulings))
        return pending(choices, [note], decided_by=Decider.DIRECTOR, default=default)
    note = rules.rule(
        "unclear-amount",
        "unclear-amount-choice",
        said=spoken,
        meanings=" or ".join(map(str, meanings)),
    )
    return pending(_readings(ctx, said, meanings), [note], decided_by=Decider.DIRECTOR)


def _readings(ctx: Context, said: Declaration, meanings: list[int]) -> list[AssistRuling]:
    """The reading of each meaning of a bare number, keyed by the amount."""
    return [
        replace(read_words(ctx, replace(said, amount=m, bare=False, by=False)), key=str(m))
        for m in meanings
    ]


def _sensible(ctx: Context, said: Declaration, to: int) -> bool:
    """A meaning the bets allow: a legal bet or raise, or (an amount alone) the call."""
    options, s = ctx.s.options, ctx.s
    if said.kind is _NONE and s.facing_bet and to == s.call_to:
        return True
    low, high = options.min_to, options.max_to
    return low is not None and high is not None and low <= to <= high


_NONE = DeclarationKind.NONE
_COMPLETE = DeclarationKind.COMPLETE
_READERS: dict[DeclarationKind, Callable[[Context, Declaration], AssistRuling]] = {
    DeclarationKind.NONE: _amount_only,
    DeclarationKind.FOLD: _fold,
    DeclarationKind.CHECK: _check,
    DeclarationKind.CALL: _call,
    DeclarationKind.BRING_IN: _call,  # the bring-in decision itself is read in assist_bring_in
    DeclarationKind.BET: _raise,
    DeclarationKind.RAISE: _raise,
    DeclarationKind.COMPLETE: _raise,
    DeclarationKind.ALL_IN: _all_in,
    DeclarationKind.POT: _pot,
}
