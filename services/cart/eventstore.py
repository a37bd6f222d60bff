"""Where the cart's events live: the ``eventsourcing`` persistence settings for our database.

Embedded mode (SQLite): events go to ``DATA_DIR/cart-events.sqlite3`` (a file of its own,
so event appends and catalogue writes do not share SQLite's single writer lock). PostgreSQL:
the same database as the catalogue (``DATABASE_URL``), in the schema of its ``search_path``
option if one is given. ``EVENT_STORE=memory`` keeps events in memory (domain tests).
Alembic creates the event store's tables (migration 0020); every process starts the library with
``CREATE_TABLE=n``. Behind PgBouncer in transaction mode (``DATABASE_PGBOUNCER``) the event store
is built by :class:`PgBouncerPostgresFactory`, whose connections never prepare statements.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from eventsourcing.postgres import PostgresFactory

from services.shared.settings import Settings

PGBOUNCER_FACTORY = "services.cart.eventstore:PgBouncerPostgresFactory"


class PgBouncerPostgresFactory(PostgresFactory):
    """The library's PostgreSQL persistence, for a database reached through PgBouncer in
    transaction mode: every pooled psycopg connection is opened with ``prepare_threshold=None``.

    The library asks psycopg to prepare its statements (``execute(..., prepare=True)``); a
    prepared statement lives in one server session, and PgBouncer hands the next transaction to
    any session, so PgBouncer 1.18 answers "prepared statement ... does not exist" (or "already
    exists"). With the threshold at None psycopg prepares nothing, ``prepare=True`` included.
    Everything else (the ``LOCK TABLE ... IN EXCLUSIVE MODE`` and the ``NOTIFY`` of each insert,
    both inside the insert's transaction) works through PgBouncer; LISTEN does not, so nothing
    subscribes through it (docs/operations.md, "PgBouncer")."""

    def __init__(self, env: Any) -> None:
        """Build the library's factory from ``env`` (an ``eventsourcing`` Environment), then set
        the pool's connection arguments before its first connection (the pool opens lazily)."""
        super().__init__(env)
        pool = self.datastore.pool
        kwargs = pool.kwargs
        assert isinstance(kwargs, dict), kwargs  # the library passes a dict (psycopg_pool allows a callable)
        pool.kwargs = {**kwargs, "prepare_threshold": None}


def eventstore_env(settings: Settings, *, create_tables: bool = False) -> dict[str, str]:
    """``eventsourcing`` environment variables for the configured database.

    ``create_tables`` False (every process of the shop) sets ``CREATE_TABLE=n``: Alembic makes
    the tables (migration 0020), because several processes creating them at once make
    PostgreSQL fail with "tuple concurrently updated". True only for tests that compare the
    library's own DDL with the migration's or build a scratch store.
    """
    if settings.event_store == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    env = _database_env(settings)
    env["CREATE_TABLE"] = "y" if create_tables else "n"
    return env


def partition_eventstore_env(settings: Settings, url: str) -> dict[str, str]:
    """``eventsourcing`` environment variables for one cart partition's event store at ``url``
    (an item of ``CART_PARTITION_URLS``; ``services/cart/partitions.py``): PostgreSQL, that
    database (pool sizes, PgBouncer and ``search_path`` as for the main one); SQLite, the file
    the URL names itself (``sqlite:///path``; its folder is made). Always ``CREATE_TABLE=n``:
    ``shop migrate-partitions`` makes the tables with migration 0020's DDL."""
    env = _database_env(settings, url)
    env["CREATE_TABLE"] = "n"
    return env


def _database_env(settings: Settings, partition_url: str | None = None) -> dict[str, str]:
    url = partition_url or settings.effective_database_url
    if url.startswith("sqlite"):
        path = Path(url.split(":///", 1)[1]) if partition_url else settings.data_dir / "cart-events.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(path),
            "SQLITE_LOCK_TIMEOUT": "10",
        }
    parts = urlsplit(url)
    env = {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": parts.path.lstrip("/") or "postgres",
        "POSTGRES_HOST": parts.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(parts.port or 5432),
        "POSTGRES_USER": unquote(parts.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(parts.password or ""),
        "POSTGRES_POOL_SIZE": str(settings.cart_pool_size),
        "POSTGRES_MAX_OVERFLOW": str(settings.cart_pool_size),
    }
    if settings.database_pgbouncer:
        env["PERSISTENCE_MODULE"] = PGBOUNCER_FACTORY
    for option in parse_qs(parts.query).get("options", []):
        for word in option.split():
            if word.startswith("-csearch_path="):
                env["POSTGRES_SCHEMA"] = word.split("=", 1)[1].split(",")[0]
    return env
