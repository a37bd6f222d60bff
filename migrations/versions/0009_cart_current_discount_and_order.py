"""cart_current: discount and last order id (coupons and OrderPlaced; docs/analytics.md)

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("cart_current") as batch:
        batch.add_column(sa.Column("discount", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("last_order_id", sa.String(length=32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("cart_current") as batch:
        batch.drop_column("last_order_id")
        batch.drop_column("discount")
