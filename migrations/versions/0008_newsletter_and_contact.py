"""newsletter subscriptions and contact messages

Revision ID: 0008
Revises: 0007
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "contact_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("order_number", sa.String(length=20), nullable=True),
        sa.Column("topic", sa.String(length=200), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contact_messages")),
    )
    op.create_index("ix_contact_messages_email_created_at", "contact_messages", ["email", "created_at"])
    op.create_table(
        "newsletter_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("tags", sa.JSON(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("consent_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("email = lower(email)", name=op.f("ck_newsletter_subscriptions_email_lower_case")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_subscriptions")),
        sa.UniqueConstraint("email", name=op.f("uq_newsletter_subscriptions_email")),
    )


def downgrade() -> None:
    op.drop_table("newsletter_subscriptions")
    op.drop_index("ix_contact_messages_email_created_at", table_name="contact_messages")
    op.drop_table("contact_messages")
