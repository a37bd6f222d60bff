"""typo-tolerant search: the pg_trgm extension and trigram indexes on product, category and tag names

``services/catalog/search.py`` corrects a typed word that matches nothing ("keybord") against
the words of product, category and tag names (docs/spec.md section 2.10 "Typos"). On
PostgreSQL the candidate names come from ``pg_trgm``'s word-similarity operator (``%>``),
served by a trigram GIN index on each ``name`` column.

The extension: ``CREATE EXTENSION IF NOT EXISTS pg_trgm`` under an advisory lock (concurrent
migrations of several schemas take turns), placed in the ``public`` schema
when the database has one (so a test run's private schema, dropped afterwards, never takes
it along), else in the current schema; an extension already there is kept wherever it lives.
The indexes and the search name the extension's schema explicitly (``<schema>.gin_trgm_ops``,
``OPERATOR(<schema>.%>)``), so any ``search_path`` works. pg_trgm is a trusted extension
(PostgreSQL 13 and later): the database owner may create it without being a superuser.
The downgrade drops the indexes and leaves the extension (other objects may use it).

Index names end in ``_trgm``: ``services.shared.migrate.include_name`` leaves such indexes,
which the models do not declare (they exist on PostgreSQL only), out of the model comparison.

SQLite: nothing to do; typo candidates are read from all names there.

Revision ID: 0019
Revises: 0018
"""

from collections.abc import Sequence

from alembic import op
from sqlalchemy import text

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES = {
    "ix_products_name_trgm": "products",
    "ix_categories_name_trgm": "categories",
    "ix_tags_name_trgm": "tags",
}


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    # Extensions belong to the whole database: two migrations of different schemas at once (the
    # test suite's processes, several API hosts starting together) would both find pg_trgm
    # missing and one CREATE EXTENSION would fail on the catalogue's unique index even with IF
    # NOT EXISTS. A transaction-level advisory lock makes them take turns; the second one then
    # finds the extension.
    bind.execute(text("SELECT pg_advisory_xact_lock(hashtext('halvard.migrations.pg_trgm'))"))
    installed = bind.execute(text("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")).first()
    if installed is None:
        has_public = bind.execute(text("SELECT 1 FROM pg_namespace WHERE nspname = 'public'")).first()
        op.execute(f"CREATE EXTENSION IF NOT EXISTS pg_trgm{' WITH SCHEMA public' if has_public else ''}")
    schema = bind.execute(
        text(
            "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
            " WHERE e.extname = 'pg_trgm'"
        )
    ).scalar_one()
    for name, table in INDEXES.items():
        op.execute(f'CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin (name "{schema}".gin_trgm_ops)')


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for name in INDEXES:
        op.execute(f"DROP INDEX IF EXISTS {name}")
