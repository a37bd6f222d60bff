"""Double opt-in and one-click unsubscribe over HTTP on the test database (SQLite, or PostgreSQL
with TEST_DATABASE_URL): a sign-up is pending and mailed a confirm link; the link confirms it;
every mail carries an unsubscribe link and the RFC 8058 headers; unsubscribed addresses can
sign up again; newsletter issues reach confirmed subscribers only."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from services.mail.outbox import mailbox
from services.newsletter.domain import LinkExpired
from services.newsletter.models import NewsletterSubscription, NewsletterToken
from services.newsletter.service import confirm, send_issue, subscribe, unsubscribe
from services.shared.db import get_sessionmaker
from services.shared.migrate import downgrade, upgrade
from services.shared.settings import NewsletterSettings, get_settings
from tests.mail.test_mail import Inbox, smtp_server  # noqa: F401  (fixture)

URL = "/api/newsletter"
CONFIRM = re.compile(r"https?://[^/\s]+/newsletter/confirm\?token=([A-Za-z0-9_-]+)")
UNSUBSCRIBE_PAGE = re.compile(r"https?://[^/\s]+/newsletter/unsubscribe\?token=([A-Za-z0-9_-]+)")
ONE_CLICK = re.compile(r"^<(https?://[^/\s>]+)/api/newsletter/unsubscribe\?token=([A-Za-z0-9_-]+)>$")


@pytest.fixture(autouse=True)
def _shop_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHOP_URL", "https://shop.example/")
    monkeypatch.setenv("SITE_HOST", "halvard.gg")
    get_settings.cache_clear()


def _row(session: Session, email: str = "ada@example.com") -> NewsletterSubscription:
    session.rollback()  # a fresh snapshot: see what the requests committed
    return session.scalars(select(NewsletterSubscription).where(NewsletterSubscription.email == email)).one()


def _mails(session: Session, to: str = "ada@example.com") -> list[dict[str, Any]]:
    session.rollback()
    return mailbox(session, to)


def _confirm_token(mail: dict[str, Any]) -> str:
    [token] = set(CONFIRM.findall(mail["text"]))
    assert f"/newsletter/confirm?token={token}" in mail["html"]
    return token


def _unsubscribe_token(mail: dict[str, Any]) -> str:
    """The token of the body's unsubscribe link, which is also the header's one-click token."""
    [token] = set(UNSUBSCRIBE_PAGE.findall(mail["text"]))
    assert f"/newsletter/unsubscribe?token={token}" in mail["html"]
    match = ONE_CLICK.match(mail["headers"]["List-Unsubscribe"])
    assert match and match.group(1) == "https://shop.example" and match.group(2) == token
    return token


def _utc(moment: datetime | None) -> datetime | None:
    return None if moment is None else moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def test_a_sign_up_is_pending_and_mails_one_confirmation_with_confirm_and_unsubscribe_links(
    client: TestClient, session: Session
) -> None:
    answer = client.post(URL, json={"email": "Ada@Example.com", "tags": ["storefront"], "source": "modal"})
    assert (answer.status_code, answer.json()) == (200, {"subscribed": True})
    row = _row(session)
    assert (row.status, row.confirmed_at, row.unsubscribed_at) == ("pending", None, None)
    [mail] = _mails(session)
    assert mail["subject"] == "Please confirm your HALVARD newsletter subscription"
    assert "The link works for 7 days" in mail["text"]
    confirm_token = _confirm_token(mail)
    unsubscribe_token = _unsubscribe_token(mail)
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["headers"]["List-Id"] == "HALVARD newsletter <newsletter.halvard.gg>"
    assert len(confirm_token) >= 43 and confirm_token != unsubscribe_token  # 256 random bits each

    # Only hashes are stored: the tokens themselves appear nowhere in the tokens table.
    stored = session.execute(text("SELECT purpose, token_hash FROM newsletter_tokens ORDER BY purpose")).all()
    assert [tuple(r) for r in stored] == [
        ("confirm", hashlib.sha256(confirm_token.encode()).hexdigest()),
        ("unsubscribe", hashlib.sha256(unsubscribe_token.encode()).hexdigest()),
    ]


def test_the_confirm_link_confirms_with_the_time_and_answers_the_same_when_opened_again(
    client: TestClient, session: Session
) -> None:
    client.post(URL, json={"email": "ada@example.com", "tags": []})
    token = _confirm_token(_mails(session)[0])
    before = datetime.now(UTC)
    first = client.post("/api/newsletter/confirm", json={"token": token})
    assert first.status_code == 200, first.text
    assert first.headers["cache-control"] == "no-store"
    body = first.json()
    assert body["status"] == "confirmed"
    confirmed_at = datetime.fromisoformat(body["confirmed_at"])
    assert before - timedelta(seconds=1) <= confirmed_at <= datetime.now(UTC)
    row = _row(session)
    assert (row.status, _utc(row.confirmed_at)) == ("confirmed", confirmed_at)

    again = client.post("/api/newsletter/confirm", json={"token": token})
    assert (again.status_code, again.json()) == (200, body)


def test_links_that_are_not_ours_are_404_and_a_missing_token_is_422(client: TestClient) -> None:
    for token in ("x" * 43, "short", "has spaces in it and more", "ü" * 30):
        answer = client.post("/api/newsletter/confirm", json={"token": token})
        assert answer.status_code == 404 and answer.json()["code"] == "newsletter_link_invalid"
        answer = client.post("/api/newsletter/unsubscribe", params={"token": token})
        assert answer.status_code == 404 and answer.json()["code"] == "newsletter_link_invalid"
    for body in ({}, {"token": ""}, {"token": 42}, []):
        assert client.post("/api/newsletter/confirm", json=body).status_code == 422
    assert client.post("/api/newsletter/unsubscribe").status_code == 422
    assert client.get("/api/newsletter/unsubscribe").status_code == 422


def test_an_expired_confirm_link_is_410_and_signing_up_again_mails_a_new_one(session: Session) -> None:
    start = datetime(2025, 3, 5, 12, 0, tzinfo=UTC)
    subscribe(session, {"email": "ada@example.com"}, now=start)
    session.commit()
    [first] = _mails(session)
    with pytest.raises(LinkExpired) as expired:
        confirm(session, _confirm_token(first), now=start + timedelta(hours=168))
    assert (expired.value.status_code, expired.value.code) == (410, "newsletter_link_expired")
    session.rollback()

    again = subscribe(session, {"email": "ada@example.com"}, now=start + timedelta(hours=169))
    session.commit()
    assert again.mail_id is not None and not again.created
    second = next(m for m in _mails(session) if m["id"] == again.mail_id)
    result = confirm(session, _confirm_token(second), now=start + timedelta(hours=170))
    session.commit()
    assert (result.status, result.at) == ("confirmed", start + timedelta(hours=170))


def test_repeat_sign_ups_of_a_pending_address_mail_at_most_once_per_resend_interval(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(3):
        assert client.post(URL, json={"email": "ada@example.com", "tags": ["a"]}).status_code == 200
    assert len(_mails(session)) == 1  # a stranger's inbox is not flooded
    monkeypatch.setenv("NEWSLETTER_CONFIRM_RESEND_SECONDS", "0")
    get_settings.cache_clear()
    assert client.post(URL, json={"email": "ada@example.com"}).status_code == 200
    assert len(_mails(session)) == 2
    sent_at = _utc(_row(session).confirmation_sent_at)
    assert sent_at is not None
    ten_minutes = NewsletterSettings(confirm_resend_seconds=600)
    assert (
        subscribe(
            session, {"email": "ada@example.com"}, now=sent_at + timedelta(seconds=599), settings=ten_minutes
        ).mail_id
        is None
    )
    assert (
        subscribe(
            session, {"email": "ada@example.com"}, now=sent_at + timedelta(seconds=600), settings=ten_minutes
        ).mail_id
        is not None
    )
    session.commit()
    assert len(_mails(session)) == 3
    # Every confirmation mailed so far still works until it expires (the first one here).
    first = _mails(session)[-1]
    assert client.post("/api/newsletter/confirm", json={"token": _confirm_token(first)}).status_code == 200


def test_a_confirmed_address_signing_up_again_stays_confirmed_without_a_mail(
    client: TestClient, session: Session
) -> None:
    client.post(URL, json={"email": "ada@example.com", "tags": ["keyboards"]})
    client.post("/api/newsletter/confirm", json={"token": _confirm_token(_mails(session)[0])})
    confirmed_at = _row(session).confirmed_at
    answer = client.post(URL, json={"email": "ADA@example.com", "tags": ["mice"]})
    assert (answer.status_code, answer.json()) == (200, {"subscribed": True})  # no probing
    row = _row(session)
    assert (row.status, row.confirmed_at, row.tags) == ("confirmed", confirmed_at, ["keyboards", "mice"])
    assert len(_mails(session)) == 1


def test_one_click_unsubscribe_by_post_works_once_and_answers_the_same_again(
    client: TestClient, session: Session
) -> None:
    client.post(URL, json={"email": "ada@example.com"})
    mail = _mails(session)[0]
    client.post("/api/newsletter/confirm", json={"token": _confirm_token(mail)})
    match = ONE_CLICK.match(mail["headers"]["List-Unsubscribe"])
    assert match is not None
    one_click = mail["headers"]["List-Unsubscribe"][1:-1].removeprefix("https://shop.example")

    # A link checker's GET changes nothing: it is sent on to the storefront page.
    peek = client.get(one_click, follow_redirects=False)
    assert peek.status_code == 303
    assert peek.headers["location"] == f"/newsletter/unsubscribe?token={match.group(2)}"
    assert _row(session).status == "confirmed"

    # RFC 8058: the mail client POSTs the URL with a form body.
    answer = client.post(
        one_click,
        content="List-Unsubscribe=One-Click",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status"] == "unsubscribed"
    row = _row(session)
    assert (row.status, _utc(row.unsubscribed_at)) == (
        "unsubscribed",
        datetime.fromisoformat(body["unsubscribed_at"]),
    )
    again = client.post(one_click)  # the storefront page: no body
    assert (again.status_code, again.json()) == (200, body)
    assert len(_mails(session)) == 1  # unsubscribing mails nothing


def test_unsubscribing_from_the_confirmation_mail_voids_its_confirm_link(
    client: TestClient, session: Session
) -> None:
    """'I never signed up': the unsubscribe link in the confirmation mail ends it for good."""
    client.post(URL, json={"email": "ada@example.com"})
    mail = _mails(session)[0]
    answer = client.post("/api/newsletter/unsubscribe", params={"token": _unsubscribe_token(mail)})
    assert answer.status_code == 200
    confirm_answer = client.post("/api/newsletter/confirm", json={"token": _confirm_token(mail)})
    assert confirm_answer.status_code == 404 and confirm_answer.json()["code"] == "newsletter_link_invalid"
    assert _row(session).status == "unsubscribed"


def test_an_unsubscribed_address_can_sign_up_again_and_is_mailed_a_new_confirmation_at_once(
    client: TestClient, session: Session
) -> None:
    client.post(URL, json={"email": "ada@example.com", "tags": ["a"]})
    first = _mails(session)[0]
    client.post("/api/newsletter/confirm", json={"token": _confirm_token(first)})
    client.post("/api/newsletter/unsubscribe", params={"token": _unsubscribe_token(first)})
    # The old confirm link does not bring the subscription back.
    assert client.post("/api/newsletter/confirm", json={"token": _confirm_token(first)}).status_code == 404

    assert client.post(URL, json={"email": "ada@example.com", "tags": ["b"]}).status_code == 200
    row = _row(session)
    assert (row.status, row.confirmed_at, row.tags) == ("pending", None, ["a", "b"])
    mails = _mails(session)
    assert len(mails) == 2  # within the resend interval, yet mailed: the unsubscribe reset it
    answer = client.post("/api/newsletter/confirm", json={"token": _confirm_token(mails[0])})
    assert answer.status_code == 200
    row = _row(session)
    assert row.status == "confirmed" and row.unsubscribed_at is not None  # the last opt-out is kept
    assert (
        session.scalar(select(NewsletterSubscription.id).where(NewsletterSubscription.id != row.id)) is None
    )


def test_a_newsletter_issue_reaches_confirmed_subscribers_only_each_with_a_working_unsubscribe_link(
    session: Session,
) -> None:
    for email in ("ada@example.com", "bob@example.com", "cy@example.com"):
        subscribe(session, {"email": email, "tags": ["keyboards"] if email != "cy@example.com" else []})
    session.commit()
    for email in ("ada@example.com", "cy@example.com"):
        confirm(session, _confirm_token(_mails(session, email)[0]))
        session.commit()

    ids = send_issue(
        session,
        "Spring drop",
        "New switches are in.",
        "<html><body><p>New switches are in.</p></body></html>",
    )
    session.commit()
    assert len(ids) == 2
    assert len(_mails(session, "bob@example.com")) == 1  # pending: the confirmation only
    issue = _mails(session, "ada@example.com")[0]
    assert issue["subject"] == "Spring drop"
    assert issue["text"].startswith("New switches are in.\n")
    assert issue["html"].endswith("</body></html>") and "Unsubscribe</a> with one click" in issue["html"]
    token = _unsubscribe_token(issue)
    assert token != _unsubscribe_token(_mails(session, "cy@example.com")[0])  # one link per recipient
    assert issue["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    unsubscribe(session, token)
    session.commit()
    assert _row(session).status == "unsubscribed"
    tagged = send_issue(session, "Keyboards only", "k", "<p>k</p>", tag="keyboards")
    session.commit()
    assert tagged == []  # ada left, cy has no keyboards tag, bob is not confirmed
    assert len(send_issue(session, "All", "t", "<p>t</p>")) == 1  # cy
    session.rollback()


def test_the_confirmation_goes_out_over_smtp_with_the_one_click_headers(
    client: TestClient,
    smtp_server: Inbox,  # noqa: F811
) -> None:
    assert client.post(URL, json={"email": "ada@example.com"}).status_code == 200
    [message] = smtp_server.messages  # delivered by the request's background task
    assert message["To"] == "ada@example.com"
    assert message["Subject"] == "Please confirm your HALVARD newsletter subscription"
    assert ONE_CLICK.match(message["List-Unsubscribe"])
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    plain = next(p for p in message.walk() if p.get_content_type() == "text/plain")
    assert CONFIRM.search(plain.get_payload(decode=True).decode())


def test_subscriptions_from_before_double_opt_in_become_pending(db_url: str) -> None:
    downgrade(db_url, "0009")
    sessions = get_sessionmaker(db_url)
    with sessions() as s:
        s.execute(
            text(
                "INSERT INTO newsletter_subscriptions (email, tags, source, consent_at, created_at) "
                "VALUES ('old@example.com', '[]', 'footer', :t, :t)"
            ),
            {"t": datetime(2024, 1, 1, tzinfo=UTC)},
        )
        s.commit()
    upgrade(db_url)
    with sessions() as s:
        row = s.scalars(select(NewsletterSubscription)).one()
        assert (row.status, row.confirmed_at, row.confirmation_sent_at) == ("pending", None, None)
        assert s.scalars(select(NewsletterToken)).all() == []


def test_the_send_newsletter_command_mails_confirmed_subscribers_only(
    session: Session, tmp_path: Any
) -> None:
    from typer.testing import CliRunner

    from services.api.cli import app as cli

    subscribe(session, {"email": "ada@example.com", "tags": ["keyboards"]})
    subscribe(session, {"email": "bob@example.com", "tags": []})
    session.commit()
    confirm(session, _confirm_token(_mails(session, "ada@example.com")[0]))
    session.commit()
    body = tmp_path / "issue.txt"
    body.write_text("New switches are in.\n\nFirst come, first served.", encoding="utf-8")

    result = CliRunner().invoke(cli, ["send-newsletter", "--subject", "Spring drop", "--text", str(body)])
    assert result.exit_code == 0, result.output
    assert "queued for 1 confirmed subscriber(s)" in result.output
    issue = _mails(session, "ada@example.com")[0]
    assert issue["subject"] == "Spring drop"
    assert "<p>New switches are in.</p><p>First come, first served.</p>" in issue["html"]
    assert len(_mails(session, "bob@example.com")) == 1  # pending: the confirmation only

    empty = tmp_path / "empty.txt"
    empty.write_text("  \n", encoding="utf-8")
    refused = CliRunner().invoke(cli, ["send-newsletter", "--subject", "x", "--text", str(empty)])
    assert refused.exit_code == 1


def test_the_unsubscribe_redirect_is_documented_as_a_redirect_without_a_body(client: TestClient) -> None:
    """The 303 was documented as JSON (FastAPI's default) though it has no body or content type
    (found by the OpenAPI fuzz test)."""
    documented = client.app.openapi()["paths"]["/api/newsletter/unsubscribe"]["get"]["responses"]["303"]
    assert "content" not in documented
    answer = client.get("/api/newsletter/unsubscribe?token=abc", follow_redirects=False)
    assert answer.status_code == 303 and answer.content == b""
    assert answer.headers["location"] == "/newsletter/unsubscribe?token=abc"
    assert "content-type" not in answer.headers
