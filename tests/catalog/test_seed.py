"""The demo catalogue seed: complete and consistent with the spec's rules (seeding twice and
repairing edits: test_seed_idempotence.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from services.catalog.demo import seed_demo
from services.catalog.demo.commerce import EU_COUNTRIES, EUR_CODES
from services.catalog.demo.taxonomy import CATEGORY_ROUTE_SLUGS
from services.catalog.models import (
    Category,
    ContentBlock,
    Country,
    Filter,
    Menu,
    MenuItem,
    Page,
    Post,
    Product,
    TaxRate,
    Variation,
)
from services.discounts.models import Coupon
from services.shared import db as shared_db
from services.shared.db import Base
from services.shared.settings import get_settings
from tests.conftest import seeded_database

SPEC_CATEGORY_IDS = {
    "headsets": 25,
    "keyboards": 15,
    "mice": 16,
    "mousepads": 17,
    "microphones": 223,
    "merch": 40,
}
ROUTE_SLUGS = {
    "headsets", "headset-accessories", "headset-spare-parts", "keyboards", "keyboard-accessories",
    "keyboard-switches", "custom-keyboard-parts", "keyboard-spare-parts", "mice", "mouse-accessories",
    "custom-mouse-parts", "mouse-spare-parts", "mousepads", "microphones", "mic-accessories", "merch",
}  # fmt: skip
# docs/spec.md section 2, "Home page": every layout type, in this order.
HOME_LAYOUT_ORDER = (
    "hero_image", "quick_info", "info_box", "tech_specs", "reviews", "videos", "gallery", "gallery_grid",
    "faq", "html", "related_products", "trending_products", "ticker", "newsfeed", "text_row", "anchor_link",
)  # fmt: skip


def dump(session: Session) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, sorted, as plain tuples."""
    out = {}
    for table in Base.metadata.sorted_tables:
        if table.name == "catalog_revision":  # a cache key, not catalogue content
            continue
        rows = session.execute(select(table)).all()
        out[table.name] = sorted((tuple(r) for r in rows), key=repr)
    return out


@pytest.fixture(scope="module")
def _seeded_module(
    tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None
) -> Iterator[tuple[str, dict[str, int]]]:
    """One database seeded with the demo once for the whole module (every test here only reads
    it): its URL and ``seed_demo``'s counts. Reseeding is tests/catalog/test_seed_idempotence.py's."""
    counts: dict[str, int] = {}

    def seed(session: Session) -> None:
        counts.update(seed_demo(session))
        session.commit()

    with seeded_database(tmp_path_factory, pg_schema_url, "demo-seed", seed) as (url, _env):
        yield url, counts


@pytest.fixture
def seeded(_seeded_module: tuple[str, dict[str, int]]) -> Iterator[tuple[Session, dict[str, int]]]:
    """A session on the module's seeded database (closed, so rolled back, after the test) and
    the seed's counts."""
    url, counts = _seeded_module
    with shared_db.get_sessionmaker(url)() as session:
        yield session, dict(counts)


def test_counts_match_rows(seeded: tuple[Session, dict[str, int]]) -> None:
    session, counts = seeded
    for model, key in ((Product, "products"), (Variation, "variations"), (Post, "posts"),
                       (ContentBlock, "content_blocks"), (Country, "countries"), (Coupon, "coupons"),
                       (MenuItem, "menu_items")):  # fmt: skip
        assert session.scalar(select(func.count()).select_from(model)) == counts[key], key
    assert counts["products"] >= 64


