"""The client address of a request (services/shared/client_ip.py): which ``X-Forwarded-For``
entry is believed, and from which peers (docs/operations.md, Security)."""

from __future__ import annotations

import pytest
from starlette.requests import HTTPConnection

from services.shared.client_ip import client_ip, forwarded_client, forwarded_for, is_trusted_proxy
from services.shared.settings import get_settings


def _connection(peer: str | None, forwarded: str | None = None) -> HTTPConnection:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded is not None else []
    scope = {"type": "http", "headers": headers, "client": (peer, 50000) if peer is not None else None}
    return HTTPConnection(scope)


def test_only_the_right_most_forwarded_address_is_believed() -> None:
    assert forwarded_for("1.2.3.4, 88.198.0.1") == "88.198.0.1"
    assert forwarded_for("88.198.0.1, junk") == "88.198.0.1"
    assert forwarded_for("[2a01:4f8::1]:443") == "2a01:4f8::1"
    assert forwarded_for("8.8.8.8:5353") == "8.8.8.8"
    assert forwarded_for("junk, ") is None


def test_trusted_proxies_are_addresses_networks_or_everyone() -> None:
    assert is_trusted_proxy("10.0.0.7", "127.0.0.1, 10.0.0.0/24")
    assert not is_trusted_proxy("10.0.1.7", "127.0.0.1, 10.0.0.0/24")
    assert is_trusted_proxy("203.0.113.9", "*")
    assert not is_trusted_proxy(None, "127.0.0.1")
    assert not is_trusted_proxy("testclient", "127.0.0.1, junk")


def test_the_forwarded_client_is_the_first_untrusted_entry_from_the_right() -> None:
    assert forwarded_client("1.2.3.4, 8.8.8.8, 10.0.0.3", "10.0.0.2, 10.0.0.3") == "8.8.8.8"
    assert forwarded_client("10.0.0.2, 10.0.0.3", "10.0.0.2, 10.0.0.3") == "10.0.0.2"
    assert forwarded_client("junk", "127.0.0.1") is None


def test_the_header_is_ignored_unless_proxy_headers_are_trusted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TRUST_PROXY_HEADERS", raising=False)
    get_settings.cache_clear()
    assert client_ip(_connection("127.0.0.1", "8.8.8.8")) == "127.0.0.1"
    assert client_ip(_connection(None)) is None
    assert client_ip(_connection("not-an-address")) is None


def test_the_header_counts_only_from_a_listed_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUST_PROXY_HEADERS", "1")
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.0/24")
    get_settings.cache_clear()
    assert client_ip(_connection("10.0.0.2", "1.2.3.4, 8.8.8.8")) == "8.8.8.8"
    assert client_ip(_connection("10.0.0.2")) == "10.0.0.2"  # no header: the proxy itself
    assert client_ip(_connection("88.198.0.1", "8.8.8.8")) == "88.198.0.1"  # not a listed proxy
