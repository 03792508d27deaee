"""The address every device in the room reaches this server at.

``floorman serve`` listens on all interfaces by default, so the TV, the tablets and the phones
on the venue's network can connect. The URLs it prints and puts in QR codes must then name an
address those devices can reach: never ``127.0.0.1`` (each device's own loopback), nor the
wildcard ``0.0.0.0`` it listens on. :func:`lan_address` finds the machine's address on the local
network without the internet, and :func:`public_base_url` chooses the URL the pages, the QR
codes and the start-up list give out.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from typing import Final

LOOPBACK: Final = "127.0.0.1"

WILDCARD_HOSTS: Final = frozenset({"", "0.0.0.0", "::", "[::]"})
"""The ``--host`` values that mean "every interface" (the default)."""

PROBE_TARGETS: Final = ("10.255.255.254", "192.168.255.254", "172.31.255.254")
"""Private addresses (RFC 1918) a UDP socket is "connected" to: connecting a datagram socket
sends nothing, it only makes the kernel pick the route and so the source address a packet to
the local network would carry. Three ranges, for a network that routes only its own."""


def lan_address(
    targets: Sequence[str] = PROBE_TARGETS,
    *,
    hostname: Callable[[], str] = socket.gethostname,
) -> str:
    """The machine's address on the local network: the source address the kernel picks for a
    private destination; else what the host's own name resolves to; else ``127.0.0.1`` (a
    machine with no network serves itself only)."""
    for target in targets:
        found = _source_address(target)
        if found is not None:
            return found
    try:
        resolved = socket.gethostbyname(hostname())
    except OSError:
        return LOOPBACK
    return resolved if _reachable(resolved) else LOOPBACK


def _source_address(target: str) -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((target, 9))  # the discard port; nothing is sent
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return address if _reachable(address) else None


def _reachable(address: str) -> bool:
    """Whether other machines could reach ``address`` (not loopback, not unspecified)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_unspecified or parsed.is_link_local)


def public_base_url(
    host: str,
    port: int,
    *,
    given: str | None = None,
    detect: Callable[[], str] = lan_address,
) -> str:
    """The URL clients reach the server at: ``given`` (``--base-url``, for a proxy or a name)
    wins; a server on every interface is reached at its LAN address; one bound to a single
    address (``--host 127.0.0.1``: this machine only) at that address."""
    if given:
        return given.rstrip("/")
    shown = detect() if host in WILDCARD_HOSTS else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"  # an IPv6 address in a URL
    return f"http://{shown}:{port}"


def listens_on_network(host: str) -> bool:
    """Whether other devices can connect: every interface, or one that is not loopback."""
    if host in WILDCARD_HOSTS:
        return True
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return True  # a host name: whatever it resolves to on the network
