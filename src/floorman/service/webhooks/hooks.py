"""The hooks registered per event and the deliveries made to them, for the console to show.

Given the service's database (:class:`~floorman.service.webhooks.stored.HookStore`), every
registration and removal is written there and the registry is read back from it on start,
with each hook's last deliveries, so a restart forgets nothing (the secret is still shown
only when a hook is made). Without one (a test's sender alone), hooks live in memory. Each
hook keeps its last deliveries, with their attempts and last error, so failures are visible
rather than lost.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from floorman.errors import MalformedInputError
from floorman.service.webhooks.payloads import KINDS
from floorman.service.webhooks.signing import new_secret
from floorman.service.webhooks.stored import HookStore, StoredHook

KEPT_DELIVERIES = 50
MAX_HOOKS = 20


@dataclass(slots=True)
class Delivery:
    """One delivery to one hook, as it stands."""

    id: str
    kind: str
    status: str = "pending"
    """``pending``, ``delivered`` or ``failed`` (every attempt spent)."""
    attempts: int = 0
    error: str = ""


@dataclass(slots=True)
class Hook:
    id: str
    tournament: str
    url: str
    kinds: frozenset[str]
    secret: str
    deliveries: deque[Delivery] = field(default_factory=lambda: deque(maxlen=KEPT_DELIVERIES))

    def public(self) -> dict[str, object]:
        """What the console shows: never the secret."""
        return {
            "id": self.id,
            "url": self.url,
            "events": sorted(self.kinds),
            "deliveries": [
                {"id": d.id, "event": d.kind, "status": d.status, "attempts": d.attempts,
                 "error": d.error}
                for d in reversed(self.deliveries)
            ],
            "failures": sum(d.status == "failed" for d in self.deliveries),
        }  # fmt: skip


def check_hook(url: str, kinds: list[str]) -> frozenset[str]:
    """The kinds chosen, once ``url`` and ``kinds`` are valid.

    :raises MalformedInputError: not an http(s) URL (``webhook-url``), or no or unknown
        kinds (``webhook-event``).
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise MalformedInputError(
            f"a webhook needs an http or https URL, not {url!r}", constraint="webhook-url"
        )
    unknown = sorted(set(kinds) - set(KINDS))
    if not kinds or unknown:
        raise MalformedInputError(
            f"choose events among {', '.join(KINDS)}"
            + (f"; unknown: {unknown}" if unknown else ""),
            constraint="webhook-event",
        )
    return frozenset(kinds)


class Registry:
    """The hooks of every event, safe to use from the request threads and the sender."""

    def __init__(self, store: HookStore | None = None) -> None:
        self._hooks: dict[str, dict[str, Hook]] = {}
        self._lock = threading.Lock()
        self.store = store

    def load(self) -> None:
        """The hooks and their last deliveries as the database keeps them. Called when the
        server starts, not when the app is built: building an app opens no connection, so a
        process may build it and then fork its servers (each opens its own)."""
        if self.store is None:
            return
        store = self.store
        with self._lock:
            self._hooks.clear()
        for found in store.hooks():
            hook = Hook(
                id=found.id, tournament=found.tournament, url=found.url, kinds=found.kinds,
                secret=found.secret,
            )  # fmt: skip
            self._hooks.setdefault(hook.tournament, {})[hook.id] = hook
        hooks = {h.id: h for event in self._hooks.values() for h in event.values()}
        for kept in store.deliveries():
            if kept.hook in hooks:
                hooks[kept.hook].deliveries.append(
                    Delivery(
                        id=kept.id,
                        kind=kept.kind,
                        status=kept.status,
                        attempts=kept.attempts,
                        error=kept.error,
                    )
                )

    def add(self, tournament: str, url: str, kinds: list[str]) -> Hook:
        """A new hook, with its secret.

        :raises MalformedInputError: as :func:`check_hook`, or too many hooks (``webhooks``).
        """
        chosen = check_hook(url, kinds)
        with self._lock:
            hooks = self._hooks.setdefault(tournament, {})
            if len(hooks) >= MAX_HOOKS:
                raise MalformedInputError(
                    f"an event has at most {MAX_HOOKS} webhooks", constraint="webhooks"
                )
            hook = Hook(
                id=secrets.token_hex(8), tournament=tournament, url=url, kinds=chosen,
                secret=new_secret(),
            )  # fmt: skip
            if self.store is not None:
                stored = StoredHook(
                    id=hook.id, tournament=tournament, url=url, kinds=chosen, secret=hook.secret
                )
                self.store.add_hook(stored, at=time.time())
            hooks[hook.id] = hook
            return hook

    def remove(self, tournament: str, hook: str) -> bool:
        with self._lock:
            removed = self._hooks.get(tournament, {}).pop(hook, None) is not None
            if removed and self.store is not None:
                self.store.remove_hook(hook)
            return removed

    def tournaments(self) -> list[str]:
        with self._lock:
            return [t for t, hooks in self._hooks.items() if hooks]

    def of(self, tournament: str) -> list[Hook]:
        with self._lock:
            return list(self._hooks.get(tournament, {}).values())

    def every(self) -> list[Hook]:
        with self._lock:
            return [h for hooks in self._hooks.values() for h in hooks.values()]
