"""Webhooks that outlive a restart, on SQLite and PostgreSQL: a hook registered before the
server stops is listed and delivered to by the next server on the same database, signed
under the same secret; a delivery still being retried when the server stops is resumed by
the next one at the time its back-off set, with the attempts already spent."""

from __future__ import annotations

import time
from pathlib import Path

import sqlalchemy as sa
from tests.service.api_fixtures import Event, client_for, event
from tests.service.test_api_records import bust
from tests.service.test_api_webhooks import Receiver, _wait, receiver  # noqa: F401 - the fixture

from floorman.service.schema import webhook_deliveries


def _again(ours: Event, client: object) -> Event:
    """The same event, its tokens and all, through the new server's client."""
    return Event(client=client, id=ours.id, tokens=dict(ours.tokens))  # type: ignore[arg-type]


def test_a_hook_registered_before_a_restart_is_listed_and_delivers_signed_after_it(
    tmp_path: Path,
    database_url: str,
    receiver: Receiver,  # noqa: F811 - the fixture imported above
) -> None:
    with client_for(tmp_path, url=database_url) as client:
        ours = event(client, 3, seats=3)
        made = ours.post("/webhooks", json={"url": receiver.url, "events": ["player.eliminated"]})
        assert made.status_code == 201, made.text
        receiver.secret = made.json()["secret"]
        hook = made.json()["id"]
    with client_for(tmp_path, url=database_url) as client:  # a new server, the same database
        again = _again(ours, client)
        listed = again.get("/webhooks").json()["hooks"]
        assert [(h["id"], h["url"], h["events"]) for h in listed] == [
            (hook, receiver.url, ["player.eliminated"])
        ]
        assert "secret" not in listed[0]
        bust(again)
        _wait(lambda: len(receiver.seen) == 1)
        assert receiver.bad_signatures == 0  # the secret of the first server signs it
        assert receiver.seen[0]["event"] == "player.eliminated"
        assert receiver.seen[0]["tournament"] == ours.id
        # the receiver has it before the sender has recorded its answer: wait for the record
        _wait(
            lambda: (
                [d["status"] for d in again.get("/webhooks").json()["hooks"][0]["deliveries"]]
                == ["delivered"]
            )
        )
        shown = again.get("/webhooks").json()["hooks"][0]["deliveries"][0]
        assert (shown["status"], shown["attempts"]) == ("delivered", 1)
        assert again.client.delete(
            f"/tournaments/{ours.id}/webhooks/{hook}", headers=again.headers("director")
        ).json() == {"removed": hook}
    with client_for(tmp_path, url=database_url) as client:
        assert _again(ours, client).get("/webhooks").json()["hooks"] == []


def test_a_delivery_being_retried_resumes_after_a_restart_at_its_back_off(
    tmp_path: Path,
    database_url: str,
    receiver: Receiver,  # noqa: F811 - the fixture imported above
) -> None:
    receiver.fail_first = 1  # the first try fails; the next, after the restart, is accepted
    with client_for(tmp_path, url=database_url) as client:
        ours = event(client, 3, start=False, seats=3)
        client.app.state.webhooks.backoff = 2.0  # type: ignore[attr-defined]
        made = ours.post("/webhooks", json={"url": receiver.url, "events": ["event.started"]})
        receiver.secret = made.json()["secret"]
        assert ours.post("/start").status_code == 200
        _wait(lambda: receiver.calls == 1)
        failed_at = time.time()
        engine = client.app.state.floorman.service.store.engine  # type: ignore[attr-defined]

        def stored() -> sa.Row[object]:
            with engine.connect() as connection:
                return connection.execute(sa.select(webhook_deliveries)).one()  # type: ignore[return-value]

        _wait(lambda: stored().attempts == 1)
        row = stored()
        assert row.status == "pending"
        assert row.due_at is not None
        assert row.due_at >= failed_at + 1.0  # two seconds after the try, not at once
        listed = ours.get("/webhooks").json()["hooks"][0]["deliveries"]
        assert (listed[0]["status"], listed[0]["attempts"]) == ("pending", 1)
    with client_for(tmp_path, url=database_url) as client:
        again = _again(ours, client)
        time.sleep(0.3)
        assert receiver.calls == 1  # not before its time
        _wait(lambda: len(receiver.seen) == 1, seconds=15.0)
        assert time.time() >= row.due_at - 0.05
        assert receiver.bad_signatures == 0
        assert receiver.seen[0]["id"] == row.id  # the same delivery: a receiver drops repeats
        assert receiver.seen[0]["event"] == "event.started"
        _wait(lambda: again.get("/webhooks").json()["hooks"][0]["deliveries"][0]["attempts"] == 2)
        shown = again.get("/webhooks").json()["hooks"][0]["deliveries"][0]
        assert (shown["id"], shown["status"], shown["attempts"]) == (row.id, "delivered", 2)
