"""Issue 20 item 10: per-hand fairness evidence for server-dealt hands (a SHA-256 commitment to
the shuffled deck published when the hand starts, the salt and the deck revealed after it
ends), and the hole cards of a hand in progress kept out of every export."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.service.api_fixtures import Event, client_for, event
from tests.service.test_api_online import play_out, seated, tokens_for

from floorman.service.api.fairness import REVEALED, digest, verify
from floorman.service.export import export_jsonl


@pytest.fixture
def online(tmp_path: Path) -> Iterator[Event]:
    with client_for(tmp_path) as client:
        ours = event(client, 6)
        assert ours.post("/tables/1/deal").status_code == 200
        yield ours


def _hole_cards(ours: Event) -> dict[int, list[str]]:
    view = ours.get("/tables/1/hand").json()["view"]
    return {s["seat"]: s["cards"] for s in view["seats"] if s["in_hand"]}


def test_a_server_dealt_hand_commits_to_its_deck_and_reveals_it_when_it_ends(
    online: Event,
) -> None:
    started = online.get("/tables/1/hand").json()
    published = started["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", published)
    seats = seated(online)
    tokens = tokens_for(online, list(seats.values()))
    mine = online.client.get(
        f"/tournaments/{online.id}/tables/1/hand",
        headers={"Authorization": f"Bearer {next(iter(tokens.values()))}"},
    )
    assert mine.json()["commitment"] == published  # the players are shown it from the start
    holes = _hole_cards(online)
    store = online.client.app.state.floorman.service.store
    stored = store.read(started["hand"])
    assert not any("salt" in r.data or "deck" in r.data for r in stored)  # nothing to read
    assert online.get("/records/fairness").json() == []  # nothing recorded yet
    play_out(online, tokens)
    (evidence,) = online.get("/records/fairness").json()
    assert evidence["stream"] == started["hand"]
    assert evidence["sha256"] == published
    assert verify(published, evidence["salt"], evidence["deck"])
    deck = evidence["deck"].split(" ")
    assert sorted(deck) == sorted(set(deck))
    assert len(deck) == 52
    dealt = [card for cards in holes.values() for card in cards]
    assert set(dealt) == set(deck[: len(dealt)])  # the hole cards came off its top
    assert online.get("/records/fairness", role="dealer").status_code == 403
    history = online.get("/records/hands", params={"format": "phh"}).text  # in its history
    assert f'_deck_sha256 = "{published}"' in history
    assert f'_deck_salt = "{evidence["salt"]}"' in history
    assert f'_deck = "{evidence["deck"]}"' in history


def test_a_changed_deck_or_salt_does_not_verify() -> None:
    deck = "As Kd " + " ".join(["2c"] * 50)
    sealed = digest("00" * 16, deck)
    assert verify(sealed, "00" * 16, deck)
    assert not verify(sealed, "01" + "00" * 15, deck)
    assert not verify(sealed, "00" * 16, deck.replace("As Kd", "Kd As"))


def test_hole_cards_of_a_hand_in_progress_are_kept_out_of_exports(online: Event) -> None:
    started = online.get("/tables/1/hand").json()
    holes = _hole_cards(online)
    service = online.client.app.state.floorman.service
    exported = io.StringIO()
    export_jsonl(service, online.id, exported)
    history = online.get("/records/hands", params={"format": "pokerstars"})
    assert history.status_code == 200
    phh = online.get("/records/hands", params={"format": "phh"})
    for text in (exported.getvalue(), history.text, phh.text):
        assert started["hand"] not in text
        for cards in holes.values():
            assert f"{cards[0]} {cards[1]}" not in text
            assert f"{cards[0]}{cards[1]}" not in text
    reveal = [r for r in service.store.read(started["hand"]) if r.kind == REVEALED]
    assert reveal == []  # not revealed while the hand runs


def test_a_hand_recovered_after_a_restart_says_its_commitment_is_void(tmp_path: Path) -> None:
    with client_for(tmp_path) as client:
        ours = event(client, 6)
        ours.post("/tables/1/deal")
        published = ours.get("/tables/1/hand").json()["commitment"]
        seats = seated(ours)
        tokens = tokens_for(ours, list(seats.values()))
    with client_for(tmp_path) as client:
        again = Event(client=client, id=ours.id, tokens=ours.tokens)
        assert again.get("/tables/1/hand").json()["commitment"] == published
        play_out(again, tokens)
        (evidence,) = again.get("/records/fairness").json()
        assert evidence["sha256"] == published
        assert "restarted" in evidence["void"]
        assert "deck" not in evidence
