"""support console: staff roles support and analyst, the support index, the audit log

Widens the ``staff_users`` role CHECK to ``admin``, ``reviewer``, ``support``, ``analyst``
(batch mode: SQLite rebuilds the table). Creates the support index (``support_carts``, one row
per cart, and ``support_cart_keys``; kept by the ``support_index`` projection, whose tracking
row lives in ``projection_tracking``) and the append-only ``support_audit``, whose UPDATE and
DELETE are refused by triggers on both dialects (``services/support/models.py``; docs/support.md).
The index is filled by the projection from the cart log (``shop rebuild-projections``), not here.

Revision ID: 0013
Revises: 0012
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_ROLES = "role IN ('admin', 'reviewer')"
NEW_ROLES = "role IN ('admin', 'reviewer', 'support', 'analyst')"
APPEND_ONLY_MESSAGE = "support_audit is append-only"

SQLITE_TRIGGERS = {
    "support_audit_no_update": "BEFORE UPDATE ON support_audit",
    "support_audit_no_delete": "BEFORE DELETE ON support_audit",
}
PG_FUNCTION = f"""
    CREATE FUNCTION support_audit_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{APPEND_ONLY_MESSAGE}';
    END;
    $$
"""
PG_TRIGGERS = {
    "support_audit_no_update": "BEFORE UPDATE ON support_audit",
    "support_audit_no_delete": "BEFORE DELETE ON support_audit",
}


def _staff_users(check: str) -> sa.Table:
    """``staff_users`` as revision 0004 made it, with the role CHECK ``check``. On SQLite batch
    mode copies the table into this definition (it cannot alter a CHECK in place)."""
    return sa.Table(
        "staff_users",
        sa.MetaData(),
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.CheckConstraint(check, name="ck_staff_users_role"),
        sa.CheckConstraint("email = lower(email)", name="ck_staff_users_email_lower_case"),
        sa.PrimaryKeyConstraint("id", name="pk_staff_users"),
        sa.UniqueConstraint("email", name="uq_staff_users_email"),
    )


def _set_roles(old: str, new: str) -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_constraint(op.f("ck_staff_users_role"), "staff_users", type_="check")
        op.create_check_constraint(op.f("ck_staff_users_role"), "staff_users", new)
        return
    # Dropping the old table cascades to staff_sessions (foreign keys are on): keep them.
    bind = op.get_bind()
    sessions = [dict(row) for row in bind.execute(sa.text("SELECT * FROM staff_sessions")).mappings()]
    with op.batch_alter_table("staff_users", copy_from=_staff_users(new), recreate="always"):
        pass  # the copy gets the new CHECK; the rows stay
    if sessions:
        columns = list(sessions[0])
        bind.execute(
            sa.text(
                f"INSERT INTO staff_sessions ({', '.join(columns)}) "
                f"VALUES ({', '.join(':' + c for c in columns)})"
            ),
            sessions,
        )


def upgrade() -> None:
    _set_roles(OLD_ROLES, NEW_ROLES)

    op.create_table(
        "support_carts",
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.Column("reference", sa.String(length=7), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("country", sa.String(length=2), nullable=False),
        sa.Column("currency", sa.String(length=3), nullable=False),
        sa.Column("line_count", sa.Integer(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("total", sa.BigInteger(), nullable=False),
        sa.Column("checkout_started", sa.Boolean(), nullable=False),
        sa.Column("order_numbers", sa.JSON(), nullable=False),
        sa.Column("first_activity", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_activity", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("cart_id", name=op.f("pk_support_carts")),
    )
    with op.batch_alter_table("support_carts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_support_carts_reference"), ["reference"], unique=False)
        batch_op.create_index(batch_op.f("ix_support_carts_last_activity"), ["last_activity"], unique=False)

    op.create_table(
        "support_cart_keys",
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.Column("cart_id", sa.String(length=36), nullable=False),
        sa.PrimaryKeyConstraint("kind", "value", "cart_id", name=op.f("pk_support_cart_keys")),
    )

    op.create_table(
        "support_audit",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("staff_id", sa.Integer(), nullable=True),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("view", sa.String(length=20), nullable=False),
        sa.Column("cart_id", sa.String(length=36), nullable=True),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("query", sa.String(length=200), nullable=True),
        sa.Column("result_count", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_support_audit")),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(PG_FUNCTION)
        for name, when in PG_TRIGGERS.items():
            op.execute(
                f"CREATE TRIGGER {name} {when} FOR EACH ROW EXECUTE FUNCTION support_audit_append_only()"
            )
    else:
        for name, when in SQLITE_TRIGGERS.items():
            op.execute(
                f"CREATE TRIGGER {name} {when} BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY_MESSAGE}'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for name in PG_TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name} ON support_audit")
        op.execute("DROP FUNCTION IF EXISTS support_audit_append_only()")
    else:
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("support_audit")
    op.drop_table("support_cart_keys")
    with op.batch_alter_table("support_carts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_support_carts_last_activity"))
        batch_op.drop_index(batch_op.f("ix_support_carts_reference"))
    op.drop_table("support_carts")
    op.execute("DELETE FROM staff_users WHERE role IN ('support', 'analyst')")
    op.execute("DELETE FROM projection_tracking WHERE projection_name = 'support_index'")
    _set_roles(NEW_ROLES, OLD_ROLES)
