"""The project's own WooCommerce-format export (tests/fixtures/woocommerce/export.csv, made by
make_export.py from the demo catalogue) imports completely, and every field the shop keeps
survives an import and a new export unchanged (docs/spec.md section 3.1)."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.importer import import_products_csv
from services.catalog.importer.export import export_products_csv
from services.catalog.models import Product, Variation
from services.catalog.search import search_products

EXPORT = Path(__file__).resolve().parents[1] / "fixtures" / "woocommerce" / "export.csv"
UNUSED = [
    "Low stock amount",
    "Sold individually?",
    "Allow customer reviews?",
    "Purchase note",
    "Shipping class",
    "Download limit",
    "Download expiry days",
    "Attribute 1 global",
]


@pytest.fixture
def imported(session: Session) -> Session:
    report = import_products_csv(session, EXPORT)
    assert report.errors == []
    assert (report.created, report.updated, report.skipped) == (85, 0, 0)
    return session


def test_every_row_of_the_export_is_created(imported: Session) -> None:
    assert imported.scalar(select(func.count()).select_from(Product)) == 71
    assert imported.scalar(select(func.count()).select_from(Variation)) == 14


def test_the_unused_columns_are_each_reported_once(session: Session) -> None:
    report = import_products_csv(session, EXPORT)
    columns = [message.split("'")[1] for line, message in report.warnings if line == 1]
    assert columns == UNUSED
    assert (1, "column 'Low stock amount' is not used by the shop and was ignored (no row had a value)") in (
        report.warnings
    )
    assert (
        1,
        "column 'Attribute 1 global' is not used by the shop and was ignored (19 rows had a value)",
    ) in (report.warnings)


def test_an_import_then_export_gives_back_the_same_file(imported: Session) -> None:
    out = io.StringIO(newline="")
    export_products_csv(imported, out)
    assert out.getvalue() == EXPORT.read_text(encoding="utf-8")


def test_the_kept_woocommerce_fields_land_in_their_columns(imported: Session) -> None:
    wired = imported.get(Product, 1102)
    assert (wired.sale_price_eur, wired.regular_price_eur) == (9999, 11999)
    assert (wired.date_on_sale_from, wired.date_on_sale_to) == (
        datetime(2026, 11, 27, 0, 0),
        datetime(2026, 11, 30, 23, 59, 59),
    )
    assert (wired.weight, wired.length, wired.width, wired.height) == ("0.92", "32.5", "14", "4.1")
    assert imported.get(Product, 1006).catalog_visibility == "hidden"
    assert (imported.get(Product, 1505).catalog_visibility, imported.get(Product, 1505).tax_status) == (
        "search",
        "shipping",
    )
    stickers = imported.get(Product, 1503)
    assert (stickers.virtual, stickers.downloadable, stickers.tax_class) == (True, True, "reduced-rate")
    assert [d["file"] for d in stickers.downloads] == [
        "https://cdn.halvard.gg/dl/wallpapers-4k.zip",
        "https://cdn.halvard.gg/dl/stickers.svg",
    ]
    mat = imported.get(Product, 1305)
    assert (mat.type, mat.external_url, mat.button_text) == (
        "external",
        "https://www.amazon.example/dp/B0FJORD",
        "Buy on Amazon",
    )
    kit = imported.get(Product, 1406)
    assert (kit.type, kit.grouped_ids) == ("grouped", [1401, 1411, 1412])


def test_imported_products_are_found_by_the_search(imported: Session) -> None:
    assert 1132 in search_products(imported, "fjord keycap")


def test_an_update_by_import_keeps_the_search_index_current(imported: Session) -> None:
    text = "\ufeffID,Name,Categories,Tags\n1132,Glacier PBT Keycap Set,Switches,Frosted\n"
    report = import_products_csv(imported, io.StringIO(text, newline=""), update=True)
    assert (report.updated, report.errors) == (1, [])
    assert 1132 in search_products(imported, "glacier")
    assert 1132 in search_products(imported, "frosted")
    assert 1132 not in search_products(imported, "custom keyboard parts")
