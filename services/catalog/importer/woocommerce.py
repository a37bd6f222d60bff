"""Import products from a CSV in the format of WooCommerce's own product exporter.

Entry point: :func:`import_products_csv`. The rules follow WooCommerce's product CSV
exporter and importer (``WC_Product_CSV_Exporter``, ``WC_Product_CSV_Importer``), mapped
onto the catalogue model (``services.catalog.models``):

* Rows with an ID keep it: a product with that ID is updated, else one with the row's
  SKU, else the product is created with that ID. Rows without an ID are matched by
  SKU, else created with a fresh id. Re-importing a file therefore updates, never
  duplicates (rows with neither ID nor SKU cannot be matched and are created again).
* Variations ("variation" rows) become :class:`Variation` rows of their Parent
  ("id:123" or a SKU); all product rows are imported before any variation row, so a
  variation may come before its parent in the file.
* Every row is imported in its own SAVEPOINT: a row with an error is reported as
  ``(line, message)`` and leaves nothing behind; the other rows still land.
* Grouped products, Upsells and Cross-sells ("id:N" or SKUs) are resolved once every
  row is in. A reference to a product that is neither in the database nor imported is
  dropped and reported as a *warning* (the product itself is imported): an export of
  part of a shop legitimately names products outside the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Final, TextIO

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from services.catalog.importer.csvfile import Column, Row, SourceError, explode_values, read_rows
from services.catalog.importer.fields import VARIATION, RowError, parse_int, parse_type
from services.catalog.importer.products import (
    Context,
    import_product,
    import_variation,
    parse_ref,
    resolve_ref,
)
from services.catalog.models import Product, ProductType
from services.shared.db import sync_sequences

LINK_COLUMNS = (
    ("grouped_products", "Grouped products", "grouped_ids"),
    ("upsell_ids", "Upsells", "upsell_ids"),
    ("cross_sell_ids", "Cross-sells", "cross_sell_ids"),
)


@dataclass
class ImportReport:
    """Outcome of one import.

    ``created``/``updated`` count imported rows (products and variations); ``skipped``
    counts rows not imported because of an error. ``errors`` and ``warnings`` are
    ``(line, message)`` pairs, line 1-based in the CSV file with the header as line 1
    (the line where the row starts), sorted by line. A warning never skips a row.
    """

    created: int = 0
    updated: int = 0
    skipped: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)
    warnings: list[tuple[int, str]] = field(default_factory=list)

    def summary(self) -> str:
        """One line of counts, then one "warning: line N: ..." line per warning."""
        head = (
            f"WooCommerce import: {self.created} created, {self.updated} updated, "
            f"{self.skipped} skipped, {len(self.errors)} error(s), {len(self.warnings)} warning(s)"
        )
        return "\n".join([head, *(f"warning: line {line}: {message}" for line, message in self.warnings)])


def import_products_csv(session: Session, source: Path | str | TextIO) -> ImportReport:
    """Import a WooCommerce product export into the catalogue; the caller commits.

    ``source`` is a path (``str`` is a path, not CSV text) or an open text stream,
    UTF-8 (a byte order mark is fine). Creates or updates :class:`Product`,
    :class:`Variation`, :class:`ProductImage` (image URLs kept as links, never fetched),
    :class:`ProductAttribute`, :class:`Category` and :class:`Tag` rows. Prices are
    decimal text in the file and integer minor units in the store: "Regular price" and
    "Sale price" are EUR, optional "Meta: _regular_price_usd" / "Meta: _sale_price_usd"
    are USD. Never raises for bad data: problems are in the returned
    :class:`ImportReport` (an unreadable path raises ``OSError``). Calls
    :func:`services.shared.db.sync_sequences` at the end.
    """
    report = ImportReport()
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

    kinds = _prepare(rows, report)
    ctx = Context.start(session, [i for row in rows if (i := _safe_id(row)) is not None])
    for row, kind in kinds:
        if kind is _FAILED:
            _mark_failed(ctx, row)
    products = [(row, kind) for row, kind in kinds if kind is not _FAILED and kind != VARIATION]
    variations = [(row, kind) for row, kind in kinds if kind == VARIATION]
    imported: list[tuple[Row, int]] = []
    for row, kind in products + variations:
        try:
            with session.begin_nested():
                if kind == VARIATION:
                    _, created = import_variation(ctx, row)
                else:
                    product, created = import_product(ctx, row, kind)
                    imported.append((row, product.id))
        except RowError as exc:
            _fail(ctx, row, report, exc.message)
            continue
        except SQLAlchemyError as exc:
            _fail(ctx, row, report, f"the database rejected the row: {_first_line(exc)}")
            continue
        if created:
            report.created += 1
        else:
            report.updated += 1
    link_products(ctx, imported, report)
    session.flush()
    sync_sequences(session)
    report.errors.sort(key=lambda item: item[0])
    report.warnings.sort(key=lambda item: item[0])
    return report


class _Failed(Enum):
    """The ``kind`` of a row already reported as an error."""

    FAILED = "failed"


_FAILED: Final = _Failed.FAILED


def _check_header(columns: list[Column], report: ImportReport) -> bool:
    keys = {c.key for c in columns if c.kind == "value"}
    if not keys & {"id", "sku", "name"}:
        report.errors.append(
            (1, "the header has none of the columns ID, SKU, Name: not a WooCommerce product CSV")
        )
        return False
    unknown = [i + 1 for i, c in enumerate(columns) if c.kind == "ignored" and not c.key]
    if unknown:
        report.warnings.append((1, f"column(s) {', '.join(map(str, unknown))} not recognised and ignored"))
    return True


def _safe_id(row: Row) -> int | None:
    try:
        return parse_int(row.get("id"), "ID", minimum=1)
    except RowError:
        return None


def _prepare(rows: list[Row], report: ImportReport) -> list[tuple[Row, str | None | _Failed]]:
    """Parse each row's Type and check ID/SKU uniqueness within the file.

    Returns ``(row, kind)`` pairs; ``kind`` is the Type (None: not given) or ``_FAILED``
    for a row already reported as an error.
    """
    seen: dict[str, int] = {}
    result: list[tuple[Row, str | None | _Failed]] = []
    for row in rows:
        try:
            if "__extra__" in row.values:
                raise RowError(row.values["__extra__"])
            kind = parse_type(row.get("type"))
            file_id = parse_int(row.get("id"), "ID", minimum=1)
            keys = [("ID", str(file_id), f"id:{file_id}")] if file_id is not None else []
            if row.get("sku"):
                keys.append(("SKU", row.get("sku"), "sku:" + row.get("sku")))
            for label, value, key in keys:
                if key in seen:
                    raise RowError(f"duplicate {label} {value!r} (first used on line {seen[key]})")
            for _label, _value, key in keys:
                seen[key] = row.line
        except RowError as exc:
            report.errors.append((row.line, exc.message))
            report.skipped += 1
            result.append((row, _FAILED))
            continue
        result.append((row, kind))
    return result


def _mark_failed(ctx: Context, row: Row) -> None:
    """Remember a failed row's references so later messages can point at its line."""
    file_id = _safe_id(row)
    if file_id is not None:
        ctx.failed.setdefault(f"id:{file_id}", row.line)
    if row.get("sku"):
        ctx.failed.setdefault(row.get("sku"), row.line)


