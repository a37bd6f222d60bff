"""Pure checkout rules: shipping zones and thresholds, line re-pricing (included tax itself:
tests/shared/test_money.py)."""

from __future__ import annotations

import pytest

from services.checkout.errors import CheckoutConflict
from services.checkout.pricing import CouponResult, LiveProduct, price_lines, totals
from services.checkout.shipping import RateFacts, ZoneFacts, methods_for, shipping_cost, zone_for

ZONES = [
    ZoneFacts(1, "Germany", 0, ("DE",)),
    ZoneFacts(2, "Europe", 1, ("AT", "FR")),
    ZoneFacts(3, "World", 2, ()),
]
RATE = RateFacts("de_standard", 1, "DHL", "EUR", 490, 10000)


def live(pid: int = 1, **fields: object) -> LiveProduct:
    values: dict = dict(
        product_id=pid,
        variation_id=None,
        published=True,
        name="Mouse",
        sku="M-1",
        availability=None,
        regular_eur=5000,
        sale_eur=None,
        regular_usd=5500,
        sale_usd=None,
        stock_status="instock",
        stock_quantity=None,
        manage_stock=False,
        backorders="no",
    )
    values.update(fields)
    return LiveProduct(**values)


def line(pid: int = 1, count: int = 1, **fields: object) -> dict:
    return {
        "line_id": f"L{pid}",
        "product_id": pid,
        "variation_id": None,
        "count": count,
        "name": "Mouse (old name)",
        "eur": {"regular": 1, "sale": None},
        "usd": {"regular": 1, "sale": None},
        "configuration": None,
        **fields,
    }


def test_a_country_falls_into_its_zone_or_the_rest_of_the_world() -> None:
    assert zone_for("de", ZONES).id == 1 and zone_for("FR", ZONES).id == 2 and zone_for("BR", ZONES).id == 3
    assert zone_for("BR", ZONES[:2]) is None
    assert methods_for("BR", "EUR", ZONES, [RateFacts("w", 3, "W", "USD", 1490, None)]) == []


def test_shipping_is_free_from_the_threshold_or_with_a_coupon() -> None:
    assert shipping_cost(RATE, 9999) == 490
    assert shipping_cost(RATE, 10000) == 0
    assert shipping_cost(RATE, 10, free_shipping=True) == 0
    assert shipping_cost(RateFacts("x", 1, "X", "EUR", 1290, None), 10**9) == 1290


def test_totals_subtract_discounts_and_add_shipping_before_tax() -> None:
    [priced] = price_lines([line(count=2)], {(1, None): live()}, "EUR")
    figures = totals([priced], CouponResult(per_line={"L1": 1000}), 490, "EUR", 1900)
    assert (figures.subtotal, figures.discount, figures.shipping, figures.total) == (10000, 1000, 490, 9490)
    assert figures.tax == 1515  # 9490 x 19 / 119 = 1515.2


def test_lines_take_live_prices_and_names() -> None:
    [priced] = price_lines([line()], {(1, None): live(name="Skoll", sale_eur=3999)}, "EUR")
    assert (priced.name, priced.unit_price, priced.on_sale) == ("Skoll", 3999, True)
    [dollars] = price_lines([line()], {(1, None): live(regular_usd=0)}, "USD")
    assert dollars.unit_price == 100  # docs/spec.md section 5: a USD price of 0 or less is 1.00


def test_stock_counts_every_line_of_the_same_product() -> None:
    facts = {(1, None): live(manage_stock=True, stock_quantity=3)}
    price_lines([line(count=3)], facts, "EUR")
    with pytest.raises(CheckoutConflict) as caught:
        price_lines([line(count=2), {**line(count=2), "line_id": "L9"}], facts, "EUR")
    assert caught.value.code == "out_of_stock" and "3 available" in caught.value.message
    backorder = {(1, None): live(manage_stock=True, stock_quantity=0, backorders="yes")}
    assert price_lines([line(count=5)], backorder, "EUR")[0].count == 5


@pytest.mark.parametrize(
    "facts",
    [None, live(published=False), live(sku=None), live(availability="coming_soon")],
)
def test_unavailable_products_are_refused(facts: LiveProduct | None) -> None:
    with pytest.raises(CheckoutConflict) as caught:
        price_lines([line()], {(1, None): facts}, "EUR")
    assert caught.value.code == "product_unavailable"


def test_a_configured_line_of_a_product_without_a_configurator_is_refused() -> None:
    configured = line(configuration=[{"layer_id": "case", "choice_id": "wood", "name": "Walnut"}])
    with pytest.raises(CheckoutConflict) as gone:
        price_lines([configured], {(1, None): live()}, "EUR")
    assert gone.value.code == "product_unavailable"
    assert gone.value.message == "Mouse can no longer be configured. Please remove it from your cart."


def test_an_empty_cart_is_refused() -> None:
    with pytest.raises(CheckoutConflict) as caught:
        price_lines([line(count=0)], {}, "EUR")
    assert caught.value.code == "cart_empty"


def test_a_build_is_checked_and_priced_with_the_configurator_as_it_is_now() -> None:
    from dataclasses import replace

    from services.configurator.domain import Angle, Choice, Configurator, Layer

    cfg = Configurator(
        product_id=1,
        version=2,
        name="Builder",
        base_sku="M-1",
        base_eur=5000,
        base_usd=5500,
        angles=(Angle("top", "Top", use_in_cart=True),),
        layers=(Layer("case", "Case", required=True), Layer("caps", "Keycaps", required=True)),
        choices=(
            Choice("alu", "case", "Aluminium", extra_eur=1000, extra_usd=1100),
            Choice("pbt", "caps", "PBT"),
            Choice("sa", "caps", "SA"),
        ),
    )
    recorded = [
        {
            "layer_id": "case",
            "choice_id": "alu",
            "name": "Aluminium",
            "extra_eur": 500,
            "image": "/a.svg",
            "z": 3,
        },
        {"layer_id": "caps", "choice_id": "pbt", "name": "PBT", "extra_eur": 0},
    ]
    (priced,) = price_lines([line(configuration=recorded)], {(1, None): live(configurator=cfg)}, "EUR")
    assert priced.unit_price == 5000 + 1000  # today's extra, not the recorded one
    assert priced.configuration is not None and priced.configuration[0]["image"] == "/a.svg"
    # A required layer added since, or a chosen option gone out of stock, stops the order.
    stricter = replace(cfg, layers=(*cfg.layers, Layer("cable", "Cable", required=True)))
    with pytest.raises(CheckoutConflict) as gone:
        price_lines([line(configuration=recorded)], {(1, None): live(configurator=stricter)}, "EUR")
    assert gone.value.code == "product_unavailable" and "Cable is required" in gone.value.message
    sold_out = replace(cfg, choices=(replace(cfg.choices[0], stock_status="outofstock"), *cfg.choices[1:]))
    with pytest.raises(CheckoutConflict) as out:
        price_lines([line(configuration=recorded)], {(1, None): live(configurator=sold_out)}, "EUR")
    assert out.value.code == "out_of_stock"
    assert out.value.message == "Aluminium is out of stock, please select something else."
