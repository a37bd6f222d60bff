"""The one command path (``POST /api/cart/commands`` awaiting ``CartApplication.execute_async``):
every command type answers the same whether it is decided on the event loop (cart in memory,
catalogue facts cached) or with its blocking parts in worker threads; a stale write from another
process is decided again on the stored cart; a thread holding the cart's lock is waited for
without blocking the loop; the sync ``execute`` (checkout's ``record_order``) and the coroutine
take turns on one cart; and the group committer's batch split and awaitable commits."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import IntegrityError
from fastapi.testclient import TestClient

from services.cart import store_adapter
from services.cart.application import LOCK_STRIPES, CartApplication
from services.cart.deps import get_cart_app
from services.cart.group_commit import GroupCommitter
from tests.cart.helpers import FakeCatalog, fresh_app, new_token, simple
from tests.cart.test_api import COMMANDS, seed
from tests.conftest import seeded_database


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """The app on a seeded database; catalogue facts trusted for an hour, so they get cached."""
    ttl = {"CATALOG_CACHE_TTL": "3600"}
    with seeded_database(tmp_path_factory, pg_schema_url, "command-path", seed, ttl) as (_, env):
        with TestClient(fresh_app(env)) as client:
            yield client


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


# (command, Idempotency-Key, expected status, expected code of a refusal); None: not pinned here
SCENARIO: list[tuple[Any, str | None, int | None, str | None]] = [
    ({"type": "add", "product_id": 2}, "a1", 200, None),  # first command: the cart is not in memory yet
    ({"type": "add", "product_id": 1}, "a2", 200, None),
    ({"type": "add", "product_id": 1}, "a3", 200, None),
    ({"type": "add", "product_id": 1}, "a4", 200, None),
    ({"type": "add", "product_id": 1}, "a5", 409, "count_capped"),  # stock 3
    ({"type": "set_count", "line_id": "L1", "count": 10}, "s1", 200, None),
    ({"type": "set_count", "line_id": "L2", "count": 9}, "s2", None, None),  # capped at 3
    ({"type": "set_count", "line_id": "L9", "count": 1}, "s3", 409, "line_not_found"),
    ({"type": "add", "product_id": 4}, "c1", None, "coming_soon"),
    ({"type": "add", "product_id": 5}, "d1", None, None),  # draft
    ({"type": "add", "product_id": 6}, "n1", None, None),  # no SKU
    ({"type": "set_country", "country": "us"}, "u1", 200, None),
    ({"type": "set_country", "country": "ZZ"}, "u2", None, None),  # unknown country
    ({"type": "add", "product_id": 10}, "r1", 200, None),
    ({"type": "add", "product_id": 11, "recommended_by": 10}, "r2", 200, None),
    ({"type": "add", "product_id": 11, "recommended_by": 10}, "r3", None, None),  # capped by the recommender
    ({"type": "remove", "line_id": "L3"}, "x1", 200, None),
    ({"type": "add", "product_id": 2}, "a1", 200, None),  # a resend: replayed, nothing recorded
    ({"type": "add", "product_id": 1}, "a1", 409, "idempotency_key_reused"),  # same key, other body
    ({"type": "add", "product_id": 1}, "a5", 409, "count_capped"),  # a resend of a refusal
    ({"type": "set_count", "line_id": "L1", "count": 11}, "bad1", 422, None),  # invalid body
    ('{"type": "add", "product_id": ', "bad2", 422, None),  # malformed JSON
    ({"type": "set_payment_intent", "intent": "bacs"}, "p1", 200, None),
    ({"type": "apply_coupon", "code": "NOPE"}, "k1", None, None),  # decided in a thread (coupon read)
    ({"type": "add", "product_id": 2, "price": 1}, None, None, None),  # no key; a client price is ignored
    ({"type": "start_checkout"}, "h1", None, None),
    ({"type": "clear"}, "z1", 200, None),
]
REPLAY = 17  # SCENARIO's resend of "a1"


def run_scenario(http: TestClient, token: str) -> list[tuple[int, Any]]:
    """Send SCENARIO on the cart ``token``; checks each pinned status and code, and no 5xx."""
    answers = []
    for command, key, status, code in SCENARIO:
        answer = send(http, token, command, key)
        assert answer[0] < 500, (command, key, answer)
        if status is not None:
            assert answer[0] == status, (command, key, answer)
        if code is not None:
            assert answer[1]["code"] == code, (command, key, answer)
        answers.append(answer)
    return answers


def test_every_command_answers_alike_decided_on_the_loop_or_in_threads(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_loop, in_threads = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    loop_answers = run_scenario(http, on_loop)
    cart_app = get_cart_app()
    with monkeypatch.context() as patch:
        # Nothing counts as cached, and no cart is found in memory: every load and every fact
        # read now goes to a worker thread.
        patch.setattr(cart_app.catalog, "is_cached", lambda *_: False)
        patch.setattr(store_adapter, "cached", lambda *_: None)
        thread_answers = run_scenario(http, in_threads)
    assert loop_answers == thread_answers
    status, body = loop_answers[REPLAY]
    assert status == 200 and body["replayed"] is True
    assert loop_answers[REPLAY - 17][1]["replayed"] is False
    events = [http.get("/api/cart/events", headers={"X-Cart-Token": t}).json() for t in (on_loop, in_threads)]
    assert [e["type"] for e in events[0]] == [e["type"] for e in events[1]]
    assert len(events[0]) > 15


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[tuple[CartApplication, CartApplication]]:
    """Two applications over one SQLite event store, like two API workers."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.sqlite3")}
    catalog = FakeCatalog([simple(1, stock_quantity=None), simple(2, stock_quantity=None)])
    first, second = CartApplication(dict(env), catalog=catalog), CartApplication(dict(env), catalog=catalog)
    yield first, second
    first.close()
    second.close()


