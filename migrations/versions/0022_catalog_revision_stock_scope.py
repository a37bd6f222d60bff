"""The catalogue revision says when a change moved only stock, and of which products

A bump made by stock taken by an order or given back by a cancel or refund
(``services/catalog/revision.py``, ``bump(session, stock_of=...)``) writes the product ids it
touched to ``catalog_revision.stock_products`` ("1102,1201") and the revision it set to
``stock_revision``; every other bump of ``bump`` writes NULL. The scope holds only while
``stock_revision`` equals ``revision``, so a bump by hand (``revision = revision + 1``, as
docs/operations.md says to do) counts as a change to anything. The revision watches read it
with the revision (SQLite: the row; PostgreSQL: the trigger's ``NOTIFY catalog_revision,
'<schema> <revision> <products or *>'``), so the response cache drops only the stock checks of
those products, not every kept answer (docs/spec.md section 5, docs/targets.md section 4.4).

Revision ID: 0022
Revises: 0021
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NOTIFY = """
CREATE OR REPLACE FUNCTION catalog_revision_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalog_revision', TG_TABLE_SCHEMA || ' ' || NEW.revision{scope});
    RETURN NULL;
END
$$
"""


def upgrade() -> None:
    op.add_column("catalog_revision", sa.Column("stock_products", sa.Text(), nullable=True))
    op.add_column("catalog_revision", sa.Column("stock_revision", sa.Integer(), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            _NOTIFY.format(
                scope=" || ' ' || CASE WHEN NEW.stock_revision = NEW.revision"
                " THEN coalesce(NEW.stock_products, '*') ELSE '*' END"
            )
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_NOTIFY.format(scope=""))
    with op.batch_alter_table("catalog_revision") as batch:
        batch.drop_column("stock_revision")
        batch.drop_column("stock_products")
