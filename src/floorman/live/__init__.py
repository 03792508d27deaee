"""Live tables: what a dealer records when cards are physical and players push chips and speak.

Irregularities (misdeals, exposed and premature cards, action out of turn), the dealer-assist
rulings on speech and pushed chips, and the director's pending and overriding rulings, all on top
of the pure hand engine.
"""

from floorman.live.assist.corrections import Correction, correct_pot_bet, correct_short_raise
from floorman.live.assist.pushing import rule_action
from floorman.live.assist.rules import AssistRules
from floorman.live.assist.situation import situation_of
from floorman.live.assist.speech import parse_speech
from floorman.live.assist.types import (
    NO_CHIPS,
    SILENT,
    AssistRuling,
    BettingSituation,
    ChipPush,
    Decider,
    Declaration,
    DeclarationKind,
    FrontChips,
    Timing,
)
from floorman.rules.ruleset import StringBet

__all__ = [
    "NO_CHIPS",
    "SILENT",
    "AssistRules",
    "AssistRuling",
    "BettingSituation",
    "ChipPush",
    "Correction",
    "Decider",
    "Declaration",
    "DeclarationKind",
    "FrontChips",
    "StringBet",
    "Timing",
    "correct_pot_bet",
    "correct_short_raise",
    "parse_speech",
    "rule_action",
    "situation_of",
]
