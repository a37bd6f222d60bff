"""Keeping the catalogue revision current (see ``models/revision.py``).

A ``before_flush`` hook on every ORM session bumps the revision, inside the same
transaction, whenever the flush adds, changes or deletes a catalogue or content row (configurators included). Code
that changes catalogue rows with bulk SQL (no ORM objects) calls :func:`bump` itself.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from services.catalog import models
from services.catalog.models import CatalogRevision
from services.configurator import models as configurator_models

_CATALOG_TYPES: tuple[type, ...] = tuple(
    getattr(models, name)
    for name in models.__all__
    if isinstance(getattr(models, name), type)
    and hasattr(getattr(models, name), "__tablename__")
    and name != "CatalogRevision"
) + (
    # a configurator is catalogue content too: its edits must reach cached answers and the
    # cart's cached facts (docs/spec.md section 2.13); shares are not (shoppers write them)
    configurator_models.ConfiguratorModel,
    configurator_models.ConfiguratorAngle,
    configurator_models.ConfiguratorLayer,
    configurator_models.ConfiguratorChoice,
    configurator_models.ConfiguratorChoiceImage,
    configurator_models.ConfiguratorRule,
)


def bump(session: Session) -> None:
    """Increment the revision in the session's transaction (no-op before migration 0002)."""
    session.execute(
        update(CatalogRevision).where(CatalogRevision.id == 1).values(revision=CatalogRevision.revision + 1)
    )


def read(bind: Engine | Connection) -> int:
    """The current revision (0 when the table is missing or empty)."""
    try:
        if isinstance(bind, Engine):
            with bind.connect() as conn:
                return int(conn.scalar(select(CatalogRevision.revision).where(CatalogRevision.id == 1)) or 0)
        return int(bind.scalar(select(CatalogRevision.revision).where(CatalogRevision.id == 1)) or 0)
    except Exception:  # noqa: BLE001 - a missing table means "no cache key yet", never an error
        return 0


def _touches_catalogue(session: Session) -> bool:
    if any(isinstance(obj, _CATALOG_TYPES) for obj in (*session.new, *session.deleted)):
        return True
    return any(isinstance(obj, _CATALOG_TYPES) and session.is_modified(obj) for obj in session.dirty)


@event.listens_for(Session, "before_flush")
def _bump_on_catalogue_change(session: Session, _flush_context: Any, _instances: Any) -> None:
    if _touches_catalogue(session):
        bump(session)
