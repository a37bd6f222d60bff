"""cart read model (cart_current), projection tracking, analytics events

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "cart_current",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("line_count", sa.Integer(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("subtotal_eur", sa.BigInteger(), nullable=False),
        sa.Column("subtotal_usd", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("tax_included", sa.BigInteger(), nullable=False),
        sa.Column("preorder", sa.Boolean(), nullable=False),
        sa.Column("checkout_started", sa.Boolean(), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_activity", sa.DateTime(timezone=True), nullable=False),
        sa.Column("refused_count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("cart_id", name=op.f("pk_cart_current")),
    )
    op.create_index("ix_cart_current_last_activity", "cart_current", ["last_activity"])
    op.create_table(
        "projection_tracking",
        sa.Column("projection_name", sa.String(length=100), nullable=False),
        sa.Column("application_name", sa.String(length=100), nullable=False),
        sa.Column("notification_id", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("projection_name", "application_name", name=op.f("pk_projection_tracking")),
    )
    op.create_table(
        "analytics_events",
        sa.Column("event_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("cid", sa.String(length=128), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("variation_id", sa.Integer(), nullable=True),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_analytics_events")),
    )
    op.create_index("ix_analytics_events_name_product_id", "analytics_events", ["name", "product_id"])
    op.create_index("ix_analytics_events_received_at", "analytics_events", ["received_at"])


def downgrade() -> None:
    op.drop_index("ix_analytics_events_received_at", table_name="analytics_events")
    op.drop_index("ix_analytics_events_name_product_id", table_name="analytics_events")
    op.drop_table("analytics_events")
    op.drop_table("projection_tracking")
    op.drop_index("ix_cart_current_last_activity", table_name="cart_current")
    op.drop_table("cart_current")
