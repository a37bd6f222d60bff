"""Erasing mails by address (``outbox.erase_address``; docs/checkout.md "Personal data"): every
mail to or mentioning the address is blanked, others are not, and an erased mail still queued
for SMTP is never sent. And the production shape (``docker-compose.yml``) sends mail over SMTP
and cannot start without an SMTP host (docs/operations.md, "Security")."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from sqlalchemy import select

from services.mail.models import OutboxMail
from services.mail.outbox import Mail, enqueue, erase_address
from services.mail.smtp import deliver_pending
from services.shared.db import get_sessionmaker
from tests.mail.test_mail import Inbox, smtp_server  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[2]


def test_erase_address_blanks_every_mail_to_or_about_it_and_none_is_sent(
    db_url: str,
    smtp_server: Inbox,  # noqa: F811 - the fixture
) -> None:
    sessions = get_sessionmaker()
    with sessions() as session:
        to_her = enqueue(session, Mail(to="Ada@Example.com", subject="Order", text="hi", html="hi"))
        about_her = enqueue(
            session,
            Mail(
                to="support@halvard.gg",
                subject="Contact",
                text="from ada@example.com",
                html="<p>x</p>",
                headers={"Reply-To": "ADA@example.com"},
            ),
        )
        in_header = enqueue(
            session,
            Mail(
                to="support@halvard.gg",
                subject="S",
                text="t",
                html="h",
                headers={"Reply-To": "ada@example.com"},
            ),
        )
        lookalike = enqueue(session, Mail(to="ada@example.community", subject="S", text="t", html="h"))
        other = enqueue(
            session, Mail(to="bob@example.com", subject="Order", text="ada%example.com", html="h")
        )
        session.commit()
        assert erase_address(session, "ADA@example.COM") == 3
        session.commit()
    with sessions() as session:
        rows = {r.id: r for r in session.scalars(select(OutboxMail))}
    for erased in (to_her, about_her, in_header):
        row = rows[erased]
        assert (row.to, row.subject, row.text, row.html, row.headers) == ("", "(erased)", "", "", None)
    assert rows[other].to == "bob@example.com" and rows[lookalike].to == "ada@example.community"
    assert deliver_pending(sessions) == {"sent": 2, "failed": 0}
    assert sorted(m["To"] for m in smtp_server.messages) == ["ada@example.community", "bob@example.com"]


def test_erase_address_needs_an_address(db_url: str) -> None:
    with get_sessionmaker()() as session:
        for bad in ("", "  ", "%"):
            with pytest.raises(ValueError):
                erase_address(session, bad)


def test_docker_compose_sends_mail_over_smtp_and_needs_an_smtp_host() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    shop = ("migrate", "api1", "api2", "worker1", "worker2")  # every process of the shop
    for service in shop:
        env = compose["services"][service]["environment"]
        assert env["MAIL_BACKEND"] == "smtp"
        assert env["SMTP_HOST"].startswith("${SMTP_HOST:?")  # compose refuses to start without it
        for name in ("SMTP_PORT", "SMTP_USER", "SMTP_PASSWORD", "SMTP_STARTTLS", "MAIL_FROM", "SHOP_URL"):
            assert str(env[name]).startswith(f"${{{name}"), name  # taken from the environment
