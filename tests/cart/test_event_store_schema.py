"""The event store's tables made by Alembic (migration 0020) are the ones the ``eventsourcing``
library would make itself (docs/operations.md, "Schema").

The migrated test database (SQLite: the event store's file in ``DATA_DIR``; PostgreSQL: the
test's schema) is compared with a scratch store the library builds with its own DDL
(``CREATE_TABLE=y``: a scratch SQLite file, or a scratch PostgreSQL schema): tables, columns
(name, position, type, nullability, default), primary keys and indexes, storage parameters, and on
PostgreSQL the composite type and insert function. A library upgrade that changes any of them
fails here, and the migration must follow it with a new revision.
"""

from __future__ import annotations

import re
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from services.cart.application import CartApplication
from services.cart.eventstore import eventstore_env
from services.shared.settings import get_settings
from tests.conftest import PG_URL

Description = dict[str, Any]


def describe_sqlite(path: Path) -> Description:
    """Every table of the SQLite file at ``path``: its ``CREATE`` text (whitespace collapsed,
    ``IF NOT EXISTS`` is never stored), ``PRAGMA table_info`` rows and index list."""
    out: Description = {}
    with sqlite3.connect(path) as conn:
        tables = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"
        ).fetchall()
        for name, sql in tables:
            out[name] = {
                "sql": " ".join(sql.split()),
                "columns": conn.execute(f"PRAGMA table_info({name})").fetchall(),
                "indexes": conn.execute(f"PRAGMA index_list({name})").fetchall(),
            }
    return out


def describe_postgres(url: str, schema: str) -> Description:
    """Tables, columns, indexes, storage parameters, composite types and functions of
    ``schema`` in the database at ``url``, with the schema's name replaced by ``<schema>``."""

    def norm(value: Any) -> Any:
        if isinstance(value, str):
            # Names in the connection's search_path print unqualified: drop every qualification.
            value = value.replace(f'"{schema}".', "").replace(f"{schema}.", "")
            return " ".join(value.replace(f'"{schema}"', "<schema>").replace(schema, "<schema>").split())
        return value

    queries = {
        "columns": """SELECT table_name, ordinal_position, column_name, data_type, udt_name,
                             is_nullable, column_default
                        FROM information_schema.columns WHERE table_schema = :s
                       ORDER BY table_name, ordinal_position""",
        "indexes": "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = :s ORDER BY indexname",
        "constraints": """SELECT conrelid::regclass::text, conname, contype, pg_get_constraintdef(c.oid)
                            FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
                           WHERE n.nspname = :s ORDER BY conname""",
        "storage": """SELECT c.relname, c.relkind, c.reloptions FROM pg_class c
                        JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = :s AND c.relkind IN ('r', 'S') ORDER BY c.relname""",
        "types": """SELECT t.typname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod)
                      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                      JOIN pg_class c ON c.oid = t.typrelid JOIN pg_attribute a ON a.attrelid = c.oid
                     WHERE n.nspname = :s AND c.relkind = 'c' ORDER BY t.typname, a.attnum""",
        "functions": """SELECT p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
                               regexp_replace(p.prosrc, '\\s+', ' ', 'g')
                          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                         WHERE n.nspname = :s ORDER BY p.proname""",
    }
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return {
                name: [tuple(norm(v) for v in row) for row in conn.execute(text(sql), {"s": schema})]
                for name, sql in queries.items()
            }
    finally:
        engine.dispose()


def _event_store_tables(description: Description) -> Description:
    """Only what belongs to the event store (the test schema also holds Alembic's tables)."""
    mine = ("carts_events", "carts_snapshots", "stored_event_uuid", "es_insert_events_uuid")
    return {
        name: [row for row in rows if row[0] in mine or str(row[0]).startswith("carts_events")]
        for name, rows in description.items()
    }


def _library_builds(env: dict[str, str]) -> None:
    """Let the library create its tables as configured by ``env`` (``CREATE_TABLE=y``)."""
    CartApplication({**env, "CREATE_TABLE": "y"}).close()


@pytest.fixture
def library_postgres_schema(db_url: str) -> Iterator[str]:
    """A scratch PostgreSQL schema in which the library made its own tables (dropped after)."""
    schema = f"lib_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        env = eventstore_env(get_settings(), create_tables=True)
        _library_builds({**env, "POSTGRES_SCHEMA": schema})
        yield schema
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


# One engine's check per run (the suite runs on SQLite, and again on PostgreSQL in CI), defined
# only where it applies, as tests/analytics/test_analyst_role.py does: nothing is skipped.
if not PG_URL:

    def test_sqlite_event_store_file_is_the_librarys(db_url: str, tmp_path: Path) -> None:
        env = eventstore_env(get_settings())
        migrated = Path(env["SQLITE_DBNAME"])
        assert migrated.exists(), "migrate must create the event store's file (migration 0020)"
        scratch = tmp_path / "library.sqlite3"
        _library_builds({**env, "SQLITE_DBNAME": str(scratch)})
        ours, theirs = describe_sqlite(migrated), describe_sqlite(scratch)
        assert set(ours) == {"stored_events", "stored_snapshots"}
        assert ours == theirs


if PG_URL:

    def test_postgres_event_store_tables_are_the_librarys(db_url: str, library_postgres_schema: str) -> None:
        engine = create_engine(db_url)
        with engine.connect() as conn:
            schema = conn.execute(text("SELECT current_schema()")).scalar_one()
        engine.dispose()
        ours = _event_store_tables(describe_postgres(db_url, schema))
        theirs = describe_postgres(db_url, library_postgres_schema)
        assert theirs == _event_store_tables(theirs), "the library made something this test does not know"
        assert {row[0] for row in ours["columns"]} == {"carts_events", "carts_snapshots"}
        assert [row[0] for row in ours["types"]][:1] == ["stored_event_uuid"]
        for part in theirs:
            assert ours[part] == theirs[part], part


def test_the_comparison_sees_a_changed_column(tmp_path: Path) -> None:
    """The check can fail: one column's type differs, and the descriptions differ."""
    for name, kind in (("a.sqlite3", "BLOB"), ("b.sqlite3", "TEXT")):
        with sqlite3.connect(tmp_path / name) as conn:
            conn.execute(f"CREATE TABLE stored_events (originator_id TEXT, state {kind})")
    a, b = describe_sqlite(tmp_path / "a.sqlite3"), describe_sqlite(tmp_path / "b.sqlite3")
    assert a != b
    assert re.search(r"state BLOB", a["stored_events"]["sql"])
