"""The per-process memory of recently committed carts (the library's aggregate cache, set up by
``services/cart/store_adapter.py``) and the group committer: two processes sharing one event
store still see each other's writes, a failed decision or save leaves no half-decided cart in
the cache, and concurrent commands are saved in batches."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError

from services.cart import store_adapter
from services.cart.application import CartApplication
from services.cart.group_commit import GroupCommitter
from tests.cart.helpers import FakeCatalog, new_token, simple


@pytest.fixture
def two_processes(tmp_path: Path) -> Iterator[tuple[CartApplication, CartApplication]]:
    """Two applications over one SQLite event store, like two API workers."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.sqlite3")}
    catalog = FakeCatalog([simple(1, stock_quantity=None), simple(2, stock_quantity=None)])
    first = CartApplication(dict(env), catalog=catalog)
    second = CartApplication(dict(env), catalog=catalog)
    yield first, second
    first.close()
    second.close()


def test_a_worker_sees_what_another_worker_wrote_since_it_last_touched_the_cart(
    two_processes: tuple[CartApplication, CartApplication],
) -> None:
    first, second = two_processes
    token = new_token()
    first.execute(token, {"type": "add", "product_id": 1}, "a")  # first now remembers the cart
    second.execute(token, {"type": "add", "product_id": 2}, "b")  # written behind first's back
    state = first.execute(token, {"type": "set_count", "line_id": "L2", "count": 3}, "c").state
    assert [(line["line_id"], line["count"]) for line in state["lines"]] == [("L1", 1), ("L2", 3)]
    assert state == second.state(token)  # both agree with the store


def test_a_failed_save_is_retried_from_the_stored_cart_not_the_half_applied_one(
    two_processes: tuple[CartApplication, CartApplication], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, _ = two_processes
    token = new_token()
    first.execute(token, {"type": "add", "product_id": 1}, "a")
    save, calls = first._save_units, []

    def fails_once(*carts):  # type: ignore[no-untyped-def]
        calls.append(len(carts))
        if len(calls) == 1:
            raise IntegrityError("simulated stale write")
        return save(*carts)

    monkeypatch.setattr(first, "_save_units", fails_once)
    state = first.execute(token, {"type": "add", "product_id": 1}, "b").state
    assert state["lines"][0]["count"] == 2  # +1 once, not twice
    assert state["version"] == first.state(token)["version"] == 3
    assert len(calls) == 2


@pytest.mark.parametrize("failure", ["save", "decision"])
def test_a_failed_save_or_decision_leaves_no_half_decided_cart_in_the_cache(
    two_processes: tuple[CartApplication, CartApplication], monkeypatch: pytest.MonkeyPatch, failure: str
) -> None:
    first, _ = two_processes
    token = new_token()
    first.execute(token, {"type": "add", "product_id": 1}, "a")
    cart_id = first.get_cart(token).id
    cached = store_adapter.cached(first, cart_id)
    assert cached is not None and cached.version == 2  # the committed cart, kept for the next command

    def broken(*_: object) -> None:
        raise RuntimeError(f"simulated {failure} failure")

    with monkeypatch.context() as patch:
        patch.setattr(first, "_save_units" if failure == "save" else "decider_input", broken)
        with pytest.raises(RuntimeError):
            first.execute(token, {"type": "add", "product_id": 1}, "b")
    assert store_adapter.cached(first, cart_id) is None  # evicted: it may hold undecided events
    state = first.execute(token, {"type": "add", "product_id": 1}, "b").state
    assert state["lines"][0]["count"] == 2 and state["version"] == 3 == first.state(token)["version"]
    assert store_adapter.cached(first, cart_id).version == 3  # type: ignore[union-attr]


def test_reads_see_the_store_not_this_processes_cache(
    two_processes: tuple[CartApplication, CartApplication],
) -> None:
    first, second = two_processes
    token = new_token()
    first.execute(token, {"type": "add", "product_id": 1}, "a")
    second.execute(token, {"type": "add", "product_id": 2}, "b")
    assert store_adapter.cached(first, first.get_cart(token).id).version == 2  # type: ignore[union-attr]
    assert first.state(token)["version"] == 3  # read from the store
    assert first.start(token)["version"] == 3


def test_saves_that_arrive_while_a_batch_commits_go_together_in_the_next_batch() -> None:
    release = threading.Event()
    batches: list[tuple[str, ...]] = []

    def save_many(*carts: str) -> None:
        batches.append(carts)
        if len(batches) == 1:
            release.wait(5)  # the first transaction is slow to commit

    committer = GroupCommitter(save_many)
    first = threading.Thread(target=committer.save, args=("a",))
    first.start()
    while not batches:  # the committer has taken "a" and is committing it
        threading.Event().wait(0.001)
    others = [threading.Thread(target=committer.save, args=(name,)) for name in "bcdef"]
    for thread in others:
        thread.start()
    while committer._queue.qsize() < 5:  # all five wait behind the first commit
        threading.Event().wait(0.001)
    release.set()
    for thread in [first, *others]:
        thread.join(5)
    committer.close()
    assert batches[0] == ("a",)
    assert sorted(batches[1]) == ["b", "c", "d", "e", "f"] and len(batches) == 2
    assert (committer.batches, committer.saved) == (2, 6)


def test_a_failed_batch_fails_every_command_in_it() -> None:
    def save_many(*carts: str) -> None:
        raise IntegrityError("stale")

    committer = GroupCommitter(save_many)
    with pytest.raises(IntegrityError):
        committer.save("a")
    committer.close()
    with pytest.raises(RuntimeError):
        committer.save("b")  # closed


def test_starting_a_cart_for_a_country_we_do_not_ship_to_is_refused(tmp_path: Path) -> None:
    from services.shared.errors import Invalid

    app = CartApplication({"PERSISTENCE_MODULE": "eventsourcing.popo"}, catalog=FakeCatalog([]))
    try:
        with pytest.raises(Invalid) as refused:
            app.start(new_token(), "ZZ")
        assert refused.value.code == "unknown_country"
    finally:
        app.close()
