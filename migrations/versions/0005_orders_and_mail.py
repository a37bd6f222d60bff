"""orders, order lines, order customers, shipping zones and rates, mail outbox, GA4 events

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "shipping_zones",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("countries", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shipping_zones")),
    )
    op.create_table(
        "shipping_rates",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("zone_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=100), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("cost", sa.BigInteger(), nullable=False),
        sa.Column("free_over", sa.BigInteger(), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["zone_id"],
            ["shipping_zones.id"],
            name=op.f("fk_shipping_rates_zone_id_shipping_zones"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shipping_rates")),
    )
    op.create_index("ix_shipping_rates_zone_id", "shipping_rates", ["zone_id"])
    op.create_table(
        "orders",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("order_key_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=False),
        sa.Column("subtotal", sa.BigInteger(), nullable=False),
        sa.Column("discount", sa.BigInteger(), nullable=False),
        sa.Column("shipping", sa.BigInteger(), nullable=False),
        sa.Column("tax", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("tax_name", sa.String(length=100), nullable=False),
        sa.Column("tax_rate_bp", sa.Integer(), nullable=False),
        sa.Column("shipping_method", sa.String(length=64), nullable=False),
        sa.Column("shipping_method_title", sa.String(length=100), nullable=False),
        sa.Column("payment_method", sa.String(length=32), nullable=False),
        sa.Column("payment_method_title", sa.String(length=100), nullable=False),
        sa.Column("coupons", sa.JSON(), nullable=False),
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("cart_version", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("date_created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_orders")),
        sa.UniqueConstraint("cart_id", "idempotency_key", name="uq_orders_cart_id_idempotency_key"),
        sa.UniqueConstraint("cart_id", "cart_version", name="uq_orders_cart_id_cart_version"),
    )
    op.create_index("ix_orders_date_created", "orders", ["date_created"])
    op.create_table(
        "order_lines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("variation_id", sa.Integer(), nullable=True),
        sa.Column("sku", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("variation_label", sa.String(length=200), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("unit_price", sa.BigInteger(), nullable=False),
        sa.Column("subtotal", sa.BigInteger(), nullable=False),
        sa.Column("discount", sa.BigInteger(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("configuration", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_order_lines_order_id_orders"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_lines")),
    )
    op.create_index("ix_order_lines_order_id", "order_lines", ["order_id"])
    op.create_table(
        "order_customers",
        sa.Column("order_id", sa.BigInteger(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("first_name", sa.String(length=100), nullable=False),
        sa.Column("last_name", sa.String(length=100), nullable=False),
        sa.Column("company", sa.String(length=100), nullable=False),
        sa.Column("address_1", sa.String(length=200), nullable=False),
        sa.Column("address_2", sa.String(length=200), nullable=False),
        sa.Column("city", sa.String(length=100), nullable=False),
        sa.Column("postcode", sa.String(length=20), nullable=False),
        sa.Column("state", sa.String(length=100), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=False),
        sa.Column("phone", sa.String(length=40), nullable=False),
        sa.Column("customer_note", sa.Text(), nullable=False),
        sa.Column("erased_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_order_customers_order_id_orders"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("order_id", name=op.f("pk_order_customers")),
    )
    op.create_table(
        "mail_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to", sa.String(length=320), nullable=False),
        sa.Column("subject", sa.String(length=300), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("reference", sa.String(length=64), nullable=True),
        sa.Column("backend", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_outbox")),
    )
    op.create_index("ix_mail_outbox_reference", "mail_outbox", ["reference"])
    op.create_index("ix_mail_outbox_to", "mail_outbox", ["to"])
    op.create_index("ix_mail_outbox_backend_sent_at", "mail_outbox", ["backend", "sent_at"])
    op.create_table(
        "ga4_events",
        sa.Column("event_id", sa.String(length=100), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_ga4_events")),
    )
    op.create_index("ix_ga4_events_name_created_at", "ga4_events", ["name", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_ga4_events_name_created_at", table_name="ga4_events")
    op.drop_table("ga4_events")
    op.drop_index("ix_mail_outbox_backend_sent_at", table_name="mail_outbox")
    op.drop_index("ix_mail_outbox_to", table_name="mail_outbox")
    op.drop_index("ix_mail_outbox_reference", table_name="mail_outbox")
    op.drop_table("mail_outbox")
    op.drop_table("order_customers")
    op.drop_index("ix_order_lines_order_id", table_name="order_lines")
    op.drop_table("order_lines")
    op.drop_index("ix_orders_date_created", table_name="orders")
    op.drop_table("orders")
    op.drop_index("ix_shipping_rates_zone_id", table_name="shipping_rates")
    op.drop_table("shipping_rates")
    op.drop_table("shipping_zones")
