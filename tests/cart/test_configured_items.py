"""Configured items in the cart (docs/spec.md sections 2.13 and 4): the add command validates and
prices a build with the product's configurator, refuses broken builds with the spec's messages,
and records what the shopper chose (names, images, extras, SKUs, version, hash) in ItemAdded."""

from __future__ import annotations

from typing import Any

import pytest

from services.cart.application import CartApplication, CartRefused
from services.configurator.domain import (
    Angle,
    Choice,
    ChoiceImage,
    Configurator,
    Layer,
    Rule,
    configuration_hash,
)
from tests.cart.helpers import GERMANY, USA, FakeCatalog, new_token, popo_app, simple

BUILDER = 26907
ADDON = 31575


def _choice(layer: str, key: str, eur: int = 0, usd: int = 0, **fields: Any) -> Choice:
    images = (
        ChoiceImage("top", f"/media/c/{key}-top.svg", 1),
        ChoiceImage("side", f"/media/c/{key}-side.svg"),
    )
    return Choice(
        id=key,
        layer_id=layer,
        name=key.title(),
        sku_part=key.upper(),
        extra_eur=eur,
        extra_usd=usd,
        images=images,
        **fields,
    )


CONFIGURATOR = Configurator(
    product_id=BUILDER,
    version=4,
    name="Custom Keyboard Builder",
    base_sku="HV-CKB",
    base_eur=14999,
    base_usd=15999,
    angles=(Angle("side", "Side"), Angle("top", "Top", use_in_cart=True)),
    layers=(
        Layer("case", "Case", required=True, default_choice_id="black", stack=10),
        Layer("caps", "Keycaps", required=True, default_choice_id="fjord", stack=30),
        Layer("extras", "Extras", multiple=True, max_choices=2, stack=40),
    ),
    choices=(
        _choice("case", "black"),
        _choice("case", "red", 1990, 2190),
        _choice("case", "blue", 1990, 2190, has_backorder=True),
        _choice("case", "brass", 4990, 5490, stock_status="outofstock"),
        _choice("caps", "fjord"),
        _choice("caps", "sa", 2990, 3290),
        _choice("extras", "rest", 2490, 2790),
        _choice("extras", "films", 990, 1090),
        _choice("extras", "lube", 590, 690),
    ),
    rules=(Rule("r1", ("caps:sa",), "disable", ("case:red",), "SA keycaps need the high case."),),
)


@pytest.fixture
def catalog() -> FakeCatalog:
    builder = simple(
        BUILDER, 14999, 15999, name="Custom Keyboard Builder", sku="HV-CKB", configurator=CONFIGURATOR
    )
    addon = simple(ADDON, 1499, 1499, name="Switch Puller Kit")
    return FakeCatalog([builder, addon], [GERMANY, USA])


@pytest.fixture
def app(catalog: FakeCatalog) -> CartApplication:
    return popo_app(catalog)


def add(app: CartApplication, token: str, keys: list[str] | None, product_id: int = BUILDER) -> Any:
    return app.execute(token, {"type": "add", "product_id": product_id, "configuration": keys})


def refusal(app: CartApplication, keys: list[str] | None) -> tuple[str, int, str]:
    token = new_token()
    with pytest.raises(CartRefused) as refused:
        add(app, token, keys)
    assert all(e["type"] != "ItemAdded" for e in app.history(token))
    return refused.value.code, refused.value.status_code, refused.value.message


def test_a_build_missing_a_required_layer_is_refused_with_the_spec_message(app: CartApplication) -> None:
    assert refusal(app, ["case:black"]) == ("configuration_required", 422, "Keycaps is required")
    assert refusal(app, None) == ("configuration_required", 422, "Case is required")


def test_two_cases_in_one_build_or_one_choice_many_times_is_refused(app: CartApplication) -> None:
    assert refusal(app, ["case:black", "case:blue", "caps:fjord"])[:2] == ("invalid_configuration", 422)
    code, status, message = refusal(app, ["case:black", "caps:fjord", *["extras:rest"] * 28])
    assert (code, status) == ("invalid_configuration", 422) and "more than once" in message
    assert refusal(app, ["case:black", "caps:fjord", "extras:rest", "extras:films", "extras:lube"])[:2] == (
        "invalid_configuration",
        422,
    )
    assert refusal(app, ["case:black", "caps:nope"])[:2] == ("invalid_configuration", 422)


def test_an_out_of_stock_choice_is_refused_and_a_rule_gives_its_reason(app: CartApplication) -> None:
    assert refusal(app, ["case:brass", "caps:fjord"]) == (
        "configuration_unavailable",
        409,
        "Brass is out of stock, please select something else.",
    )
    code, status, message = refusal(app, ["case:red", "caps:sa"])
    assert (code, status) == ("invalid_configuration", 422) and "SA keycaps need the high case." in message


def test_a_valid_build_is_recorded_with_what_the_shopper_saw(app: CartApplication) -> None:
    token = new_token()
    state = add(app, token, ["caps:sa", "extras:films", "case:blue"]).state
    (line,) = state["lines"]
    assert [(c["layer_id"], c["choice_id"]) for c in line["configuration"]] == [
        ("case", "blue"),
        ("caps", "sa"),
        ("extras", "films"),
    ]
    blue = line["configuration"][0]
    assert blue["image"] == "/media/c/blue-top.svg" and blue["z"] == 11 and blue["sku_part"] == "BLUE"
    assert blue["has_backorder"] is True and line["preorder"] is True
    assert line["configuration_meta"] == {
        "version": 4,
        "hash": configuration_hash(BUILDER, ["case:blue", "caps:sa", "extras:films"]),
        "skus": ["HV-CKB", "BLUE", "SA", "FILMS"],
    }
    assert line["extras"] == 1990 + 2990 + 990
    assert line["line_total"] == 14999 + 1990 + 2990 + 990
    added = [e for e in app.history(token) if e["type"] == "ItemAdded"]
    assert added and added[0]["data"]["line"]["configuration_meta"]["version"] == 4


def test_configured_items_are_always_new_lines_and_the_addon_follows_the_builder(
    app: CartApplication,
) -> None:
    token = new_token()
    with pytest.raises(CartRefused) as refused:
        add(app, token, None, ADDON)
    assert refused.value.code in {"count_capped", "out_of_stock"}
    add(app, token, ["case:black", "caps:fjord"])
    add(app, token, ["case:black", "caps:fjord"])
    state = add(app, token, None, ADDON).state
    assert [line["product_id"] for line in state["lines"]] == [BUILDER, BUILDER, ADDON]
    state = app.execute(
        token, {"type": "set_count", "line_id": state["lines"][2]["line_id"], "count": 5}
    ).state
    assert state["lines"][2]["count"] == 2


def test_prices_in_usd_come_from_the_configurator(app: CartApplication) -> None:
    token = new_token()
    app.execute(token, {"type": "set_country", "country": "US"})
    state = add(app, token, ["case:red", "caps:fjord", "extras:rest"]).state
    assert state["lines"][0]["line_total"] == 15999 + 2190 + 2790
