"""The catalogue's configurator reads come from the configurator (docs/spec.md sections 3 and 7):
flat entries, ``configurator-prices`` by SKU part, welcome, warning and special-layer messages."""

from __future__ import annotations

from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlalchemy.orm import Session

from services.catalog import schemas as out
from services.catalog.models import Product
from tests.configurator.conftest import BUILDER, PLAIN, SWITCH_PRODUCT


def test_flat_entries_are_one_per_layer_then_one_per_choice_per_angle(
    client: TestClient, builder: int
) -> None:
    entries = client.get(f"/api/wc/configurations?id={BUILDER}").json()
    TypeAdapter(list[out.ConfigurationEntryOut]).validate_python(entries, strict=True)
    assert len(entries) == 3 + 8 * 2  # 3 layers, 8 choices drawn from 2 angles each
    assert [e["id"] for e in entries] == list(range(1, len(entries) + 1))
    layers = [e for e in entries if not e["is_choice"]]
    assert [(e["layer_id"], e["angle_id"], e["image"]) for e in layers] == [
        ("case", "top", None),
        ("switches", "top", None),
        ("keycaps", "top", None),
    ]
    case = [(e["choice_id"], e["angle_id"], e["extra_price"]) for e in entries[:7]]
    assert case == [
        (None, "top", "0.00"),
        ("case-black", "side", "0.00"),
        ("case-black", "top", "0.00"),
        ("case-white", "side", "19.90"),
        ("case-white", "top", "19.90"),
        ("case-low", "side", "5.00"),
        ("case-low", "top", "5.00"),
    ]
    brown = next(e for e in entries if e["choice_id"] == "sw-brown")
    assert (brown["has_backorder"], brown["layer_name"], brown["sku"]) == (True, "Switches", "SW-BRN")
    assert client.get(f"/api/wc/configurations?id={PLAIN}").json() == []
    assert client.get(f"/api/wc/products/{BUILDER}").json()["configurations"] == entries


def test_a_linked_choice_entry_follows_its_product(
    client: TestClient, builder: int, session: Session
) -> None:
    switch = session.get(Product, SWITCH_PRODUCT)
    assert switch is not None
    switch.stock_status = "outofstock"
    session.commit()
    entries = client.get(f"/api/wc/configurations?id={BUILDER}").json()
    assert {e["stock_status"] for e in entries if e["choice_id"] == "sw-red"} == {"outofstock"}


def test_configurator_prices_are_keyed_by_sku_part(client: TestClient, builder: int) -> None:
    prices = client.get("/api/wc/configurator-prices?skus=CASE-WHT,SW-BRN,HV-CKB-BUILDER,NOPE").json()
    assert prices == {
        "_HV-CKB-BUILDER": {"eur": "149.99", "usd": "159.99"},
        "_CASE-WHT": {"eur": "19.90", "usd": "21.90"},
        "_SW-BRN": {"eur": "9.90", "usd": "10.90"},
    }


def test_messages_and_special_layer_come_from_the_configurator(client: TestClient, builder: int) -> None:
    assert client.get(f"/api/wc/configurator-welcome-message?id={BUILDER}").json() == {
        "text": "Build your own board.",
        "background_image": "/media/configurator/welcome.svg",
    }
    warning = {"message": "Built to order: ships in 10 days."}
    assert client.get("/api/wc/configurator-warning-message").json() == warning
    assert client.get(f"/api/wc/configurator-warning-message?id={BUILDER}").json() == warning
    assert client.get(f"/api/wc/configurator-warning-message?id={PLAIN}").json() == {"message": ""}
    assert client.get("/api/wc/configurator-warning-message?id=abc").status_code == 400
    assert client.get("/api/wc/configurator-warning-message?id=4242").status_code == 404
    assert client.get(f"/api/wc/configurator-special-choices?id={BUILDER}").json() == {"layer": "keycaps"}
