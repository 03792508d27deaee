"""PokerStars Live 3.5.1: exact counts only of chips bet; an opponent's exact stack only once he
has bet all his chips, whoever asks (digest D-16, A26)."""

from __future__ import annotations

import pytest
from tests.live.count_tables import facing_all_in

from floorman.live.assist.counts import stack_count


@pytest.mark.rules("pokerstars-live 3.5.1")
def test_pokerstars_live_d16_an_all_in_is_counted_for_anyone_another_stack_only_estimated() -> None:
    played = facing_all_in("pokerstars-live")
    rules = played.config.ruleset
    waiting = stack_count(played, rules, asker=1, of=2)
    assert waiting.exact == 5000  # A26: not only the player to act
    assert str(waiting.ruling.rule) == "pokerstars-live 3.5.1"
    assert stack_count(played, rules, asker=0, of=1).exact is None
