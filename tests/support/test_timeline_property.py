"""The support timeline against the cart API's own answers (docs/spec.md section 2.14), on the
test database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

Property: for random command sequences sent through ``/api/cart/commands`` (refusals, caps,
coupons, unknown lines, country changes and checkout hand-offs included), the state the
support timeline shows at every version the API answered equals that answer, and the
timeline has one entry per stored event."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.discounts.models import Coupon
from services.staff.service import create_staff_user
from tests.cart.test_api import seed as seed_cart_catalogue
from tests.conftest import seeded_database

PASSWORD = "correct horse battery staple"
SUPPORT_EMAIL = "huginn@halvard.gg"


def seed(session: Session) -> None:
    """The cart API tests' catalogue, three coupons (one expired) and a support user."""
    seed_cart_catalogue(session)
    session.add_all(
        [
            Coupon(id=71, code="welcome10", description="", discount_type="percent", amount=1000),
            Coupon(id=72, code="big50", description="", amount=5000, minimum_amount=20000),
            Coupon(
                id=73,
                code="spring",
                description="",
                amount=500,
                date_expires=(datetime.now(UTC) - timedelta(days=2)).replace(tzinfo=None),
            ),
        ]
    )
    create_staff_user(session, SUPPORT_EMAIL, PASSWORD, "support")
    session.commit()


@pytest.fixture(scope="module")
def clients(
    tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None
) -> Iterator[tuple[TestClient, TestClient]]:
    """A shopper's client and a support user's client on one seeded database."""
    with (
        seeded_database(
            tmp_path_factory,
            pg_schema_url,
            "support-property",
            seed,
            {
                "RATE_LIMIT_CART_COMMANDS": "100000/minute",
                "RATE_LIMIT_NEW_CARTS": "100000/minute",
                "RATE_LIMIT_COUPON_FAILURES_PER_CART": "100000/minute",
                "RATE_LIMIT_COUPON_FAILURES_PER_CLIENT": "100000/minute",
            },
        ),
        TestClient(create_app()) as shopper,
        TestClient(create_app()) as support,
    ):
        support.headers["Origin"] = "http://testserver"
        answer = support.post("/api/staff/login", json={"email": SUPPORT_EMAIL, "password": PASSWORD})
        assert answer.status_code == 200, answer.text
        yield shopper, support


ADD = {"type": "add", "variation_id": None, "configuration": None, "recommended_by": None}
COMMANDS = st.one_of(
    st.builds(lambda pid: {**ADD, "product_id": pid}, st.sampled_from([1, 1, 2, 4, 5, 10, 11, 31575, 999])),
    st.builds(lambda rec: {**ADD, "product_id": 11, "recommended_by": rec}, st.sampled_from([10, None])),
    st.builds(
        lambda conf: {**ADD, "product_id": 26907, "configuration": conf},
        st.sampled_from([["case:alu"], ["case:wood"], ["case:poly"]]),
    ),
    st.builds(
        lambda n, c: {"type": "set_count", "line_id": f"L{n}", "count": c},
        st.integers(1, 4),
        st.integers(0, 10),
    ),
    st.builds(lambda n: {"type": "remove", "line_id": f"L{n}"}, st.integers(1, 4)),
    st.builds(lambda c: {"type": "set_country", "country": c}, st.sampled_from(["DE", "US"])),
    st.builds(lambda i: {"type": "set_payment_intent", "intent": i}, st.sampled_from(["bacs", "cod"])),
    st.just({"type": "clear"}),
    st.just({"type": "start_checkout"}),
    st.builds(
        lambda code: {"type": "apply_coupon", "code": code},
        st.sampled_from(["welcome10", "big50", "spring", "nope"]),
    ),
    st.builds(lambda code: {"type": "remove_coupon", "code": code}, st.sampled_from(["welcome10", "big50"])),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(commands=st.lists(COMMANDS, min_size=1, max_size=15), retry=st.booleans())
def test_the_timeline_shows_at_every_version_what_the_cart_api_answered(
    clients: tuple[TestClient, TestClient], commands: list[dict[str, Any]], retry: bool
) -> None:
    shopper, support = clients
    token = secrets.token_urlsafe(32)
    answers: dict[int, Any] = {}
    for number, command in enumerate(commands):
        headers = {"X-Cart-Token": token, "Idempotency-Key": f"cmd-{number}"}
        for _ in range(2 if retry else 1):  # a resent command is answered from the stream
            answer = shopper.post("/api/cart/commands", headers=headers, json=command)
            assert answer.status_code in (200, 201, 409, 422), answer.text
            body = answer.json()
            cart = body.get("cart")  # refusals carry it too ({code, message, cart, replayed})
            if cart is not None:
                answers.setdefault(cart["version"], cart)
                assert answers[cart["version"]] == cart  # the same version is always the same answer
    if not answers:
        return
    cart_id = next(iter(answers.values()))["cart_id"]
    timeline = support.get(f"/api/support/carts/{cart_id}/timeline")
    assert timeline.status_code == 200, timeline.text
    document = timeline.json()
    entries = document["entries"]
    assert [e["version"] for e in entries] == list(range(1, document["version"] + 1))
    by_version = {e["version"]: e for e in entries}
    for version, cart in answers.items():
        assert by_version[version]["state"] == cart, version
    for entry in entries:
        if entry["event_type"] == "CommandRefused":
            assert entry["description"] == f"Refused: {entry['refusal']['message']}"
