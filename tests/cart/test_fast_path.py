"""The event-loop fast path for cart commands (``services/cart/fast_path.py``,
``CartApplication.execute_fast``) answers exactly as the FastAPI route does, hands over
whatever it cannot run without blocking, and never loses or doubles a command; and the group
committer's batch split (one stale cart does not fail the other carts of its batch)."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError
from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.cart.application import CartApplication
from services.cart.fast_path import CartCommandFastPath
from services.cart.group_commit import GroupCommitter
from tests.cart.helpers import FakeCatalog, fast_and_route_apps, new_token, simple
from tests.cart.test_api import COMMANDS, seed
from tests.conftest import seeded_database


@pytest.fixture(scope="module")
def both(
    tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one seeded database and one cart application: the first with the fast path,
    the second without. Catalogue facts are trusted for an hour, so they are cached."""
    ttl = {"CATALOG_CACHE_TTL": "3600"}
    with seeded_database(tmp_path_factory, pg_schema_url, "fast-path", seed, ttl) as (_, env):
        fast, slow = fast_and_route_apps(env)
        with TestClient(fast) as fast_client, TestClient(slow) as slow_client:
            yield fast_client, slow_client


def fast_path_of(app: FastAPI) -> CartCommandFastPath | None:
    node: Any = app.middleware_stack
    while node is not None:
        if isinstance(node, CartCommandFastPath):
            return node
        node = getattr(node, "app", None)
    return None


def send(client: TestClient, token: str, command: Any, key: str | None) -> tuple[int, Any]:
    headers = {"X-Cart-Token": token}
    if key is not None:
        headers["Idempotency-Key"] = key
    if isinstance(command, str):
        answer = client.post(
            COMMANDS, headers={**headers, "Content-Type": "application/json"}, content=command
        )
    else:
        answer = client.post(COMMANDS, headers=headers, json=command)
    body = answer.json()
    if isinstance(body, dict) and isinstance(body.get("cart"), dict):
        body["cart"].pop("cart_id")  # differs: two tokens
    return answer.status_code, body


SCENARIO: list[tuple[Any, str | None]] = [
    ({"type": "add", "product_id": 2}, "a1"),  # first command: the cart is not in memory yet
    ({"type": "add", "product_id": 1}, "a2"),
    ({"type": "add", "product_id": 1}, "a3"),
    ({"type": "add", "product_id": 1}, "a4"),
    ({"type": "add", "product_id": 1}, "a5"),  # stock 3: refused, count_capped
    ({"type": "set_count", "line_id": "L1", "count": 10}, "s1"),
    ({"type": "set_count", "line_id": "L2", "count": 9}, "s2"),  # capped at 3
    ({"type": "set_count", "line_id": "L9", "count": 1}, "s3"),  # no such line
    ({"type": "add", "product_id": 4}, "c1"),  # coming soon
    ({"type": "add", "product_id": 5}, "d1"),  # draft: product_unavailable
    ({"type": "add", "product_id": 6}, "n1"),  # no SKU
    ({"type": "set_country", "country": "us"}, "u1"),
    ({"type": "set_country", "country": "ZZ"}, "u2"),  # unknown country
    ({"type": "add", "product_id": 10}, "r1"),
    ({"type": "add", "product_id": 11, "recommended_by": 10}, "r2"),
    ({"type": "add", "product_id": 11, "recommended_by": 10}, "r3"),  # capped by the recommender
    ({"type": "remove", "line_id": "L3"}, "x1"),
    ({"type": "add", "product_id": 2}, "a1"),  # a resend: replayed, nothing recorded
    ({"type": "add", "product_id": 1}, "a1"),  # same key, other body: 409
    ({"type": "add", "product_id": 1}, "a5"),  # a resend of a refusal: the same refusal
    ({"type": "set_count", "line_id": "L1", "count": 11}, "bad1"),  # invalid body: 422
    ('{"type": "add", "product_id": ', "bad2"),  # malformed JSON: 422
    ({"type": "set_payment_intent", "intent": "bacs"}, "p1"),
    ({"type": "add", "product_id": 2, "price": 1}, None),  # no key; a client price is ignored
    ({"type": "clear"}, "z1"),
]


