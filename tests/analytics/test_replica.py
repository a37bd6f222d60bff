"""Analysts on a streaming replica (docs/operations.md, "Past one primary"):
``scripts/pg-replica.sh`` makes a hot standby of the whole local PostgreSQL cluster, the shop's
cart events are written on the primary, and once the replica has replayed them the analytics
dashboard (``ANALYTICS_DATABASE_URL`` pointing at the replica) and every example query of
docs/analytics.md answer there exactly what the primary answers; with replay paused the
dashboard shows the replica's older figures and says it is behind; the replica refuses writes.

PostgreSQL only (``TEST_DATABASE_URL``; the replica copies that server's cluster, so the test's
own schema comes along): the tests exist only when it is set, as in ``test_analyst_role.py``.
Each run makes its replica on a free port in a folder of its own under /tmp and deletes it at
the end. Waiting for the replica is a condition (its ``projection_tracking`` rows and event
log head equal the primary's) with a generous timeout, never a fixed sleep. Without
PostgreSQL only the setting's default is tested."""

from __future__ import annotations

import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, make_url, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from services.analytics.demo_history import generate_history
from services.analytics.projection import build_analytics_projector
from services.api.app import create_app
from services.cart.projection import build_projector
from services.shared.db import analytics_url
from services.shared.ratelimit import reset_limits
from services.shared.settings import get_settings
from services.staff.service import create_staff_user
from tests.analytics.history_fixture import NOW, seed_demo_shop
from tests.analytics.test_example_queries import EXAMPLES
from tests.conftest import PG_URL, seeded_database

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "pg-replica.sh"
PASSWORD = "correct horse battery staple"
REPLAY_TIMEOUT = 180.0  # seconds; the condition usually holds within one
FIGURES = ("funnel", "revenue", "top_products", "abandonment", "coupon_refusals", "configurator_choices")


