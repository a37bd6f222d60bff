"""coupon amounts per currency (USD columns)

Coupons keep ``amount``, ``minimum_amount`` and ``maximum_amount`` in EUR minor units;
these nullable columns hold the USD minor units (None = the same number as EUR).

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COLUMNS = ("amount_usd", "minimum_amount_usd", "maximum_amount_usd")


def upgrade() -> None:
    with op.batch_alter_table("coupons", schema=None) as batch_op:
        for name in COLUMNS:
            batch_op.add_column(sa.Column(name, sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("coupons", schema=None) as batch_op:
        for name in reversed(COLUMNS):
            batch_op.drop_column(name)
