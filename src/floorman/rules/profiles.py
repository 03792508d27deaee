"""The built-in rule profiles, as far as the hand engine needs them.

Rule numbers are those of each seed rulebook (``shared/seeds``); the English digests in
``shared/rulebooks`` map them. Concepts without a rule of their own in a rulebook cite the rule
that rulebook falls back on: neither book has rules for draw games (TDA R35-A leaves them to
house rules), so ``draw`` and ``draw-stub`` cite the general rule (TDA R1, Belarus 2.1.1).
"""

from __future__ import annotations

from typing import Final

from floorman.errors import MalformedInputError
from floorman.rules.ruleset import CapLift, ClockExpiry, Ruleset

TDA_2022: Final = Ruleset(
    profile="tda-2022",
    name="Poker TDA Rules 2022",
    cap_lift=CapLift.TOURNAMENT_HEADS_UP,
    clock_expiry=ClockExpiry.CHECK_OR_FOLD,
    refs={
        "general": "R1",
        "act-in-turn": "R50",
        "out-of-turn": "R53",
        "min-raise": "R43",
        "raise-to": "R43-B",
        "reopen": "R47",
        "limit-cap": "R48",
        "pot-limit-max": "R54-B",
        "check-facing-bet": "R55",
        "fold": "R58",
        "all-in-face-up": "R16",
        "show-order": "R17",
        "odd-chip": "R20",
        "side-pots": "R21",
        "clock": "R29",
        "heads-up": "R34",
        "dead-button": "R32",
        "hand-over": "R22",
        "bring-in": "RP-10-E",
        "open-pair": "RP-10-F",
        "stud-order": "RP-10-D",
        "stud-deal": "RP-10-H",
    },
)

BELARUS_SPORT: Final = Ruleset(
    profile="belarus-sport",
    name="Belarusian sport-poker federation rules",
    cap_lift=CapLift.ROUND_HEADS_UP,
    clock_expiry=ClockExpiry.FOLD,
    stud_open_pair_big_bet=True,
    refs={
        "general": "2.1.1",
        "act-in-turn": "4.8.2",
        "out-of-turn": "4.8.2",
        "min-raise": "4.9.5",
        "raise-to": "4.9.5",
        "reopen": "4.9.8",
        "limit-cap": "4.7.3",
        "pot-limit-max": "4.9.6",
        "check-facing-bet": "4.9.2",
        "fold": "4.9.1",
        "all-in-face-up": "5.9.1",
        "show-order": "5.9.2",
        "odd-chip": "5.9.3",
        "side-pots": "5.9.3",
        "clock": "4.9.1",
        "heads-up": "5.6.2",
        "dead-button": "5.3",
        "hand-over": "5.9.1",
        "bring-in": "5.8.2",
        "open-pair": "5.8.5",
        "stud-order": "5.8.6",
        "stud-deal": "6.5.3",
    },
)

PROFILES: Final[dict[str, Ruleset]] = {r.profile: r for r in (TDA_2022, BELARUS_SPORT)}


def get_ruleset(profile: str) -> Ruleset:
    """The ruleset of a profile id; an unknown id is refused with the list of known ones."""
    try:
        return PROFILES[profile]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise MalformedInputError(
            f"unknown rule profile {profile!r}; known profiles: {known}", constraint="profile"
        ) from None
