"""Writing a batch of planned rows (all the import's SQL), in one transaction per batch.

A batch is a few hundred rows (``--batch-size``); each is written with a handful of
multi-row statements (executemany), whatever its size: new categories and tags, new products,
updated products (one UPDATE statement per set of changed columns), category and tag links,
gallery images and attribute rows (replaced wholesale for the products whose list changed),
new and updated variations. Then the catalogue revision is bumped once
(``services/catalog/revision.py``: these are Core statements, the ORM hook does not see them),
PostgreSQL's id sequences are moved past the explicit ids, and the batch commits, so the
shop's own writes (a checkout, a cart command) wait at most one batch for SQLite's write lock.

The search index (SQLite FTS5 ``products_fts``, PostgreSQL ``product_search``) is kept by the
database's triggers on ``products``, ``product_categories`` and ``product_tags`` (migration
0007): rows written here are indexed like any other.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from enum import Enum
from itertools import groupby
from typing import Any

from sqlalchemy import ColumnDefault, Table, and_, bindparam, delete, insert, text, update
from sqlalchemy.orm import Session

from services.catalog import revision
from services.catalog.importer.products import Planned, now
from services.catalog.importer.state import CHUNK, Shop
from services.catalog.importer.terms import Terms
from services.catalog.models import Category, Product, ProductAttribute, ProductImage, Tag, Variation
from services.catalog.models.products import product_categories, product_tags
from services.shared.db import sync_sequences

PRODUCTS: Table = Product.__table__
VARIATIONS: Table = Variation.__table__


def write_batch(session: Session, shop: Shop, terms: Terms, batch: Sequence[Planned]) -> None:
    """Write ``batch`` (rows already validated) and commit. Raises the database's error (after
    rolling the batch back) when a statement fails."""
    try:
        _write(session, shop, terms, batch)
        revision.bump(session)
        sync_sequences(session)
        session.commit()
    except Exception:
        session.rollback()
        raise


def _write(session: Session, shop: Shop, terms: Terms, batch: Sequence[Planned]) -> None:
    stamp = now()
    categories, tags = terms.take_pending()
    _insert(session, Category.__table__, categories)
    _insert(session, Tag.__table__, tags)
    products = [p for p in batch if p.kind == "product"]
    variations = [p for p in batch if p.kind == "variation"]
    _insert(
        session,
        PRODUCTS,
        [
            {**p.values, "date_created": stamp, "date_modified": stamp}
            for p in products
            if p.action == "create"
        ],
    )
    _update(
        session, PRODUCTS, [{**p.values, "date_modified": stamp} for p in products if p.action == "update"]
    )
    dropped = [p.id for p in products if p.drop_variations]
    _delete_where(session, VARIATIONS, VARIATIONS.c.product_id, dropped)
    _replace_links(session, product_categories, "category_id", [(p.id, p.categories) for p in products])
    _replace_links(session, product_tags, "tag_id", [(p.id, p.tags) for p in products])
    galleries = [(p.id, p.gallery) for p in products if p.gallery is not None]
    images: Table = ProductImage.__table__
    for start in range(0, len(galleries), CHUNK):
        ids = [pid for pid, _ in galleries[start : start + CHUNK]]
        session.execute(delete(images).where(and_(images.c.product_id.in_(ids), images.c.role == "gallery")))
    _insert(
        session,
        images,
        [
            {"product_id": pid, "position": i, "role": "gallery", "src": url, "alt": ""}
            for pid, urls in galleries
            for i, url in enumerate(urls or [])
        ],
    )
    write_attributes(session, shop, {pid for p in batch for pid in p.attributes})
    _insert(session, VARIATIONS, [p.values for p in variations if p.action == "create"])
    _update(session, VARIATIONS, [p.values for p in variations if p.action == "update"])


def write_attributes(session: Session, shop: Shop, product_ids: Iterable[int]) -> None:
    """Replace the attribute rows of ``product_ids`` by their lists in ``shop.attributes``."""
    ids = sorted(product_ids)
    table: Table = ProductAttribute.__table__
    _delete_where(session, table, table.c.product_id, ids)
    _insert(
        session,
        table,
        [
            {**attribute, "product_id": pid, "position": position}
            for pid in ids
            for position, attribute in enumerate(shop.attributes.get(pid, []))
        ],
    )


def write_links(session: Session, values: list[dict[str, Any]]) -> None:
    """Set grouped_ids/upsell_ids/cross_sell_ids (``values``: dicts with ``id``) and commit."""
    try:
        _update(session, PRODUCTS, values)
        revision.bump(session)
        session.commit()
    except Exception:
        session.rollback()
        raise


def _insert(session: Session, table: Table, rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` (column dicts; the rows of one kind share their keys).

    SQLite: one executemany per set of keys (its triggers are row-level anyway). PostgreSQL:
    one ``INSERT ... SELECT ... FROM jsonb_populate_recordset(NULL::<table>, :rows)`` statement
    per set of keys, the rows sent as one JSON document: a single statement, so the
    statement-level search-index triggers (migration 0018) refresh once per batch instead of
    once per row, and nothing has to compile a statement with thousands of parameters. Column
    defaults (Python-side) are filled in first, as Core's executemany would."""
    if not rows:
        return
    if session.get_bind().dialect.name != "postgresql":
        for _keys, group in groupby(sorted(rows, key=_keyset), key=_keyset):
            session.execute(insert(table), list(group))
        return
    filled = [_with_defaults(table, row) for row in rows]
    for keys, group in groupby(sorted(filled, key=_keyset), key=_keyset):
        columns = ", ".join(f'"{key}"' for key in keys)
        statement = text(
            f'INSERT INTO "{table.name}" ({columns}) SELECT {columns} '
            f'FROM jsonb_populate_recordset(NULL::"{table.name}", CAST(:rows AS jsonb))'
        )
        session.execute(statement, {"rows": json.dumps(list(group), default=_json_value)})


def _with_defaults(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    """``row`` plus the Python-side scalar or callable default of every column it lacks."""
    result = dict(row)
    for column in table.columns:
        default = column.default
        if column.name in result or default is None or not isinstance(default, ColumnDefault):
            continue
        value = default.arg(None) if default.is_callable else default.arg
        result[column.name] = value.value if isinstance(value, Enum) else value
    return result


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"cannot send {type(value).__name__} as JSON")


def _update(session: Session, table: Table, rows: list[dict[str, Any]]) -> None:
    """UPDATE ... WHERE id = :id as one executemany per set of changed columns."""
    for keys, group in groupby(sorted(rows, key=_keyset), key=_keyset):
        columns = [k for k in keys if k != "id"]
        if not columns:
            continue
        statement = (
            update(table)
            .where(table.c.id == bindparam("_id"))
            .values({k: bindparam(f"_{k}") for k in columns})
        )
        session.execute(statement, [{f"_{k}": v for k, v in row.items()} for row in group])


def _delete_where(session: Session, table: Table, column: Any, ids: Sequence[int]) -> None:
    for start in range(0, len(ids), CHUNK):
        session.execute(delete(table).where(column.in_(ids[start : start + CHUNK])))


def _replace_links(
    session: Session, table: Table, column: str, links: list[tuple[int, list[int] | None]]
) -> None:
    """Replace the category or tag links of the products whose list is not None."""
    given = [(pid, ids) for pid, ids in links if ids is not None]
    _delete_where(session, table, table.c.product_id, [pid for pid, _ in given])
    _insert(session, table, [{"product_id": pid, column: i} for pid, ids in given for i in ids or []])


def _keyset(row: dict[str, Any]) -> tuple[str, ...]:
    return tuple(sorted(row))
