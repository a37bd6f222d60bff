"""PostgreSQL: the catalogue revision row sends NOTIFY when it changes

Every catalogue write moves the revision (``services/catalog/revision.py``; stock taken by an
order, given back by a cancel or refund included). This trigger sends ``NOTIFY
catalog_revision, '<schema> <revision>'`` after every UPDATE of that row; PostgreSQL delivers it
at commit, in commit order. Each API process ``LISTEN``s (``PostgresRevisionWatch``) and so
knows the revision without a query per request: the response cache answers the storefront's
uncached stock checks from memory while it holds the current revision (docs/spec.md section 5,
docs/targets.md section 4.4). The schema in the payload keeps the schemas of one database
(parallel test runs) apart; a watch that finds no trigger (a database not migrated this far)
reads the database for every such request instead.

SQLite: nothing to do; its watch reads ``PRAGMA data_version``.

Revision ID: 0021
Revises: 0020
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION catalog_revision_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('catalog_revision', TG_TABLE_SCHEMA || ' ' || NEW.revision);
            RETURN NULL;
        END
        $$
        """
    )
    op.execute(
        "CREATE TRIGGER catalog_revision_notify AFTER UPDATE ON catalog_revision"
        " FOR EACH ROW EXECUTE FUNCTION catalog_revision_notify()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS catalog_revision_notify ON catalog_revision")
    op.execute("DROP FUNCTION IF EXISTS catalog_revision_notify()")
