"""cart events and snapshots without personal data: rewrite the stored bytes

Events and snapshots stored before it held personal data: ``CouponApplied`` carried the coupon's
``used_by`` (earlier buyers' emails) and ``email_restrictions``, ``CommandRefused`` and
``CouponRemoved`` messages could name an email, ``PaymentIntentSet`` took free text, and the
``Cart`` snapshots copied all of it. Upcasters (``services/cart/domain.py``) clean what is read,
but leave the bytes on disk; this revision decodes every stored cart event and snapshot with the
library's own mapper (so the upcasters run), and writes the re-encoded, clean bytes back
(``services/cart/privacy.rewrite_store``; docs/events.md, "What events never hold").

Where the event store lives (``services/cart/eventstore.py``): on PostgreSQL the tables
``carts_events`` and ``carts_snapshots`` in the migrated schema, rewritten in this migration's
transaction; on SQLite the separate file ``DATA_DIR/cart-events.sqlite3`` (tables
``stored_events``, ``stored_snapshots``), rewritten in one transaction of its own. A database
whose event store does not exist yet (a fresh install: migration 0020 creates it) has
nothing to rewrite. Downgrade keeps the clean bytes (the removed data cannot come back, and the
older code reads the clean events).

Revision ID: 0011
Revises: 0010
"""

from collections.abc import Sequence
from pathlib import Path

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rewrite(conn: sa.Connection, events: str, snapshots: str) -> None:
    from services.cart.privacy import rewrite_store

    tables = set(sa.inspect(conn).get_table_names())
    if events in tables:
        rewrite_store(conn, events, snapshots if snapshots in tables else None)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        _rewrite(bind, "carts_events", "carts_snapshots")
        return
    from services.cart.eventstore import eventstore_env
    from services.shared.settings import get_settings

    env = eventstore_env(get_settings())
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite" or not Path(env["SQLITE_DBNAME"]).exists():
        return
    engine = sa.create_engine(f"sqlite:///{env['SQLITE_DBNAME']}", connect_args={"timeout": 30})
    try:
        with engine.begin() as conn:
            _rewrite(conn, "stored_events", "stored_snapshots")
    finally:
        engine.dispose()


def downgrade() -> None:
    pass
