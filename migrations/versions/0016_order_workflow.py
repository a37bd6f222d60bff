"""order workflow: staff mark orders paid, shipped, cancelled or refunded

Adds to ``orders`` ``version`` (0 for every existing order; the staff actions' conditional
UPDATE checks and bumps it), ``date_paid`` and ``date_completed``; creates ``order_shipments``,
``order_refunds`` and ``order_refund_lines``, and the append-only ``order_status_changes``,
whose DELETE and UPDATE are refused by triggers on both dialects, as ``support_audit``'s
(revision 0013), with one exception: blanking ``staff_note`` (what staff typed, which may hold
personal data) and nothing else, as erasing the buyer's personal data does. Otherwise these
tables hold staff ids, statuses, amounts, carriers and tracking numbers; the mails live in
``mail_outbox``. docs/checkout.md "Order workflow".

Revision ID: 0016
Revises: 0015
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

APPEND_ONLY_MESSAGE = "order_status_changes is append-only"
# The one UPDATE allowed: staff_note blanked, every other column as it was.
KEPT = ("id", "order_id", "at", "staff_id", "action", "from_status", "to_status", "note")
ERASURE_ONLY = "NEW.staff_note = '' AND " + " AND ".join(
    f"NEW.{c} IS NOT DISTINCT FROM OLD.{c}" for c in KEPT
)
SQLITE_ERASURE_ONLY = "NEW.staff_note = '' AND " + " AND ".join(f"NEW.{c} IS OLD.{c}" for c in KEPT)
TRIGGERS = {
    "order_status_changes_no_update": "BEFORE UPDATE ON order_status_changes",
    "order_status_changes_no_delete": "BEFORE DELETE ON order_status_changes",
}
PG_FUNCTION = f"""
    CREATE FUNCTION order_status_changes_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'UPDATE' AND {ERASURE_ONLY} THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION '{APPEND_ONLY_MESSAGE}';
    END;
    $$
"""


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN on both dialects (no batch rebuild of orders).
    op.add_column("orders", sa.Column("version", sa.Integer(), server_default="0", nullable=False))
    op.add_column("orders", sa.Column("date_paid", sa.DateTime(timezone=True), nullable=True))
    op.add_column("orders", sa.Column("date_completed", sa.DateTime(timezone=True), nullable=True))

    op.create_table(
        "order_status_changes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("order_id", sa.BigInteger(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("from_status", sa.String(length=20), nullable=False),
        sa.Column("to_status", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("staff_note", sa.Text(), nullable=False, server_default=""),
        sa.ForeignKeyConstraint(
            ["order_id"], ["orders.id"], name=op.f("fk_order_status_changes_order_id_orders")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_status_changes")),
    )
    op.create_index(
        op.f("ix_order_status_changes_order_id"), "order_status_changes", ["order_id"], unique=False
    )
    op.create_table(
        "order_shipments",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("order_id", sa.BigInteger(), nullable=False),
        sa.Column("carrier", sa.String(length=100), nullable=False),
        sa.Column("tracking_number", sa.String(length=100), nullable=False),
        sa.Column("shipped_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], name=op.f("fk_order_shipments_order_id_orders")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_shipments")),
    )
    op.create_index(op.f("ix_order_shipments_order_id"), "order_shipments", ["order_id"], unique=False)
    op.create_table(
        "order_refunds",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("order_id", sa.BigInteger(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("shipping", sa.BigInteger(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], name=op.f("fk_order_refunds_order_id_orders")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_refunds")),
    )
    op.create_index(op.f("ix_order_refunds_order_id"), "order_refunds", ["order_id"], unique=False)
    op.create_table(
        "order_refund_lines",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("refund_id", sa.Integer(), nullable=False),
        sa.Column("order_line_id", sa.Integer(), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("restocked", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["order_line_id"],
            ["order_lines.id"],
            name=op.f("fk_order_refund_lines_order_line_id_order_lines"),
        ),
        sa.ForeignKeyConstraint(
            ["refund_id"], ["order_refunds.id"], name=op.f("fk_order_refund_lines_refund_id_order_refunds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_order_refund_lines")),
    )
    op.create_index(
        op.f("ix_order_refund_lines_refund_id"), "order_refund_lines", ["refund_id"], unique=False
    )

    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_FUNCTION)
        for name, when in TRIGGERS.items():
            op.execute(
                f"CREATE TRIGGER {name} {when} FOR EACH ROW EXECUTE FUNCTION order_status_changes_append_only()"
            )
    else:
        for name, when in TRIGGERS.items():
            only_if = f" WHEN NOT ({SQLITE_ERASURE_ONLY})" if "UPDATE" in when else ""
            op.execute(
                f"CREATE TRIGGER {name} {when}{only_if} BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_MESSAGE}'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for name in TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name} ON order_status_changes")
        op.execute("DROP FUNCTION IF EXISTS order_status_changes_append_only()")
    else:
        for name in TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_index(op.f("ix_order_refund_lines_refund_id"), table_name="order_refund_lines")
    op.drop_table("order_refund_lines")
    op.drop_index(op.f("ix_order_refunds_order_id"), table_name="order_refunds")
    op.drop_table("order_refunds")
    op.drop_index(op.f("ix_order_shipments_order_id"), table_name="order_shipments")
    op.drop_table("order_shipments")
    op.drop_index(op.f("ix_order_status_changes_order_id"), table_name="order_status_changes")
    op.drop_table("order_status_changes")
    for column in ("date_completed", "date_paid", "version"):
        op.drop_column("orders", column)  # plain ALTER TABLE DROP COLUMN (SQLite 3.35+), as 0015
