"""product fields WooCommerce exports: scheduled sales, catalogue visibility, shipping and tax

Adds to ``products`` and ``variations`` (``services/catalog/models/products.py``):
``date_on_sale_from``/``date_on_sale_to`` (UTC), ``weight`` (kg), ``length``/``width``/``height``
(cm) as decimal strings, ``tax_status``, ``tax_class``, ``virtual``, ``downloadable`` and
``downloads`` (``[{id, name, file}]``); and to ``products`` ``catalog_visibility``
(``visible``, ``catalog``, ``search``, ``hidden``). Existing rows get the WooCommerce defaults
(visible, taxable, standard class, not virtual, not downloadable, no downloads).

Revision ID: 0015
Revises: 0014
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("products", "variations")


def _shared_columns() -> list[sa.Column]:
    return [
        sa.Column("date_on_sale_from", sa.DateTime(), nullable=True),
        sa.Column("date_on_sale_to", sa.DateTime(), nullable=True),
        sa.Column("weight", sa.String(32), nullable=True),
        sa.Column("length", sa.String(32), nullable=True),
        sa.Column("width", sa.String(32), nullable=True),
        sa.Column("height", sa.String(32), nullable=True),
        sa.Column("tax_status", sa.String(16), nullable=False, server_default="taxable"),
        sa.Column("tax_class", sa.String(100), nullable=False, server_default=""),
        sa.Column("virtual", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("downloadable", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("downloads", sa.JSON(), nullable=False, server_default="[]"),
    ]


# Plain ALTER TABLE ADD/DROP COLUMN on both dialects (SQLite 3.35+ drops columns in place): a
# batch rebuild of ``products`` would break the search index's triggers on SQLite.


def upgrade() -> None:
    for table in TABLES:
        for column in _shared_columns():
            op.add_column(table, column)
    op.add_column(
        "products", sa.Column("catalog_visibility", sa.String(16), nullable=False, server_default="visible")
    )


def downgrade() -> None:
    op.drop_column("products", "catalog_visibility")
    for table in TABLES:
        for column in reversed(_shared_columns()):
            op.drop_column(table, column.name)
