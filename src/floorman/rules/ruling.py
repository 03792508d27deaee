"""Rule references and rulings: what every refusal and automatic correction carries."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A rule of one rulebook, such as ``tda-2022 R47`` or ``belarus-sport 4.7.3``."""

    profile: str
    rule: str

    def __str__(self) -> str:
        return f"{self.profile} {self.rule}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision taken by the rules: the rule applied, a stable message key and its text.

    ``key`` identifies the message for translation (``min-raise``, ``not-your-turn``...);
    ``message`` is the English text with the numbers filled in; ``params`` are those numbers,
    so another language can render the same ruling.
    """

    rule: RuleRef
    key: str
    message: str
    params: tuple[tuple[str, int | str], ...] = field(default=())

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"
