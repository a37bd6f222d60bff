"""order lines record whether they were a pre-order

Adds ``order_lines.preorder`` (``services/checkout/models.py OrderLine``): true when the line
was a pre-order when it was ordered (docs/spec.md section 4, "pre-order": stock at most 0 with
backorders 'yes', stock_status ``onbackorder``, or a chosen configuration option with
``has_backorder``), decided by ``place_order`` from the facts it priced the line with. Lines
ordered before this revision are backfilled from their recorded configuration only (a chosen
option with ``has_backorder``); the stock they were ordered at was not recorded.

Revision ID: 0017
Revises: 0016
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ADD COLUMN on both dialects (no batch rebuild of a table other tables point at).
    op.add_column(
        "order_lines", sa.Column("preorder", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    lines = sa.table(
        "order_lines", sa.column("id", sa.Integer), sa.column("configuration", sa.JSON), sa.column("preorder")
    )
    bind = op.get_bind()
    flagged = [
        row.id
        for row in bind.execute(sa.select(lines.c.id, lines.c.configuration))
        if any(isinstance(c, dict) and c.get("has_backorder") for c in row.configuration or [])
    ]
    if flagged:
        bind.execute(sa.update(lines).where(lines.c.id.in_(flagged)).values(preorder=True))


def downgrade() -> None:
    op.drop_column("order_lines", "preorder")
