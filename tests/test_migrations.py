"""Alembic migrations go up and down cleanly on the engine under test (SQLite or PostgreSQL)."""

from __future__ import annotations

from sqlalchemy import inspect

import services.analytics.ga4_models  # noqa: F401  (every model module migrations/env.py registers)
import services.analytics.models  # noqa: F401
import services.analytics.read_models  # noqa: F401
import services.cart.readmodel  # noqa: F401
import services.catalog.models  # noqa: F401
import services.checkout.models  # noqa: F401
import services.contact.models  # noqa: F401
import services.discounts.models  # noqa: F401
import services.mail.models  # noqa: F401
import services.newsletter.models  # noqa: F401
import services.staff.models  # noqa: F401
import services.support.models  # noqa: F401
from services.shared import db as shared_db
from services.shared.db import Base
from services.shared.migrate import downgrade, upgrade


def _tables(url: str) -> set[str]:
    engine = shared_db.get_engine(url)
    with engine.connect() as conn:
        # Only Alembic's tables: the event store's own tables share the database on PostgreSQL.
        return set(inspect(conn).get_table_names()) & set(Base.metadata.tables)


def test_head_creates_every_model_table(db_url: str) -> None:
    assert _tables(db_url) == set(Base.metadata.tables)


def test_down_to_base_and_up_again(db_url: str) -> None:
    downgrade(db_url, "base")
    assert _tables(db_url) == set()
    upgrade(db_url)
    assert _tables(db_url) == set(Base.metadata.tables)


def test_models_and_migrations_agree(db_url: str) -> None:
    """Autogenerate finds nothing to do: every model change has its revision."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from services.shared.migrate import include_name

    with shared_db.get_engine(db_url).connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "include_name": include_name})
        diff = compare_metadata(context, Base.metadata)
    assert diff == []