def test_analysts_read_the_main_database_unless_analytics_database_url_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:///main.sqlite3")
    monkeypatch.delenv("ANALYTICS_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    assert get_settings().effective_analytics_database_url == "sqlite:///main.sqlite3"
    assert analytics_url() is None  # the main engine itself, no second pool
    monkeypatch.setenv("ANALYTICS_DATABASE_URL", "postgresql+psycopg://r@replica:5433/shop")
    get_settings.cache_clear()
    assert get_settings().effective_analytics_database_url == "postgresql+psycopg://r@replica:5433/shop"
    assert analytics_url() == "postgresql+psycopg://r@replica:5433/shop"


if PG_URL:

    def free_port() -> int:
        """A TCP port on 127.0.0.1 that nothing listens on right now."""
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])

    def script(*args: str) -> str:
        """Run ``scripts/pg-replica.sh`` with ``args`` against the suite's server; its output."""
        primary = make_url(PG_URL)
        env = {
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "PRIMARY_HOST": primary.host or "127.0.0.1",
            "PRIMARY_PORT": str(primary.port or 5432),
            "PRIMARY_USER": primary.username or "postgres",
        }
        done = subprocess.run([str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    @pytest.fixture(scope="module")
    def replica_port() -> Iterator[int]:
        """A hot standby of the suite's PostgreSQL cluster on a free port (stopped and deleted
        afterwards)."""
        port = free_port()
        folder = f"/tmp/halvard-replica-test-{uuid.uuid4().hex[:8]}"
        try:
            out = script("start", "--port", str(port), "--dir", folder)
            assert f"REPLICA port={port} dir={folder}" in out
            yield port
        finally:
            script("stop", "--dir", folder)
        assert not Path(folder).exists()

    def _seed(session: Session) -> None:
        seed_demo_shop(session)
        create_staff_user(session, "analyst@staff.halvard.gg", PASSWORD, "analyst")
        session.commit()

    def project() -> None:
        """Bring ``cart_current`` and the analytics read models up to the log's head (swept at NOW)."""
        build_projector().catch_up()
        analytics = build_analytics_projector()
        analytics.catch_up()
        analytics.sweep(NOW)

    @pytest.fixture(scope="module")
    def shop(
        tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str, replica_port: int
    ) -> Iterator[dict[str, Any]]:
        """The demo shop with 40 simulated visits over 10 days written on the primary and
        projected, a signed-in analyst's client, and engines on the primary and the replica
        (the test's schema on each). ``env`` sets ``ANALYTICS_DATABASE_URL``."""
        reset_limits()
        env_vars = {"RATE_LIMIT_PLACE_ORDER": "", "MAIL_BACKEND": "outbox", "RUN_PROJECTIONS": "false"}
        with seeded_database(tmp_path_factory, pg_schema_url, "replica", _seed, env_vars) as (url, env):
            generate_history(visits=40, days=10, seed=2, now=NOW)
            project()
            replica_url = make_url(url).set(port=replica_port).render_as_string(hide_password=False)
            primary = create_engine(url, poolclass=NullPool)
            replica = create_engine(replica_url, poolclass=NullPool)
            reset_limits()
            with TestClient(create_app()) as client:
                client.headers["Origin"] = "http://testserver"
                login = {"email": "analyst@staff.halvard.gg", "password": PASSWORD}
                assert client.post("/api/staff/login", json=login).status_code == 200
                yield {
                    "client": client,
                    "env": env,
                    "replica_url": replica_url,
                    "primary": primary,
                    "replica": replica,
                }
            primary.dispose()
            replica.dispose()
        reset_limits()

    def position(engine: Engine) -> list[Any]:
        """The cart log's head and every projection's tracking position, as ``engine`` sees them."""
        with engine.connect() as conn:
            head = conn.execute(text("SELECT max(notification_id) FROM carts_events")).scalar_one()
            rows = conn.execute(
                text("SELECT projection_name, notification_id FROM projection_tracking ORDER BY 1")
            ).all()
        return [head, *map(tuple, rows)]

    def wait_replayed(shop: dict[str, Any]) -> None:
        """Return once the replica shows the primary's log head and tracking rows (so every row
        committed before them); fail after :data:`REPLAY_TIMEOUT` seconds."""
        wanted = position(shop["primary"])
        deadline = time.monotonic() + REPLAY_TIMEOUT
        seen = None
        while time.monotonic() < deadline:
            seen = position(shop["replica"])
            if seen == wanted:
                return
            time.sleep(0.1)
        pytest.fail(f"the replica did not replay the primary in {REPLAY_TIMEOUT}s: {seen} != {wanted}")

    DAYS = {"from": (NOW - timedelta(days=11)).date().isoformat(), "to": NOW.date().isoformat()}

    def read(shop: dict[str, Any], path: str, on_replica: bool) -> Any:
        """The analyst's answer to ``GET path`` for the history's days, with
        ``ANALYTICS_DATABASE_URL`` at the replica (``on_replica``) or unset (the primary)."""
        if on_replica:
            shop["env"].setenv("ANALYTICS_DATABASE_URL", shop["replica_url"])
        else:
            shop["env"].delenv("ANALYTICS_DATABASE_URL", raising=False)
        get_settings.cache_clear()
        answer = shop["client"].get(path, params=DAYS)
        assert answer.status_code == 200, answer.text
        return answer

    def dashboard(shop: dict[str, Any], on_replica: bool) -> dict[str, Any]:
        """The dashboard document (see :func:`read`)."""
        body: dict[str, Any] = read(shop, "/api/analytics/dashboard", on_replica).json()
        return body

    def funnel_csv(shop: dict[str, Any], on_replica: bool) -> str:
        """The ``analytics_funnel_daily`` download (see :func:`read`)."""
        return str(read(shop, "/api/analytics/tables/analytics_funnel_daily.csv", on_replica).text)

    def figures(body: dict[str, Any]) -> dict[str, Any]:
        return {name: body[name] for name in FIGURES}

    def test_the_dashboard_and_the_example_queries_answer_on_the_replica_as_on_the_primary(
        shop: dict[str, Any],
    ) -> None:
        wait_replayed(shop)
        on_primary, on_replica = dashboard(shop, on_replica=False), dashboard(shop, on_replica=True)
        assert on_primary["funnel"]["totals"]["carts_started"] > 0
        assert figures(on_replica) == figures(on_primary)
        assert funnel_csv(shop, on_replica=True) == funnel_csv(shop, on_replica=False)
        assert on_replica["lag"]["caught_up"] is True
        assert on_replica["lag"]["projections"] == on_primary["lag"]["projections"]
        with shop["primary"].connect() as primary, shop["replica"].connect() as replica:
            assert replica.execute(text("SELECT pg_is_in_recovery()")).scalar_one() is True
            for question, sql in EXAMPLES.items():
                expected = list(primary.execute(text(sql)))
                assert list(replica.execute(text(sql))) == expected, question

    def test_with_replay_paused_the_dashboard_shows_the_replicas_older_figures_and_its_lag(
        shop: dict[str, Any],
    ) -> None:
        wait_replayed(shop)
        before, before_csv = dashboard(shop, on_replica=True), funnel_csv(shop, on_replica=True)
        with shop["replica"].connect() as conn:
            conn.execute(text("SELECT pg_wal_replay_pause()"))
            conn.commit()
            try:
                deadline = time.monotonic() + REPLAY_TIMEOUT
                while conn.execute(text("SELECT pg_get_wal_replay_pause_state()")).scalar_one() != "paused":
                    assert time.monotonic() < deadline, "replay did not pause"
                    time.sleep(0.05)
                generate_history(visits=12, days=10, seed=7, now=NOW)
                project()
                on_primary = dashboard(shop, on_replica=False)
                paused = dashboard(shop, on_replica=True)
                started = on_primary["funnel"]["totals"]["carts_started"]
                assert started > before["funnel"]["totals"]["carts_started"]
                assert figures(paused) == figures(before)
                assert funnel_csv(shop, on_replica=True) == before_csv
                assert funnel_csv(shop, on_replica=False) != before_csv
                assert paused["lag"]["caught_up"] is False
                assert all(p["lag_events"] > 0 for p in paused["lag"]["projections"])
            finally:
                conn.execute(text("SELECT pg_wal_replay_resume()"))
                conn.commit()
        wait_replayed(shop)
        assert figures(dashboard(shop, on_replica=True)) == figures(on_primary)
        assert funnel_csv(shop, on_replica=True) == funnel_csv(shop, on_replica=False)

    @pytest.mark.parametrize(
        "statement",
        [
            "INSERT INTO analytics_funnel_daily (day, country, currency, carts_started, carts_with_add,"
            " checkouts_started, orders_placed) VALUES ('2001-01-01', 'DE', 'EUR', 1, 0, 0, 0)",
            "UPDATE cart_current SET item_count = item_count + 1",
            "DELETE FROM analytics_cart_events",
            "CREATE TABLE analyst_scratch (a int)",
        ],
    )
    def test_the_replica_refuses_writes(shop: dict[str, Any], statement: str) -> None:
        with shop["replica"].connect() as conn:
            with pytest.raises(DBAPIError) as caught:
                conn.execute(text(statement))
            assert getattr(caught.value.orig, "sqlstate", "") == "25006"  # read_only_sql_transaction
