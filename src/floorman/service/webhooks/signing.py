"""How a webhook delivery is signed, so a receiver can tell it came from this server.

Each hook has its own secret, made when the director registers it and shown once. A
delivery carries three headers: ``Floorman-Delivery`` (its id, the same on every retry, so a
receiver drops repeats), ``Floorman-Timestamp`` (seconds since the epoch when it was first
sent) and ``Floorman-Signature``: ``sha256=`` and the hex HMAC-SHA256, under the secret, of
the timestamp, a dot and the exact body bytes. Signing the timestamp with the body lets a
receiver refuse an old delivery replayed later.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SIGNATURE_HEADER = "Floorman-Signature"
TIMESTAMP_HEADER = "Floorman-Timestamp"
DELIVERY_HEADER = "Floorman-Delivery"
SCHEME = "sha256="


def new_secret() -> str:
    """A hook's secret: 32 random bytes, URL-safe text."""
    return secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Floorman-Signature`` value of ``body`` sent at ``timestamp``."""
    message = str(timestamp).encode() + b"." + body
    digest = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return SCHEME + digest


def headers(secret: str, timestamp: int, delivery: str, body: bytes) -> dict[str, str]:
    """Every header of one delivery."""
    return {
        "Content-Type": "application/json",
        DELIVERY_HEADER: delivery,
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: signature(secret, timestamp, body),
    }
