"""Which database a process talks to and how (docs/operations.md, "PgBouncer"):
``DIRECT_DATABASE_URL`` for ``project``/``migrate`` (``use_direct_database``), no prepared
statements with ``DATABASE_PGBOUNCER`` (SQLAlchemy and the event store), no in-process
projections behind PgBouncer, and the library never creating tables."""

from __future__ import annotations

import os
import sqlite3
import uuid
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from services.api.app import create_app
from services.cart.application import CartApplication
from services.cart.domain import Cart
from services.cart.eventstore import PGBOUNCER_FACTORY, eventstore_env
from services.shared import db as shared_db
from services.shared.settings import get_settings, use_direct_database
from tests.conftest import PG_URL

PROXY = "postgresql+psycopg://shop@pgbouncer.invalid:6432/shop"
DIRECT = "postgresql+psycopg://shop@postgres.invalid:5432/shop"


def test_use_direct_database_switches_url_and_turns_pgbouncer_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", PROXY)
    monkeypatch.setenv("DATABASE_PGBOUNCER", "true")
    monkeypatch.setenv("DIRECT_DATABASE_URL", DIRECT)
    get_settings.cache_clear()
    settings = use_direct_database()
    assert (settings.effective_database_url, settings.database_pgbouncer) == (DIRECT, False)
    assert os.environ["DATABASE_URL"] == DIRECT  # processes it spawns inherit it


def test_use_direct_database_changes_nothing_without_a_direct_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", PROXY)
    monkeypatch.setenv("DATABASE_PGBOUNCER", "true")
    monkeypatch.delenv("DIRECT_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    settings = use_direct_database()
    assert (settings.effective_database_url, settings.database_pgbouncer) == (PROXY, True)


def test_the_event_store_never_creates_tables_and_uses_the_pgbouncer_factory_behind_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", PROXY)
    get_settings.cache_clear()
    env = eventstore_env(get_settings())
    assert env["CREATE_TABLE"] == "n" and env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
    monkeypatch.setenv("DATABASE_PGBOUNCER", "true")
    get_settings.cache_clear()
    env = eventstore_env(get_settings())
    assert env["CREATE_TABLE"] == "n" and env["PERSISTENCE_MODULE"] == PGBOUNCER_FACTORY


def test_the_api_refuses_in_process_projections_behind_pgbouncer(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_PGBOUNCER", "true")
    monkeypatch.setenv("RUN_PROJECTIONS", "true")
    get_settings.cache_clear()
    with pytest.raises(RuntimeError, match="RUN_PROJECTIONS=false"), TestClient(create_app()):
        pass


if PG_URL:

    def test_behind_pgbouncer_no_connection_prepares_statements(
        db_url: str, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Against the test database itself (the setting only changes how connections are
        opened): SQLAlchemy's and the event store's connections have ``prepare_threshold`` None."""
        monkeypatch.setenv("DATABASE_PGBOUNCER", "true")
        get_settings.cache_clear()
        shared_db.get_engine.cache_clear()
        engine = shared_db.get_engine(db_url)
        try:
            with engine.connect() as conn:
                assert conn.connection.dbapi_connection.prepare_threshold is None  # type: ignore[union-attr]
        finally:
            engine.dispose()
            shared_db.get_engine.cache_clear()
        app = CartApplication(eventstore_env(get_settings()))
        try:
            assert type(app.factory).__name__ == "PgBouncerPostgresFactory"
            with app.recorder.datastore.get_connection() as conn:  # type: ignore[attr-defined]
                assert conn.prepare_threshold is None
        finally:
            app.close()


def _store_tables(env: dict[str, str]) -> set[str]:
    """Names of the tables in the event store ``env`` points at (a SQLite file or a PostgreSQL schema)."""
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        with sqlite3.connect(env["SQLITE_DBNAME"]) as conn:
            return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    engine = create_engine(PG_URL)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT table_name FROM information_schema.tables WHERE table_schema = :s"),
                {"s": env["POSTGRES_SCHEMA"]},
            )
            return {name for (name,) in rows}
    finally:
        engine.dispose()


def test_the_running_shop_never_creates_event_store_tables(db_url: str, tmp_path: Path) -> None:
    """The cart application as every process builds it, pointed at an empty store (a new SQLite
    file, or an empty PostgreSQL schema): a write fails, and no table appears."""
    env = eventstore_env(get_settings())
    schema = f"empty_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL or db_url, isolation_level="AUTOCOMMIT")
    if PG_URL:
        env["POSTGRES_SCHEMA"] = schema
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    else:
        env["SQLITE_DBNAME"] = str(tmp_path / "empty.sqlite3")
    try:
        app = CartApplication(env)
        try:
            with pytest.raises(Exception):  # noqa: B017 - the library's error differs by engine
                app.save(Cart(uuid.uuid4(), "DE", "Germany", "EUR", "MwSt.", 1900))
        finally:
            app.close()
        assert _store_tables(env) == set()
    finally:
        if PG_URL:
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
