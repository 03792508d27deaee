"""The English wordings of every ruling message, by key: what the catalogues translate.

A ruling's key names its message; each key has one or more English templates whose named
placeholders are the ruling's params (:mod:`floorman.rules.messages` picks the template that
reproduces the ruling's English text). The placeholders are only the params the text shows
(not the raise cap, not the attempted amount), so every language says the same thing. The
templates are grouped by the layer whose rulings they word; every key used anywhere in the
source must be here, and translated in every catalogue (``tests/rules`` walks the source).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from floorman.rules.live_messages import LIVE_TEMPLATES
from floorman.rules.table_messages import TABLE_TEMPLATES

_BRING_IN = "third street is not open yet: bring in"
_LIMIT_SIZE = "a limit bet or raise here is to {min_to}"

ENGINE: Final[Mapping[str, tuple[str, ...]]] = {
    # betting (engine/betting.py)
    "nobody-to-raise": ("no opponent could call a raise",),
    "no-chips-to-raise": ("no chips left beyond a call",),
    "raise-cap": ("the betting is capped",),
    "not-reopened": (
        "the bet grew by less than a full raise since this player acted; call or fold",
    ),
    "no-bring-in-now": ("the bring-in is only due on third street",),
    "check-facing-bet": ("facing a bet: call {call} or fold",),
    "call-is-check": ("nothing to call: the call is a check",),
    "bring-in-due": (
        _BRING_IN,
        _BRING_IN + " or fold",
        _BRING_IN + " or complete to {min_to}",
        _BRING_IN + " or complete to {min_to} or fold",
    ),
    "below-min-raise": ("the smallest bet or raise here is to {min_to}",),
    "above-max-raise": ("the largest bet or raise here is to {max_to}",),
    "limit-bet-size": (_LIMIT_SIZE, _LIMIT_SIZE + " or {max_to}"),
    # the games a rulebook covers (engine/game_rules.py)
    "game-not-allowed": ("{rulebook} covers {allowed} only, not {game}",),
    # the hand (engine/hand.py)
    "clock-expired": ("time ran out",),
    "not-your-turn": ("seat {actor} is to act", "seat {actor} is to draw"),
    "no-deal-now": ("no cards are to be dealt now",),
    "wrong-deal-seat": ("seat {seat} is not due cards now",),
    "not-your-show": ("this seat has nothing to show now",),
    "no-betting-now": ("no player is to act now",),
    "hands-tabled": ("all-in called and betting over: hands face up",),
    "cards-unknown": ("seat {seat}'s cards are unknown",),
    # draw games (engine/draw.py)
    "no-draw-now": ("nobody is to draw now",),
    "drawing-now": ("seat {actor} is to stand pat or discard first",),
    "stub-reshuffled": (
        "the stub cannot replace every discard: the discards of earlier draws are shuffled in",
        "the stub ran out: the discards of the players already served are shuffled in",
    ),
}
"""The hand engine: betting, dealing, draws and the showdown."""

TOURNAMENT: Final[Mapping[str, tuple[str, ...]]] = {
    # the aggregate and its clock (tournament/aggregate.py)
    "started": ("the tournament has already started",),
    "levels": ("the clock is not running", "the clock is already running"),
    "finished": ("the tournament is over", "it is over"),
    "chip-race-due": ("the chip race of the break comes before the hand",),
    "table-halted": ("the table is halted until the tables are balanced",),
    # the structure against the profile's ante policy (tournament/structure/ante_policy.py)
    "ante-policy": (
        "level {level} has a {ante_mode} ante, which the ante policy '{policy}' of this event"
        " does not allow",
    ),
    "hand-for-hand": (
        "this table waits for the others' hand",
        "hand-for-hand is already in play",
        "hand-for-hand needs two tables or more",
        "hand-for-hand is not in play",
        "the round's hand is still being played",
        "all-in hands are held only hand-for-hand",
        "this table has played the round's hand",
    ),
    # the floor's all-in holds and the director's balancing (tournament/floor/commands.py)
    "held": (
        "this table's hand is held already",
        "tables {tables} are still playing the round's hand",
        "table {table}'s all-in waits for the floor's release",
    ),
    "balance": ("table {table} has no player to give",),
    # entries (tournament/desk/entries.py, entry_rules.py)
    "late-entry": (
        "late registration is closed",
        "late registration ended with level {level}",
        "late registration ended at the time the event set",
        "a sit-and-go takes no late entry",
        "an event whose tables play to one winner takes no late entry",
        "the sit-and-go's table is full",
    ),
    "reentry": ("{name} is already entered", "{name} still has chips in play"),
    "alternate": ("{name} is already on the alternate list",),
    "minimum-age": ("entrants must be {minimum_age} or older; this player is {age}",),
    "late-entry-no-stack": (
        "late entry refused: {deduction} chips come off a starting stack of {starting_stack},"
        " leaving nothing to play",
    ),
    # rebuys and add-ons (tournament/desk/rebuys.py)
    "no-rebuys": ("{rulebook} events have no rebuys or add-ons",),
    "rebuy-out": ("{entry} is out: a rebuy is made before the next hand",),
    "rebuy-period": ("the rebuy period ended with level {level}",),
    "rebuy-stack": ("rebuys are for {limit} or less",),
    "rebuy-count": ("{entry} has made the {most} rebuys allowed",),
    "add-on-out": ("{entry} is out",),
    "add-on-window": (
        "the add-on is offered after level {after_level} through level {last_level}",
    ),
    "add-on-taken": ("{entry} has his add-on",),
    "rebuy-in-the-money": ("the paid places are reached: the prize pool is final",),
    # formats, the final table and the end of a day (tournament/formats/commands.py)
    "final-table": (
        "no final table is waiting for hands to finish",
        "the final table is drawn once the hands are over",
    ),
    "end-of-day": (
        "only a day in play can end",
        "the day is already ending",
        "the day is over: the stacks are bagged",
        "table {table} has stopped: it may not record a hand",
    ),
    "seat-draw": ("a sit-and-go starts when its table is full",),
    # penalties and deals (tournament/officials/penalties.py, deals.py)
    "penalty-power": (
        "a {role} may not give a {kind} penalty",
        "a {role} may not give a {kind} penalty; that is for the {holder}",
    ),
    "penalty-limit": ("a {kind} penalty is at most {most}, not {amount}",),
    "ruling-power": ("a {role} may not put a ruling on the record; that is for: {holders}",),
    "deal-needs-consent": (
        "a deal needs the consent of every remaining player; not agreed: {players}",
    ),
    # the entry desk and the organiser's settings
    # (tournament/desk/registration_desk.py, deal_commands.py)
    "registration-closed": ("registration is closed",),
    "id-unchecked": ("the staff have not checked {player}'s ID",),
    "deals-forbidden": ("this event allows no deals",),
    # bans and structure changes in play (tournament/desk/bans.py, structure_change.py)
    "banned": ("{name} is banned from this event ({kind})",),
    "banned-everywhere": (
        "{name} is banned from every event of the organiser ({kind} in {tournament})",
    ),
    "structure-started": (
        "only levels and breaks not yet started may change; item {item} is in progress",
    ),
    # the structure editor's rulebook checks (tournament/structure/checks.py)
    "structure-level-repeats": (
        "level {level} does not raise the forced bets of the level before",
    ),
    # the structure's own refusals, citing the profile's rule (tournament/structure/levels.py)
    "structure-chip-multiple": (
        "item {item}: amounts {amounts} cannot be paid in the smallest chip in play, {chip}",
        "starting stack {stack} is not a multiple of the smallest chip {chip}",
    ),
    "structure-colour-up": (
        "item {item}: the break colours up {chips}, which are not in play",
        "item {item}: a colour-up must leave at least one denomination",
    ),
    "structure-level-order": ("item {item}: a level cannot be smaller than an earlier one",),
}
"""The tournament: the clock, entries, rebuys, penalties and deals."""

LIVE_TABLE: Final[Mapping[str, tuple[str, ...]]] = {
    # chips pushed (live/assist/chips.py)
    "chips-call": ("the chips make the call of {call}",),
    "every-chip-needed": ("without one {chip} chip the chips would not call: a call of {call}",),
    "chips-over-call": ("without one {chip} chip the chips still call: judged as {to}",),
    "single-chip-bet": ("one chip bets its value: {to}",),
    "chips-bet": ("the chips put in make {to}",),
    "single-chip-call": ("one oversized chip is a call of {call}",),
    "no-change": ("chips pushed to get change count as the bet",),
    "string-call": ("chips put in with {motions} motions: a call at most",),
    "string-bring-in": ("chips put in with {motions} motions: the bring-in at most",),
    "bring-in-said": ("he brings in for {amount}",),
    "bring-in-no-fold": ("the lowest door card may not fold: he brings in for {amount}",),
    "bring-in-amount": ("an amount said at the bring-in, {said}, is read as chips put in",),
    "bring-in-chips": ("the chips put in at the bring-in make {to}",),
    "bring-in-short": ("short of the bring-in: brought up to {amount}",),
    "bring-in-completed": ("the chips over the bring-in reach the standard: completed to {to}",),
    "bring-in-excess-back": (
        "the chips over the bring-in fall short of the standard for {to}: a bring-in of"
        " {amount}, the rest given back",
    ),
    "bring-in-complete": ("he completes the bring-in to {to}",),
    "string-first-motion": (
        "chips put in with {motions} motions: only the first counts, {back} go back",
    ),
    "gathered-all": ("all his chips gathered and pushed forward may be an all-in for {to}",),
    # what the amount comes to (live/assist/outcome.py)
    "limit-size": ("a limit raise here is to {to}",),
    "all-in": ("all his chips: all-in for {to}",),
    "pot-limit-cap": ("a pot-limit bet is at most {to}",),
    "last-chips-all-in": ("his last chips: all-in for {to}",),
    "below-half-raise": (
        "{excess} over the bet is short of {share} of the last raise ({full_raise}): no raise",
    ),
    "complete-raise": ("a raise short of the minimum is completed to {min_to}",),
    "short-bet": ("a bet below the minimum is brought up to {min_to}",),
    "short-bet-choice": (
        "a bet below the minimum: complete it to {min_to} or fold and lose the chips",
    ),
    "undercall-full": ("the undercall is made a full call: {add} more",),
    "undercall-fold": ("the undercall is given up: a fold",),
    "small-chip-call": ("calling {call} with {chips} is no standard call",),
    "undercall-choice": ("an undercall of {call}: a full call, or a fold that loses the chips",),
    "accepted-action": ("acting on a wrong count, he accepted the full bet of {call}",),
    "director-release": ("the director lets him fold and take his chips back",),
    # words said (live/assist/words.py, pushing.py)
    "pulled-back-no-fold": ("having pulled back his earlier bet, he must call or raise",),
    "pulled-back-call": ("having pulled back his earlier bet, he must call {call} at least",),
    "declared-fold": ("a fold said in turn binds",),
    "declared-check": ("a check said in turn binds",),
    "check-facing-bet-choice": ("a check facing a bet of {call}: call or fold, no raise",),
    "declared-call": ("a call said in turn binds: {call}",),
    "raise-with-chips": ("a raise with the chips pushed: to {to}",),
    "limit-raise": ("a limit raise is the fixed size",),
    "declared-raise": ("a raise said in turn binds: to {to}",),
    "declared-short-raise": ("a raise said below the minimum is made the minimum, {min_to}",),
    "declared-all-in": ("all-in said in turn binds: {to}",),
    "pot-bet": ("a pot bet here is {to}",),
    "pot-not-a-bet": ("pot is no amount here: at least the minimum bet",),
    "amount-said": ("an amount said is as if pushed: {to}",),
    "amount-by-chips": ("the chips pushed show the amount: {to}",),
    "unclear-amount": ("{said} is read as the largest meaning within the pot: {to}",),
    "unclear-amount-choice": ("{said} may mean {meanings}: the director decides",),
    "unclear-words": ("the words were not clear and the chips differ",),
    "chips-first": ("the chips came before the words and define the bet",),
    "words-prevail": ("a clear declaration with the chips prevails",),
    # corrections after the action (live/assist/corrections.py)
    "short-raise-corrected": ("the bets of {to} are brought up to the minimum, {min_to}",),
    "short-raise-stands": ("the next card is out: the bets of {to} stand",),
    "pot-bet-lowered": ("a pot bet above the pot is lowered to {to}",),
    "pot-bet-raised": ("a pot bet below the pot is raised to {to}",),
    "pot-bet-stands": ("the pot bet of {to} stands",),
}
"""The live table's reading of words said and chips pushed (TDA R40-R46 and their kin)."""

RECORDS: Final[Mapping[str, tuple[str, ...]]] = {
    # the Belarus protocols (records/protocol.py)
    "protocol-final": ("the final protocol is drawn up once the competition is over",),
}
"""The event's documents."""

TEMPLATES: Final[Mapping[str, tuple[str, ...]]] = {
    **ENGINE,
    **TOURNAMENT,
    **LIVE_TABLE,
    **LIVE_TEMPLATES,
    **TABLE_TEMPLATES,
    **RECORDS,
}
"""Every ruling key, to the English wordings of its message."""
