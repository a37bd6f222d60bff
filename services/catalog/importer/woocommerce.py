"""Import products from a CSV in the format of WooCommerce's own product exporter.

Entry point: :func:`import_products_csv`. The rules follow WooCommerce's product CSV
exporter and importer (``WC_Product_CSV_Exporter``, ``WC_Product_CSV_Importer``), mapped
onto the catalogue model (``services.catalog.models``); docs/spec.md section 3.1 states them:

* A row whose ID (or, failing that, SKU, compared case-insensitively) is already in the shop
  is refused unless ``update`` is set (WooCommerce's "Update existing products"); then it
  updates that product. Other rows create products, keeping the file's ID when it has one.
* A record whose field count is not the header's is refused (it would import shifted cells).
* Variations ("variation" rows) become :class:`Variation` rows of their Parent ("id:123" or a
  SKU); all product rows are planned before any variation row, so a variation may come
  before its parent in the file.
* Every row is validated in memory before anything of it is written; a refused row is reported
  as ``(line, message)`` and leaves nothing behind; the other rows still land.
* Rows are written in batches of ``batch_size``, one transaction each (``writer.py``), so the
  shop keeps serving during a long import.
* Grouped products, Upsells and Cross-sells ("id:N" or SKUs) are resolved once every
  row is in. A reference to a product that is neither in the database nor imported is
  dropped and reported as a *warning* (the product itself is imported).
* Columns the shop does not store are reported as one warning per column (line 1), with the
  number of rows that had a value there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, tzinfo
from enum import Enum
from pathlib import Path
from typing import Any, Final, TextIO

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from services.catalog.importer.csvfile import Column, Row, SourceError, explode_values, read_rows
from services.catalog.importer.fields import VARIATION, RowError, parse_int, parse_type
from services.catalog.importer.products import (
    Options,
    Planned,
    not_found,
    plan_product,
    resolve_ref,
)
from services.catalog.importer.state import Shop
from services.catalog.importer.terms import Terms
from services.catalog.importer.variations import plan_variation
from services.catalog.importer.writer import write_batch, write_links
from services.catalog.models import ProductType

LINK_COLUMNS = (
    ("grouped_products", "Grouped products", "grouped_ids"),
    ("upsell_ids", "Upsells", "upsell_ids"),
    ("cross_sell_ids", "Cross-sells", "cross_sell_ids"),
)
DEFAULT_BATCH_SIZE = 250
# SQLite has one writer lock. A shop request waiting for it sleeps in steps of up to 100 ms
# (SQLite's busy handler); pausing that long after each committed batch lets every waiting
# writer (a checkout) in before the next batch, so no request starves behind a long import.
# PostgreSQL locks rows, and the import's rows are not the ones a checkout writes.
SQLITE_PAUSE = 0.1


@dataclass
class ImportReport:
    """Outcome of one import.

    ``created``/``updated`` count imported rows (products and variations); ``skipped``
    counts rows not imported because of an error. ``errors`` and ``warnings`` are
    ``(line, message)`` pairs, line 1-based in the CSV file with the header as line 1
    (the line where the row starts), sorted by line. A warning never skips a row.
    ``lines`` lists ``(line, action, what)`` per row: action "create", "update" or
    "refuse". ``dry_run``: nothing was written (the counts say what would have been).
    ``categories``/``tags`` count the terms created.
    """

    created: int = 0
    updated: int = 0
    skipped: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    warnings: list[tuple[int, str]] = field(default_factory=list)
    lines: list[tuple[int, str, str]] = field(default_factory=list)
    dry_run: bool = False
    categories: int = 0
    tags: int = 0

    def summary(self) -> str:
        """One line of counts, then one "warning: line N: ..." line per warning."""
        verb = "WooCommerce import (dry run, nothing written)" if self.dry_run else "WooCommerce import"
        head = (
            f"{verb}: {self.created} created, {self.updated} updated, "
            f"{self.skipped} skipped, {len(self.errors)} error(s), {len(self.warnings)} warning(s)"
        )
        return "\n".join([head, *(f"warning: line {line}: {message}" for line, message in self.warnings)])

    def listing(self) -> str:
        """One "line N: create|update|refuse <what>" line per data row, in file order."""
        return "\n".join(f"line {line}: {action} {what}" for line, action, what in sorted(self.lines))


def import_products_csv(
    session: Session,
    source: Path | str | TextIO,
    *,
    update: bool = False,
    dry_run: bool = False,
    batch_size: int = DEFAULT_BATCH_SIZE,
    zone: tzinfo = UTC,
    progress: Callable[[int], None] | None = None,
    pause: float | None = None,
) -> ImportReport:
    """Import a WooCommerce product export into the catalogue, committing every batch.

    ``source`` is a path (``str`` is a path, not CSV text) or an open text stream, UTF-8 (a
    byte order mark and Windows line endings are fine). Creates or updates :class:`Product`,
    :class:`Variation`, :class:`ProductImage` (image URLs kept as links, never fetched),
    :class:`ProductAttribute`, :class:`Category` and :class:`Tag` rows. Prices are decimal
    text in the file and integer minor units in the store: "Regular price" and "Sale price"
    are EUR, optional "Meta: _regular_price_usd" / "Meta: _sale_price_usd" are USD.

    ``update``: rows matching a stored product (ID, else SKU) update it; without it they are
    refused. ``dry_run``: validate and plan everything, write nothing (the report counts what
    would be created, updated and refused). ``batch_size``: rows per transaction (at least 1).
    ``zone``: the time zone of sale dates written without an offset. ``pause``: seconds to wait
    after each committed batch (None: :data:`SQLITE_PAUSE` on SQLite, 0 on PostgreSQL). ``progress`` is called
    with the number of rows done after each batch. The session must have no pending changes;
    the import commits it per batch (a dry run only reads). Never raises for bad data:
    problems are in the returned :class:`ImportReport` (an unreadable path raises ``OSError``).
    """
    report = ImportReport(dry_run=dry_run)
    try:
        columns, rows, source_error = read_rows(source)
    except SourceError as exc:
        report.errors.append((exc.line, exc.message))
        return report
    if source_error is not None:
        report.errors.append((source_error.line, source_error.message))
    if not _check_header(columns, report):
        report.skipped = len(rows)
        return report
    unused_column_warnings(columns, report)
    opts = Options(update=update, zone=zone, factors={c.key: c.factor for c in columns if c.kind == "value"})
    kinds = _prepare(rows, report)
    shop = Shop.load(session, [i for row in rows if (i := _safe_id(row)) is not None])
    terms = Terms.load(session)
    _end_transaction(session, dry_run)  # each batch starts with a write (no lock upgrade)
    for row, kind in kinds:
        if kind[0] is _FAILED:
            _mark_failed(shop, row)
    todo = [(row, kind) for row, kind in kinds if kind[0] is not _FAILED and kind[0] != VARIATION]
    todo += [(row, kind) for row, kind in kinds if kind[0] == VARIATION]
    linked: list[Planned] = []
    for start in range(0, len(todo), max(1, batch_size)):
        chunk = todo[start : start + max(1, batch_size)]
        _prefetch(session, shop, chunk)
        planned = _plan(shop, terms, opts, chunk, report)
        _end_transaction(session, dry_run)
        if not dry_run and planned:
            if start:  # not before the first batch: after the one before
                time.sleep(_pause(session, pause))
            try:
                write_batch(session, shop, terms, planned)
            except SQLAlchemyError as exc:
                for item in planned:
                    _fail(shop, item.row, report, f"the database rejected the batch: {_first_line(exc)}")
                planned = []
        for item in planned:
            report.lines.append((item.row.line, item.action, item.describe()))
            if item.action == "create":
                report.created += 1
            else:
                report.updated += 1
        linked += [
            p for p in planned if p.kind == "product" and any(p.row.has(k) for k, _, _ in LINK_COLUMNS)
        ]
        if progress is not None:
            progress(len(chunk))
    links = link_products(shop, linked, report)
    if not dry_run:
        for start in range(0, len(links), max(1, batch_size)):
            write_links(session, links[start : start + max(1, batch_size)])
    _end_transaction(session, dry_run)
    report.categories, report.tags = terms.created_categories, terms.created_tags
    report.errors.sort(key=lambda item: item[0])
    report.warnings.sort(key=lambda item: item[0])
    return report


def _pause(session: Session, pause: float | None) -> float:
    """Seconds to wait between two committed batches: ``pause``, or by default
    :data:`SQLITE_PAUSE` on SQLite and none on PostgreSQL (see :data:`SQLITE_PAUSE`)."""
    if pause is not None:
        return max(0.0, pause)
    return SQLITE_PAUSE if session.get_bind().dialect.name == "sqlite" else 0.0


def _end_transaction(session: Session, dry_run: bool) -> None:
    """End the session's (read) transaction, so that a batch's transaction starts with a
    write: on SQLite a read transaction that later writes cannot wait for the lock."""
    if dry_run:
        session.rollback()
    else:
        session.commit()


class _Failed(Enum):
    """The ``kind`` of a row already reported as an error."""

    FAILED = "failed"


_FAILED: Final = _Failed.FAILED
_Kind = tuple[str | None | _Failed, set[str]]


def _check_header(columns: list[Column], report: ImportReport) -> bool:
    keys = {c.key for c in columns if c.kind == "value"}
    if not keys & {"id", "sku", "name"}:
        report.errors.append(
            (1, "the header has none of the columns ID, SKU, Name: not a WooCommerce product CSV")
        )
        return False
    return True


def unused_column_warnings(columns: list[Column], report: ImportReport) -> None:
    """One warning per column the shop does not store, with how many rows had a value there."""
    for column in columns:
        if column.kind == "unused":
            n = column.filled
            filled = "no row had a value" if n == 0 else f"{n} row{'s' if n > 1 else ''} had a value"
            report.warnings.append(
                (1, f"column {column.label!r} is not used by the shop and was ignored ({filled})")
            )


def _safe_id(row: Row) -> int | None:
    try:
        return parse_int(row.get("id"), "ID", minimum=1)
    except RowError:
        return None


def _prepare(rows: list[Row], report: ImportReport) -> list[tuple[Row, _Kind]]:
    """Parse each row's Type and check its field count and ID/SKU uniqueness within the file
    (SKUs case-insensitively: "KB-1" and "kb-1" are the same SKU, as in WooCommerce).

    Returns ``(row, (kind, flags))`` pairs; ``kind`` is the base Type (None: not given) or
    ``_FAILED`` for a row already reported as an error.
    """
    seen: dict[str, int] = {}
    result: list[tuple[Row, _Kind]] = []
    for row in rows:
        try:
            if row.error is not None:
                raise RowError(row.error)
            kind, flags = parse_type(row.get("type"))
            file_id = parse_int(row.get("id"), "ID", minimum=1)
            keys = [("ID", str(file_id), f"id:{file_id}")] if file_id is not None else []
            if row.get("sku"):
                keys.append(("SKU", row.get("sku"), "sku:" + row.get("sku").lower()))
            for label, value, key in keys:
                if key in seen:
                    raise RowError(f"duplicate {label} {value!r} (first used on line {seen[key]})")
            for _label, _value, key in keys:
                seen[key] = row.line
        except RowError as exc:
            report.errors.append((row.line, exc.message))
            report.skipped += 1
            report.lines.append((row.line, "refuse", exc.message))
            result.append((row, (_FAILED, set())))
            continue
        result.append((row, (kind, flags)))
    return result


def _prefetch(session: Session, shop: Shop, chunk: Sequence[tuple[Row, _Kind]]) -> None:
    """Read the attribute and gallery rows of the stored products the chunk may touch."""
    ids: set[int] = set()
    for row, (kind, _) in chunk:
        if kind == VARIATION:
            try:
                parent = resolve_ref(shop, row.get("parent_id")) if row.get("parent_id") else None
            except RowError:
                parent = None
            if parent is not None:
                ids.add(parent.id)
        else:
            found = shop.find("product", _safe_id(row), row.get("sku") or None)
            if found is not None:
                ids.add(found.id)
    shop.prefetch(session, ids)


def _plan(
    shop: Shop, terms: Terms, opts: Options, chunk: Sequence[tuple[Row, _Kind]], report: ImportReport
) -> list[Planned]:
    planned: list[Planned] = []
    for row, (kind, flags) in chunk:
        assert kind is not _FAILED
        try:
            if kind == VARIATION:
                planned.append(plan_variation(shop, opts, row, flags))
            else:
                planned.append(plan_product(shop, terms, opts, row, kind, flags))
        except RowError as exc:
            _fail(shop, row, report, exc.message)
    return planned


def _mark_failed(shop: Shop, row: Row) -> None:
    """Remember a failed row's references so later messages can point at its line."""
    file_id = _safe_id(row)
    if file_id is not None:
        shop.failed.setdefault(f"id:{file_id}", row.line)
    if row.get("sku"):
        shop.failed.setdefault(row.get("sku").lower(), row.line)


