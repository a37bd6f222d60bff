"""Preparing a database: one definition of "migrated" for the CLI, the tests and the benchmarks."""

from __future__ import annotations


def migrate(url: str | None = None, revision: str = "head") -> None:
    """Alembic up to ``revision`` on ``url`` (default: configured). Alembic makes every table,
    the cart event store's too (migration 0020); no process ever lets the ``eventsourcing``
    library create tables (``CREATE_TABLE=n``, docs/operations.md "Schema")."""
    from services.shared.migrate import upgrade

    upgrade(url, revision)
