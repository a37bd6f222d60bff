"""A small catalogue for the read-API tests, and an HTTP client on the app."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.catalog.models import (
    CategoryTagGroup,
    ColourSwatch,
    ContentBlock,
    Country,
    Filter,
    Menu,
    MenuItem,
    Page,
    Post,
    PostCategory,
    ProductAttribute,
    Tag,
    TaxRate,
)
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
)
from tests.conftest import seeded_database
from tests.factories import create_category, create_product, create_variation


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """An HTTP client on a fresh app bound to the test database."""
    with TestClient(create_app()) as c:
        yield c


@contextlib.contextmanager
def catalogue_client(
    tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None, name: str
) -> Iterator[TestClient]:
    """An HTTP client on one app and one database holding the small catalogue
    (``seed_catalogue``), for a module-scoped fixture whose tests only read. A function-scoped
    database fixture (``db_url``, ``session``, ``catalogue``) in the same module would empty the
    PostgreSQL schema under it, so such a module has none."""
    with (
        seeded_database(tmp_path_factory, pg_schema_url, name, seed_catalogue),
        TestClient(create_app()) as c,
    ):
        yield c


@pytest.fixture
def catalogue(session: Session) -> dict[str, int]:
    """Keyboards (15) with a switches subcategory, a variable mouse, a draft, posts, menus, pages
    (``seed_catalogue``), in the test's own database."""
    return seed_catalogue(session)


