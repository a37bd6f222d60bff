"""analytics read models: the ``analytics_*`` tables of the analytics projections

Creates the seven public read models (``analytics_cart_events``, ``analytics_funnel_daily``,
``analytics_product_daily``, ``analytics_abandoned_carts``, ``analytics_coupon_ledger``,
``analytics_revenue_daily``, ``analytics_configurator_choices``), the state the projections keep
to decide their next rows (``analytics_line_choices``, ``analytics_funnel_carts``,
``analytics_product_seen``, ``analytics_cart_activity``) and ``analytics_projections`` (the code
version each was built with). Tables only: the projections back-fill them from the whole cart
log when the projector next runs (``services/analytics/projection.py``; docs/analytics.md).

Revision ID: 0014
Revises: 0013
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "analytics_abandoned_carts",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("first_add_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_activity_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("abandoned_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.Column("last_step", sa.String(length=20), nullable=False),
        sa.Column("returned_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ordered_after", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("cart_id", name=op.f("pk_analytics_abandoned_carts")),
    )
    with op.batch_alter_table("analytics_abandoned_carts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_analytics_abandoned_carts_day"), ["day"], unique=False)

    op.create_table(
        "analytics_cart_activity",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("first_add_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_activity_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.Column("last_step", sa.String(length=20), nullable=False),
        sa.Column("ordered", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("cart_id", name=op.f("pk_analytics_cart_activity")),
    )
    with op.batch_alter_table("analytics_cart_activity", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_analytics_cart_activity_last_activity_at"), ["last_activity_at"], unique=False
        )

    op.create_table(
        "analytics_cart_events",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("notification_id", sa.BigInteger(), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("event_type", sa.String(length=32), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("line_id", sa.String(length=16), nullable=True),
        sa.Column("product_id", sa.Integer(), nullable=True),
        sa.Column("variation_id", sa.Integer(), nullable=True),
        sa.Column("sku", sa.String(length=64), nullable=True),
        sa.Column("configured", sa.Boolean(), nullable=False),
        sa.Column("quantity_delta", sa.Integer(), nullable=False),
        sa.Column("quantity_after", sa.Integer(), nullable=True),
        sa.Column("unit_price", sa.BigInteger(), nullable=True),
        sa.Column("coupon_code", sa.String(length=64), nullable=True),
        sa.Column("refusal_code", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=32), nullable=True),
        sa.Column("order_id", sa.String(length=32), nullable=True),
        sa.PrimaryKeyConstraint("cart_id", "version", "seq", name=op.f("pk_analytics_cart_events")),
    )
    with op.batch_alter_table("analytics_cart_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_analytics_cart_events_day"), ["day"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_analytics_cart_events_notification_id"), ["notification_id"], unique=False
        )
        batch_op.create_index("ix_analytics_cart_events_product_id_day", ["product_id", "day"], unique=False)

    op.create_table(
        "analytics_configurator_choices",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("layer_id", sa.String(length=64), nullable=False),
        sa.Column("choice_id", sa.String(length=64), nullable=False),
        sa.Column("layer_name", sa.String(length=200), nullable=False),
        sa.Column("choice_name", sa.String(length=200), nullable=False),
        sa.Column("selected", sa.Integer(), nullable=False),
        sa.Column("added", sa.Integer(), nullable=False),
        sa.Column("removed", sa.Integer(), nullable=False),
        sa.Column("ordered", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint(
            "day", "product_id", "layer_id", "choice_id", name=op.f("pk_analytics_configurator_choices")
        ),
    )
    op.create_table(
        "analytics_coupon_ledger",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("coupon_code", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("refusal_code", sa.String(length=64), nullable=True),
        sa.Column("reason", sa.String(length=32), nullable=True),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("order_id", sa.String(length=32), nullable=True),
        sa.Column("discount", sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint("cart_id", "version", "seq", name=op.f("pk_analytics_coupon_ledger")),
    )
    with op.batch_alter_table("analytics_coupon_ledger", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_analytics_coupon_ledger_coupon_code"), ["coupon_code"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_analytics_coupon_ledger_day"), ["day"], unique=False)

    op.create_table(
        "analytics_funnel_carts",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("step", sa.SmallInteger(), nullable=False),
        sa.PrimaryKeyConstraint("cart_id", name=op.f("pk_analytics_funnel_carts")),
    )
    op.create_table(
        "analytics_funnel_daily",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("carts_started", sa.Integer(), nullable=False),
        sa.Column("carts_with_add", sa.Integer(), nullable=False),
        sa.Column("checkouts_started", sa.Integer(), nullable=False),
        sa.Column("orders_placed", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("day", "country", "currency", name=op.f("pk_analytics_funnel_daily")),
    )
    op.create_table(
        "analytics_line_choices",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("line_id", sa.String(length=16), nullable=False),
        sa.Column("layer_id", sa.String(length=64), nullable=False),
        sa.Column("choice_id", sa.String(length=64), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("layer_name", sa.String(length=200), nullable=False),
        sa.Column("choice_name", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint(
            "cart_id", "line_id", "layer_id", "choice_id", name=op.f("pk_analytics_line_choices")
        ),
    )
    op.create_table(
        "analytics_product_daily",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("variation_id", sa.Integer(), nullable=False),
        sa.Column("sku", sa.String(length=64), nullable=True),
        sa.Column("adds", sa.Integer(), nullable=False),
        sa.Column("removes", sa.Integer(), nullable=False),
        sa.Column("net_quantity", sa.Integer(), nullable=False),
        sa.Column("orders", sa.Integer(), nullable=False),
        sa.Column("units_sold", sa.Integer(), nullable=False),
        sa.Column("removals_after_price_change", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("day", "product_id", "variation_id", name=op.f("pk_analytics_product_daily")),
    )
    op.create_table(
        "analytics_product_seen",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("variation_id", sa.Integer(), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("unit_price", sa.BigInteger(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint(
            "cart_id", "product_id", "variation_id", name=op.f("pk_analytics_product_seen")
        ),
    )
    op.create_table(
        "analytics_projections",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("rebuilt_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_analytics_projections")),
    )
    op.create_table(
        "analytics_revenue_daily",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("country", sa.String(length=8), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("orders", sa.Integer(), nullable=False),
        sa.Column("items", sa.Integer(), nullable=False),
        sa.Column("subtotal", sa.BigInteger(), nullable=False),
        sa.Column("discount", sa.BigInteger(), nullable=False),
        sa.Column("shipping", sa.BigInteger(), nullable=False),
        sa.Column("tax", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("day", "country", "currency", name=op.f("pk_analytics_revenue_daily")),
    )


def downgrade() -> None:
    op.drop_table("analytics_revenue_daily")
    op.drop_table("analytics_projections")
    op.drop_table("analytics_product_seen")
    op.drop_table("analytics_product_daily")
    op.drop_table("analytics_line_choices")
    op.drop_table("analytics_funnel_daily")
    op.drop_table("analytics_funnel_carts")
    with op.batch_alter_table("analytics_coupon_ledger", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_analytics_coupon_ledger_day"))
        batch_op.drop_index(batch_op.f("ix_analytics_coupon_ledger_coupon_code"))

    op.drop_table("analytics_coupon_ledger")
    op.drop_table("analytics_configurator_choices")
    with op.batch_alter_table("analytics_cart_events", schema=None) as batch_op:
        batch_op.drop_index("ix_analytics_cart_events_product_id_day")
        batch_op.drop_index(batch_op.f("ix_analytics_cart_events_notification_id"))
        batch_op.drop_index(batch_op.f("ix_analytics_cart_events_day"))

    op.drop_table("analytics_cart_events")
    with op.batch_alter_table("analytics_cart_activity", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_analytics_cart_activity_last_activity_at"))

    op.drop_table("analytics_cart_activity")
    with op.batch_alter_table("analytics_abandoned_carts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_analytics_abandoned_carts_day"))

    op.drop_table("analytics_abandoned_carts")
