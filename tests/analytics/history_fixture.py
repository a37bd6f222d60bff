"""A demo shop with a generated past, for the analytics tests: the demo catalogue and shipping
(``shop seed``) in a migrated database of its own (``tests.conftest.seeded_database``: SQLite,
or the process's PostgreSQL schema with TEST_DATABASE_URL), then ``generate_history`` with a
fixed seed and a fixed ``now``, so every run of a test module sees the same history."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
from sqlalchemy.orm import Session

from services.analytics.demo_history import generate_history
from services.catalog.demo import seed_demo
from services.checkout.demo import seed_shipping
from tests.conftest import seeded_database

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def seed_demo_shop(session: Session) -> None:
    """What ``shop seed`` loads: the demo catalogue and the demo shipping zones."""
    seed_demo(session)
    seed_shipping(session)
    session.commit()


@contextmanager
def demo_history(
    tmp_path_factory: pytest.TempPathFactory,
    pg_schema_url: str | None,
    name: str,
    *,
    visits: int,
    days: int,
    seed: int,
) -> Iterator[tuple[str, dict[str, int]]]:
    """The database URL and ``generate_history``'s report, for the ``with`` block."""
    env = {"MAIL_BACKEND": "outbox", "RUN_PROJECTIONS": "false"}
    with seeded_database(tmp_path_factory, pg_schema_url, name, seed_demo_shop, env) as (url, _):
        yield url, generate_history(visits=visits, days=days, seed=seed, now=NOW)
