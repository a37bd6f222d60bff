"""The mail context: the transactional outbox, the dev mailbox, and SMTP delivery through a real
local SMTP server (aiosmtpd) with settings from the environment; end to end from an order."""

from __future__ import annotations

import email
import secrets
import socket
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.mail.models import OutboxMail
from services.mail.outbox import Mail, UnsafeHeader, enqueue, mailbox
from services.mail.smtp import deliver_pending
from services.shared.db import get_sessionmaker
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from tests.checkout.conftest import form, product, seed


class Inbox:
    """aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's name
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted for delivery"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def smtp_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    """A local SMTP server; MAIL_BACKEND=smtp pointed at it."""
    inbox = Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("MAIL_BACKEND", "smtp")
    monkeypatch.setenv("SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SMTP_PORT", str(port))
    monkeypatch.setenv("MAIL_FROM", "Shop <shop@halvard.example>")
    get_settings.cache_clear()
    try:
        yield inbox
    finally:
        controller.stop()


MAIL = Mail(to="ada@example.com", subject="Hello", text="Plain words", html="<p>Rich <b>words</b></p>")


def test_the_outbox_backend_keeps_mail_as_delivered_and_lists_it(session: Session) -> None:
    mail_id = enqueue(session, MAIL, reference="order:1")
    session.commit()
    row = session.get(OutboxMail, mail_id)
    assert (row.backend, row.reference) == ("outbox", "order:1") and row.sent_at is not None
    [listed] = mailbox(session, "ADA@example.com")
    assert (listed["to"], listed["subject"], listed["text"], listed["html"]) == (
        "ada@example.com",
        "Hello",
        "Plain words",
        "<p>Rich <b>words</b></p>",
    )
    assert mailbox(session, "bob@example.com") == []


def test_smtp_delivery_sends_text_and_html_once(db_url: str, smtp_server: Inbox) -> None:
    sessions = get_sessionmaker()
    with sessions() as session:
        mail_id = enqueue(session, MAIL)
        session.commit()
    assert deliver_pending(sessions) == {"sent": 1, "failed": 0}
    assert deliver_pending(sessions) == {"sent": 0, "failed": 0}
    [message] = smtp_server.messages
    assert (message["To"], message["Subject"], message["From"]) == (
        "ada@example.com",
        "Hello",
        "Shop <shop@halvard.example>",
    )
    parts = {
        part.get_content_type(): part.get_payload(decode=True).decode()
        for part in message.walk()
        if not part.is_multipart()
    }
    assert "Plain words" in parts["text/plain"] and "<b>words</b>" in parts["text/html"]
    with sessions() as session:
        row = session.get(OutboxMail, mail_id)
        assert row.sent_at is not None and row.attempts == 1 and row.last_error is None


def test_a_failed_delivery_is_kept_and_retried(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAIL_BACKEND", "smtp")
    monkeypatch.setenv("SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SMTP_PORT", str(_free_port()))  # nobody listens
    monkeypatch.setenv("SMTP_TIMEOUT", "2")
    get_settings.cache_clear()
    sessions = get_sessionmaker()
    with sessions() as session:
        mail_id = enqueue(session, MAIL)
        session.commit()
    assert deliver_pending(sessions) == {"sent": 0, "failed": 1}
    with sessions() as session:
        row = session.get(OutboxMail, mail_id)
        assert (
            row.sent_at is None and row.attempts == 1 and "ConnectionRefusedError" in (row.last_error or "")
        )


def test_an_order_confirmation_goes_out_over_smtp(
    db_url: str, smtp_server: Inbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RATE_LIMIT_PLACE_ORDER", "")
    monkeypatch.setenv("RUN_PROJECTIONS", "false")
    reset_limits()
    get_settings.cache_clear()
    with get_sessionmaker()() as session:
        seed(session)
        pid = product(session, name="Smtp Mouse")
    try:
        with TestClient(create_app()) as client:
            token = secrets.token_urlsafe(32)
            client.post("/api/cart", headers={"X-Cart-Token": token}, json={"country": "DE"})
            client.post(
                "/api/cart/commands", headers={"X-Cart-Token": token}, json={"type": "add", "product_id": pid}
            )
            placed = client.post(
                "/api/checkout/orders",
                headers={"X-Cart-Token": token, "Idempotency-Key": "smtp-1"},
                json=form(email="grace@example.com"),
            )
            assert placed.status_code == 201, placed.text
    finally:
        reset_limits()
    number = placed.json()["order"]["number"]
    [message] = smtp_server.messages
    assert message["To"] == "grace@example.com" and number in message["Subject"]
    with get_sessionmaker()() as session:
        [row] = session.query(OutboxMail).filter(OutboxMail.reference == f"order:{number}").all()
        assert row.backend == "smtp" and row.sent_at is not None


LIST_MAIL = Mail(
    to="ada@example.com",
    subject="News",
    text="t",
    html="<p>t</p>",
    headers={
        "Reply-To": "bob@example.com",
        "List-Unsubscribe": "<https://shop.example/api/newsletter/unsubscribe?token=" + "A" * 43 + ">",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
)


@pytest.mark.parametrize(
    "bad",
    [
        {"to": "ada@example.com\r\nBcc: eve@example.com"},
        {"subject": "Hello\nBcc: eve@example.com"},
        {"subject": "Hello\u2028there"},
        {"headers": {"Reply-To": "ada@example.com\r\nBcc: eve@example.com"}},
        {"headers": {"Reply-To": "ada@example.com\nX: y"}},
        {"headers": {"Reply-To": "ada@example.com\x00"}},
        {"headers": {"List-Unsubscribe": "<https://x/" + "a" * 1000 + ">"}},
        {"headers": {"Bcc": "eve@example.com"}},
        {"headers": {"From": "ceo@halvard.gg"}},
    ],
)
def test_a_mail_refuses_line_breaks_and_controls_in_headers_and_headers_it_may_not_set(
    bad: dict[str, Any],
) -> None:
    fields: dict[str, Any] = {"to": "ada@example.com", "subject": "Hello", "text": "t", "html": "h", **bad}
    with pytest.raises(UnsafeHeader):
        Mail(**fields)


def test_extra_headers_are_kept_in_the_outbox_and_listed(session: Session) -> None:
    enqueue(session, LIST_MAIL)
    session.commit()
    [listed] = mailbox(session, "ada@example.com")
    assert listed["headers"] == dict(LIST_MAIL.headers)
    enqueue(session, MAIL)
    session.commit()
    assert mailbox(session, "ada@example.com")[0]["headers"] == {}


def test_extra_headers_go_out_over_smtp_unfolded_and_unencoded(db_url: str, smtp_server: Inbox) -> None:
    sessions = get_sessionmaker()
    with sessions() as session:
        enqueue(session, LIST_MAIL)
        session.commit()
    assert deliver_pending(sessions) == {"sent": 1, "failed": 0}
    [message] = smtp_server.messages
    for name, value in LIST_MAIL.headers.items():
        assert message[name] == value  # a long URL is neither folded nor RFC 2047-encoded
    assert message.get_all("Bcc") is None
