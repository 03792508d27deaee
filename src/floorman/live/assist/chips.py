"""Reading chips pushed without a word first (TDA R41, R44-R46, R56, R61; Belarus 4.11-4.14).

Facing a bet, one oversized chip is a call (R44); several chips are a call when every one is
needed, that is when removing the smallest leaves less than the call (R45-A); otherwise the
total is judged by the 50% standard or, if it is all his chips, it is all-in (R45-B). Chips of
an earlier bet still in front (R46) join the test: untouched and short of the call, left
apart or pulled back, only the new chips are looked at; covering the call, or partly pulled
back, all of them are. Chips pushed in several motions are a string bet (R42, R56).
"""

from __future__ import annotations

from dataclasses import replace

from floorman.engine.actions import Call, Raise
from floorman.live.assist.outcome import (
    Context,
    call_or_check,
    judge_total,
    outcome,
    pending,
    within_bounds,
)
from floorman.live.assist.types import AssistRuling, Chips, Decider
from floorman.rules.ruleset import StringBet
from floorman.rules.ruling import Ruling


def read_chips(ctx: Context) -> AssistRuling:
    """What the chips pushed amount to, nothing having been said before them."""
    reading = _string_bet(ctx) if ctx.push.is_string else read_motion(ctx)
    if ctx.push.gathered_all:
        return _gathered(ctx, reading)
    return reading


def read_motion(ctx: Context) -> AssistRuling:
    """Chips pushed in one motion (with the chips already in front of him)."""
    s, push, rules = ctx.s, ctx.push, ctx.rules
    total = ctx.physical
    if not s.facing_bet:
        return judge_total(ctx, total, [_opening_note(ctx, total)])
    if total <= s.call_to:
        exact = rules.rule("call-methods", "chips-call", call=s.call_to)
        return judge_total(ctx, total, [exact] if total == s.call_to else [])
    covers = _covers_call(ctx)
    if not covers and push.count == 1:
        return outcome(ctx, Call(), [_single_chip_note(ctx)], "call")
    removable = (*(push.front.chips if push.front else ()), *push.chips) if covers else push.chips
    smallest = min(denomination for denomination, _ in removable)
    if total - smallest < s.current:
        needed = rules.rule("multiple-chips", "every-chip-needed", chip=smallest, call=s.call_to)
        return outcome(ctx, Call(), [needed], "call")
    concept = "prior-chips" if covers else "chips-over-call"
    over = rules.rule(concept, "chips-over-call", chip=smallest, to=total)
    return _betting_for_change(ctx, judge_total(ctx, total, [over]))


def _opening_note(ctx: Context, total: int) -> Ruling:
    rules = ctx.rules
    if ctx.push.count == 1:
        return rules.rule("oversized-chip", "single-chip-bet", to=total)
    return rules.rule("raise-methods", "chips-bet", to=total)


def _single_chip_note(ctx: Context) -> Ruling:
    """One chip over the call with nothing said is a call (R44), also beside earlier chips
    short of the call, left apart or pulled back (R46-C-1)."""
    concept = "prior-chips" if ctx.s.bet else "oversized-chip"
    return ctx.rules.rule(concept, "single-chip-call", call=ctx.s.call_to)


def _covers_call(ctx: Context) -> bool:
    """Earlier chips that cover the call, or were partly pulled back: every chip in front is
    judged together (R46-C-2)."""
    front = ctx.push.front
    if front is None:
        return False
    partly = front.pulled_back > 0 and front.value > 0
    return not front.apart and (partly or front.value >= ctx.s.current)


def _betting_for_change(ctx: Context, reading: AssistRuling) -> AssistRuling:
    """Several chips whose biggest alone would call, read as a raise: chips pushed silently
    count as the bet, not as a request for change (R61)."""
    owed = ctx.s.current - ctx.s.bet
    if not isinstance(reading.action, Raise) or _largest(ctx.push.chips) < owed:
        return reading
    note = ctx.rules.rule("change", "no-change")
    return replace(reading, rulings=(*reading.rulings, note))


def _largest(chips: Chips) -> int:
    return max(denomination for denomination, _ in chips)


def _string_bet(ctx: Context) -> AssistRuling:
    """Chips in several motions with nothing said first (R42, R56; Belarus 4.11, Poland
    §39.6: the first motion only; RedCactus 56: a call at most)."""
    push, rules = ctx.push, ctx.rules
    motions = len(push.motions)
    if rules.string_bet is StringBet.CALL:
        reading = read_motion(ctx)
        if not isinstance(reading.action, Raise):
            return reading
        note = rules.rule("string-bet", "string-call", motions=motions)
        return call_or_check(ctx, [note])
    first = replace(push, motions=push.motions[:1], gathered_all=False)
    later = push.total - first.total
    reading = read_motion(ctx.with_push(first))
    note = rules.rule("string-bet", "string-first-motion", motions=motions, back=later)
    return give_back(reading, later, note)


def give_back(reading: AssistRuling, chips: int, note: Ruling) -> AssistRuling:
    """The same reading with ``chips`` more in front of the player that do not count."""
    paid = chips - reading.add
    return replace(
        reading,
        rulings=(note, *reading.rulings),
        change=reading.change + max(paid, 0),
        add=max(-paid, 0),
        choices=tuple(give_back(c, chips, note) for c in reading.choices),
    )


def _gathered(ctx: Context, reading: AssistRuling) -> AssistRuling:
    """He gathered all his chips and pushed them: the director may read it as all-in
    (ADD-46 situation 5), whatever the chips alone say."""
    s, rules = ctx.s, ctx.rules
    concept = "prior-chips" if s.bet else "multiple-chips"
    note = rules.rule(concept, "gathered-all", to=s.all_in_to)
    all_in = within_bounds(ctx, s.all_in_to, [note])
    if all_in.action == reading.action or _is_all_in_call(ctx, reading):
        return reading
    return pending(
        [replace(reading, key="as-counted"), replace(all_in, key="all-in")],
        [note],
        decided_by=Decider.DIRECTOR,
        default=replace(reading, key="as-counted"),
    )


def _is_all_in_call(ctx: Context, reading: AssistRuling) -> bool:
    return isinstance(reading.action, Call) and ctx.s.call_to == ctx.s.all_in_to
