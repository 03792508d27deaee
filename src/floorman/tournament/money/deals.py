"""Deals (chops): the remaining players agree to split the remaining prize money now.

Three common ways to compute the split, and the player's own figures:

* **chip chop** (:func:`chip_chop`): everyone is sure of at least the lowest remaining prize,
  so each gets it, and the rest of the money goes in proportion to chips;
* **ICM chop** (:func:`icm_chop`): each gets his :mod:`ICM <.icm>` equity;
* **hybrid** (:func:`hybrid_chop`): part of the first prize stays on the table for the players
  to play on for (the trophy money), the rest is split by ICM;
* **custom**: any amounts the players agree on, as long as they add up.

A deal binds only if every remaining player agrees (:func:`accept_deal`). The TDA rules leave
deals to the house (digest note A32), so by default the refusal cites TDA R1, the floor's duty
to fairness, as the engine does for other house matters; PokerStars Live allows deals
explicitly (its rule 1.5) and a caller under that profile passes
``rule=RuleRef("pokerstars-live", "1.5")``.

Amounts are integers in the smallest currency unit and always add up exactly: shares are
rounded down to multiples of ``unit`` and the units left over go one each to the largest
fractional parts, the bigger stack first on equal fractions (then the earlier player). A part
smaller than a unit, when the money is not a whole number of units, goes to the biggest stack.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Final

from floorman.errors import IllegalActionError, MalformedInputError
from floorman.rules.ruling import RuleRef, Ruling
from floorman.tournament.money.icm import icm_equities

DEAL_CONSENT_RULE: Final = RuleRef("tda-2022", "R1")
"""What a refused deal cites by default: the TDA has no rule on deals (digest A32)."""


class DealMethod(StrEnum):
    """How the amounts of a deal were computed."""

    CHIP_CHOP = "chip-chop"
    ICM = "icm"
    HYBRID = "hybrid"
    CUSTOM = "custom"


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """A proposed split: ``amounts[i]`` goes to the entry ``players[i]`` now, and
    ``left_to_play`` stays in the first prize for the players to play on for."""

    method: DealMethod
    players: tuple[str, ...]
    amounts: tuple[int, ...]
    left_to_play: int

    def __post_init__(self) -> None:
        if len(set(self.players)) != len(self.players) or not self.players:
            raise MalformedInputError(
                f"a deal needs distinct players, got {self.players!r}", constraint="deal-players"
            )
        if len(self.amounts) != len(self.players):
            raise MalformedInputError(
                f"{len(self.players)} players but {len(self.amounts)} amounts",
                constraint="deal-amounts",
            )
        for amount in (*self.amounts, self.left_to_play):
            _check_money("a deal amount", amount, constraint="deal-amounts")

    @property
    def total(self) -> int:
        """The prize money the deal disposes of: the amounts and what is left to play for."""
        return sum(self.amounts) + self.left_to_play


# --- the splits ----------------------------------------------------------------------------


def chip_chop(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> tuple[int, ...]:
    """Each player gets the lowest remaining prize, and the rest goes in proportion to chips.

    ``prizes`` are those of places 1..n among the ``n`` remaining players (fewer when the
    lowest of those places pay nothing). The chip leader may get more than first prize: that is
    the known flaw of a chip chop, which ICM does not have.
    """
    _check_split(stacks, prizes, unit)
    lowest = prizes[-1] if len(prizes) == len(stacks) else 0
    rest = sum(prizes) - lowest * len(stacks)
    shares = _apportion([Fraction(stack) for stack in stacks], rest, unit, stacks)
    return tuple(lowest + share for share in shares)


def icm_chop(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    unit: int = 1,
    rng: random.Random | None = None,
) -> tuple[int, ...]:
    """Each player's ICM equity, rounded to amounts that add up to the remaining prizes.

    ``rng`` is needed only beyond 20 players with chips, where the equities are sampled.
    """
    _check_split(stacks, prizes, unit)
    equities = icm_equities(stacks, prizes, rng=rng)
    # Millionths of a unit: equal equities that floating point made unequal become equal
    # again, so the rounding favours the bigger stack between them, as documented.
    weights = [Fraction(round(equity / unit * 1_000_000)) for equity in equities]
    return _apportion(weights, sum(prizes), unit, stacks)


def hybrid_chop(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    keep_for_winner: int,
    unit: int = 1,
    rng: random.Random | None = None,
) -> tuple[int, ...]:
    """Split all but ``keep_for_winner`` by ICM; that sum stays to be played for.

    The kept sum comes out of the first prize: the ICM split is computed on the prizes with
    first place reduced by it, so every player's share reflects his chances at the lower
    places as well as at the reduced first. The winner of the play that follows takes the kept
    sum on top of his share. It may be anything from nothing (a plain ICM chop) to the whole
    first prize.
    """
    _check_split(stacks, prizes, unit)
    _check_money("keep_for_winner", keep_for_winner, constraint="deal-left-to-play")
    first = prizes[0] if prizes else 0
    if keep_for_winner > first:
        raise MalformedInputError(
            f"the sum left to play for ({keep_for_winner}) must come out of the first prize "
            f"({first})",
            constraint="deal-left-to-play",
        )
    reduced = [first - keep_for_winner, *prizes[1:]] if prizes else []
    return icm_chop(stacks, reduced, unit=unit, rng=rng)


# --- proposing and accepting ---------------------------------------------------------------


def propose_deal(
    method: DealMethod,
    entries: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    amounts: Sequence[int] | None = None,
    keep_for_winner: int = 0,
    unit: int = 1,
    rng: random.Random | None = None,
) -> Deal:
    """A deal among the remaining ``entries`` (with ``stacks``) over the remaining ``prizes``.

    ``amounts`` are the players' own figures, for a custom deal only; they and
    ``keep_for_winner`` must add up to the remaining prizes. ``keep_for_winner`` applies to a
    hybrid or a custom deal.
    """
    try:
        method = DealMethod(method)
    except ValueError:
        raise MalformedInputError(
            f"unknown deal method {method!r}", constraint="deal-method"
        ) from None
    if len(entries) != len(stacks):
        raise MalformedInputError(
            f"{len(entries)} entries but {len(stacks)} stacks", constraint="deal-players"
        )
    if (amounts is not None) != (method is DealMethod.CUSTOM):
        raise MalformedInputError(
            "amounts are given for a custom deal, and only for one", constraint="deal-amounts"
        )
    if keep_for_winner and method not in (DealMethod.HYBRID, DealMethod.CUSTOM):
        raise MalformedInputError(
            f"a {method.value} deal leaves nothing to play for", constraint="deal-left-to-play"
        )
    split = _split(method, stacks, prizes, amounts, keep_for_winner, unit, rng)
    return Deal(
        method=method,
        players=tuple(entries),
        amounts=split,
        left_to_play=keep_for_winner,
    )


def accept_deal(
    deal: Deal, consents: Mapping[str, bool], *, rule: RuleRef = DEAL_CONSENT_RULE
) -> Deal:
    """The deal, once every player in it has consented; refused (citing ``rule``) otherwise.

    ``consents`` maps entries to their answer; an entry not in the deal cannot consent.
    """
    strangers = sorted(set(consents) - set(deal.players))
    if strangers:
        raise MalformedInputError(
            f"only the players in the deal can consent, not {', '.join(strangers)}",
            constraint="deal-consent",
        )
    missing = [player for player in deal.players if consents.get(player) is not True]
    if missing:
        names = ", ".join(missing)
        raise IllegalActionError(
            Ruling(
                rule,
                "deal-needs-consent",
                f"a deal needs the consent of every remaining player; not agreed: {names}",
                (("players", names),),
            )
        )
    return deal


def _split(
    method: DealMethod,
    stacks: Sequence[int],
    prizes: Sequence[int],
    amounts: Sequence[int] | None,
    keep_for_winner: int,
    unit: int,
    rng: random.Random | None,
) -> tuple[int, ...]:
    if method is DealMethod.CHIP_CHOP:
        return chip_chop(stacks, prizes, unit=unit)
    if method is DealMethod.ICM:
        return icm_chop(stacks, prizes, unit=unit, rng=rng)
    if method is DealMethod.HYBRID:
        return hybrid_chop(stacks, prizes, keep_for_winner=keep_for_winner, unit=unit, rng=rng)
    assert amounts is not None
    _check_split(stacks, prizes, unit)
    for amount in (*amounts, keep_for_winner):
        _check_money("a deal amount", amount, constraint="deal-amounts")
    if len(amounts) != len(stacks):
        raise MalformedInputError(
            f"{len(stacks)} players but {len(amounts)} amounts", constraint="deal-amounts"
        )
    if sum(amounts) + keep_for_winner != sum(prizes):
        raise MalformedInputError(
            f"the deal gives out {sum(amounts) + keep_for_winner}, but the remaining prizes "
            f"come to {sum(prizes)}",
            constraint="deal-total",
        )
    return tuple(amounts)


# --- rounding ------------------------------------------------------------------------------


def _apportion(
    weights: Sequence[Fraction], total: int, unit: int, stacks: Sequence[int]
) -> tuple[int, ...]:
    """``total`` in proportion to ``weights``, in multiples of ``unit`` (largest remainders).

    Exact arithmetic on fractions, so the shares always add up, whatever the weights.
    """
    units, below_unit = divmod(total, unit)
    weight = sum(weights, Fraction(0))
    if weight == 0:  # no equity anywhere: only possible when nothing is to be shared
        weights, weight = [Fraction(stack) for stack in stacks], Fraction(sum(stacks))
    exact = [w * units / weight for w in weights]
    shares = [int(x) for x in exact]  # non-negative: int() rounds down
    by_fraction = sorted(range(len(exact)), key=lambda i: (-(exact[i] - shares[i]), -stacks[i], i))
    for i in by_fraction[: units - sum(shares)]:
        shares[i] += 1
    amounts = [share * unit for share in shares]
    amounts[_leader(stacks)] += below_unit
    return tuple(amounts)


def _leader(stacks: Sequence[int]) -> int:
    """The biggest stack, the earlier player on a tie."""
    return min(range(len(stacks)), key=lambda i: (-stacks[i], i))


# --- input ---------------------------------------------------------------------------------


def _check_money(name: str, value: int, *, constraint: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MalformedInputError(
            f"{name} must be a non-negative integer, got {value!r}", constraint=constraint
        )


def _check_split(stacks: Sequence[int], prizes: Sequence[int], unit: int) -> None:
    if not stacks:
        raise MalformedInputError("a deal needs players", constraint="deal-players")
    for stack in stacks:
        _check_money("a stack", stack, constraint="deal-stack")
    if sum(stacks) == 0:
        raise MalformedInputError("no player has chips", constraint="deal-stack")
    for prize in prizes:
        _check_money("a prize", prize, constraint="deal-prize")
    if len(prizes) > len(stacks):
        raise MalformedInputError(
            f"{len(prizes)} prizes for {len(stacks)} remaining players: pass the prizes of "
            "the places still to be decided",
            constraint="deal-prize",
        )
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise MalformedInputError(
            f"unit must be a positive integer, got {unit!r}", constraint="prize-unit"
        )
