"""The address the room reaches the server at: the URL chooser and the LAN address."""

from __future__ import annotations

import socket

import pytest

from floorman.service.lan import (
    LOOPBACK,
    lan_address,
    listens_on_network,
    public_base_url,
)


def _detected() -> str:
    return "192.168.1.23"


@pytest.mark.parametrize("host", ["0.0.0.0", "", "::"])
def test_a_server_on_every_interface_gives_out_its_lan_address(host: str) -> None:
    assert public_base_url(host, 8000, detect=_detected) == "http://192.168.1.23:8000"


def test_a_server_on_one_address_gives_out_that_address() -> None:
    assert public_base_url("127.0.0.1", 8123, detect=_detected) == "http://127.0.0.1:8123"
    assert public_base_url("10.0.0.5", 80, detect=_detected) == "http://10.0.0.5:80"
    assert public_base_url("fd00::2", 8000, detect=_detected) == "http://[fd00::2]:8000"


def test_the_base_url_given_wins_over_any_address() -> None:
    given = "https://poker.club.example/"
    assert public_base_url("0.0.0.0", 8000, given=given, detect=_detected) == given.rstrip("/")
    assert public_base_url("127.0.0.1", 8000, given=given) == "https://poker.club.example"


def test_only_loopback_hosts_keep_the_server_to_this_machine() -> None:
    assert listens_on_network("0.0.0.0")
    assert listens_on_network("192.168.1.23")
    assert not listens_on_network("127.0.0.1")
    assert not listens_on_network("::1")
    assert not listens_on_network("localhost")


def test_the_lan_address_is_an_address_of_this_machine() -> None:
    address = lan_address()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as bound:
        bound.bind((address, 0))  # only an address of this machine can be bound
    assert address == LOOPBACK or listens_on_network(address)


def test_without_a_route_the_host_name_is_resolved_then_loopback_is_the_fallback() -> None:
    unroutable = ("0.0.0.0",)  # "connected" to this machine: a loopback source address
    assert lan_address(unroutable, hostname=lambda: "localhost") == LOOPBACK

    def no_name() -> str:
        raise OSError("no host name")

    assert lan_address(unroutable, hostname=no_name) == LOOPBACK
    routed = lan_address()
    if routed != LOOPBACK:  # the machine's own address resolves to itself
        assert lan_address(unroutable, hostname=lambda: routed) == routed
