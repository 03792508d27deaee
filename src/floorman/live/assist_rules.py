"""Where the rulebooks differ on words and chips, as parameters, and the rules each one cites.

The profiles' data files (``rules/data/<profile>.toml``) do not carry these choices yet, so
:class:`AssistRules` holds them, one row per rulebook in :data:`BY_SEED`, found from the
ruleset's seed (a venue's house rules keep the seed of the profile they change). Each field and
each rule reference here should move to the profile files' ``[parameters]`` and ``[refs]``:
:meth:`AssistRules.cite` already prefers a reference the ruleset has, so moving one is a matter
of adding the line there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from floorman.live.assist_messages import TEMPLATES
from floorman.live.assist_types import Decider
from floorman.rules.ruleset import Ruleset
from floorman.rules.ruling import RuleRef, Ruling


class StringBet(StrEnum):
    """What chips pushed in several motions, with nothing declared first, count as."""

    FIRST_MOTION = "first-motion"
    """Only the chips of the first motion (Belarus 4.11, Poland §39.6; the TDA leaves it to
    the dealer, R56, and floorman reads it this way)."""
    CALL = "call"
    """A call at most (RedCactus 56)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AssistRules:
    """The dealer-assist parameters of one profile and the rule numbers it cites."""

    profile: str
    refs: Mapping[str, str] = field(default_factory=dict)
    """Concept (``oversized-chip``, ``undercall``...) to the rule number in this profile."""
    under_raise_share: Fraction = Fraction(1, 2)
    """The share of the last full raise that chips beyond a call must reach to count as a
    raise, then completed to the minimum (TDA R43-A's 50% standard); 0: any evident excess is a
    raise (Belarus 4.14.3)."""
    string_bet: StringBet = StringBet.FIRST_MOTION
    undercall_binds_opening: bool = True
    """An undercall of the round's opening bet must become a full call (TDA R51-B-2)."""
    undercall_binds_heads_up: bool = True
    """An undercall of any bet heads-up must become a full call (TDA R51-B-1)."""
    undercall_decided_by: Decider = Decider.DIRECTOR
    """Who chooses, in the other cases, between a full call and folding the chips put in."""
    short_bet_may_fold: bool = False
    """An opening bet below the minimum may be given up with its chips instead of completed
    (Belarus 4.13); otherwise it is brought up to the minimum (TDA R52-A)."""
    unclear_amount_within_pot: bool = True
    """A bare number ("five") is the largest legal meaning within the pot (TDA R57); without
    that rule the director picks the meaning."""
    odd_call_below: Fraction | None = Fraction(1, 10)
    """A silent undercall with chips below this share of the call is no standard call, and the
    director rules on it (TDA R41, RedCactus 45); ``None``: the rulebook has no such rule."""
    ruleset_refs: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset) -> AssistRules:
        """The row of the ruleset's rulebook (by seed); a rulebook without one reads like the
        TDA and cites the ruleset's general rule."""
        row = BY_SEED.get(ruleset.seed, _NO_ROW)
        return replace(row, profile=ruleset.profile, ruleset_refs=ruleset.refs)

    def cite(self, concept: str) -> RuleRef:
        """The rule for ``concept``: the ruleset's own reference first, then this table's,
        then the ruleset's general rule."""
        rule = self.ruleset_refs.get(concept) or self.refs.get(concept)
        if rule is None:
            rule = self.ruleset_refs.get("general") or self.refs.get("director", "?")
        return RuleRef(self.profile, rule)

    def rule(self, concept: str, key: str, **params: int | str) -> Ruling:
        """A ruling citing the rule for ``concept``, worded by the template of ``key``
        (:mod:`floorman.live.assist_messages`) filled with ``params``."""
        message = TEMPLATES[key].format_map(params)
        return Ruling(self.cite(concept), key, message, tuple(params.items()))


def _refs(**refs: str) -> Mapping[str, str]:
    """Concept names are written with hyphens; keyword names cannot hold them."""
    return MappingProxyType({name.replace("_", "-"): rule for name, rule in refs.items()})


TDA_ROW = AssistRules(
    profile="tda-2022",
    refs=_refs(
        speech_or_chips="R40-A",
        amount_only="R40-C",
        call_methods="R41",
        raise_methods="R42",
        fifty_percent="R43-A",
        raise_to="R43-B",
        oversized_chip="R44",
        multiple_chips="R45-A",
        chips_over_call="R45-B",
        all_in_cap="R3",
        prior_chips="R46-C",
        pulled_back="R46-B",
        accepted_action="R49",
        binding_declaration="R51-A",
        undercall="R51-B",
        under_raise="R52-A",
        pot_miscount="R52-B",
        pot_in_no_limit="R54-C",
        wrong_declaration="R55",
        string_bet="R56",
        unclear_amount="R57",
        change="R61",
        director="R1",
    ),
)