def _fail(ctx: Context, row: Row, report: ImportReport, message: str) -> None:
    report.errors.append((row.line, message))
    report.skipped += 1
    _mark_failed(ctx, row)


def _first_line(exc: SQLAlchemyError) -> str:
    text = str(getattr(exc, "orig", None) or exc)
    return text.strip().splitlines()[0] if text.strip() else type(exc).__name__


def link_products(ctx: Context, imported: list[tuple[Row, int]], report: ImportReport) -> None:
    """Set grouped_ids, upsell_ids and cross_sell_ids of the imported products.

    Each cell is a comma list of "id:N" (the file's IDs) or SKUs, resolved against the
    database after every row is in. Unknown references are dropped with a warning on the
    row's line. "Grouped products" is only stored on grouped products, as in WooCommerce.
    Only columns present in the file are touched.
    """
    for row, product_id in imported:
        product = ctx.session.get(Product, product_id)
        assert product is not None
        for key, column, attr in LINK_COLUMNS:
            if not row.has(key):
                continue
            if key == "grouped_products" and product.type != ProductType.GROUPED:
                continue
            ids: list[int] = []
            for ref in explode_values(row.values[key]):
                try:
                    parse_ref(ref)
                    target = resolve_ref(ctx, ref)
                except RowError as exc:
                    report.warnings.append((row.line, f"{column}: {exc.message}; dropped"))
                    continue
                if target is None:
                    kind, value = parse_ref(ref)
                    failed = ctx.failed.get(f"id:{value}" if kind == "id" else str(value))
                    where = f" (its row on line {failed} was not imported)" if failed else ""
                    report.warnings.append((row.line, f"{column}: unknown product {ref!r}{where}; dropped"))
                elif target.id not in ids and target.id != product.id:
                    ids.append(target.id)
            setattr(product, attr, ids)
