"""The configurator's HTTP API (docs/spec.md section 2.13; docs/api.md, "Configurator"):
every refusal and the happy paths of GET configurator, quote, get-share-url, get-share-data."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from services.catalog.models import Product
from services.configurator import domain, schemas
from services.configurator.models import ConfiguratorChoice, ConfiguratorShare
from tests.configurator.conftest import BUILDER, PLAIN, SWITCH_PRODUCT

DEFAULTS = ["case:case-black", "switches:sw-red"]


def test_a_configurator_is_served_in_menu_order_with_the_products_current_price(
    client: TestClient, builder: int
) -> None:
    answer = client.get(f"/api/configurator/{BUILDER}")
    assert answer.status_code == 200
    body = answer.json()
    schemas.ConfiguratorOut.model_validate(body, strict=True)  # every field, no more
    assert (body["base_eur"], body["base_usd"]) == (14999, 15999)  # the sale price
    assert body["version"] == 1 and body["base_sku"] == "HV-CKB-BUILDER" and body["coming_soon"] is False
    assert body["welcome"] == {
        "text": "Build your own board.",
        "background_image": "/media/configurator/welcome.svg",
    }
    assert body["warning"] == "Built to order: ships in 10 days." and body["special_layer_id"] == "keycaps"
    assert [a["id"] for a in body["angles"]] == ["top", "side"] and body["angles"][0]["use_in_cart"] is True
    assert [layer["id"] for layer in body["layers"]] == ["case", "switches", "keycaps"]
    assert [c["key"] for c in body["choices"]][:4] == [
        "case:case-black",
        "case:case-white",
        "case:case-low",
        "switches:sw-red",
    ]
    white = next(c for c in body["choices"] if c["id"] == "case-white")
    assert (white["extra_eur"], white["extra_usd"], white["sku_part"]) == (1990, 2190, "CASE-WHT")
    assert white["images"] == [
        {"angle_id": "side", "url": "/media/configurator/case-white-side.svg", "z": 1},
        {"angle_id": "top", "url": "/media/configurator/case-white-top.svg", "z": 0},
    ]
    assert body["rules"] == [
        {
            "id": body["rules"][0]["id"],
            "when": ["keycaps:caps-sa"],
            "effect": "disable",
            "targets": ["case:case-low"],
            "reason": "SA keycaps are too tall for the low-profile case.",
        }
    ]
    assert body["defaults"] == DEFAULTS
    assert answer.headers["cache-control"] == "no-store"


def test_a_linked_choice_follows_its_products_stock(
    client: TestClient, builder: int, session: Session
) -> None:
    switch = session.get(Product, SWITCH_PRODUCT)
    assert switch is not None
    switch.stock_status, switch.backorders = "onbackorder", "yes"
    session.commit()
    red = next(c for c in client.get(f"/api/configurator/{BUILDER}").json()["choices"] if c["id"] == "sw-red")
    assert (red["stock_status"], red["has_backorder"]) == ("onbackorder", True)
    quote = client.post(f"/api/configurator/{BUILDER}/quote", json={"configuration": DEFAULTS}).json()
    assert (
        quote["button"] == "preorder" and quote["button_label"] == "Pre-order" and quote["preorder"] is True
    )


@pytest.mark.parametrize("product_id", ["4242", str(PLAIN), "abc", "99999999999999999999", "-1"])
def test_no_configurator_is_a_404(client: TestClient, builder: int, product_id: str) -> None:
    answer = client.get(f"/api/configurator/{product_id}")
    assert answer.status_code == 404
    assert answer.json() == {"code": "configurator_not_found", "message": "That product has no configurator."}
    quote = client.post(f"/api/configurator/{product_id}/quote", json={"configuration": []})
    assert quote.status_code == 404 and quote.json()["code"] == "configurator_not_found"


def test_a_draft_products_configurator_is_hidden_from_visitors(
    client: TestClient, builder: int, session: Session
) -> None:
    product = session.get(Product, BUILDER)
    assert product is not None
    product.status = "draft"
    session.commit()
    assert client.get(f"/api/configurator/{BUILDER}").status_code == 404


def test_a_quote_prices_a_build_and_names_its_skus(client: TestClient, builder: int) -> None:
    keys = ["case:case-white", "switches:sw-brown", "keycaps:caps-cherry"]
    answer = client.post(f"/api/configurator/{BUILDER}/quote", json={"configuration": keys})
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    body = answer.json()
    schemas.ConfiguratorQuoteOut.model_validate(body, strict=True)
    assert body["ok"] is True and body["problems"] == []
    assert (body["eur"], body["usd"]) == (14999 + 1990 + 990, 15999 + 2190 + 1090)
    assert body["skus"] == ["HV-CKB-BUILDER", "CASE-WHT", "SW-BRN", "CAPS-CH"]
    assert body["hash"] == domain.configuration_hash(BUILDER, keys)
    assert (body["button"], body["button_label"], body["preorder"]) == ("preorder", "Pre-order", True)
    plain = client.post(f"/api/configurator/{BUILDER}/quote", json={"configuration": DEFAULTS}).json()
    assert (plain["button"], plain["button_label"], plain["eur"]) == ("add", "Add to cart", 14999)


def test_a_quote_says_why_a_build_cannot_be_bought(client: TestClient, builder: int) -> None:
    def quote(keys: list[str]) -> dict[str, object]:
        answer = client.post(f"/api/configurator/{BUILDER}/quote", json={"configuration": keys})
        assert answer.status_code == 200
        return answer.json()

    missing = quote(["case:case-black"])
    assert missing["ok"] is False
    assert missing["problems"] == [
        {
            "code": "configuration_required",
            "message": "Switches is required",
            "layer_id": "switches",
            "choice_id": None,
        }
    ]
    ruled = quote(["case:case-low", "switches:sw-red", "keycaps:caps-sa"])
    assert ruled["problems"] == [
        {
            "code": "invalid_configuration",
            "message": "Low-profile case: SA keycaps are too tall for the low-profile case.",
            "layer_id": "case",
            "choice_id": "case-low",
        }
    ]
    sold_out = quote(["case:case-black", "switches:sw-blue"])
    assert sold_out["button"] == "unavailable" and sold_out["button_label"] == "Unavailable for purchase"
    assert sold_out["problems"][0]["message"] == "Clicky Blue is out of stock, please select something else."
    unknown = quote(["case:nope", "switches:sw-red"])
    assert [p["code"] for p in unknown["problems"]] == ["invalid_configuration", "configuration_required"]


@pytest.mark.parametrize(
    "body",
    [
        {"configuration": [f"case:c{i}" for i in range(31)]},
        {"configuration": ["case:" + "x" * 130]},
        {"configuration": "case:case-black"},
        {"configuration": [""]},
        {},
        [],
        {"configuration": [], "extra": 1},
    ],
)
def test_a_malformed_quote_is_a_422(client: TestClient, builder: int, body: object) -> None:
    answer = client.post(f"/api/configurator/{BUILDER}/quote", json=body)
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"


def _share(client: TestClient, keys: list[str], host: str | None = None, product_id: int = BUILDER):
    body: dict[str, object] = {"configuration": {"product_id": product_id, "choices": keys}}
    if host is not None:
        body["host"] = host
    return client.post("/api/get-share-url", json=body)


def test_a_share_link_opens_the_configurator_page_of_the_shop(client: TestClient, builder: int) -> None:
    keys = ["case:case-white", "switches:sw-red"]
    answer = _share(client, keys, host="http://testserver")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    body = answer.json()
    schemas.ShareOut.model_validate(body, strict=True)
    assert body["hash"] == domain.configuration_hash(BUILDER, keys) and len(body["hash"]) == 20
    assert body["url"] == f"http://testserver/custom-keyboard-builder?d={body['hash']}"
    # a foreign host is never used: the link always points at the shop itself
    foreign = _share(client, keys, host="https://evil.example").json()
    assert foreign["url"] == f"http://testserver/custom-keyboard-builder?d={body['hash']}"


def test_the_same_build_is_stored_once_under_one_hash(
    client: TestClient, builder: int, session: Session
) -> None:
    first = _share(client, ["case:case-white", "switches:sw-red"]).json()
    again = _share(client, ["switches:sw-red", "case:case-white"]).json()
    assert first == again
    other = _share(client, ["case:case-black", "switches:sw-red"]).json()
    assert other["hash"] != first["hash"]
    assert session.scalar(select(func.count()).select_from(ConfiguratorShare)) == 2


def test_a_product_without_a_configurator_link_shares_its_product_page(
    client: TestClient, builder: int, session: Session
) -> None:
    product = session.get(Product, BUILDER)
    assert product is not None
    product.configurator_link = None
    session.commit()
    body = _share(client, DEFAULTS).json()
    assert body["url"] == f"http://testserver/keyboards/custom-keyboard-builder?d={body['hash']}"


def test_share_refusals(client: TestClient, builder: int) -> None:
    unknown_key = _share(client, ["case:nope"])
    assert unknown_key.status_code == 422 and unknown_key.json()["code"] == "invalid_configuration"
    twice = _share(client, ["case:case-black", "case:case-black"])
    assert twice.status_code == 422 and twice.json()["code"] == "invalid_configuration"
    missing = _share(client, DEFAULTS, product_id=4242)
    assert missing.status_code == 404 and missing.json()["code"] == "configurator_not_found"
    plain = _share(client, [], product_id=PLAIN)
    assert plain.status_code == 404
    malformed = client.post("/api/get-share-url", json={"configuration": {"choices": []}})
    assert malformed.status_code == 422 and malformed.json()["code"] == "invalid_request"


def test_share_links_are_rate_limited(
    client: TestClient, builder: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.shared.ratelimit import reset_limits
    from services.shared.settings import get_settings

    monkeypatch.setenv("RATE_LIMIT_CONFIGURATOR_SHARES", "2/minute")
    get_settings.cache_clear()
    reset_limits()
    assert _share(client, DEFAULTS).status_code == 200
    assert _share(client, DEFAULTS).status_code == 200
    refused = _share(client, DEFAULTS)
    assert refused.status_code == 429 and refused.json()["limit"] == "configurator_shares"
    assert "retry-after" in refused.headers


def test_a_shared_build_comes_back_as_it_was(client: TestClient, builder: int) -> None:
    keys = ["case:case-white", "switches:sw-red", "keycaps:caps-sa"]
    share_hash = _share(client, keys).json()["hash"]
    answer = client.post("/api/get-share-data", json={"hash": share_hash})
    assert answer.status_code == 200
    body = answer.json()
    schemas.ShareDataOut.model_validate(body, strict=True)
    assert body["configuration"]["product_id"] == BUILDER and body["configuration"]["version"] == 1
    assert [c["key"] for c in body["configuration"]["choices"]] == keys
    assert body["configuration"]["choices"][0] == {
        "key": "case:case-white",
        "layer_id": "case",
        "choice_id": "case-white",
        "name": "White case",
        "layer_name": "Case",
        "extra_eur": 1990,
        "extra_usd": 2190,
    }
    assert body["current_version"] == 1 and body["changes"] == []


def test_a_shared_build_says_what_the_catalogue_changed(
    client: TestClient, builder: int, session: Session
) -> None:
    keys = ["case:case-white", "switches:sw-red", "keycaps:caps-sa"]
    share_hash = _share(client, keys).json()["hash"]
    white = session.scalars(select(ConfiguratorChoice).where(ConfiguratorChoice.key == "case-white")).one()
    white.extra_eur = 2490  # repriced
    sa = session.scalars(select(ConfiguratorChoice).where(ConfiguratorChoice.key == "caps-sa")).one()
    session.delete(sa)  # removed
    switch = session.get(Product, SWITCH_PRODUCT)
    assert switch is not None
    switch.stock_status = "outofstock"  # the linked product sold out
    session.commit()
    body = client.post("/api/get-share-data", json={"hash": share_hash}).json()
    assert [c["key"] for c in body["configuration"]["choices"]] == ["case:case-white", "switches:sw-red"]
    assert body["configuration"]["choices"][0]["extra_eur"] == 2490
    assert body["configuration"]["version"] == 1 and body["current_version"] > 1
    assert body["changes"] == [
        {"kind": "repriced", "key": "case:case-white", "message": "The price of White case has changed."},
        {
            "kind": "unavailable",
            "key": "switches:sw-red",
            "message": "Linear Red is out of stock, please select something else.",
        },
        {
            "kind": "removed",
            "key": "keycaps:caps-sa",
            "message": "SA keycaps (Keycaps) is no longer offered and was left out.",
        },
    ]


@pytest.mark.parametrize("body", [{"hash": "0" * 20}, {"hash": "not-a-hash"}])
def test_an_unknown_share_is_a_404(client: TestClient, builder: int, body: dict[str, str]) -> None:
    answer = client.post("/api/get-share-data", json=body)
    assert answer.status_code == 404
    assert answer.json() == {"code": "share_not_found", "message": "That shared build was not found."}


@pytest.mark.parametrize("body", [{}, {"hash": ""}, {"hash": "x" * 65}, {"hash": 5}])
def test_a_malformed_share_data_request_is_a_422(client: TestClient, body: dict[str, object]) -> None:
    answer = client.post("/api/get-share-data", json=body)
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"
