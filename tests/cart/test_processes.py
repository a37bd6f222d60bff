"""The production process layout on PostgreSQL (docs/operations.md, "Processes"): N API
processes (uvicorn) and M projection workers (``python -m services.api.cli project``) on one
database.

* N API processes started at once on a freshly migrated database all come up: no process
  creates a table (Alembic made them all, migration 0020; the library runs with
  ``CREATE_TABLE=n``), so none fails with "tuple concurrently updated".
* 2 API processes (``RUN_PROJECTIONS=false``) and 2 workers under the shared-cart load of
  ``tests/cart/shared_cart_load.py`` sent to both API processes at once; ``kill -9`` of one API
  process and one worker mid-load, both started again. Every acknowledged command's events are
  in the store exactly once (``check_cart``), and ``cart_current`` catches up with the event
  store (every cart at its last version and item count, the tracking row at the log's head).

PostgreSQL only: defined when ``TEST_DATABASE_URL`` is set (CI sets it), like the other
PostgreSQL-only tests (tests/analytics/test_analyst_role.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.cart.processes import Server, Worker, free_port, running, wait_for, wait_for_cart_current
from tests.cart.shared_cart_load import SharedCartLoad, check_carts
from tests.cart.test_crash_recovery import CARTS, CLIENTS_PER_CART, PRODUCTS, seed
from tests.conftest import PG_URL, seeded_database

STARTING_AT_ONCE = 4
KILL_AFTER = 300  # answered commands before the kills (of 64 x 18 = 1,152)
FAILURE_SIGNS = ("tuple concurrently updated", "Traceback", "not started")


# Starts server and worker processes: one such test at a time (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("one_cluster_at_a_time")


if PG_URL:

    @pytest.fixture
    def database(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[str]:
        """The test's PostgreSQL schema, migrated, with the crash test's catalogue; ``os.environ``
        names it while the test runs (the subprocesses inherit it)."""
        with seeded_database(tmp_path_factory, pg_schema_url, "processes", seed) as (url, _):
            yield url

    def test_api_processes_started_at_once_on_a_fresh_database_all_come_up(
        database: str, tmp_path: Path
    ) -> None:
        # Each answers a few requests only: tiny pools keep the four of them (projectors
        # included) well under PostgreSQL's 100 connections beside the other pytest worker.
        pools = {"DB_POOL_SIZE": "2", "DB_MAX_OVERFLOW": "3", "CART_POOL_SIZE": "2"}
        servers = [Server(free_port(), tmp_path / f"api{n}.log", pools) for n in range(STARTING_AT_ONCE)]
        with running(*servers):  # all launched before any is waited for
            for server in servers:  # each writes to the event store
                answer = httpx.post(f"{server.base_url}/api/cart", timeout=30)
                assert answer.status_code in (200, 201), answer.text
            for server in servers:
                found = [sign for sign in FAILURE_SIGNS if sign in server.output(10**6)]
                assert not found, f"{found} in the log of {server.base_url}:\n{server.output()}"

    def test_two_api_processes_and_two_workers_lose_nothing_across_kill_9(
        database: str, tmp_path: Path
    ) -> None:
        api_env = {"RUN_PROJECTIONS": "false"}
        apis = [Server(free_port(), tmp_path / f"api{n}.log", api_env) for n in range(2)]
        workers = [Worker(tmp_path / f"worker{n}.log") for n in range(2)]
        processes = [*apis, *workers]
        with running(*processes):
            with httpx.Client(base_url=apis[0].base_url, timeout=30) as http:
                tokens = [http.post("/api/cart").json()["token"] for _ in range(CARTS)]
            load = SharedCartLoad(
                [api.base_url for api in apis],
                tokens,
                PRODUCTS,
                clients_per_cart=CLIENTS_PER_CART,
                prefix="procs",
                timeout=30.0,
                deadline=600.0,  # a bound for a stuck shop, not an expectation
            )
            load.start()
            wait_for(
                lambda: load.answered >= KILL_AFTER or load.done(), 120, lambda: f"{load.answered} answered"
            )
            answered_at_kill = load.answered
            assert answered_at_kill < len(load.logs) * 18, "the kills must come mid-load"
            apis[0].kill()
            workers[0].kill()
            failures_at_kill = len(load.failures)
            apis[0].start()
            workers[0].start()
            assert load.join(), "clients still running after the deadline"

            problems = [f"cart {log.cart} client {log.client}: {log.error}" for log in load.logs if log.error]
            problems += [f"{s.key}: unexpected answer {s.unexpected}" for s in load.sent if s.unexpected]
            problems += [f"{s.key}: never answered" for s in load.sent if s.status is None]
            assert not problems, "\n".join(problems[:20]) + f"\nlog:\n{apis[0].output()}"
            reports = check_carts(apis[1].base_url, load)
            findings = [f"cart {n}: {p}" for n, r in enumerate(reports) for p in r.problems]
            assert not findings, "\n".join(findings)
            # Every acknowledged command exactly once; every cart holds all its clients' commands.
            assert sum(r.acknowledged for r in reports) == len(load.sent) == len(load.logs) * 18
            assert all(r.commands == CLIENTS_PER_CART * 18 for r in reports)
            # The kill hit the load: requests to the killed process failed and were sent again.
            assert len(load.failures) > failures_at_kill
            assert load.answered > answered_at_kill

            wait_for_cart_current(database, apis[1].base_url, tokens)
            for process in processes:
                assert "tuple concurrently updated" not in process.output(10**6)
