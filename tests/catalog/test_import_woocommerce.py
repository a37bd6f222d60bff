"""WooCommerce product CSV import (services.catalog.importer.woocommerce).

Fixtures in tests/fixtures/woocommerce are in the column format of WooCommerce's own
product exporter: catalogue.csv holds every product type, broken.csv good rows mixed
with broken ones (quoted multi-line descriptions shift the line numbers).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from services.api.cli import app
from services.catalog.importer import import_products_csv
from services.catalog.models import (
    Category,
    Product,
    ProductAttribute,
    ProductImage,
    Tag,
    Variation,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "woocommerce"
CATALOGUE = FIXTURES / "catalogue.csv"
BROKEN = FIXTURES / "broken.csv"


def _count(session: Session, model: type) -> int:
    return session.scalar(select(func.count()).select_from(model))


def _by_sku(session: Session, sku: str) -> Product:
    product = session.scalar(select(Product).where(Product.sku == sku))
    assert product is not None, sku
    return product


@pytest.fixture
def imported(session: Session) -> Session:
    report = import_products_csv(session, CATALOGUE)
    session.commit()
    assert report.errors == []
    assert (report.created, report.updated, report.skipped) == (8, 0, 0)
    return session


def test_simple_product_fields(imported: Session) -> None:
    k1 = imported.get(Product, 101)
    assert k1 is not None
    assert (k1.type, k1.sku, k1.name, k1.slug) == (
        "simple",
        "HK-K1",
        "Halvard K1 Keyboard",
        "halvard-k1-keyboard",
    )
    assert (k1.status, k1.featured, k1.menu_order) == ("publish", True, 1)
    assert k1.short_description == "Hot-swappable 75% keyboard."
    # Quoted real newlines are kept; the exporter's "\n" escape becomes a newline too.
    assert k1.description == "Gasket mounted.\nPBT keycaps,\nsee manual.\nSecond paragraph\non two lines."
    assert (k1.regular_price_eur, k1.sale_price_eur) == (12999, 11999)
    assert (k1.regular_price_usd, k1.sale_price_usd) == (13999, 12999)
    assert (k1.manage_stock, k1.stock_quantity, k1.stock_status, k1.backorders) == (True, 25, "instock", "no")
    assert [(a.name, a.options, a.visible, a.variation) for a in k1.attributes] == [
        ("Layout", ["ISO", "ANSI"], True, False)
    ]


def test_categories_created_from_paths_with_parents(imported: Session) -> None:
    categories = {c.slug: c for c in imported.scalars(select(Category))}
    assert set(categories) == {
        "keyboards",
        "mechanical-keyboards",
        "accessories",
        "mice",
        "bundles",
        "desk-mats",
        "cables",
    }
    assert categories["mechanical-keyboards"].parent_id == categories["keyboards"].id
    assert categories["mechanical-keyboards"].name == "Mechanical keyboards"
    assert categories["desk-mats"].parent_id == categories["accessories"].id
    assert categories["cables"].parent_id == categories["accessories"].id
    assert categories["keyboards"].parent_id is None
    k1 = imported.get(Product, 101)
    assert [c.slug for c in k1.categories] == ["mechanical-keyboards", "accessories"]
    # "Keyboards" on another row reuses the category made for row 2's path.
    assert [c.id for c in imported.get(Product, 107).categories] == [categories["keyboards"].id]


def test_tags_and_image_links(imported: Session) -> None:
    assert {t.slug: t.name for t in imported.scalars(select(Tag))} == {
        "rgb": "RGB",
        "wired": "Wired",
        "wireless": "Wireless",
        "usb-c": "USB-C",
    }
    k1 = imported.get(Product, 101)
    assert [t.slug for t in k1.tags] == ["rgb", "wired"]
    assert [(i.position, i.role, i.src) for i in k1.images] == [
        (0, "gallery", "https://cdn.example.com/k1-front.jpg"),
        (1, "gallery", "https://cdn.example.com/k1-side.jpg"),
    ]


def test_variable_product_and_variations(imported: Session) -> None:
    mouse = imported.get(Product, 102)
    assert mouse.type == "variable"
    assert [(a.name, a.options, a.visible, a.variation) for a in mouse.attributes] == [
        ("Colour", ["Black", "White"], True, True),
        ("Sensor", ["PAW3395"], False, True),
    ]
    assert [v.id for v in mouse.variations] == [103, 104]
    black, white = mouse.variations
    assert black.sku == "HK-M1-BLK"
    assert black.attributes == [{"name": "Colour", "option": "Black"}]
    assert (black.regular_price_eur, black.regular_price_usd, black.sale_price_eur) == (5999, 6499, None)
    assert (black.manage_stock, black.stock_quantity, black.stock_status) == (True, 10, "instock")
    assert black.image_src == "https://cdn.example.com/m1-black.jpg"
    # White names its parent by SKU and has type "variation, virtual".
    assert white.attributes == [{"name": "Colour", "option": "White"}]
    assert (white.regular_price_eur, white.sale_price_eur) == (5999, 4999)
    assert (white.manage_stock, white.stock_quantity) == (True, 0)
    assert (white.stock_status, white.backorders) == ("onbackorder", "notify")
    assert white.menu_order == 2


def test_grouped_external_and_links(imported: Session) -> None:
    bundle = imported.get(Product, 105)
    assert bundle.type == "grouped"
    assert bundle.grouped_ids == [101, 102]
    mat = imported.get(Product, 106)
    assert mat.type == "external"
    assert mat.external_url == "https://www.amazon.example/dp/B0HALV"
    assert mat.button_text == "Buy on Amazon"
    assert mat.regular_price_eur == 2499
    k1 = imported.get(Product, 101)
    assert (k1.upsell_ids, k1.cross_sell_ids) == ([102], [106])
    assert k1.external_url is None


def test_stock_states_and_draft(imported: Session) -> None:
    proto = imported.get(Product, 107)
    assert (proto.status, proto.stock_status, proto.manage_stock, proto.stock_quantity) == (
        "draft",
        "outofstock",
        False,
        None,
    )
    # No ID: a fresh id above the file's IDs; "'-2" is the exporter's escaped -2.
    cable = _by_sku(imported, "HK-CABLE")
    assert cable.id == 108
    assert (cable.manage_stock, cable.stock_quantity, cable.backorders, cable.stock_status) == (
        True,
        -2,
        "yes",
        "onbackorder",
    )


def test_reimport_is_idempotent(imported: Session) -> None:
    counts = {
        m: _count(imported, m) for m in (Product, Variation, Category, Tag, ProductImage, ProductAttribute)
    }
    image_ids = sorted(imported.scalars(select(ProductImage.id)))
    report = import_products_csv(imported, CATALOGUE, update=True)
    assert report.errors == []
    assert (report.created, report.updated, report.skipped) == (0, 8, 0)
    assert {m: _count(imported, m) for m in counts} == counts
    assert sorted(imported.scalars(select(ProductImage.id))) == image_ids
    assert _by_sku(imported, "HK-CABLE").id == 108
    assert imported.get(Product, 102).variations[1].stock_status == "onbackorder"


def test_new_rows_after_import_get_fresh_ids(imported: Session) -> None:
    """sync_sequences ran: an insert without an id continues after the imported ones."""
    product = Product(name="Later", slug="later")
    imported.add(product)
    imported.commit()
    assert product.id == 109


def test_broken_rows_reported_with_line_numbers_and_skipped(session: Session) -> None:
    report = import_products_csv(session, BROKEN)
    session.commit()
    assert [line for line, _ in report.errors] == [5, 7, 8, 9, 10, 11]
    messages = dict(report.errors)
    assert "Regular price" in messages[5] and "'12,99'" in messages[5]
    assert messages[7] == "parent product 'id:999' not found"
    assert "unknown product type 'bundle'" in messages[8]
    assert messages[9] == "duplicate SKU 'GOOD-1' (first used on line 2)"
    assert messages[10] == "Name is required for a product"
    assert "Stock" in messages[11] and "'ten'" in messages[11]
    assert (report.created, report.updated, report.skipped) == (2, 0, 6)
    assert sorted(session.scalars(select(Product.sku))) == ["GOOD-1", "GOOD-2"]
    # The bad-price row left nothing behind: no category, tag or image of its own.
    assert _count(session, Category) == 0
    assert _count(session, Tag) == 0
    assert _count(session, ProductImage) == 0
    assert _count(session, Variation) == 0
    # Links to products that did not land are dropped with a warning; the row stays.
    assert [w for w in report.warnings if w[0] > 1] == [
        (2, "Upsells: unknown product 'id:202' (its row on line 5 was not imported); dropped"),
        (2, "Upsells: unknown product 'NOPE-SKU'; dropped"),
    ]
    assert session.get(Product, 201).upsell_ids == []
    assert "2 created, 0 updated, 6 skipped, 6 error(s)" in report.summary()


HEADER = "ID,Type,SKU,Name,Published,In stock?,Stock,Backorders allowed?,Regular price,Parent,Categories"


def _csv(*lines: str) -> io.StringIO:
    return io.StringIO("\n".join([HEADER, *lines]) + "\n")


def test_text_stream_source_and_updates_by_sku(session: Session) -> None:
    report = import_products_csv(session, _csv(",simple,PAD-1,Pad,1,1,,0,10.00,,"))
    assert (report.created, report.errors) == (1, [])
    first_id = _by_sku(session, "PAD-1").id
    report = import_products_csv(session, _csv(",simple,PAD-1,Pad XL,0,0,,0,12.50,,"), update=True)
    assert (report.created, report.updated) == (0, 1)
    pad = _by_sku(session, "PAD-1")
    assert (pad.id, pad.name, pad.status, pad.stock_status, pad.regular_price_eur) == (
        first_id,
        "Pad XL",
        "private",
        "outofstock",
        1250,
    )
    assert pad.slug == "pad"  # the slug is kept on update


def test_variation_before_parent_and_parent_must_be_variable(session: Session) -> None:
    report = import_products_csv(
        session,
        _csv(
            "11,variation,V-1,,1,1,5,0,9.99,id:10,",
            "10,variable,P-1,Parent,1,1,,0,,,",
            "12,simple,S-1,Simple,1,1,,0,5.00,,",
            "13,variation,V-2,,1,1,,0,9.99,S-1,",
        ),
    )
    assert report.errors == [(5, "parent product 'S-1' is a simple product, not a variable one")]
    assert session.get(Variation, 11).product_id == 10


def test_category_reused_by_slug_under_same_parent(session: Session) -> None:
    session.add(Category(id=40, name="Mice", slug="mice"))
    session.commit()
    report = import_products_csv(
        session,
        _csv(",simple,A,A,1,1,,0,1,,Mice", ",simple,B,B,1,1,,0,1,,Gear > Mice"),
    )
    assert report.errors == []
    assert [c.id for c in _by_sku(session, "A").categories] == [40]
    nested = _by_sku(session, "B").categories[0]
    # Same name under another parent: WordPress's parent-suffixed slug.
    gear = session.scalar(select(Category.id).where(Category.slug == "gear"))
    assert (nested.slug, nested.name, nested.parent_id) == ("mice-gear", "Mice", gear)


def test_not_a_product_csv(session: Session) -> None:
    report = import_products_csv(session, io.StringIO("foo,bar\n1,2\n"))
    assert report.errors[0][0] == 1
    assert report.skipped == 1 and report.created == 0


def test_cli_reports_broken_rows_and_exits_1(db_url: str) -> None:
    result = CliRunner().invoke(app, ["import-woocommerce", str(BROKEN)])
    assert result.exit_code == 1
    assert "2 created, 0 updated, 6 skipped" in result.stdout
    assert "line 5: Regular price" in result.stderr
    assert "line 7: parent product 'id:999' not found" in result.stderr
    assert "line 8: Type: unknown product type 'bundle'" in result.stderr


def test_cli_clean_import_exits_0(db_url: str) -> None:
    result = CliRunner().invoke(app, ["import-woocommerce", str(CATALOGUE)])
    assert result.exit_code == 0, result.output
    assert "8 created" in result.stdout


def test_unknown_id_matched_by_sku_keeps_stored_id(session: Session) -> None:
    """A row whose ID is not stored but whose SKU is updates that product; "id:N"
    references in the same file follow it."""
    session.add(Product(id=5, name="Mouse", slug="mouse", sku="M-1", type="variable"))
    session.commit()
    report = import_products_csv(
        session,
        _csv("900,variable,m-1,Mouse v2,1,1,,0,,,", "901,variation,M-1-RED,,1,1,3,0,9.99,id:900,"),
        update=True,
    )
    assert report.errors == [] and (report.created, report.updated) == (1, 1)
    assert session.get(Product, 900) is None
    assert session.get(Product, 5).name == "Mouse v2"
    assert session.get(Variation, 901).product_id == 5


def test_sku_clash_with_other_product_is_an_error(session: Session) -> None:
    import_products_csv(session, _csv("1,simple,A,A,1,1,,0,1,,", "2,simple,B,B,1,1,,0,1,,"))
    report = import_products_csv(session, _csv("1,simple,B,A renamed,1,1,,0,1,,"), update=True)
    assert report.errors == [(2, "SKU 'B' already belongs to another product (#2)")]
    assert session.get(Product, 1).name == "A"


def test_type_change_from_variable_drops_variations(session: Session) -> None:
    import_products_csv(session, _csv("1,variable,P,P,1,1,,0,,,", "2,variation,P-V,,1,1,,0,5,id:1,"))
    assert _count(session, Variation) == 1
    report = import_products_csv(session, _csv("1,simple,P,P,1,1,,0,7,,"), update=True)
    assert report.errors == [] and report.updated == 1
    assert _count(session, Variation) == 0
    assert session.get(Product, 1).type == "simple"


def test_each_batch_is_committed_and_later_rows_see_earlier_batches(session: Session) -> None:
    """With one row per batch every row is its own transaction; variations still find the
    parents of earlier batches, and a rollback afterwards undoes nothing."""
    report = import_products_csv(session, CATALOGUE, batch_size=1, pause=0)
    assert (report.created, report.errors) == (8, [])
    session.rollback()
    assert _count(session, Product) == 6
    assert _count(session, Variation) == 2
    assert imported_links(session) == ([101, 102], [102], [106])


def imported_links(session: Session) -> tuple[list[int], list[int], list[int]]:
    session.expire_all()
    bundle, k1 = session.get(Product, 105), session.get(Product, 101)
    return bundle.grouped_ids, k1.upsell_ids, k1.cross_sell_ids
