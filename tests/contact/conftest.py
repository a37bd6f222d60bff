"""Fixtures for the contact tests: an app client on the test database with fresh rate-limit
counters, and a local SMTP server (aiosmtpd) for the SMTP path."""

from __future__ import annotations

import email
import socket
from collections.abc import Iterator
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings

TOPIC = "Online Store – Questions about our store and your shipment"


def valid_form(**overrides: Any) -> dict[str, Any]:
    """A contact form as the storefront sends it, with ``overrides``."""
    return {
        "email": "ada@example.com",
        "message": "Where is my keyboard?",
        "name": "Ada Lovelace",
        "orderNumber": "123456789",
        "topic": TOPIC,
        **overrides,
    }


@pytest.fixture
def client(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client of the whole app on the test database; fresh contact counters before and after."""
    monkeypatch.setenv("WEBAPP_DIST", str(tmp_path / "no-dist"))
    get_settings.cache_clear()
    reset_limits()
    yield TestClient(create_app())
    reset_limits()


class Inbox:
    """aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    """A local SMTP server; MAIL_BACKEND=smtp pointed at it."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("MAIL_BACKEND", "smtp")
    monkeypatch.setenv("SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SMTP_PORT", str(port))
    get_settings.cache_clear()
    try:
        yield inbox
    finally:
        controller.stop()