def test_categories_and_routes(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    categories = {c.slug: c for c in session.scalars(select(Category))}
    assert set(CATEGORY_ROUTE_SLUGS) == ROUTE_SLUGS == set(categories)
    for slug, cid in SPEC_CATEGORY_IDS.items():
        assert categories[slug].id == cid and categories[slug].parent_id is None
    for slug, category in categories.items():
        if slug not in SPEC_CATEGORY_IDS:
            assert category.parent_id in SPEC_CATEGORY_IDS.values(), slug
    # resellers / distributors are content pages, not categories
    assert {"resellers", "distributors"} <= {p.slug for p in session.scalars(select(Page))}

    published = session.scalars(select(Product).where(Product.status == "publish")).all()
    per_slug = Counter(c.slug for p in published for c in p.categories)
    for slug in ROUTE_SLUGS:
        minimum = 6 if slug in SPEC_CATEGORY_IDS else 2
        assert per_slug[slug] >= minimum, (slug, per_slug[slug])


def test_builder_and_addon(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    builder = session.get(Product, 26907)
    assert builder.name == "Custom Keyboard Builder"
    assert builder.is_configurable and builder.configurator_link == "/custom-keyboard-builder"
    assert "custom-keyboard-parts" in {c.slug for c in builder.categories}
    # its configurator: tests/configurator/test_demo.py

    addon = session.get(Product, 31575)
    assert addon.sku and addon.status == "publish" and addon.stock_status == "instock"
    # a keyboard links to the builder through the configurator modal
    assert session.get(Product, 1101).configurator_modal["product_ids"] == [26907]


def test_every_stock_state(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    products = session.scalars(select(Product)).all()
    assert any(p.stock_status == "instock" and not p.manage_stock for p in products)
    assert {1, 2, 3} <= {p.stock_quantity for p in products if p.manage_stock and p.stock_status == "instock"}
    assert any(p.stock_status == "outofstock" and not p.manage_stock for p in products)
    backorders = [p for p in products if p.stock_status == "onbackorder"]
    assert backorders and all(
        p.manage_stock and p.backorders == "yes" and p.stock_quantity <= 0 for p in backorders
    )
    assert any(p.stock_quantity < 0 for p in backorders)
    assert any(
        p.backorders == "notify" and p.stock_quantity == 0 and p.stock_status == "outofstock"
        for p in products
    )
    assert sum(p.availability == "coming_soon" for p in products) == 2
    assert sum(p.hide_product for p in products) == 1
    assert {"draft", "pending"} <= {p.status for p in products}
    assert [p.id for p in products if p.sku is None] == [1503]
    assert any(p.acf_button_text == "Notify me" and p.stock_status == "outofstock" for p in products)
    assert any(p.sale_price_eur is not None and p.sale_price_eur < p.regular_price_eur for p in products)


def test_variable_products(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    variable = session.scalars(select(Product).where(Product.type == "variable")).all()
    assert len(variable) >= 5
    families = {c.slug for p in variable for c in p.categories}
    assert {"mice", "headsets", "keyboards", "mousepads"} <= families
    for product in variable:
        (attribute,) = product.attributes
        assert attribute.name == "Colour" and attribute.variation
        assert [v.attributes[0]["option"] for v in product.variations] == attribute.options
        prices = [v.sale_price_eur or v.regular_price_eur for v in product.variations]
        assert min(prices) < max(prices), product.name
        for v in product.variations:
            assert v.sku and v.colour_swatch_id and v.image_src
            assert v.attributes == [{"name": "Colour", "option": v.attributes[0]["option"]}]
    assert any(v.stock_status == "outofstock" for p in variable for v in p.variations)
    assert any(p.colour_variations for p in variable)


def test_recommendations_filters_and_groups(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    products = {p.id: p for p in session.scalars(select(Product))}
    recommenders = [p for p in products.values() if p.recommended_product_ids]
    assert len(recommenders) >= 3
    recommended_stock = set()
    for p in recommenders:
        assert p.activate_recommended_products_discount and p.recommended_products_discount > 0
        assert p.recommended_products_title and p.recommended_products_text_area
        for rid in p.recommended_product_ids:
            r = products[rid]
            assert r.use_recommended_products_price
            assert r.recommended_products_price_eur < r.regular_price_eur
            recommended_stock.add(r.stock_status)
    assert {"instock", "outofstock"} <= recommended_stock
    assert all(set(p.cross_sell_ids) <= set(products) for p in products.values())

    filters = session.scalars(select(Filter)).all()
    top = {f.id for f in filters if f.parent_id is None}
    assert {"Connectivity", "Colour", "Layout", "Weight class"} <= {f.name for f in filters if f.id in top}
    assert any(f.order_last and f.position is None for f in filters)
    assert any(f.depends_on for f in filters)
    assert any(f.is_colour and f.colour_amount == "one" and f.first_colour for f in filters)
    assert any(f.is_colour and f.colour_amount == "both" and f.second_colour for f in filters)
    with_filters = {c.slug for p in products.values() if p.filters for c in p.categories}
    assert {"keyboards", "mice", "headsets"} <= with_filters

    keyboards = session.get(Category, 15)
    assert len(keyboards.tag_groups) == 3
    grouped = sum(1 for c in session.scalars(select(Category)) if c.tag_groups)
    assert grouped >= 3
    group_tags = {g.tag_id for g in keyboards.tag_groups}
    in_keyboards = [p for p in products.values() if 15 in {c.id for c in p.categories}]
    assert any(not ({t.id for t in p.tags} & group_tags) for p in in_keyboards)  # 'Others'


def test_product_flags(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    products = session.scalars(select(Product)).all()
    assert sum(1 for p in products if p.special_notice) >= 2
    for p in products:
        if p.special_notice:
            assert set(p.special_notice) == {"text", "background_colour", "text_colour"}
    assert any(p.btn_fade for p in products)
    assert any(
        p.show_configurator_link and p.configurator_link == "/custom-keyboard-builder" for p in products
    )
    assert any(p.show_both_configure_and_buy for p in products)
    assert any(p.info_field for p in products)
    assert any(p.category_connection for p in products)


def test_money_fields_are_int(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    money = ("regular_price_eur", "sale_price_eur", "regular_price_usd", "sale_price_usd")
    for row in [*session.scalars(select(Product)), *session.scalars(select(Variation))]:
        if (
            isinstance(row, Product) and row.type == "grouped"
        ):  # no price of its own (docs/spec.md section 10.1)
            assert all(getattr(row, field) is None for field in money)
            continue
        assert isinstance(row.regular_price_eur, int) and isinstance(row.regular_price_usd, int)
        for field in money:
            value = getattr(row, field)
            assert value is None or (isinstance(value, int) and value > 0)
        if row.sale_price_eur is not None:
            assert row.sale_price_eur < row.regular_price_eur
    for p in session.scalars(select(Product).where(Product.use_recommended_products_price)):
        assert isinstance(p.recommended_products_price_eur, int)
        assert isinstance(p.recommended_products_price_usd, int)


def test_every_product_has_valid_svg_images(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    media = get_settings().media_dir
    for product in session.scalars(select(Product)):
        assert product.images, product.name
        assert product.images[0].role == "gallery"
        for image in product.images:
            path = media / image.src.removeprefix("/media/")
            root = ET.parse(path).getroot()
            assert root.tag == "{http://www.w3.org/2000/svg}svg"
            assert root.get("viewBox") == "0 0 800 800"
            assert path.stat().st_size < 6000, path
            assert image.width == image.height == 800 and image.alt
    for variation in session.scalars(select(Variation)):
        ET.parse(media / variation.image_src.removeprefix("/media/"))
    for post in session.scalars(select(Post)):
        ET.parse(media / post.image.removeprefix("/media/"))


def _home(session: Session, region: str) -> list[ContentBlock]:
    query = select(ContentBlock).where(
        ContentBlock.owner_type == "page", ContentBlock.owner_id == 2, ContentBlock.region == region
    )
    return list(session.scalars(query.order_by(ContentBlock.position)))


def test_home_blocks(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    assert session.get(Page, 2).slug == "home"
    body = _home(session, "body")
    layouts = [b.layout for b in body]
    assert set(layouts) == set(HOME_LAYOUT_ORDER)
    assert [x for x in layouts if x != "anchor_link"] == [x for x in HOME_LAYOUT_ORDER if x != "anchor_link"]
    anchors = [b.fields for b in body if b.layout == "anchor_link"]
    assert len(anchors) >= 3 and all(a["anchor"] and a["title"] for a in anchors)
    assert [b.position for b in body] == list(range(len(body)))

    by_layout = {b.layout: b.fields for b in body}
    assert len(by_layout["reviews"]["items"]) >= 7
    values = [i["value"] for i in by_layout["tech_specs"]["items"]]
    assert "[Datasheet](https://halvard.gg/wp/uploads/odin75-datasheet.pdf)" in values
    assert sum(v.startswith("[") and not v.endswith(".pdf)") for v in values) >= 1
    assert "<script>" in by_layout["html"]["html"]
    assert by_layout["newsfeed"]["filter"] == "news"
    assert any("tooShort" in v["url"] for v in by_layout["videos"]["items"])

    promos = _home(session, "promo")
    assert len(promos) == 4 and {p.layout for p in promos} == {"promo"}
    for promo in promos:
        link = promo.fields["link"][0]
        assert link[link["acf_fc_layout"]].startswith("https://")
    assert {p.fields["link"][0]["acf_fc_layout"] for p in promos} == {"internal", "external"}


def test_category_and_product_blocks(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    blocks = session.scalars(select(ContentBlock)).all()
    for cid in (15, 16, 25):
        regions = {b.region for b in blocks if b.owner_type == "category" and b.owner_id == cid}
        assert {"hero", "header", "footer"} <= regions
    product_owners = {b.owner_id for b in blocks if b.owner_type == "product" and b.region == "body"}
    assert len(product_owners) >= 3
    media = get_settings().media_dir
    for block in blocks:
        for src in _srcs(block.fields):
            assert (media / src.removeprefix("/media/")).is_file(), src


def test_every_block_layout_of_the_spec_is_in_the_demo(seeded: tuple[Session, dict[str, int]]) -> None:
    """docs/spec.md section 2 "Content blocks": the shop shows at least one of every layout."""
    session, _ = seeded
    blocks = session.scalars(select(ContentBlock)).all()
    assert set(HOME_LAYOUT_ORDER) | {"hero", "promo"} <= {b.layout for b in blocks}
    quick = [b.fields for b in blocks if b.layout == "quick_info"]
    assert {q["image_placement"] for q in quick} == {"top", "bottom", "left", "right", "background"}
    assert any(q["video"] for q in quick)
    hero = next(b for b in blocks if b.layout == "hero")
    assert hero.owner_type == "page" and hero.region == "hero"
    assert {"title", "text", "image", "link"} <= hero.fields.keys()
    for block in blocks:
        if block.layout == "gallery":
            assert all(i["width"] and i["height"] for i in block.fields["images"])
    feeds = {b.fields["filter"] for b in blocks if b.layout == "newsfeed"}
    assert {"news", "press"} <= feeds


def _srcs(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["src"]] if isinstance(value.get("src"), str) else []
        return found + [s for v in value.values() for s in _srcs(v)]
    if isinstance(value, list):
        return [s for v in value for s in _srcs(v)]
    return []


def test_posts_pages_and_menus(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    posts = session.scalars(select(Post)).all()
    assert sum(p.category_id == 23 for p in posts) >= 6
    assert sum(p.category_id == 22 for p in posts) >= 4
    assert len({p.date for p in posts}) == len(posts)
    assert {p.date.year for p in posts} == {2025, 2026}
    assert session.scalar(text("SELECT slug FROM post_categories WHERE id = 22")) == "press"

    pages = {p.slug: p for p in session.scalars(select(Page))}
    assert pages["custom-keyboard-builder"].parent_id == pages["customize"].id
    assert pages["contact"].title == "Get In Touch" and pages["contact"].content
    assert "cookie" in pages["cookies-policy"].content.lower()

    main = session.scalar(select(Menu).where(Menu.slug == "main"))
    top = [i for i in main.items if i.parent_id is None]
    assert top[0].title == "Home" and top[0].url == "https://halvard.gg/"
    assert all(i.url.startswith("https://halvard.gg/") and i.slug for i in main.items)
    assert {i.parent_link for i in top} >= {"first", "last"}
    assert any(not i.in_menu for i in top)
    keyboards = next(i for i in top if i.slug == "keyboards")
    children = {i.title for i in main.items if i.parent_id == keyboards.id}
    assert {"Switches", "Custom parts", "Custom Keyboard Builder"} <= children
    assert {m.slug for m in session.scalars(select(Menu))} >= {"main", "footer", "legal"}


def test_countries_taxes_coupons(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    countries = {c.code: c for c in session.scalars(select(Country))}
    assert 45 <= len(EUR_CODES) <= 52
    for code, country in countries.items():
        assert country.currency == ("EUR" if code in EUR_CODES else "USD"), code
        assert country.is_eu == (code in EU_COUNTRIES)
    assert sum(c.is_eu for c in countries.values()) == 27
    assert sum(c.currency == "USD" for c in countries.values()) >= 35
    rates = {t.country: t for t in session.scalars(select(TaxRate))}
    assert set(EU_COUNTRIES) <= set(rates)
    assert (rates["DE"].rate_bp, rates["FR"].rate_bp, rates["NL"].rate_bp, rates["SE"].rate_bp) == (
        1900, 2000, 2100, 2500
    )  # fmt: skip
    assert (rates["GB"].rate_bp, rates["NO"].rate_bp, rates["CH"].rate_bp, rates["US"].rate_bp) == (
        2000,
        2500,
        810,
        0,
    )
    assert rates["US"].name == "Sales tax"
    # tax names are English, as the shop is (docs/spec.md section 9 "Tax lines")
    assert {rates[code].name for code in EUR_CODES if code in rates} == {"VAT"}
    assert {t.name for t in rates.values()} <= {"VAT", "GST", "Sales tax", "Consumption tax"}

    coupons = {c.code: c for c in session.scalars(select(Coupon))}
    assert all(code == code.lower() for code in coupons)
    assert coupons["welcome10"].discount_type == "percent" and coupons["welcome10"].amount == 1000
    save20 = coupons["save20"]
    assert (save20.discount_type, save20.amount, save20.minimum_amount) == ("fixed_cart", 2000, 10000)
    assert coupons["keyboard15"].product_categories[0] == 15
    assert any(c.date_expires is not None for c in coupons.values())
    assert any(c.individual_use for c in coupons.values())
    assert any(c.usage_limit == 1 for c in coupons.values())
    assert any("*@halvard.gg" in c.email_restrictions for c in coupons.values())
    assert any(c.exclude_sale_items for c in coupons.values())
    assert any(c.discount_type == "fixed_product" for c in coupons.values())
    assert any(c.free_shipping for c in coupons.values())


def test_sequences_continue_after_explicit_ids(seeded: tuple[Session, dict[str, int]]) -> None:
    session, _ = seeded
    page = Page(slug="new-page", title="New")
    session.add(page)
    session.flush()
    assert page.id > 18
    assert Path(get_settings().media_dir).is_dir()
