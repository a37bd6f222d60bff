"""Run Alembic migrations programmatically (used by the CLI and the tests)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config

from services.shared.settings import REPO_ROOT


def alembic_config(url: str | None = None) -> Config:
    """Alembic config for this repo; ``url`` overrides the configured database."""
    cfg = Config(str(REPO_ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(REPO_ROOT / "migrations"))
    if url:
        cfg.attributes["url"] = url
    return cfg


def include_name(name: str | None, type_: str, _parent_names: object) -> bool:
    """Alembic filter: only the tables of the models (``Base.metadata``). The event store's tables
    (``carts_events``, ``carts_snapshots``), made by migration 0020 with the ``eventsourcing``
    library's DDL, have no model and must never be diffed or dropped by autogenerate. Indexes named ``*_trgm`` are the search's
    PostgreSQL-only trigram indexes (migration 0019), which the models do not declare."""
    from services.shared.db import Base

    if type_ == "table":
        return name in Base.metadata.tables
    if type_ == "index" and name is not None and name.endswith("_trgm"):
        return False
    return True


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Migrate the database at ``url`` (default: configured) up to ``revision``."""
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str | None = None, revision: str = "base") -> None:
    """Migrate the database at ``url`` down to ``revision``."""
    command.downgrade(alembic_config(url), revision)
