"""Where the rulebooks differ on words and chips: the profile's parameters and the rules cited.

The choices (the 50% share, string bets, undercalls, short bets, unclear amounts, odd calls)
are parameters of the profile (``rules/data/<profile>.toml``, each with its rule), read by
:meth:`AssistRules.from_ruleset`. The rule each ruling cites comes from the profile's
``[refs]``; a rulebook whose refs do not list the assist's concepts yet falls back on its row
of :data:`REFS_BY_SEED`, found from the ruleset's seed (a venue's house rules keep the seed of
the profile they change).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from floorman.live.assist_messages import TEMPLATES
from floorman.rules.ruleset import Decider, Ruleset, StringBet
from floorman.rules.ruling import RuleRef, Ruling


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
        """The ruleset's parameters, citing its refs (then its rulebook's row of refs)."""
        return cls(
            profile=ruleset.profile,
            refs=REFS_BY_SEED.get(ruleset.seed, _NO_REFS),
            under_raise_share=ruleset.under_raise_share,
            string_bet=ruleset.string_bet,
            undercall_binds_opening=ruleset.undercall_binds_opening,
            undercall_binds_heads_up=ruleset.undercall_binds_heads_up,
            undercall_decided_by=ruleset.undercall_decided_by,
            short_bet_may_fold=ruleset.short_bet_may_fold,
            unclear_amount_within_pot=ruleset.unclear_amount_within_pot,
            odd_call_below=ruleset.odd_call_below,
            ruleset_refs=ruleset.refs,
        )

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


BELARUS_REFS = _refs(
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
)

POLAND_REFS = _refs(
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
)

REFS_BY_SEED: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {"000": BELARUS_REFS, "004": POLAND_REFS}
)
"""The assist's rule numbers of the rulebooks whose profile ``[refs]`` do not list them yet,
by seed number; the other profiles cite their own refs."""

_NO_REFS: Mapping[str, str] = MappingProxyType({})