BELARUS_ROW = AssistRules(
    profile="belarus-sport",
    refs=_refs(
        speech_or_chips="4.8.1",
        amount_only="4.8.1",
        call_methods="4.14.1",
        raise_methods="4.11",
        fifty_percent="4.14.3",
        raise_to="4.9.5",
        oversized_chip="4.12",
        multiple_chips="4.14.3",
        chips_over_call="4.14.3",
        all_in_cap="4.9.8",
        prior_chips="2.1.6",
        pulled_back="2.1.6",
        accepted_action="2.1.6",
        binding_declaration="4.8.1",
        undercall="4.13",
        under_raise="4.13",
        pot_miscount="4.9.6",
        pot_in_no_limit="4.9.3",
        wrong_declaration="4.9.2",
        string_bet="4.11",
        unclear_amount="2.1.6",
        change="4.14.1",
        director="2.1.6",
    ),
    under_raise_share=Fraction(0),
    undercall_binds_opening=False,
    undercall_binds_heads_up=False,
    undercall_decided_by=Decider.PLAYER,
    short_bet_may_fold=True,
    unclear_amount_within_pot=False,
    odd_call_below=None,
)

REDCACTUS_ROW = AssistRules(
    profile="redcactus",
    refs=_refs(
        speech_or_chips="40",
        amount_only="40",
        call_methods="45",
        raise_methods="46",
        fifty_percent="47-A",
        raise_to="47-B",
        oversized_chip="49",
        multiple_chips="50",
        chips_over_call="50",
        all_in_cap="3",
        prior_chips="51",
        pulled_back="51",
        accepted_action="53",
        binding_declaration="42",
        undercall="42",
        under_raise="43",
        pot_miscount="1",
        pot_in_no_limit="54-C",
        wrong_declaration="55",
        string_bet="56",
        unclear_amount="57",
        change="61",
        director="1",
    ),
    string_bet=StringBet.CALL,
)

POKERSTARS_ROW = AssistRules(
    profile="pokerstars-live",
    refs=_refs(
        speech_or_chips="4.7",
        amount_only="4.12.2",
        call_methods="4.11",
        raise_methods="4.12",
        fifty_percent="4.13",
        oversized_chip="4.10",
        multiple_chips="4.11",
        chips_over_call="4.11",
        all_in_cap="1.3",
        prior_chips="1.1",
        pulled_back="1.1",
        accepted_action="4.9",
        binding_declaration="4.7",
        undercall="4.7.1",
        under_raise="4.13",
        pot_miscount="1.1",
        pot_in_no_limit="1.3",
        wrong_declaration="1.3",
        string_bet="4.5",
        unclear_amount="4.15",
        change="4.11",
        director="1.1",
    ),
    undercall_binds_heads_up=False,
    odd_call_below=None,
)

POLAND_ROW = AssistRules(
    profile="poland-pzp",
    refs=_refs(
        speech_or_chips="§30.1",
        amount_only="§42.3",
        call_methods="§42.4a",
        raise_methods="§32.1",
        fifty_percent="§10.2",
        oversized_chip="§11",
        multiple_chips="§42.4a",
        chips_over_call="§10.2",
        all_in_cap="§43.1",
        prior_chips="§1.6",
        pulled_back="§1.6",
        accepted_action="§34.4",
        binding_declaration="§42.4a",
        undercall="§42.7",
        under_raise="§10.2",
        pot_miscount="§34.4",
        pot_in_no_limit="§34.1",
        wrong_declaration="§41.2",
        string_bet="§39.6",
        unclear_amount="§1.6",
        change="§42.4a",
        director="§1.6",
    ),
    undercall_binds_opening=False,
    undercall_binds_heads_up=False,
    undercall_decided_by=Decider.PLAYER,
    unclear_amount_within_pot=False,
    odd_call_below=None,
)

BY_SEED: Mapping[str, AssistRules] = MappingProxyType(
    {
        "000": BELARUS_ROW,
        "001": REDCACTUS_ROW,
        "002": TDA_ROW,
        "003": POKERSTARS_ROW,
        "004": POLAND_ROW,
    }
)
"""Each rulebook's row, by the seed number its profile names."""

_NO_ROW = AssistRules(profile="")
