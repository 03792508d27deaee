"""Where the rulebooks differ on words and chips: the profile's parameters and the rules cited.

The choices (the 50% share, string bets, undercalls, short bets, unclear amounts, odd calls)
are parameters of the profile (``rules/data/<profile>.toml``, each with its rule), read by
:meth:`AssistRules.from_ruleset`. The rule each ruling cites comes from the profile's
``[refs]`` (a venue's house rules keep the refs of the profile they change).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from floorman.live.assist.messages import TEMPLATES
from floorman.rules.ruleset import Decider, Ruleset, StringBet
from floorman.rules.ruling import RuleRef, Ruling


@dataclass(frozen=True, slots=True, kw_only=True)
class AssistRules:
    """The dealer-assist parameters of one profile and the rule numbers it cites. Each field
    is the profile's parameter of the same name; :class:`~floorman.rules.ruleset.Ruleset`
    says what it means."""

    profile: str
    under_raise_share: Fraction = Fraction(1, 2)
    string_bet: StringBet = StringBet.FIRST_MOTION
    undercall_binds_opening: bool = True
    undercall_binds_heads_up: bool = True
    undercall_decided_by: Decider = Decider.DIRECTOR
    short_bet_may_fold: bool = False
    unclear_amount_within_pot: bool = True
    odd_call_below: Fraction | None = Fraction(1, 10)
    ruleset_refs: Mapping[str, str] = field(default_factory=dict)
    """Concept (``oversized-chip``, ``undercall``...) to the rule number in this profile."""

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset) -> AssistRules:
        """The ruleset's parameters, citing its refs."""
        return cls(
            profile=ruleset.profile,
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
        """The rule for ``concept`` in the ruleset's refs, else its general rule."""
        refs = self.ruleset_refs
        return RuleRef(self.profile, refs.get(concept) or refs.get("general", "?"))

    def rule(self, concept: str, key: str, **params: int | str) -> Ruling:
        """A ruling citing the rule for ``concept``, worded by the template of ``key``
        (:mod:`floorman.live.assist.messages`) filled with ``params``."""
        message = TEMPLATES[key].format_map(params)
        return Ruling(self.cite(concept), key, message, tuple(params.items()))