def test_a_cart_another_worker_wrote_to_is_decided_again_on_the_stored_cart(
    two_processes: tuple[CartApplication, CartApplication],
) -> None:
    first, second = two_processes
    token = new_token()
    first.execute(token, {"type": "add", "product_id": 1}, "a")  # first caches the cart
    served = asyncio.run(first.execute_async(token, {"type": "add", "product_id": 1}, "b"))
    assert served.state["lines"][0]["count"] == 2
    second.execute(token, {"type": "add", "product_id": 2}, "c")  # behind first's back
    stale_before = first.committer.batches
    state = asyncio.run(
        first.execute_async(token, {"type": "set_count", "line_id": "L2", "count": 3}, "d")
    ).state
    assert first.committer.batches == stale_before + 1  # the stale attempt stored nothing
    assert [(line["line_id"], line["count"]) for line in state["lines"]] == [("L1", 2), ("L2", 3)]
    assert state == second.state(token)
    assert [e["type"] for e in first.history(token)].count("ItemCountSet") == 2  # b and d once


def test_a_thread_holding_the_carts_lock_is_waited_for_off_the_loop() -> None:
    app = CartApplication({"PERSISTENCE_MODULE": "eventsourcing.popo"}, catalog=FakeCatalog([simple(1)]))
    try:
        token = new_token()
        app.execute(token, {"type": "add", "product_id": 1}, "a")
        lock = app._cart_locks[app.get_cart(token).id.int % LOCK_STRIPES]

        async def main() -> tuple[int, int]:
            lock.acquire()  # as a thread (checkout) running a command on this cart would
            task = asyncio.create_task(app.execute_async(token, {"type": "add", "product_id": 1}, "b"))
            ticks = 0
            for _ in range(20):  # the loop keeps running while the command waits for the lock
                await asyncio.sleep(0.005)
                ticks += 1
            assert not task.done()
            lock.release()
            result = await task
            return ticks, result.state["lines"][0]["count"]

        assert asyncio.run(main()) == (20, 2)
        assert not lock.locked()
    finally:
        app.close()


def test_checkouts_sync_execute_and_commands_on_the_loop_take_turns_on_one_cart() -> None:
    catalog = FakeCatalog([simple(1, stock_quantity=None)])
    app = CartApplication({"PERSISTENCE_MODULE": "eventsourcing.popo"}, catalog=catalog)
    try:
        token = new_token()
        app.execute(token, {"type": "add", "product_id": 1}, "first")
        stale: list[Any] = []
        save = app._save_units

        def counting(*units: Any) -> None:
            try:
                save(*units)
            except IntegrityError:
                stale.append(units)
                raise

        app.committer._save_many = counting

        def in_thread(n: int) -> None:
            for i in range(3):  # 1 + 3 x 3 adds: MAX_COUNT (10), none refused
                app.execute(token, {"type": "add", "product_id": 1}, f"t{n}-{i}")

        async def on_loop() -> None:
            for i in range(3):
                await app.execute_async(token, {"type": "add", "product_id": 1}, f"l{i}")

        threads = [threading.Thread(target=in_thread, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        asyncio.run(on_loop())
        for thread in threads:
            thread.join(10)
        assert app.state(token)["lines"][0]["count"] == 10
        assert stale == []  # one process: its commands never race each other into stale writes
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
