"""No acknowledged cart command is lost or applied twice across a ``kill -9`` of the API
(docs/targets.md section 6.1).

The real server runs in a subprocess (``uvicorn services.api.main:app``, one process, the
settings of production: catalogue facts trusted for 1 s, the projector in the
process) on the test database (SQLite, or the PostgreSQL schema of ``TEST_DATABASE_URL``).
64 clients on 8 shared carts send 18 commands each (``tests/cart/shared_cart_load.py``), each
retried with the same Idempotency-Key and body until it is answered. After a few hundred
answers the server is killed with SIGKILL, started again on the same port, and the clients
finish. Then every cart's history and state must show each answered command exactly once,
the answers must match the history, and the counts must be what the answers imply.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy.orm import Session

from services.catalog.models import Country, TaxRate
from tests.cart.processes import Server, free_port
from tests.cart.shared_cart_load import ClientLog, Sent, SharedCartLoad, check_cart, check_carts
from tests.conftest import seeded_database
from tests.factories import create_product

CARTS = 8
CLIENTS_PER_CART = 8
PRODUCTS = list(range(101, 101 + 2 * CLIENTS_PER_CART))
KILL_AFTER = 300  # answered commands before the kill (of 64 x 18 = 1,152)


def seed(session: Session) -> None:
    """16 simple products with unmanaged stock (``add`` accepts each up to 10 times), Germany."""
    for pid in PRODUCTS:
        create_product(session, id=pid, name=f"Crash Test Item {pid}", sku=f"HV-CRASH-{pid}")
    session.add_all(
        [
            Country(code="DE", name="Germany", currency="EUR", is_eu=True),
            TaxRate(country="DE", name="MwSt.", rate_bp=1900),
        ]
    )
    session.commit()


@pytest.fixture
def database(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[str]:
    """A migrated database with :func:`seed`'s catalogue; ``os.environ`` names it (and its
    ``DATA_DIR``, where the SQLite event store lives) while the test runs."""
    with seeded_database(tmp_path_factory, pg_schema_url, "crash-recovery", seed) as (url, _):
        yield url


@pytest.mark.usefixtures("one_cluster_at_a_time")
def test_no_acknowledged_command_is_lost_or_applied_twice_across_kill_9(
    database: str, tmp_path: Path
) -> None:
    server = Server(free_port(), tmp_path / "server.log")
    load: SharedCartLoad | None = None
    try:
        server.start()
        with httpx.Client(base_url=server.base_url, timeout=30) as http:
            tokens = [http.post("/api/cart").json()["token"] for _ in range(CARTS)]
        load = SharedCartLoad(
            server.base_url,
            tokens,
            PRODUCTS,
            clients_per_cart=CLIENTS_PER_CART,
            prefix="crash",
            timeout=20.0,
            deadline=150.0,
        )
        load.start()
        waited = time.monotonic() + 60
        while load.answered < KILL_AFTER and not load.done() and time.monotonic() < waited:
            time.sleep(0.005)
        answered_at_kill = load.answered
        assert KILL_AFTER <= answered_at_kill < len(load.logs) * 18, (
            f"the kill must come mid-load: {answered_at_kill} answered; log:\n{server.tail()}"
        )
        server.kill()
        failures_at_kill = len(load.failures)
        server.start()
        assert load.join(), "clients still running after the deadline"

        problems = [f"cart {log.cart} client {log.client}: {log.error}" for log in load.logs if log.error]
        problems += [f"{s.key}: unexpected answer {s.unexpected}" for s in load.sent if s.unexpected]
        problems += [f"{s.key}: never answered" for s in load.sent if s.status is None]
        assert not problems, "\n".join(problems[:20]) + f"\nserver log:\n{server.tail()}"
        sent = load.sent
        assert len(sent) == len(load.logs) * 18

        reports = check_carts(server.base_url, load)
        findings = [f"cart {n}: {p}" for n, r in enumerate(reports) for p in r.problems]
        assert not findings, "\n".join(findings) + f"\nserver log:\n{server.tail()}"
        # Nothing acknowledged is lost and nothing applied twice; every cart shows exactly the
        # commands of its clients (18 each, all accepted: unmanaged stock, counts <= 10).
        assert sum(r.acknowledged for r in reports) == len(sent)
        assert all(r.commands == CLIENTS_PER_CART * 18 for r in reports)
        # The fault really hit the load: requests failed after the kill and were retried, and
        # the restarted server answered the rest.
        assert len(load.failures) > failures_at_kill
        assert any(s.attempts > 1 for s in sent)
        assert load.answered - answered_at_kill > 0
    finally:
        server.stop()


# ---- the checks themselves, on histories made by hand -------------------------------------------


def _event(version: int, kind: str, key: str | None, **data: object) -> dict[str, object]:
    return {"version": version, "type": kind, "timestamp": "", "data": {"command_id": key, **data}}


def _line(line_id: str, product: int) -> dict[str, object]:
    return {"line_id": line_id, "product_id": product, "count": 1}


def _answered(key: str, body: dict[str, object], step: tuple[str, int, int], version: int) -> Sent:
    return Sent(key, body, step, status=200, version=version, attempts=1)


def _client(*sent: Sent) -> ClientLog:
    return ClientLog(cart=0, client=0, products=(101, 102), sent=list(sent))


ADD_A = {"type": "add", "product_id": 101}


def test_checks_pass_a_cart_that_shows_each_answered_command_once() -> None:
    history = [
        _event(1, "Started", None),
        _event(2, "ItemAdded", "k1", line=_line("L1", 101)),
        _event(3, "ItemCountSet", "k2", line_id="L1", count=2, reason="added", stock={}),
    ]
    state = {"version": 3, "lines": [{"line_id": "L1", "product_id": 101, "count": 2}]}
    log = _client(_answered("k1", ADD_A, ("add", 101, 0), 2), _answered("k2", ADD_A, ("add", 101, 0), 3))
    report = check_cart(history, state, [log])
    assert report.problems == []
    assert (report.acknowledged, report.commands) == (2, 2)


def test_checks_find_an_acknowledged_command_missing_from_the_history() -> None:
    history = [_event(1, "Started", None), _event(2, "ItemAdded", "k1", line=_line("L1", 101))]
    state = {"version": 2, "lines": [{"line_id": "L1", "product_id": 101, "count": 1}]}
    log = _client(_answered("k1", ADD_A, ("add", 101, 0), 2), _answered("k2", ADD_A, ("add", 101, 0), 3))
    report = check_cart(history, state, [log])
    assert report.lost == ["k2"]
    assert report.count_mismatch  # 1 in the cart, 2 answered


def test_checks_find_a_command_applied_twice_back_to_back_or_apart() -> None:
    again = _event(3, "ItemCountSet", "k1", line_id="L1", count=2, reason="added", stock={})
    history = [_event(1, "Started", None), _event(2, "ItemAdded", "k1", line=_line("L1", 101)), again]
    state = {"version": 3, "lines": [{"line_id": "L1", "product_id": 101, "count": 2}]}
    log = _client(_answered("k1", ADD_A, ("add", 101, 0), 2))
    report = check_cart(history, state, [log])
    assert report.applied_twice == ["k1 x2"]  # one run of versions, but two own events
    assert report.answer_mismatch  # answered v2, the key's events go up to v3

    apart = [
        _event(1, "Started", None),
        _event(2, "ItemAdded", "k1", line=_line("L1", 101)),
        _event(3, "PaymentIntentSet", "k2", intent="pi"),
        _event(4, "ItemCountSet", "k1", line_id="L1", count=2, reason="added", stock={}),
    ]
    state = {"version": 4, "lines": [{"line_id": "L1", "product_id": 101, "count": 2}]}
    report = check_cart(apart, state, [log])
    assert report.applied_twice == ["k1 x2"]
    assert report.foreign == ["k2"]


def test_checks_count_a_command_with_several_events_once() -> None:
    set_a = {"type": "set_count", "line_id": "L1", "count": 3}
    history = [
        _event(1, "Started", None),
        _event(2, "ItemAdded", "k1", line=_line("L1", 101)),
        _event(3, "ItemCountSet", "k2", line_id="L1", count=3, reason="set", stock={"x": 1}),
        _event(4, "ItemCountSet", "k2", line_id="L1", count=3, reason="capped", stock=None),  # a clamp
    ]
    state = {"version": 4, "lines": [{"line_id": "L1", "product_id": 101, "count": 3}]}
    log = _client(_answered("k1", ADD_A, ("add", 101, 0), 2), _answered("k2", set_a, ("set", 101, 3), 4))
    assert check_cart(history, state, [log]).problems == []


def test_checks_find_a_served_state_that_is_not_the_fold_of_the_history() -> None:
    history = [_event(1, "Started", None), _event(2, "ItemAdded", "k1", line=_line("L1", 101))]
    state = {"version": 2, "lines": [{"line_id": "L1", "product_id": 101, "count": 2}]}
    log = _client(_answered("k1", ADD_A, ("add", 101, 0), 2))
    assert check_cart(history, state, [log]).state_mismatch
