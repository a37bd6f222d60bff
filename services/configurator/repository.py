"""All configurator SQL (docs/spec.md section 2.13), with queries named by intent.

Loaders fetch a configurator with everything the service reads (angles, layers, choices and
their images, rules) in a fixed number of ``selectinload`` queries, never one lazy load per row.
Importing this module installs the versioning hook: every flush that adds, changes or deletes a
configurator or anything in it raises that configurator's ``version`` by one (docs/spec.md
section 2.13: a cart line and a share link record the version they were made with).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import event, inspect, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, selectinload

from services.catalog.models import Product
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
    ConfiguratorShare,
)


@dataclass(frozen=True)
class LinkedStock:
    """The stock of a catalogue product a choice is linked to: its ``stock_status`` and whether
    it takes backorders (``backorders == "yes"``, docs/spec.md section 4)."""

    stock_status: str
    has_backorder: bool


def _loaded() -> Any:
    return (
        selectinload(ConfiguratorModel.angles),
        selectinload(ConfiguratorModel.layers)
        .selectinload(ConfiguratorLayer.choices)
        .selectinload(ConfiguratorChoice.images),
        selectinload(ConfiguratorModel.rules),
    )


def get_by_product(session: Session, product_id: int) -> ConfiguratorModel | None:
    """The configurator of ``product_id`` with everything in it loaded, or None."""
    return session.scalars(
        select(ConfiguratorModel).where(ConfiguratorModel.product_id == product_id).options(*_loaded())
    ).first()


def by_products(session: Session, product_ids: Iterable[int]) -> dict[int, ConfiguratorModel]:
    """The configurators of ``product_ids`` (those that have one) by product id, fully loaded."""
    ids = sorted(set(product_ids))
    if not ids:
        return {}
    rows = session.scalars(
        select(ConfiguratorModel).where(ConfiguratorModel.product_id.in_(ids)).options(*_loaded())
    )
    return {c.product_id: c for c in rows}


def products(
    session: Session, product_ids: Iterable[int], statuses: Sequence[str] | None = None
) -> dict[int, Product]:
    """The products ``product_ids`` by id (only those whose status is in ``statuses`` when
    given), with their categories loaded (the product page path)."""
    ids = sorted(set(product_ids))
    if not ids:
        return {}
    query = select(Product).where(Product.id.in_(ids)).options(selectinload(Product.categories))
    if statuses is not None:
        query = query.where(Product.status.in_(list(statuses)))
    return {p.id: p for p in session.scalars(query)}


def linked_stock(session: Session, configurators: Iterable[ConfiguratorModel]) -> dict[int, LinkedStock]:
    """The stock of every catalogue product a choice of ``configurators`` is linked to, by
    product id (one query; a linked product that no longer exists is left out)."""
    ids = {
        c.linked_product_id
        for cfg in configurators
        for layer in cfg.layers
        for c in layer.choices
        if c.linked_product_id is not None
    }
    if not ids:
        return {}
    rows = session.execute(
        select(Product.id, Product.stock_status, Product.backorders).where(Product.id.in_(sorted(ids)))
    )
    return {pid: LinkedStock(status, backorders == "yes") for pid, status, backorders in rows}


def choices_by_sku_parts(session: Session, skus: Sequence[str]) -> list[ConfiguratorChoice]:
    """Configurator choices whose ``sku_part`` is in ``skus`` (``configurator-prices``)."""
    wanted = [s for s in skus if s]
    if not wanted:
        return []
    return list(
        session.scalars(
            select(ConfiguratorChoice)
            .where(ConfiguratorChoice.sku_part.in_(wanted))
            .order_by(ConfiguratorChoice.id)
        )
    )


def bump_version(session: Session, configurator_id: int) -> None:
    """Raise the version of configurator ``configurator_id`` by one, in the session's
    transaction (for changes made with bulk SQL; ORM changes are counted by the flush hook)."""
    session.execute(
        update(ConfiguratorModel)
        .where(ConfiguratorModel.id == configurator_id)
        .values(version=ConfiguratorModel.version + 1)
    )


def get_share(session: Session, share_hash: str) -> ConfiguratorShare | None:
    """The shared build with ``share_hash``, or None."""
    return session.get(ConfiguratorShare, share_hash)


def put_share(
    session: Session, share_hash: str, product_id: int, version: int, choices: list[dict[str, Any]]
) -> None:
    """Store a shared build once per hash: a second insert of the same hash (also one running
    concurrently in another transaction) does nothing (``ON CONFLICT DO NOTHING`` on both
    PostgreSQL and SQLite). ``choices``: ``[{key, name, layer_name, extra_eur, extra_usd}]``."""
    values = {"hash": share_hash, "product_id": product_id, "version": version, "choices": choices}
    table = ConfiguratorShare.__table__
    if session.get_bind().dialect.name == "postgresql":
        pg = postgresql.insert(table).values(**values).on_conflict_do_nothing(index_elements=["hash"])
        session.execute(pg)
    else:
        lite = sqlite.insert(table).values(**values).on_conflict_do_nothing(index_elements=["hash"])
        session.execute(lite)


# --- versioning -------------------------------------------------------------------------------

_PARTS = (
    ConfiguratorModel,
    ConfiguratorAngle,
    ConfiguratorLayer,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorRule,
)


def _owner(session: Session, obj: object) -> ConfiguratorModel | None:
    """The configurator ``obj`` belongs to (following loaded relationships, else ids)."""
    if isinstance(obj, ConfiguratorModel):
        return obj
    if isinstance(obj, ConfiguratorChoiceImage):
        choice = obj.choice or (session.get(ConfiguratorChoice, obj.choice_id) if obj.choice_id else None)
        return _owner(session, choice) if choice is not None else None
    if isinstance(obj, ConfiguratorChoice):
        layer = obj.layer or (session.get(ConfiguratorLayer, obj.layer_id) if obj.layer_id else None)
        return _owner(session, layer) if layer is not None else None
    if isinstance(obj, ConfiguratorAngle | ConfiguratorLayer | ConfiguratorRule):
        if obj.configurator is not None:
            return obj.configurator
        return session.get(ConfiguratorModel, obj.configurator_id) if obj.configurator_id else None
    return None


def _edited(session: Session) -> set[int]:
    return {id(o) for o in session.dirty if session.is_modified(o)}


@event.listens_for(Session, "before_flush")
def _bump_versions(session: Session, _flush_context: Any, _instances: Any) -> None:
    """Raise ``version`` once per flush of each configurator whose own row or parts were added,
    changed or deleted (a configurator just created keeps version 1; an explicit change of
    ``version`` is kept as it is)."""
    modified = _edited(session)
    touched = [
        o
        for o in (*session.new, *session.dirty, *session.deleted)
        if isinstance(o, _PARTS) and (o in session.new or o in session.deleted or id(o) in modified)
    ]
    if not touched:
        return
    owners: dict[int, ConfiguratorModel] = {}
    with session.no_autoflush:
        for obj in touched:
            owner = _owner(session, obj)
            if owner is None or owner in session.new or owner in session.deleted:
                continue
            owners[id(owner)] = owner
    for owner in owners.values():
        if inspect(owner).attrs.version.history.has_changes():
            continue
        owner.version = (owner.version or 1) + 1


def first_warning(session: Session) -> str:
    """The shop-wide configurator warning: the first non-empty ``warning_message`` of any
    configurator (lowest id), "" when none."""
    found = session.scalars(
        select(ConfiguratorModel.warning_message)
        .where(ConfiguratorModel.warning_message != "")
        .order_by(ConfiguratorModel.id)
        .limit(1)
    ).first()
    return found or ""
