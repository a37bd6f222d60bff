"""Rate limits on the cart API (services/shared/ratelimit.py; docs/operations.md, Security,
"Rate limits"), on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL): refused
coupon guesses per cart and per client, cart commands per client (one route), new carts per
client. Each test sets real limits (the suite's defaults are
generous, tests/conftest.py) and talks from addresses of its own."""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.shared.ratelimit import reset_limits
from tests.cart.helpers import fresh_app
from tests.cart.test_coupons_api import seed
from tests.conftest import seeded_database

COMMANDS = "/api/cart/commands"
_hosts = itertools.count(1)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[FastAPI]:
    """The app on a seeded database (the coupon API's catalogue and coupons). Catalogue facts
    are cached for an hour, so most commands are decided on the event loop."""
    with seeded_database(
        tmp_path_factory, pg_schema_url, "rate-limits", seed, {"CATALOG_CACHE_TTL": "3600"}
    ) as (
        _,
        env,
    ):
        built = fresh_app(env)
        with TestClient(built):  # run its lifespan
            yield built


def client(app: FastAPI) -> TestClient:
    """A client of ``app`` from an address no other test uses."""
    return TestClient(app, client=(f"203.0.113.{next(_hosts)}", 50000))


@pytest.fixture
def limits(monkeypatch: pytest.MonkeyPatch) -> Any:
    """``limits(NAME=text, ...)`` sets ``RATE_LIMIT_<NAME>`` and starts the counters afresh."""

    def set_limits(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(f"RATE_LIMIT_{name.upper()}", value)
        reset_limits()

    return set_limits


def send(http: TestClient, token: str, command: dict[str, Any], key: str | None = None) -> Any:
    headers = {"X-Cart-Token": token, "Idempotency-Key": key or secrets.token_hex(8)}
    return http.post(COMMANDS, headers=headers, json=command)


def guess(http: TestClient, token: str, code: str, key: str | None = None) -> Any:
    return send(http, token, {"type": "apply_coupon", "code": code}, key)


def history(http: TestClient, token: str) -> list[dict[str, Any]]:
    answer = http.get("/api/cart/events", headers={"X-Cart-Token": token})
    assert answer.status_code == 200, answer.text
    return answer.json()


def new_cart(http: TestClient) -> str:
    token = secrets.token_urlsafe(32)
    assert send(http, token, {"type": "add", "product_id": 1}).status_code == 200
    return token


def assert_rate_limited(answer: Any, limit: str, most: int) -> dict[str, Any]:
    """``answer`` is the one 429: ``rate_limited`` with ``retry_after`` (1..``most`` s), the
    same ``Retry-After`` header and ``limit``; its body."""
    assert answer.status_code == 429, answer.text
    body = answer.json()
    assert body["code"] == "rate_limited" and body["limit"] == limit
    assert 1 <= body["retry_after"] <= most
    assert answer.headers["retry-after"] == str(body["retry_after"])
    assert answer.headers["cache-control"] == "no-store"
    return body


# ---- coupon guesses -------------------------------------------------------------------------


def test_the_sixth_unknown_code_on_a_cart_is_429_and_nothing_more_is_recorded(
    app: FastAPI, limits: Any
) -> None:
    limits(coupon_failures_per_cart="5/10 minutes", coupon_failures_per_client="50/10 minutes")
    http = client(app)
    token = new_cart(http)
    for n in range(5):
        refused = guess(http, token, f"GUESS{n}", key=f"g{n}")
        assert (refused.status_code, refused.json()["code"]) == (422, "coupon_not_found")
    recorded = len(history(http, token))
    body = assert_rate_limited(guess(http, token, "GUESS5"), "coupon_attempts", 600)
    assert body["retry_after"] > 590  # the window is 10 minutes and just began
    assert body["message"] == "Too many coupon attempts. Please try again in 10 minutes."
    # a real code is not even looked at now: the store holds no more than the limit allows
    assert_rate_limited(guess(http, token, "welcome10"), "coupon_attempts", 600)
    assert len(history(http, token)) == recorded
    # a retry of an answered guess still gets its original answer, not a 429
    replay = guess(http, token, "GUESS0", key="g0")
    assert (replay.status_code, replay.json()["code"], replay.json()["replayed"]) == (
        422,
        "coupon_not_found",
        True,
    )
    # other commands on the cart are not held back
    assert send(http, token, {"type": "add", "product_id": 2}).status_code == 200


def test_refused_guesses_count_per_client_across_carts_and_not_for_other_clients(
    app: FastAPI, limits: Any
) -> None:
    limits(coupon_failures_per_cart="5/10 minutes", coupon_failures_per_client="7/10 minutes")
    http, other = client(app), client(app)
    first, second = new_cart(http), new_cart(http)
    for n in range(5):
        assert guess(http, first, f"A{n}").status_code == 422
    for n in range(2):
        assert guess(http, second, f"B{n}").status_code == 422
    assert_rate_limited(guess(http, second, "B2"), "coupon_attempts", 600)  # the client's 8th
    # another client is unaffected, even on the cart the first used up
    assert guess(other, new_cart(other), "C0").status_code == 422
    assert_rate_limited(guess(other, first, "C1"), "coupon_attempts", 600)  # per cart: 5 used


def test_successful_applies_and_cart_refusals_do_not_count(app: FastAPI, limits: Any) -> None:
    limits(coupon_failures_per_cart="2/10 minutes", coupon_failures_per_client="2/10 minutes")
    http = client(app)
    token = new_cart(http)  # one mouse: 59.99, under save20's minimum spend
    for _ in range(3):
        assert send(http, token, {"type": "apply_coupon", "code": "welcome10"}).status_code == 200
        assert send(http, token, {"type": "remove_coupon", "code": "welcome10"}).status_code == 200
        minimum = guess(http, token, "save20")
        assert (minimum.status_code, minimum.json()["code"]) == (409, "coupon_minimum_spend")
    # An email-restricted coupon applies in the cart (its email rule runs at checkout): no count.
    restricted = send(http, token, {"type": "apply_coupon", "code": "staff40"})
    assert restricted.status_code == 200, restricted.text
    assert send(http, token, {"type": "remove_coupon", "code": "staff40"}).status_code == 200
    assert guess(http, token, "NOPE1").status_code == 422  # counts
    assert guess(http, token, "NOPE2").status_code == 422  # counts: the limit (2) is used up
    assert_rate_limited(guess(http, token, "save20"), "coupon_attempts", 600)


# ---- cart commands per client ---------------------------------------------------------------


def test_cart_commands_per_client(app: FastAPI, limits: Any) -> None:
    limits(cart_commands="5/minute")
    http = client(app)
    token = secrets.token_urlsafe(32)
    for _ in range(5):
        assert send(http, token, {"type": "add", "product_id": 2}).status_code == 200
    recorded = len(history(http, token))
    limited = send(http, token, {"type": "add", "product_id": 2})
    body = assert_rate_limited(limited, "cart_commands", 60)
    assert len(history(http, token)) == recorded
    assert_rate_limited(http.post("/api/cart"), "cart_commands", 60)  # every cart POST counts
    assert send(client(app), token, {"type": "add", "product_id": 2}).status_code == 200  # another client
    assert body["message"].startswith("Too many cart changes at once. Please try again in ")
    assert limited.headers["Cache-Control"] == "no-store"


def test_a_malformed_command_counts_against_cart_commands_too(app: FastAPI, limits: Any) -> None:
    """The limit is counted before the body is read: a client sending garbage is limited too."""
    limits(cart_commands="2/minute")
    http = client(app)
    token = secrets.token_urlsafe(32)
    for _ in range(2):
        assert send(http, token, {"type": "teleport"}).status_code == 422
    assert_rate_limited(send(http, token, {"type": "add", "product_id": 2}), "cart_commands", 60)


def test_a_command_decided_in_a_thread_counts_once(app: FastAPI, limits: Any) -> None:
    limits(cart_commands="3/minute")
    http = client(app)
    token = secrets.token_urlsafe(32)
    # apply_coupon is decided in a worker thread (its coupon is read from the database): it
    # still counts once
    for _ in range(3):
        assert send(http, token, {"type": "apply_coupon", "code": "welcome10"}).status_code in (200, 409)
    assert_rate_limited(send(http, token, {"type": "apply_coupon", "code": "welcome10"}), "cart_commands", 60)


# ---- new carts per client -------------------------------------------------------------------


def test_new_carts_per_client(app: FastAPI, limits: Any) -> None:
    limits(new_carts="3/minute")
    http = client(app)
    started = [http.post("/api/cart") for _ in range(2)]
    assert [a.status_code for a in started] == [201, 201]
    token = new_cart(http)  # a first command starts a cart too: the third
    assert http.post("/api/cart", headers={"X-Cart-Token": token}).status_code == 201  # exists: not new
    assert_rate_limited(http.post("/api/cart"), "new_carts", 60)
    fresh = secrets.token_urlsafe(32)
    assert_rate_limited(send(http, fresh, {"type": "add", "product_id": 1}), "new_carts", 60)
    assert http.get("/api/cart", headers={"X-Cart-Token": fresh}).status_code == 404  # nothing stored
    # commands on the carts it has still run, and another client may start carts
    assert send(http, token, {"type": "add", "product_id": 2}).status_code == 200
    assert client(app).post("/api/cart").status_code == 201
