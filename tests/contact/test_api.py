"""``POST /api/mail`` over HTTP on the test database (SQLite, or PostgreSQL with
TEST_DATABASE_URL): stored once, the support mail queued in the mail outbox (and delivered over
SMTP when configured), the spec's validation texts, repeats, and the per-client rate limit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.contact.domain import ContactForm
from services.contact.mails import support_mail
from services.contact.models import ContactMessage
from services.contact.service import submit_message
from services.mail.models import OutboxMail
from services.mail.outbox import UnsafeHeader
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from tests.contact.conftest import TOPIC, Inbox, valid_form
from tests.mailbox import read_mailbox

MAIL = "/api/mail"


def _messages(session: Session) -> list[ContactMessage]:
    session.rollback()  # a fresh snapshot: see what the requests committed
    return list(session.scalars(select(ContactMessage).order_by(ContactMessage.id)))


def _outbox(session: Session) -> list[OutboxMail]:
    session.rollback()  # a fresh snapshot: see what the requests committed
    return list(session.scalars(select(OutboxMail).order_by(OutboxMail.id)))


def test_a_valid_message_answers_200_and_is_stored_once_with_its_support_mail(
    client: TestClient, session: Session
) -> None:
    answer = client.post(MAIL, json=valid_form())
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"sent": True}
    assert answer.headers["cache-control"] == "no-store"

    [message] = _messages(session)
    assert (message.email, message.name, message.order_number, message.topic, message.message) == (
        "ada@example.com",
        "Ada Lovelace",
        "123456789",
        TOPIC,
        "Where is my keyboard?",
    )
    assert abs(message.created_at.replace(tzinfo=UTC) - datetime.now(UTC)) < timedelta(minutes=1)

    [mail] = _outbox(session)
    assert mail.to == "support@halvard.gg"  # support@{SITE_HOST} by default
    assert mail.reference == f"contact:{message.id}"
    assert mail.backend == "outbox" and mail.sent_at is not None
    assert mail.subject == f"Contact #{message.id}: {TOPIC} – Ada Lovelace"
    assert "Where is my keyboard?" in mail.text and "Reply to: ada@example.com" in mail.text
    assert "Order number: 123456789" in mail.text


def test_the_support_mail_is_readable_in_the_dev_mailbox(client: TestClient) -> None:
    client.post(MAIL, json=valid_form())
    [listed] = read_mailbox(client.app, "support@halvard.gg")
    assert listed["subject"].startswith("Contact #")


def test_support_email_and_site_host_choose_the_recipient(
    client: TestClient, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SITE_HOST", "shop.example.org")
    get_settings.cache_clear()
    client.post(MAIL, json=valid_form(message="one"))
    monkeypatch.setenv("SUPPORT_EMAIL", "help@example.net")
    get_settings.cache_clear()
    client.post(MAIL, json=valid_form(message="two"))
    assert [m.to for m in _outbox(session)] == ["support@shop.example.org", "help@example.net"]


def test_html_in_a_message_is_stored_raw_and_escaped_in_the_mails_html(
    client: TestClient, session: Session
) -> None:
    text = "<script>alert('x')</script>\n<b>bold</b> & more"
    name = "<img src=x onerror=alert(1)>"
    assert client.post(MAIL, json=valid_form(message=text, name=name)).status_code == 200
    [message] = _messages(session)
    assert message.message == text and message.name == name
    [mail] = _outbox(session)
    assert text in mail.text  # text/plain: as typed
    assert "<script>" not in mail.html and "<img" not in mail.html and "<b>bold" not in mail.html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in mail.html
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; more" in mail.html


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        (valid_form(email="ada@"), {"email": "Please provide a valid email adress"}),
        (valid_form(message="   "), {"message": "Please write something"}),
        (valid_form(orderNumber="A-17"), {"orderNumber": "Please enter a numeric order number"}),
        (
            {"email": "", "message": ""},
            {"email": "Please provide a valid email adress", "message": "Please write something"},
        ),
    ],
)
def test_invalid_forms_answer_422_with_the_spec_texts_and_store_nothing(
    client: TestClient, session: Session, body: dict[str, object], fields: dict[str, str]
) -> None:
    answer = client.post(MAIL, json=body)
    assert answer.status_code == 422
    assert answer.json() == {
        "code": "invalid_contact",
        "message": "; ".join(fields.values()),
        "fields": fields,
    }
    assert _messages(session) == [] and _outbox(session) == []


def test_a_body_that_is_not_an_object_is_a_422_not_a_500(client: TestClient) -> None:
    for body in ([1, 2], "text", 3):
        answer = client.post(MAIL, json=body)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"
    answer = client.post(MAIL, content=b"{not json", headers={"Content-Type": "application/json"})
    assert answer.status_code == 422


def test_an_identical_resend_is_answered_as_sent_without_a_second_message(
    client: TestClient, session: Session
) -> None:
    assert client.post(MAIL, json=valid_form()).status_code == 200
    assert client.post(MAIL, json=valid_form(email="ada@EXAMPLE.com")).status_code == 200
    assert len(_messages(session)) == 1 and len(_outbox(session)) == 1
    assert client.post(MAIL, json=valid_form(message="A second question")).status_code == 200
    assert len(_messages(session)) == 2 and len(_outbox(session)) == 2


def test_a_resend_after_the_repeat_window_is_a_new_message(session: Session) -> None:
    start = datetime(2025, 3, 5, 12, 0, tzinfo=UTC)
    first = submit_message(session, valid_form(), now=start)
    again = submit_message(session, valid_form(), now=start + timedelta(minutes=9))
    later = submit_message(session, valid_form(), now=start + timedelta(minutes=11))
    session.commit()
    assert again.repeated and again.message_id == first.message_id
    assert not later.repeated and later.message_id != first.message_id
    assert len(_messages(session)) == 2 and len(_outbox(session)) == 2


def test_more_than_five_messages_a_minute_from_one_client_answer_429(
    client: TestClient, session: Session
) -> None:
    for n in range(5):
        assert client.post(MAIL, json=valid_form(message=f"question {n}")).status_code == 200
    answer = client.post(MAIL, json=valid_form(message="question 6"))
    assert answer.status_code == 429
    body = answer.json()
    assert body["code"] == "rate_limited" and body["message"].startswith("Too many messages.")
    assert 1 <= body["retry_after"] <= 60 and answer.headers["retry-after"] == str(body["retry_after"])
    assert len(_messages(session)) == 5  # the refused one is not stored


def test_invalid_attempts_count_towards_the_limit_too(client: TestClient) -> None:
    for _ in range(5):
        assert client.post(MAIL, json=valid_form(email="nope")).status_code == 422
    assert client.post(MAIL, json=valid_form()).status_code == 429


def test_the_limit_is_per_client_address(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUST_PROXY_HEADERS", "1")
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # the test client's peer is no IP address
    get_settings.cache_clear()
    for n in range(5):
        client.post(MAIL, json=valid_form(message=f"q{n}"), headers={"X-Forwarded-For": "203.0.113.7"})
    blocked = client.post(MAIL, json=valid_form(message="q6"), headers={"X-Forwarded-For": "203.0.113.7"})
    other = client.post(MAIL, json=valid_form(message="q7"), headers={"X-Forwarded-For": "198.51.100.4"})
    assert (blocked.status_code, other.status_code) == (429, 200)


def test_the_hourly_limit_holds_across_minutes(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_CONTACT", "100/minute;3/hour")
    reset_limits()
    codes = [client.post(MAIL, json=valid_form(message=f"q{n}")).status_code for n in range(4)]
    assert codes == [200, 200, 200, 429]


def test_an_empty_rate_limit_setting_turns_the_limit_off(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RATE_LIMIT_CONTACT", "")
    reset_limits()
    assert all(client.post(MAIL, json=valid_form(message=f"q{n}")).status_code == 200 for n in range(8))


def test_with_smtp_the_support_mail_is_delivered_after_the_commit(
    client: TestClient, session: Session, smtp_server: Inbox
) -> None:
    assert client.post(MAIL, json=valid_form(message="Hello <b>support</b>")).status_code == 200
    [message] = smtp_server.messages
    assert message["To"] == "support@halvard.gg"
    assert message["Subject"].startswith("Contact #")
    parts = {
        part.get_content_type(): part.get_payload(decode=True).decode()
        for part in message.walk()
        if not part.is_multipart()
    }
    assert "Hello <b>support</b>" in parts["text/plain"]
    assert "Hello &lt;b&gt;support&lt;/b&gt;" in parts["text/html"]
    [mail] = _outbox(session)
    assert mail.backend == "smtp" and mail.sent_at is not None and mail.attempts == 1


def test_counting_messages_in_the_database(client: TestClient, session: Session) -> None:
    """Two different visitors, two rows: nothing is merged across senders."""
    client.post(MAIL, json=valid_form(email="ada@example.com"))
    client.post(MAIL, json=valid_form(email="bob@example.com"))
    assert session.scalar(select(func.count()).select_from(ContactMessage)) == 2


def test_the_support_mail_replies_to_the_shopper(client: TestClient, session: Session) -> None:
    client.post(MAIL, json=valid_form(email="Grace.Hopper@Example.COM"))
    [mail] = _outbox(session)
    assert mail.headers == {"Reply-To": "Grace.Hopper@example.com"}  # as validated: domain lower-cased
    [listed] = read_mailbox(client.app, "support@halvard.gg")
    assert listed["headers"] == {"Reply-To": "Grace.Hopper@example.com"}


@pytest.mark.parametrize(
    "email",
    [
        "ada@example.com\r\nBcc: eve@example.com",
        "ada@example.com\nBcc: eve@example.com",
        "ada@example.com\rBcc: eve@example.com",
        "ada@example.com%0d%0aBcc: eve@example.com",
        "ada@example.com\u2028Bcc: eve@example.com",
        "Eve <eve@example.com>, ada@example.com",
        "ada@example.com\x00",
    ],
)
def test_an_address_that_would_inject_headers_is_refused_and_nothing_is_mailed(
    client: TestClient, session: Session, email: str
) -> None:
    answer = client.post(MAIL, json=valid_form(email=email))
    assert answer.status_code == 422
    assert answer.json()["fields"] == {"email": "Please provide a valid email adress"}
    assert _outbox(session) == []


def test_a_line_break_can_never_reach_the_reply_to_header_even_past_validation() -> None:
    """Defence in depth: were the parser ever to let one through, building the mail fails."""
    form = ContactForm(
        email="ada@example.com\r\nBcc: eve@example.com",
        name="Ada",
        order_number=None,
        topic=TOPIC,
        message="Hi",
    )
    with pytest.raises(UnsafeHeader):
        support_mail(form, 1, datetime.now(UTC), "support@halvard.gg")


def test_with_smtp_the_delivered_support_mail_has_reply_to_the_shopper_and_no_other_recipient(
    client: TestClient, smtp_server: Inbox
) -> None:
    assert client.post(MAIL, json=valid_form(email="ada@example.com")).status_code == 200
    [message] = smtp_server.messages
    assert message["Reply-To"] == "ada@example.com"
    assert message.get_all("Bcc") is None and message.get_all("Cc") is None
    assert message["To"] == "support@halvard.gg"
