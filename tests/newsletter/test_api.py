"""``POST /api/newsletter`` over HTTP on the test database (SQLite, or PostgreSQL with
TEST_DATABASE_URL): stored once per address with its consent time, repeats merge tags, the
spec's invalid-email text, and the per-client rate limit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from services.newsletter import repository
from services.newsletter.domain import SignUp
from services.newsletter.models import NewsletterSubscription
from services.newsletter.service import subscribe
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings

URL = "/api/newsletter"


def _rows(session: Session) -> list[NewsletterSubscription]:
    session.rollback()  # a fresh snapshot: see what the requests committed
    return list(session.scalars(select(NewsletterSubscription).order_by(NewsletterSubscription.id)))


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def test_a_sign_up_answers_200_and_stores_the_subscription_with_its_consent_time(
    client: TestClient, session: Session
) -> None:
    before = datetime.now(UTC)
    answer = client.post(URL, json={"email": "Ada@Example.com", "tags": ["storefront"], "source": "footer"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"subscribed": True}
    assert answer.headers["cache-control"] == "no-store"
    [row] = _rows(session)
    assert (row.email, row.tags, row.source) == ("ada@example.com", ["storefront"], "footer")
    assert before - timedelta(seconds=1) <= _utc(row.consent_at) <= datetime.now(UTC)
    assert _utc(row.created_at) == _utc(row.consent_at)


def test_a_repeat_sign_up_merges_tags_into_the_one_subscription_and_answers_the_same(
    client: TestClient, session: Session
) -> None:
    first = client.post(
        URL, json={"email": "ada@example.com", "tags": ["storefront", "keyboards"], "source": "footer"}
    )
    [created] = _rows(session)
    again = client.post(
        URL, json={"email": "ADA@example.COM", "tags": ["mice", "storefront"], "source": "modal"}
    )
    assert first.json() == again.json() == {"subscribed": True}  # no way to probe who is subscribed
    [row] = _rows(session)
    assert row.id == created.id
    assert row.tags == ["storefront", "keyboards", "mice"]
    assert row.source == "footer"  # where the first sign-up came from


def test_a_repeat_renews_the_consent_time_and_keeps_the_first_sign_up_time(session: Session) -> None:
    first_at = datetime(2025, 3, 5, 12, 0, tzinfo=UTC)
    later_at = first_at + timedelta(days=30)
    made = subscribe(session, {"email": "ada@example.com", "tags": ["a"]}, now=first_at)
    merged = subscribe(session, {"email": "ada@example.com", "tags": ["b"]}, now=later_at)
    session.commit()
    assert made.created and not merged.created and made.subscription_id == merged.subscription_id
    [row] = _rows(session)
    assert (_utc(row.created_at), _utc(row.consent_at), row.tags) == (first_at, later_at, ["a", "b"])


def test_a_sign_up_that_loses_a_race_merges_instead_of_failing(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sign-ups for one address at once: both read 'not subscribed'; the second insert hits
    the unique address, rolls back to its savepoint and merges into the first's row."""
    subscribe(session, {"email": "ada@example.com", "tags": ["first"]})
    session.commit()
    real = repository.get_by_email_for_update
    reads: list[str] = []

    def stale_first_read(s: Session, email: str) -> NewsletterSubscription | None:
        reads.append(email)
        return None if len(reads) == 1 else real(s, email)

    monkeypatch.setattr(repository, "get_by_email_for_update", stale_first_read)
    result = subscribe(session, {"email": "ada@example.com", "tags": ["second"]})
    assert reads == ["ada@example.com", "ada@example.com"]  # the insert failed, then it merged
    session.commit()
    assert not result.created
    [row] = _rows(session)
    assert row.tags == ["first", "second"]


def test_the_database_refuses_a_second_row_for_an_address(session: Session) -> None:
    now = datetime.now(UTC)
    repository.insert(session, SignUp("ada@example.com", (), "api"), now)
    session.commit()
    with pytest.raises(IntegrityError):
        repository.insert(session, SignUp("ada@example.com", ("x",), "api"), now)
    session.rollback()


def test_an_invalid_email_answers_422_with_the_spec_text_and_stores_nothing(
    client: TestClient, session: Session
) -> None:
    answer = client.post(URL, json={"email": "ada@", "tags": []})
    assert answer.status_code == 422
    assert answer.json() == {
        "code": "invalid_newsletter",
        "message": "Please enter a valid email",
        "fields": {"email": "Please enter a valid email"},
    }
    assert _rows(session) == []


def test_bad_tags_and_bodies_are_422_never_500(client: TestClient) -> None:
    assert client.post(URL, json={"email": "ada@example.com", "tags": "news"}).json()["fields"] == {
        "tags": "Tags must be a list of at most 20 texts of at most 50 characters"
    }
    for body in ([], "ada@example.com", None):
        answer = client.post(URL, json=body)
        assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"


def test_more_than_five_sign_ups_a_minute_from_one_client_answer_429(
    client: TestClient, session: Session
) -> None:
    for n in range(5):
        assert client.post(URL, json={"email": f"p{n}@example.com", "tags": []}).status_code == 200
    answer = client.post(URL, json={"email": "p6@example.com", "tags": []})
    assert answer.status_code == 429
    body = answer.json()
    assert body["code"] == "rate_limited" and 1 <= body["retry_after"] <= 60
    assert answer.headers["retry-after"] == str(body["retry_after"])
    assert len(_rows(session)) == 5


def test_the_limit_is_per_client_address(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRUST_PROXY_HEADERS", "1")
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # the test client's peer is no IP address
    get_settings.cache_clear()
    for n in range(5):
        client.post(URL, json={"email": f"p{n}@example.com"}, headers={"X-Forwarded-For": "203.0.113.7"})
    blocked = client.post(URL, json={"email": "q@example.com"}, headers={"X-Forwarded-For": "203.0.113.7"})
    other = client.post(URL, json={"email": "r@example.com"}, headers={"X-Forwarded-For": "198.51.100.4"})
    assert (blocked.status_code, other.status_code) == (429, 200)


def test_the_limits_come_from_the_setting(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_NEWSLETTER", "100/minute;2/hour")
    reset_limits()
    codes = [client.post(URL, json={"email": f"p{n}@example.com"}).status_code for n in range(3)]
    assert codes == [200, 200, 429]
    monkeypatch.setenv("RATE_LIMIT_NEWSLETTER", "")
    reset_limits()
    assert all(client.post(URL, json={"email": f"s{n}@example.com"}).status_code == 200 for n in range(8))
