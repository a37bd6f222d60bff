"""The cart's answers have exactly the shapes the OpenAPI document states for them
(``services/cart/schemas.py`` ``CartEnvelope``, whose ``cart`` is ``services/cart/types.py``
``CartState``; the storefront's types are generated from that document: docs/api.md,
"OpenAPI"). Strict JSON types, and no field the document does not name."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from services.api.app import create_app
from services.cart.schemas import CartEnvelope
from services.cart.types import CartState
from tests.cart.test_coupons_api import seed
from tests.conftest import seeded_database

ENVELOPE = TypeAdapter(CartEnvelope)
STATE = TypeAdapter(CartState)


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory, pg_schema_url: str | None) -> Iterator[TestClient]:
    """A client on one migrated database with the coupons module's catalogue and coupons."""
    with (
        seeded_database(tmp_path_factory, pg_schema_url, "cart-shapes", seed),
        TestClient(create_app()) as client,
    ):
        yield client


def _shaped(response: Any, status: int = 200) -> dict[str, Any]:
    """The answer's JSON, after checking its status and that it is exactly a ``CartEnvelope``
    (a refusal: ``{code, message}`` plus ``cart`` and ``replayed``)."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    if status >= 400:  # a refusal: ``{code, message, cart, replayed}`` (services/shared/errors.py)
        assert set(body) == {"code", "message", "cart", "replayed"}
        STATE.validate_json(json.dumps(body["cart"]), strict=True)
    else:
        assert set(body) == {"token", "replayed", "cart"}
        ENVELOPE.validate_json(response.content, strict=True)
    return body


def _send(http: TestClient, token: str, command: dict[str, Any], status: int = 200) -> dict[str, Any]:
    return _shaped(http.post("/api/cart/commands", headers={"X-Cart-Token": token}, json=command), status)


def test_every_cart_answer_has_the_documented_shape(http: TestClient) -> None:
    answers: list[dict[str, Any]] = []
    started = _shaped(http.post("/api/cart", json={"country": "US"}), 201)
    token = started["token"]
    assert started["cart"]["lines"] == [] and started["cart"]["currency"] == "USD"
    answers.append(started | {"token": "T"})
    answers.append(_shaped(http.get("/api/cart", headers={"X-Cart-Token": token})))
    answers.append(_send(http, token, {"type": "set_country", "country": "DE"}))
    answers.append(_send(http, token, {"type": "add", "product_id": 1}))
    answers.append(_send(http, token, {"type": "add", "product_id": 12}))
    line = answers[-1]["cart"]["lines"][0]["line_id"]
    answers.append(_send(http, token, {"type": "set_count", "line_id": line, "count": 3}))
    with_coupon = _send(http, token, {"type": "apply_coupon", "code": "welcome10"})
    assert with_coupon["cart"]["coupons"][0]["code"] == "welcome10"
    assert with_coupon["cart"]["totals"]["discount"] > 0
    answers.append(with_coupon)
    refused = _send(http, token, {"type": "apply_coupon", "code": "nope"}, status=422)
    assert refused["code"] == "coupon_not_found"
    answers.append(refused)
    answers.append(_send(http, token, {"type": "set_payment_intent", "intent": "paypal"}))
    answers.append(_send(http, token, {"type": "start_checkout"}))
    answers.append(_shaped(http.get("/api/cart", headers={"X-Cart-Token": token})))
    answers.append(_send(http, secrets.token_urlsafe(32), {"type": "add", "product_id": 2}))
    dump = os.environ.get("CART_SHAPES_DUMP")
    if dump:  # to compare the answers of two versions of the server
        for a in answers:
            a["cart"]["cart_id"] = "C"
        with open(dump, "w") as f:
            json.dump(answers, f, indent=1, sort_keys=True)