def _fail(shop: Shop, row: Row, report: ImportReport, message: str) -> None:
    report.errors.append((row.line, message))
    report.skipped += 1
    report.lines.append((row.line, "refuse", message))
    _mark_failed(shop, row)


def _first_line(exc: SQLAlchemyError) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def link_products(shop: Shop, imported: list[Planned], report: ImportReport) -> list[dict[str, Any]]:
    """The grouped_ids, upsell_ids and cross_sell_ids of the imported products, as update rows.

    Each cell is a comma list of "id:N" (the file's IDs) or SKUs, resolved against the shop
    (stored and imported) after every row is in. Unknown references are dropped with a warning
    on the row's line. "Grouped products" is only stored on grouped products, as in WooCommerce.
    Only columns present in the file are touched.
    """
    result: list[dict[str, Any]] = []
    for planned in imported:
        row, product = planned.row, shop.products[planned.id]
        values: dict[str, Any] = {"id": product.id}
        for key, column, attr in LINK_COLUMNS:
            if not row.has(key):
                continue
            if key == "grouped_products" and product.type != ProductType.GROUPED:
                continue
            ids: list[int] = []
            for ref in explode_values(row.values[key]):
                try:
                    target = resolve_ref(shop, ref)
                except RowError as exc:
                    report.warnings.append((row.line, f"{column}: {exc.message}; dropped"))
                    continue
                if target is None:
                    report.warnings.append(
                        (row.line, f"{column}: unknown product {ref!r}{not_found(shop, ref)}; dropped")
                    )
                elif target.id not in ids and target.id != product.id:
                    ids.append(target.id)
            values[attr] = ids
        created_empty = planned.action == "create" and not any(
            values[a] for _, _, a in LINK_COLUMNS if a in values
        )
        if len(values) > 1 and not created_empty:  # a new product's lists are empty already
            result.append(values)
    return result
