"""Preparing a database: one definition of "migrated" for the CLI, the tests and the benchmarks."""

from __future__ import annotations


def migrate(url: str | None = None, revision: str = "head") -> None:
    """Alembic up to ``revision`` on ``url`` (default: configured), then the cart event store's
    tables for the configured database (created here once, never concurrently by workers)."""
    from services.cart.deps import create_event_tables
    from services.shared.migrate import upgrade

    upgrade(url, revision)
    if revision == "head":
        create_event_tables()