def seed_catalogue(session: Session) -> dict[str, int]:
    """Writes the small catalogue and commits; returns its ids by name. For a module-scoped
    database too (``tests.conftest.seeded_database``)."""
    keyboards = create_category(session, 15, "keyboards", "Keyboards")
    switches = create_category(session, 301, "keyboard-switches", "Keyboard switches", parent_id=15)
    mice = create_category(session, 16, "mice", "Mice")
    wireless = Tag(id=1, name="Wireless", slug="wireless")
    session.add(wireless)
    session.add(CategoryTagGroup(category_id=15, tag_id=1, description="Cable-free", position=0))
    odin = create_product(
        session,
        id=100,
        name="Odin 75 Wireless",
        slug="odin-75",
        sku="HV-ODIN75",
        categories=[keyboards],
        regular_price_eur=14999,
        sale_price_eur=12999,
        regular_price_usd=15999,
        stock_status="instock",
        manage_stock=True,
        stock_quantity=3,
        short_description="<p>Gasket-mounted 75% board with hot-swap PCB</p>",
    )
    odin.tags = [wireless]
    create_product(
        session,
        id=101,
        name="Linear Red Switch Pack",
        slug="linear-red",
        sku="HV-SW-RED",
        categories=[switches],
    )
    create_product(
        session,
        id=102,
        name="Secret Prototype",
        slug="prototype",
        sku="HV-PROTO",
        categories=[keyboards],
        status="draft",
    )
    builder = create_product(
        session,
        id=26907,
        name="Custom Keyboard Builder",
        slug="custom-keyboard-builder",
        sku="HV-BUILDER",
        categories=[keyboards],
        is_configurable=True,
    )
    # a configurator with one layer (Case) and two choices, each drawn from the top angle;
    # "Polycarbonate" was typed as "free" in the admin, which counts as 0 (docs/spec.md section 5)
    session.add(
        ConfiguratorModel(
            product_id=builder.id,
            welcome_text="Build your board",
            welcome_image="/media/configurator/welcome.svg",
            special_layer_key="case",
            angles=[ConfiguratorAngle(key="top", name="Top", use_in_cart=True, position=0)],
            layers=[
                ConfiguratorLayer(
                    key="case",
                    name="Case",
                    position=0,
                    required=True,
                    choices=[
                        ConfiguratorChoice(
                            key="alu",
                            name="Aluminium",
                            sku_part="CFG-ALU",
                            extra_eur=1990,
                            extra_usd=2190,
                            position=0,
                            images=[
                                ConfiguratorChoiceImage(angle_key="top", url="/media/configurator/alu.svg")
                            ],
                        ),
                        ConfiguratorChoice(
                            key="poly",
                            name="Polycarbonate",
                            sku_part="CFG-POLY",
                            extra_eur=0,
                            position=1,
                            images=[
                                ConfiguratorChoiceImage(angle_key="top", url="/media/configurator/poly.svg")
                            ],
                        ),
                    ],
                )
            ],
        )
    )
    swatch = ColourSwatch(id=7, name="Onyx Black", colour="#15161a")
    session.add(swatch)
    session.flush()
    mouse = create_product(
        session,
        id=200,
        name="Skoll Ultralight",
        slug="skoll",
        sku="HV-SKOLL",
        categories=[mice],
        type="variable",
    )
    mouse.attributes = [ProductAttribute(name="Colour", variation=True, options=["Black", "White"])]
    create_variation(
        session,
        mouse,
        id=201,
        sku="HV-SKOLL-BLK",
        regular_price_eur=6999,
        regular_price_usd=7499,
        attributes=[{"name": "Colour", "option": "Black"}],
        colour_swatch_id=7,
    )
    create_variation(
        session,
        mouse,
        id=202,
        sku="HV-SKOLL-WHT",
        regular_price_eur=7499,
        sale_price_eur=5999,
        regular_price_usd=7999,
        stock_status="outofstock",
        attributes=[{"name": "Colour", "option": "White"}],
    )
    session.add_all(
        [
            ContentBlock(
                owner_type="category",
                owner_id=15,
                region="hero",
                position=0,
                layout="hero_image",
                fields={"title": "Keyboards"},
            ),
            ContentBlock(
                owner_type="product",
                owner_id=100,
                region="body",
                position=1,
                layout="faq",
                fields={"items": []},
            ),
            ContentBlock(
                owner_type="product",
                owner_id=100,
                region="body",
                position=0,
                layout="tech_specs",
                fields={"title": "Specs"},
            ),
        ]
    )
    session.add_all(
        [PostCategory(id=22, name="Press", slug="press"), PostCategory(id=23, name="News", slug="news")]
    )
    session.flush()
    session.add_all(
        [
            Post(
                id=1, slug="older-news", title="Older", excerpt="a", date=datetime(2025, 3, 5), category_id=23
            ),
            Post(
                id=2, slug="newer-news", title="Newer", excerpt="b", date=datetime(2026, 1, 9), category_id=23
            ),
            Post(
                id=3,
                slug="press-release",
                title="Press",
                excerpt="c",
                date=datetime(2025, 6, 1),
                category_id=22,
            ),
        ]
    )
    home = Page(id=2, slug="home", title="Home")
    session.add(home)
    session.flush()
    session.add_all(
        [
            ContentBlock(
                owner_type="page", owner_id=2, region="body", position=i, layout=layout, fields={"n": i}
            )
            for i, layout in enumerate(["hero_image", "text_row", "html"])
        ]
        + [
            ContentBlock(
                owner_type="page",
                owner_id=2,
                region="promo",
                position=i,
                layout="promo",
                fields={"caption": f"P{i}"},
            )
            for i in range(5)
        ]
    )
    menu = Menu(id=1, name="Main", slug="main")
    menu.items = [
        MenuItem(id=1, title="Home", url="https://halvard.gg/", position=0),
        MenuItem(
            id=2,
            title="Keyboards",
            url="https://halvard.gg/wp/category/keyboards/",
            position=1,
            parent_link="first",
        ),
    ]
    session.add(menu)
    session.flush()
    session.add(
        MenuItem(
            id=3,
            menu_id=1,
            parent_id=2,
            title="Switches",
            url="https://halvard.gg/keyboard-switches/",
            position=2,
        )
    )
    session.add_all(
        [
            Country(code="DE", name="Germany", currency="EUR", is_eu=True),
            Country(code="US", name="United States", currency="USD"),
            TaxRate(country="DE", name="MwSt.", rate_bp=1900),
            TaxRate(country="CH", name="MWST", rate_bp=810),
        ]
    )
    session.add_all(
        [
            Filter(id=1, name="Colour", slug="colour"),
            Filter(
                id=2,
                parent_id=1,
                name="Black",
                slug="black",
                position=2,
                is_colour=True,
                colour_amount="one",
                first_colour="#000",
            ),
            Filter(id=3, parent_id=1, name="Other", slug="other", order_last=True),
        ]
    )
    session.commit()
    return {"keyboards": 15, "switches": 301, "odin": 100, "mouse": 200, "draft": 102}