def test_the_fast_path_answers_every_command_exactly_as_the_route(
    both: tuple[TestClient, TestClient],
) -> None:
    fast, slow = both
    fast_token, slow_token = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    for command, key in SCENARIO:
        assert send(fast, fast_token, command, key) == send(slow, slow_token, command, key), (command, key)
    events = [
        fast.get("/api/cart/events", headers={"X-Cart-Token": t}).json() for t in (fast_token, slow_token)
    ]
    assert [e["type"] for e in events[0]] == [e["type"] for e in events[1]]
    assert len(events[0]) > 15
    path = fast_path_of(fast.app)  # type: ignore[arg-type]
    assert path is not None and fast_path_of(slow.app) is None  # type: ignore[arg-type]
    # It served the commands it could run without blocking (cart in memory, facts cached); the
    # rest (a first command, facts not read yet, malformed bodies) went to the route.
    assert path.served + path.passed == len(SCENARIO)
    assert path.served >= 10 and path.passed >= 5


def test_a_cart_another_worker_wrote_to_is_decided_again_on_the_stored_cart(tmp_path: Path) -> None:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.sqlite3")}
    catalog = FakeCatalog([simple(1, stock_quantity=None), simple(2, stock_quantity=None)])
    first, second = CartApplication(dict(env), catalog=catalog), CartApplication(dict(env), catalog=catalog)
    try:
        token = new_token()
        first.execute(token, {"type": "add", "product_id": 1}, "a")  # first remembers the cart
        fast = asyncio.run(first.execute_fast(token, {"type": "add", "product_id": 1}, "b"))
        assert fast is not None and fast.state["lines"][0]["count"] == 2  # served on the loop
        second.execute(token, {"type": "add", "product_id": 2}, "c")  # behind first's back
        stale = asyncio.run(
            first.execute_fast(token, {"type": "set_count", "line_id": "L2", "count": 3}, "d")
        )
        assert stale is None  # the write was stale: nothing stored, hand over to execute
        state = first.execute(token, {"type": "set_count", "line_id": "L2", "count": 3}, "d").state
        assert [(line["line_id"], line["count"]) for line in state["lines"]] == [("L1", 2), ("L2", 3)]
        assert state == second.state(token)
        assert [e["type"] for e in first.history(token)].count("ItemCountSet") == 2  # b and d once
    finally:
        first.close()
        second.close()


def test_the_fast_path_steps_aside_for_a_busy_cart_an_unknown_cart_and_server_decided_commands() -> None:
    app = CartApplication({"PERSISTENCE_MODULE": "eventsourcing.popo"}, catalog=FakeCatalog([simple(1)]))
    try:
        token = new_token()
        assert (
            asyncio.run(app.execute_fast(token, {"type": "add", "product_id": 1}, "a")) is None
        )  # not in memory
        app.execute(token, {"type": "add", "product_id": 1}, "a")
        assert asyncio.run(app.execute_fast(token, {"type": "start_checkout"}, "b")) is None
        lock = app._cart_locks[app.get_cart(token).id.int % 1024]
        with lock:  # a thread is running a command on this cart
            assert asyncio.run(app.execute_fast(token, {"type": "add", "product_id": 1}, "c")) is None
        assert asyncio.run(app.execute_fast(token, {"type": "add", "product_id": 1}, "c")) is not None
        assert app.state(token)["lines"][0]["count"] == 2
    finally:
        app.close()


def test_one_stale_cart_does_not_fail_the_others_in_its_batch() -> None:
    release = threading.Event()
    calls: list[tuple[str, ...]] = []

    def save_many(*units: str) -> None:
        calls.append(units)
        if len(calls) == 1:
            release.wait(5)
        if "stale" in units:
            raise IntegrityError("stale")

    committer = GroupCommitter(save_many)
    results: dict[str, str] = {}

    def save(unit: str) -> None:
        try:
            committer.save(unit)
            results[unit] = "saved"
        except IntegrityError:
            results[unit] = "stale"

    threads = [threading.Thread(target=save, args=("first",))]
    threads[0].start()
    while not calls:
        threading.Event().wait(0.001)
    for unit in ("b", "stale", "c"):
        threads.append(threading.Thread(target=save, args=(unit,)))
        threads[-1].start()
    while committer._queue.qsize() < 3:
        threading.Event().wait(0.001)
    release.set()
    for thread in threads:
        thread.join(5)
    committer.close()
    assert results == {"first": "saved", "b": "saved", "stale": "stale", "c": "saved"}
    assert sorted(calls[1]) == ["b", "c", "stale"]  # tried together, then one by one
    assert committer.split_batches == 1 and committer.saved == 3


def test_a_coroutine_awaits_its_commit_without_a_thread() -> None:
    saved: list[str] = []
    committer = GroupCommitter(lambda *units: saved.extend(units))

    async def main() -> None:
        await asyncio.gather(committer.save_async("a"), committer.save_async("b"))

    asyncio.run(main())
    committer.close()
    assert sorted(saved) == ["a", "b"]
