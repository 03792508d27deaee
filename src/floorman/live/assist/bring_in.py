"""The stud bring-in decision read from words and chips (TDA RP-10-E, Belarus 5.8.2-5.8.3,
PokerStars Live 4.2.1).

On third street, before anyone has opened, the player to act may post the bring-in or
complete it to the small bet (and, if he is not the lowest door card, fold). Nobody has bet
yet, so what he says or pushes is read as an opening: a word that bets ("complete", "bet",
"raise", "all in", "pot") completes; "bring in", "call" or "check" brings in (the least he may
do); an amount, said or pushed, completes when it reaches the completion, or when its excess
over the bring-in reaches the profile's share of the gap (the 50% standard, TDA R43-A; any
evident excess in Belarus, 4.14.3), and otherwise is the bring-in with the excess given back.
Chips short of the bring-in are brought up to it, as a short opening bet is (R52-A). Words and
chips are weighed as everywhere else (R40-A, in :mod:`floorman.live.assist.pushing`); string bets
follow the profile (R56).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from floorman.engine.actions import BringIn, Fold, Raise
from floorman.live.assist.chips import give_back
from floorman.live.assist.outcome import Context, outcome
from floorman.live.assist.types import AssistRuling, Declaration, DeclarationKind
from floorman.rules.ruleset import StringBet
from floorman.rules.ruling import Ruling

_LEAST = frozenset({DeclarationKind.BRING_IN, DeclarationKind.CALL, DeclarationKind.CHECK})
"""Words that ask for the least he may do: the bring-in."""


def read_words(ctx: Context, said: Declaration) -> AssistRuling:
    """A declaration at the bring-in decision, with or without chips."""
    options, rules = ctx.s.options, ctx.rules
    if said.kind is DeclarationKind.FOLD:
        if options.fold:
            return outcome(
                ctx, Fold(), [rules.rule("binding-declaration", "declared-fold")], "fold"
            )
        return _bring_in(ctx, [rules.rule("bring-in", "bring-in-no-fold", amount=_amount(ctx))])
    if said.kind in _LEAST:
        return _bring_in(ctx, [rules.rule("bring-in", "bring-in-said", amount=_amount(ctx))])
    if said.amount is not None:
        note = rules.rule("bring-in", "bring-in-amount", said=said.amount)
        return _judge(ctx, ctx.s.bet + said.amount, [note])
    return _complete(ctx, [])


def read_chips(ctx: Context) -> AssistRuling:
    """Chips pushed at the bring-in decision, nothing said before them."""
    push, rules = ctx.push, ctx.rules
    if not push.is_string:
        return _judge(
            ctx, ctx.physical, [rules.rule("bring-in", "bring-in-chips", to=ctx.physical)]
        )
    motions = len(push.motions)
    if rules.string_bet is StringBet.CALL:
        note = rules.rule("string-bet", "string-bring-in", motions=motions)
        return _bring_in(ctx, [note])
    first = replace(push, motions=push.motions[:1], gathered_all=False)
    reading = read_chips(ctx.with_push(first))
    later = push.total - first.total
    note = rules.rule("string-bet", "string-first-motion", motions=motions, back=later)
    return give_back(reading, later, note)


def _judge(ctx: Context, total: int, rulings: Sequence[Ruling]) -> AssistRuling:
    """A street total: the bring-in, or the completion by the profile's share of the gap."""
    options, rules = ctx.s.options, ctx.rules
    amount, complete = _amount(ctx), options.min_to
    if total < amount:
        short = rules.rule("bring-in", "bring-in-short", amount=amount)
        return _bring_in(ctx, [*rulings, short])
    if complete is None or total == amount:
        return _bring_in(ctx, rulings)
    if total >= complete:
        return _complete(ctx, rulings)
    share = rules.under_raise_share
    if total - amount >= share * (complete - amount) and total > amount:
        note = rules.rule("fifty-percent", "bring-in-completed", to=complete)
        return _complete(ctx, [*rulings, note])
    note = rules.rule("fifty-percent", "bring-in-excess-back", amount=amount, to=complete)
    return _bring_in(ctx, [*rulings, note])


def _amount(ctx: Context) -> int:
    bring_in = ctx.s.options.bring_in
    assert bring_in is not None  # only the bring-in decision is read here
    return ctx.s.bet + bring_in


def _bring_in(ctx: Context, rulings: Sequence[Ruling]) -> AssistRuling:
    if not rulings:
        rulings = [ctx.rules.rule("bring-in", "bring-in-said", amount=_amount(ctx))]
    return outcome(ctx, BringIn(), rulings, "bring-in")


def _complete(ctx: Context, rulings: Sequence[Ruling]) -> AssistRuling:
    """The completion to the small bet; a player who cannot complete brings in all he has."""
    complete = ctx.s.options.min_to
    if complete is None:
        return _bring_in(ctx, rulings)
    note = ctx.rules.rule("bring-in", "bring-in-complete", to=complete)
    return outcome(ctx, Raise(to=complete), [*rulings, note], "complete")
