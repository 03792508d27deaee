"""The English wording of every ruling the dealer assist makes, one template per message key.

Rulings are made from these templates (:meth:`floorman.live.assist.rules.AssistRules.rule`),
so a message and its params cannot disagree. They are not yet in the translated catalogues of
:mod:`floorman.rules.messages`; until they are, they render in English. ``call-is-check`` is
the engine's own key and wording, so it is translated already.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

TEMPLATES: Final[Mapping[str, str]] = MappingProxyType(
    {
        # chips (assist_chips.py)
        "chips-call": "the chips make the call of {call}",
        "every-chip-needed": "without one {chip} chip the chips would not call: a call of {call}",
        "chips-over-call": "without one {chip} chip the chips still call: judged as {to}",
        "single-chip-bet": "one chip bets its value: {to}",
        "chips-bet": "the chips put in make {to}",
        "single-chip-call": "one oversized chip is a call of {call}",
        "no-change": "chips pushed to get change count as the bet",
        "string-call": "chips put in with {motions} motions: a call at most",
        "string-first-motion": (
            "chips put in with {motions} motions: only the first counts, {back} go back"
        ),
        "gathered-all": "all his chips gathered and pushed forward may be an all-in for {to}",
        # the stud bring-in decision (assist_bring_in.py)
        "bring-in-said": "he brings in for {amount}",
        "bring-in-no-fold": "the lowest door card may not fold: he brings in for {amount}",
        "bring-in-amount": "an amount said at the bring-in, {said}, is read as chips put in",
        "bring-in-chips": "the chips put in at the bring-in make {to}",
        "bring-in-short": "short of the bring-in: brought up to {amount}",
        "bring-in-completed": "the chips over the bring-in reach the standard: completed to {to}",
        "bring-in-excess-back": (
            "the chips over the bring-in fall short of the standard for {to}: a bring-in of"
            " {amount}, the rest given back"
        ),
        "bring-in-complete": "he completes the bring-in to {to}",
        "string-bring-in": "chips put in with {motions} motions: the bring-in at most",
        # amounts (assist_outcome.py)
        "limit-size": "a limit raise here is to {to}",
        "all-in": "all his chips: all-in for {to}",
        "pot-limit-cap": "a pot-limit bet is at most {to}",
        "last-chips-all-in": "his last chips: all-in for {to}",
        "below-half-raise": (
            "{excess} over the bet is short of {share} of the last raise ({full_raise}): no raise"
        ),
        "complete-raise": "a raise short of the minimum is completed to {min_to}",
        "short-bet": "a bet below the minimum is brought up to {min_to}",
        "short-bet-choice": (
            "a bet below the minimum: complete it to {min_to} or fold and lose the chips"
        ),
        "undercall-full": "the undercall is made a full call: {add} more",
        "undercall-fold": "the undercall is given up: a fold",
        "small-chip-call": "calling {call} with {chips} is no standard call",
        "undercall-choice": "an undercall of {call}: a full call, or a fold that loses the chips",
        "accepted-action": "acting on a wrong count, he accepted the full bet of {call}",
        "director-release": "the director lets him fold and take his chips back",
        "pulled-back-call": "having pulled back his earlier bet, he must call {call} at least",
        # words (assist_words.py)
        "pulled-back-no-fold": "having pulled back his earlier bet, he must call or raise",
        "declared-fold": "a fold said in turn binds",
        "declared-check": "a check said in turn binds",
        "check-facing-bet-choice": "a check facing a bet of {call}: call or fold, no raise",
        "call-is-check": "nothing to call: the call is a check",
        "declared-call": "a call said in turn binds: {call}",
        "raise-with-chips": "a raise with the chips pushed: to {to}",
        "limit-raise": "a limit raise is the fixed size",
        "declared-raise": "a raise said in turn binds: to {to}",
        "declared-short-raise": "a raise said below the minimum is made the minimum, {min_to}",
        "declared-all-in": "all-in said in turn binds: {to}",
        "pot-bet": "a pot bet here is {to}",
        "pot-not-a-bet": "pot is no amount here: at least the minimum bet",
        "amount-said": "an amount said is as if pushed: {to}",
        "amount-by-chips": "the chips pushed show the amount: {to}",
        "unclear-amount": "{said} is read as the largest meaning within the pot: {to}",
        "unclear-amount-choice": "{said} may mean {meanings}: the director decides",
        # words against chips (pushing.py)
        "unclear-words": "the words were not clear and the chips differ",
        "chips-first": "the chips came before the words and define the bet",
        "words-prevail": "a clear declaration with the chips prevails",
        # corrections after the action (assist_corrections.py)
        "short-raise-corrected": "the bets of {to} are brought up to the minimum, {min_to}",
        "short-raise-stands": "the next card is out: the bets of {to} stand",
        "pot-bet-lowered": "a pot bet above the pot is lowered to {to}",
        "pot-bet-raised": "a pot bet below the pot is raised to {to}",
        "pot-bet-stands": "the pot bet of {to} stands",
    }
)
"""Each ruling key of the dealer assist to its English template (placeholders are params)."""
