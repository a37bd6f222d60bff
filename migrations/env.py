"""Alembic environment: the URL comes from the app settings (or ``-x url=...``).

Alembic owns every table: the relational ones (the models) and the cart event store's
(migration 0020, the ``eventsourcing`` library's DDL written out; docs/operations.md "Schema").
"""

from __future__ import annotations

from alembic import context

import services.analytics.ga4_models  # noqa: F401  (registers every table)
import services.analytics.models  # noqa: F401
import services.analytics.read_models  # noqa: F401
import services.cart.readmodel  # noqa: F401
import services.catalog.models  # noqa: F401
import services.checkout.models  # noqa: F401
import services.configurator.models  # noqa: F401
import services.contact.models  # noqa: F401
import services.discounts.models  # noqa: F401
import services.mail.models  # noqa: F401
import services.newsletter.models  # noqa: F401
import services.staff.models  # noqa: F401
import services.support.models  # noqa: F401
from services.shared.db import Base, get_engine
from services.shared.migrate import include_name

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    """Run migrations online against the configured engine (SQLite or PostgreSQL)."""
    url = context.get_x_argument(as_dictionary=True).get("url") or config.attributes.get("url")
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    with get_engine(url).connect() as conn:
        _run(conn)
        conn.commit()


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        include_name=include_name,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
