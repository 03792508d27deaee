"""Wrong bet sizes found after others acted on them (TDA R52-A, R52-B; RedCactus 43).

The dealer assist reads an action as it happens; these rules fix one found later. A bet or
raise below the minimum is brought up to it for everyone who matched it, any time in its
betting round (on the last round, before the showdown starts), and stands once the next card
is out (R52-A, example T54). A pot-limit "pot" bet miscounted is lowered to the pot any time in
its round, and raised to it only until substantial action followed (R52-B, ADD-52-B; the
digest's ambiguity A14 reads "the next action" as substantial action).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from floorman.errors import MalformedInputError
from floorman.live.assist.rules import AssistRules
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class Correction:
    """The street total that a wrong bet, and every bet that matched it, becomes."""

    was: int
    to: int
    ruling: Ruling

    @property
    def stands(self) -> bool:
        return self.to == self.was

    def moves(self, bets: Mapping[int, int]) -> dict[int, int]:
        """Chips each seat adds (or, negative, gets back): the seats whose street total is
        the wrong bet; others (folded, all-in for less) are left alone."""
        return {seat: self.to - bet for seat, bet in bets.items() if bet == self.was and bet}


def correct_short_raise(*, to: int, min_to: int, round_over: bool, ruleset: Ruleset) -> Correction:
    """A bet or raise to ``to`` found short of the minimum ``min_to`` (R52-A).

    ``round_over``: the next card is dealt (or, on the last round, the showdown began).

    :raises MalformedInputError: the bet was not short (constraint ``correction``).
    """
    if not 0 < to < min_to:
        raise MalformedInputError(
            f"a bet of {to} is not short of the minimum {min_to}", constraint="correction"
        )
    rules = AssistRules.from_ruleset(ruleset)
    if round_over:
        return Correction(
            was=to, to=to, ruling=rules.rule("under-raise", "short-raise-stands", to=to)
        )
    ruling = rules.rule("under-raise", "short-raise-corrected", to=to, min_to=min_to)
    return Correction(was=to, to=min_to, ruling=ruling)


def correct_pot_bet(
    *, to: int, pot_bet: int, substantial_action: bool, round_over: bool, ruleset: Ruleset
) -> Correction:
    """A pot-limit "pot" bet made to ``to`` where the pot allowed ``pot_bet`` (R52-B).

    Too large: lowered to ``pot_bet`` unless the round is over (T44). Too small: raised to it
    unless substantial action has followed (T42 stands, T43 raised).

    :raises MalformedInputError: amounts that are not positive (constraint ``correction``).
    """
    if to <= 0 or pot_bet <= 0:
        raise MalformedInputError("bet amounts are positive", constraint="correction")
    rules = AssistRules.from_ruleset(ruleset)
    if to > pot_bet and not round_over:
        return Correction(
            was=to, to=pot_bet, ruling=rules.rule("pot-miscount", "pot-bet-lowered", to=pot_bet)
        )
    if to < pot_bet and not substantial_action and not round_over:
        return Correction(
            was=to, to=pot_bet, ruling=rules.rule("pot-miscount", "pot-bet-raised", to=pot_bet)
        )
    return Correction(was=to, to=to, ruling=rules.rule("pot-miscount", "pot-bet-stands", to=to))
