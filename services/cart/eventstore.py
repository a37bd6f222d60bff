"""Where the cart's events live: the ``eventsourcing`` persistence settings for our database.

Embedded mode (SQLite): events go to ``DATA_DIR/cart-events.sqlite3`` (a file of its own,
so event appends and catalogue writes do not share SQLite's single writer lock). PostgreSQL:
the same database as the catalogue (``DATABASE_URL``), in the schema of its ``search_path``
option if one is given. ``EVENT_STORE=memory`` keeps events in memory (domain tests).
The library's own DDL creates its tables, run once by ``migrate``; Alembic does not manage them.
"""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

from services.shared.settings import Settings


def eventstore_env(settings: Settings, *, create_tables: bool = False) -> dict[str, str]:
    """``eventsourcing`` environment variables for the configured database.

    ``create_tables`` False (the running app) sets ``CREATE_TABLE=n``: the tables are made once
    by ``migrate`` (``services.cart.deps.create_event_tables``), because several workers creating
    them at once make PostgreSQL fail with "tuple concurrently updated".
    """
    if settings.event_store == "memory":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    env = _database_env(settings)
    env["CREATE_TABLE"] = "y" if create_tables else "n"
    return env


def _database_env(settings: Settings) -> dict[str, str]:
    url = settings.effective_database_url
    if url.startswith("sqlite"):
        path = settings.data_dir / "cart-events.sqlite3"
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
    for option in parse_qs(parts.query).get("options", []):
        for word in option.split():
            if word.startswith("-csearch_path="):
                env["POSTGRES_SCHEMA"] = word.split("=", 1)[1].split(",")[0]
    return env
