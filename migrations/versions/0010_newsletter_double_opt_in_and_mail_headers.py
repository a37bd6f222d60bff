"""newsletter double opt-in (status, confirmation and unsubscribe times, link tokens) and extra
mail headers (Reply-To, List-Unsubscribe)

Subscriptions stored before this revision were never confirmed: they become ``pending`` and get
no newsletter until their address signs up (and confirms) again.

Revision ID: 0010
Revises: 0009
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("newsletter_subscriptions") as batch:
        batch.add_column(sa.Column("status", sa.String(length=16), nullable=False, server_default="pending"))
        batch.add_column(sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("unsubscribed_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("confirmation_sent_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_check_constraint(
            op.f("ck_newsletter_subscriptions_status_known"),
            "status IN ('pending', 'confirmed', 'unsubscribed')",
        )
    op.create_table(
        "newsletter_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "purpose IN ('confirm', 'unsubscribe')", name=op.f("ck_newsletter_tokens_purpose_known")
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["newsletter_subscriptions.id"],
            name=op.f("fk_newsletter_tokens_subscription_id_newsletter_subscriptions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_newsletter_tokens_token_hash")),
    )
    op.create_index(
        op.f("ix_newsletter_tokens_subscription_id"), "newsletter_tokens", ["subscription_id"], unique=False
    )
    with op.batch_alter_table("mail_outbox") as batch:
        batch.add_column(sa.Column("headers", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("mail_outbox") as batch:
        batch.drop_column("headers")
    op.drop_index(op.f("ix_newsletter_tokens_subscription_id"), table_name="newsletter_tokens")
    op.drop_table("newsletter_tokens")
    with op.batch_alter_table("newsletter_subscriptions") as batch:
        batch.drop_constraint(op.f("ck_newsletter_subscriptions_status_known"), type_="check")
        batch.drop_column("confirmation_sent_at")
        batch.drop_column("unsubscribed_at")
        batch.drop_column("confirmed_at")
        batch.drop_column("status")
