"""the cart event store's tables come from this migration, not from the eventsourcing library

Until now ``migrate`` created the event store's tables after Alembic by starting the cart
application once with the library's ``CREATE_TABLE=y``. From this revision on Alembic creates
them, with the DDL the library (``eventsourcing`` 9.5) would run, written out here so a library
upgrade cannot change the schema behind a migration's back (``tests/cart/test_event_store_schema.py``
fails when the library's own DDL stops matching this one). Every process starts the library
with ``CREATE_TABLE=n`` (``services/cart/eventstore.py``; docs/operations.md, "Schema").

PostgreSQL, in the migrated schema (its ``search_path``), as the library makes them for the
application ``carts`` with UUID originator ids:

* ``carts_events`` (``originator_id uuid``, ``originator_version bigint``, ``topic text``,
  ``state bytea``, ``notification_id bigserial``; primary key ``(originator_id,
  originator_version)``; unique index ``carts_events_notification_id_idx``; the library's
  autovacuum storage parameters);
* ``carts_snapshots`` (the same without ``notification_id``);
* the composite type ``stored_event_uuid`` the library's insert unnests, and its function
  ``es_insert_events_uuid`` (made by the library's DDL although the shop does not turn its use on).

SQLite: the separate file ``DATA_DIR/cart-events.sqlite3`` (``services/cart/eventstore.py``),
tables ``stored_events`` and ``stored_snapshots``, in a transaction of its own.
``EVENT_STORE=memory``: nothing.

Every statement is "if not exists": a shop migrated before this revision already has the
tables (the library made them) and keeps them as they are. The downgrade keeps them too: they
hold the shop's only record of every cart, and the previous version's ``migrate`` would make
the same tables again.

Revision ID: 0020
Revises: 0019
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_STORAGE = (
    "WITH (autovacuum_enabled = true, autovacuum_vacuum_threshold = 100000000, "
    "autovacuum_vacuum_scale_factor = 0.5, autovacuum_analyze_threshold = 1000, "
    "autovacuum_analyze_scale_factor = 0.01)"
)


def postgres_statements(schema: str) -> list[str]:
    """The PostgreSQL DDL of the event store in ``schema`` (quoted identifiers), in order."""
    q = f'"{schema}"'
    return [
        f"""DO $$ BEGIN
            IF to_regtype('{q}.stored_event_uuid') IS NULL THEN
                CREATE TYPE {q}.stored_event_uuid AS (
                    originator_id uuid, originator_version bigint, topic text, state bytea);
            END IF;
        END $$""",
        f"CREATE TABLE IF NOT EXISTS {q}.carts_events (originator_id uuid NOT NULL, "
        "originator_version bigint NOT NULL, topic text, state bytea, notification_id bigserial, "
        f"PRIMARY KEY (originator_id, originator_version)) {_STORAGE}",
        f"CREATE UNIQUE INDEX IF NOT EXISTS carts_events_notification_id_idx "
        f"ON {q}.carts_events (notification_id ASC)",
        f"CREATE TABLE IF NOT EXISTS {q}.carts_snapshots (originator_id uuid NOT NULL, "
        "originator_version bigint NOT NULL, topic text, state bytea, "
        f"PRIMARY KEY (originator_id, originator_version)) {_STORAGE}",
        f"CREATE OR REPLACE FUNCTION {q}.es_insert_events_uuid(events {q}.stored_event_uuid[]) "
        "RETURNS SETOF bigint LANGUAGE plpgsql AS $$BEGIN"
        "    SET LOCAL lock_timeout = '0s';"
        '    NOTIFY "carts_events";'
        "    RETURN QUERY"
        f'    INSERT INTO "{schema}"."carts_events" AS t ('
        "    originator_id, originator_version, topic, state)"
        "    SELECT originator_id, originator_version, topic, state"
        "    FROM unnest(events)"
        "    RETURNING notification_id;"
        "END;$$",
    ]


SQLITE_STATEMENTS = [
    "CREATE TABLE IF NOT EXISTS stored_events (originator_id TEXT, originator_version INTEGER, "
    "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))",
    "CREATE TABLE IF NOT EXISTS stored_snapshots (originator_id TEXT, originator_version INTEGER, "
    "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version)) WITHOUT ROWID",
]


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        schema = bind.execute(sa.text("SELECT current_schema()")).scalar_one()
        for statement in postgres_statements(schema):
            bind.exec_driver_sql(statement)
        return
    from services.cart.eventstore import eventstore_env
    from services.shared.settings import get_settings

    env = eventstore_env(get_settings())  # creates DATA_DIR when needed
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return
    engine = sa.create_engine(f"sqlite:///{env['SQLITE_DBNAME']}", connect_args={"timeout": 30})
    try:
        with engine.begin() as conn:
            for statement in SQLITE_STATEMENTS:
                conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def downgrade() -> None:
    pass
