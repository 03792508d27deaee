"""Substantial action, and the misdeal cut-off each rulebook sets with it.

TDA R36 (PokerStars Live 4.6, RedCactus 36): two actions in turn of which at least one puts
chips in, or any three actions; posted blinds do not count. A check and a fold are two actions
without chips, so they are not substantial (digest ambiguity A13). Poland §27 I.4 counts players
instead: no misdeal once two players after the blinds (in stud, after the bring-in) have acted.
Belarus 6.3.2 to 6.3.5 allow a misdeal only before the first betting round begins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from floorman.engine.events import Acted, Event
from floorman.engine.hand import Hand
from floorman.rules.ruleset import MisdealCutoff, Ruleset

CHIPLESS = frozenset({"check", "fold"})
"""Actions that put no chips in the pot (R36)."""


def substantial(actions: Sequence[str]) -> bool:
    """Whether these actions (``check``, ``call``, ``raise``...) make substantial action."""
    if len(actions) >= 3:
        return True
    return len(actions) == 2 and any(a not in CHIPLESS for a in actions)


def voluntary_actions(events: Iterable[Event]) -> list[Acted]:
    """The actions players chose in this hand, in order: neither blinds nor the bring-in."""
    return [e for e in events if isinstance(e, Acted) and e.action != "bring-in"]


def cutoff_passed(hand: Hand, rules: Ruleset) -> bool:
    """Whether the hand is past the point where a misdeal may be called (R35-D and kin)."""
    acted = voluntary_actions(hand.events)
    cutoff = rules.misdeal_cutoff
    if cutoff is MisdealCutoff.FIRST_ACTION:
        return bool(acted)
    if cutoff is MisdealCutoff.TWO_PLAYERS_ACTED:
        return len({a.seat for a in acted}) >= 2
    return substantial([a.action for a in acted])
