"""The dealer assist: what a player said and the chips he pushed, made an action and a ruling.

:func:`rule_action` is pure: it reads the :class:`BettingSituation` (see
:func:`floorman.live.assist.situation.situation_of`), the :class:`Declaration` and the
:class:`ChipPush`, and returns an :class:`AssistRuling`; the caller applies its action to the
hand and moves the chips it names. Words and chips are weighed by TDA R40-A: whichever came
first defines the action; at the same moment a clear declaration prevails; words not clearly
heard that disagree with the chips leave the ruling to the director (ADD-40-A). The rules of
each reading are in :mod:`floorman.live.assist.words` and :mod:`floorman.live.assist.chips`;
where the rulebooks differ, :class:`floorman.live.assist.rules.AssistRules` says how.
"""

from __future__ import annotations

from dataclasses import replace

from floorman.errors import MalformedInputError
from floorman.live.assist import bring_in as assist_bring_in
from floorman.live.assist.chips import read_chips
from floorman.live.assist.outcome import Context, pending
from floorman.live.assist.rules import AssistRules
from floorman.live.assist.types import (
    NO_CHIPS,
    SILENT,
    AssistRuling,
    BettingSituation,
    ChipPush,
    Decider,
    Declaration,
    Timing,
)
from floorman.live.assist.words import read_words
from floorman.rules.ruleset import Ruleset


def rule_action(
    situation: BettingSituation,
    declaration: Declaration = SILENT,
    push: ChipPush = NO_CHIPS,
    *,
    ruleset: Ruleset,
    counted_wrong: bool = False,
) -> AssistRuling:
    """The action that ``declaration`` and ``push`` amount to, with its ruling.

    ``counted_wrong`` says the player acted on a wrong count of the bet given to him by the
    dealer or a player (accepted action, TDA R49).

    :raises MalformedInputError: nothing was said or pushed, the chips are more than the
        player has or do not account for his earlier bet, a raise was said with no amount and
        no chips in a big-bet game. The stud bring-in decision is read by
        :mod:`floorman.live.assist.bring_in`.
    :raises IllegalActionError: the rules forbid what he did (a fold after pulling back his
        earlier bet, TDA R46-B).
    """
    _check(situation, declaration, push)
    rules = AssistRules.from_ruleset(ruleset)
    chips = Context(s=situation, rules=rules, push=push, silent=True, counted_wrong=counted_wrong)
    bring_in = situation.options.bring_in is not None
    by_chips = assist_bring_in.read_chips if bring_in else read_chips
    by_words = assist_bring_in.read_words if bring_in else read_words
    if declaration.silent:
        return by_chips(chips)
    words = replace(chips, silent=False)
    if push.is_empty:
        return by_words(words, declaration)
    if declaration.timing is Timing.AFTER:
        pushed = by_chips(chips)
        note = rules.rule("speech-or-chips", "chips-first")
        return replace(pushed, rulings=(note, *pushed.rulings))
    return _weigh(by_words(words, declaration), by_chips(chips), declaration, rules)


def _weigh(
    said: AssistRuling, pushed: AssistRuling, declaration: Declaration, rules: AssistRules
) -> AssistRuling:
    """Words before or with the chips (R40-A); words not heard clearly that disagree with the
    chips are the director's (ADD-40-A)."""
    if not declaration.clear:
        if _same(said, pushed):
            return said
        note = rules.rule("speech-or-chips", "unclear-words")
        return pending(
            [replace(said, key="as-said"), replace(pushed, key="as-pushed")],
            [note],
            decided_by=Decider.DIRECTOR,
        )
    if declaration.timing is Timing.WITH:
        note = rules.rule("speech-or-chips", "words-prevail")
        return replace(said, rulings=(*said.rulings, note))
    return said


def _same(said: AssistRuling, pushed: AssistRuling) -> bool:
    return not said.pending and not pushed.pending and said.action == pushed.action


def _check(situation: BettingSituation, declaration: Declaration, push: ChipPush) -> None:
    """Refuse what cannot be read, before reading anything."""
    if declaration.silent and push.is_empty:
        raise MalformedInputError("nothing was said and no chips were pushed", constraint="nothing")
    front = push.front
    before = situation.bet if front is None else front.value + front.pulled_back
    if before < situation.bet:
        raise MalformedInputError(
            f"the chips in front and pulled back ({before}) are less than his bet of"
            f" {situation.bet}",
            constraint="front",
        )
    committed = (situation.bet if front is None else front.value) + push.total - situation.bet
    if committed > situation.stack:
        raise MalformedInputError(
            f"the chips pushed come to {committed} more than his bet; he has {situation.stack}",
            constraint="chips",
        )
