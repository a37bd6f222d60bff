"""A small keyboard configurator built with the ORM, and an HTTP client on the app.

Product 26907 (on sale: 149.99 EUR / 159.99 USD, regular 169.99 / 179.99) has angles top (the
cart's) and side, layers Case (required), Switches (required) and Keycaps, a rule "SA keycaps
disable the low-profile case", and a Switches choice linked to the catalogue product 500.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from services.api.app import create_app
from services.configurator.models import (
    ConfiguratorAngle,
    ConfiguratorChoice,
    ConfiguratorChoiceImage,
    ConfiguratorLayer,
    ConfiguratorModel,
    ConfiguratorRule,
)
from tests.factories import create_category, create_product

BUILDER = 26907
SWITCH_PRODUCT = 500
PLAIN = 600  # a product without a configurator


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """An HTTP client on a fresh app bound to the test database."""
    with TestClient(create_app()) as c:
        yield c


def _choice(
    key: str, name: str, sku: str, eur: int = 0, usd: int = 0, **fields: object
) -> ConfiguratorChoice:
    return ConfiguratorChoice(
        key=key,
        name=name,
        sku_part=sku,
        extra_eur=eur,
        extra_usd=usd,
        thumbnail=f"/media/configurator/{key}-thumb.svg",
        alt=name,
        images=[
            ConfiguratorChoiceImage(angle_key="top", url=f"/media/configurator/{key}-top.svg", z=0),
            ConfiguratorChoiceImage(angle_key="side", url=f"/media/configurator/{key}-side.svg", z=1),
        ],
        **fields,
    )


@pytest.fixture
def builder(session: Session) -> int:
    """The configurator of product 26907 (committed); returns the configurator's id."""
    keyboards = create_category(session, 15, "keyboards", "Keyboards")
    create_product(
        session,
        id=BUILDER,
        name="Custom Keyboard Builder",
        slug="custom-keyboard-builder",
        sku="HV-CKB-BUILDER",
        categories=[keyboards],
        regular_price_eur=16999,
        sale_price_eur=14999,
        regular_price_usd=17999,
        sale_price_usd=15999,
        is_configurable=True,
        configurator_link="/custom-keyboard-builder",
    )
    create_product(session, id=SWITCH_PRODUCT, name="Linear Red Switch Pack", slug="red", sku="HV-SW-RED")
    create_product(session, id=PLAIN, name="Odin 75", slug="odin-75", sku="HV-ODIN75", categories=[keyboards])
    cfg = ConfiguratorModel(
        product_id=BUILDER,
        welcome_text="Build your own board.",
        welcome_image="/media/configurator/welcome.svg",
        warning_message="Built to order: ships in 10 days.",
        special_layer_key="keycaps",
        angles=[
            ConfiguratorAngle(key="top", name="Top", position=0, use_in_cart=True),
            ConfiguratorAngle(key="side", name="Side", position=1),
        ],
        layers=[
            ConfiguratorLayer(
                key="case",
                name="Case",
                position=0,
                stack=10,
                required=True,
                default_choice_key="case-black",
                choices=[
                    _choice("case-black", "Black case", "CASE-BLK", position=0, colour="#15161a"),
                    _choice("case-white", "White case", "CASE-WHT", 1990, 2190, position=1),
                    _choice("case-low", "Low-profile case", "CASE-LOW", 500, 600, position=2),
                ],
            ),
            ConfiguratorLayer(
                key="switches",
                name="Switches",
                position=1,
                stack=20,
                required=True,
                default_choice_key="sw-red",
                choices=[
                    _choice("sw-red", "Linear Red", "SW-RED", position=0, linked_product_id=SWITCH_PRODUCT),
                    _choice("sw-brown", "Tactile Brown", "SW-BRN", 990, 1090, position=1, has_backorder=True),
                    _choice("sw-blue", "Clicky Blue", "SW-BLU", position=2, stock_status="outofstock"),
                ],
            ),
            ConfiguratorLayer(
                key="keycaps",
                name="Keycaps",
                position=2,
                stack=30,
                choices=[
                    _choice("caps-sa", "SA keycaps", "CAPS-SA", 2500, 2700, position=0),
                    _choice("caps-cherry", "Cherry keycaps", "CAPS-CH", position=1),
                ],
            ),
        ],
        rules=[
            ConfiguratorRule(
                position=0,
                effect="disable",
                when_keys=["keycaps:caps-sa"],
                target_keys=["case:case-low"],
                reason="SA keycaps are too tall for the low-profile case.",
            )
        ],
    )
    session.add(cfg)
    session.commit()
    return cfg.id
