"""The hand-engine benchmark compares like with like: same policy, whole hands, honest report.

No timing is asserted here (speed lives in ``python -m bench``); these tests check that the
two engines are driven by the same random policy, that the PokerKit driver plays whole hands,
and that the section reports what it measured, or why it could not.
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import warnings
from collections.abc import Iterator

import pytest
from bench.config import QUICK
from bench.engine_floorman import hand_config, load_corpus, play_stats
from bench.engine_pokerkit import Player
from bench.engine_tables import CHECK_OR_CALL, FOLD, NLHE, PLO, STUD, Table, decide
from bench.report import Section

from bench import engine, engine_pokerfast
from floorman.engine import Call, Check, Fold, LegalOptions, Raise
from floorman.sim.random_play import choose

TINY = dataclasses.replace(
    QUICK, engine_hands=4, engine_pokerkit_hands=2, replay_passes=1, repeat=1, slow_repeat=1
)


@pytest.fixture(autouse=True)
def _quiet_pokerkit() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about its own defaults
        yield


def _random_options(rng: random.Random) -> LegalOptions:
    """Options as the engine offers them: facing a bet or not, a raise range or none."""
    owed = rng.choice((None, rng.randint(1, 500)))
    raising = rng.random() < 0.7
    low = rng.randint(100, 1_000)
    high = low + rng.choice((0, rng.randint(1, 5_000)))
    return LegalOptions(
        actor=0,
        fold=True,
        check=owed is None,
        call=owed,
        min_to=low if raising else None,
        max_to=high if raising else None,
    )


def _as_decision(action: object) -> int:
    if isinstance(action, Fold):
        return FOLD
    if isinstance(action, Check | Call):
        return CHECK_OR_CALL
    assert isinstance(action, Raise)
    return action.to


def test_decide_is_floormans_choose_draw_for_draw() -> None:
    """PokerKit is driven by ``decide``; it must pick what floorman's ``choose`` picks."""
    rng = random.Random(7)
    for seed in range(3_000):
        options = _random_options(rng)
        theirs = _as_decision(choose(options, random.Random(seed)))
        ours = decide(
            random.Random(seed), options.min_to, options.max_to, facing_bet=options.call is not None
        )
        assert ours == theirs, (seed, options)


def test_decide_is_floormans_choose_in_limit_games() -> None:
    if "limit" not in inspect.signature(choose).parameters:
        pytest.skip("this floorman's choose sizes limit raises like no-limit ones")
    rng = random.Random(8)
    for seed in range(1_000):
        options = _random_options(rng)
        theirs = _as_decision(choose(options, random.Random(seed), limit=True))
        ours = decide(
            random.Random(seed),
            options.min_to,
            options.max_to,
            facing_bet=options.call is not None,
            limit=True,
        )
        assert ours == theirs, (seed, options)


@pytest.mark.parametrize("table", [NLHE, PLO, STUD], ids=lambda t: t.code)
def test_pokerkit_driver_plays_whole_hands(table: Table) -> None:
    stats = Player.of(table).play_stats(12, seed=3)  # raises if a hand is unfinished or leaks
    assert stats.hands == 12
    assert stats.actions >= stats.hands  # somebody chooses something in every hand


def test_pokerkit_replays_the_same_hands_with_the_same_seed() -> None:
    player = Player.of(NLHE)
    assert player.play_stats(6, seed=5) == player.play_stats(6, seed=5)
    assert player.play_stats(6, seed=5) != player.play_stats(6, seed=6)


@pytest.mark.parametrize(("table", "hands"), [(NLHE, 80), (PLO, 40)], ids=["NT", "PO"])
def test_both_engines_play_hands_of_the_same_length(table: Table, hands: int) -> None:
    ours = play_stats(hand_config(table), hands * 2, seed=11)
    theirs = Player.of(table).play_stats(hands, seed=11)
    assert abs(ours.actions_per_hand / theirs.actions_per_hand - 1) <= engine.COMPARABLE
    assert abs(ours.showdown_share - theirs.showdown_share) <= 0.15


def test_replay_corpus_holds_hands_that_replay_to_the_end() -> None:
    corpus = load_corpus(engine.CORPUS)
    assert len(corpus.hands) >= 10
    assert {hand.variant for hand in corpus.hands} >= {"NT", "PO", "FT"}
    assert corpus.left_out["unreadable file antonius-blom-2009.phh"] == 1  # fractional chips


def _targets(section: Section) -> dict[str, bool | None]:
    return {t.label: t.passed for t in section.targets}


def test_section_reports_every_table_and_the_four_targets(monkeypatch: pytest.MonkeyPatch) -> None:
    imaginary = Table("ZZ", "Imaginary poker", small_blind=50, big_blind=100)
    monkeypatch.setattr(engine, "TABLES", (NLHE, imaginary))
    section = engine.engine_benchmark(TINY)
    labels = [row[0] for row in section.rows]
    assert labels.count("Random 6-max No-limit hold'em, 100 big blinds") == 3
    assert section.rows[2][1] == "pokerfast `FastHand`"
    assert section.rows[3][:2] == ("Random 6-max Imaginary poker, 100 big blinds", "floorman")
    assert section.rows[3][4] == "not yet supported"
    assert labels.count("PHH replay (parsed hands)") == 2
    targets = _targets(section)
    assert set(targets) == {
        "random NLHE hands, one core",
        "random NLHE hands vs PokerKit",
        "random NLHE hands vs pokerfast",
        "PHH replay",
    }
    assert all(passed is not None for passed in targets.values())
    assert any("comparable" in note for note in section.notes)


def test_section_survives_an_engine_that_cannot_be_imported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "load_floorman", lambda: "ImportError: half-way through a change")
    section = engine.engine_benchmark(TINY)
    assert all(passed is None for passed in _targets(section).values())
    assert len(_targets(section)) == 4
    assert any("half-way through a change" in note for note in section.notes)


def test_pokerfast_driver_plays_whole_hands_like_floormans() -> None:
    """pokerfast (the bench extra) plays the same 6-max NLHE hands with the same policy."""
    module = engine_pokerfast.load()
    assert not isinstance(module, str), module
    player = engine_pokerfast.Player(NLHE, module)
    theirs = player.play_stats(160, seed=11)  # raises if a hand leaks chips
    assert player.play_stats(8, seed=5) == player.play_stats(8, seed=5)
    ours = play_stats(hand_config(NLHE), 160, seed=11)
    assert abs(ours.actions_per_hand / theirs.actions_per_hand - 1) <= engine.COMPARABLE
    assert abs(ours.showdown_share - theirs.showdown_share) <= 0.15
    assert not engine_pokerfast.supports(PLO)


def test_section_says_so_when_pokerfast_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "TABLES", (NLHE,))
    monkeypatch.setattr(engine_pokerfast, "load", lambda: "ModuleNotFoundError: pokerfast")
    section = engine.engine_benchmark(TINY)
    assert _targets(section)["random NLHE hands vs pokerfast"] is None
    assert _targets(section)["random NLHE hands vs PokerKit"] is not None
    assert any("pokerfast could not be imported" in note for note in section.notes)
