"""``services/shared/routing.py``: a route that reads its own request (``JsonBody``,
``header_parameter``) is documented exactly as FastAPI documents ``Body()`` and ``Header()``,
and answers bad bodies with the app's 422 like any other route."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from fastapi import Body, FastAPI, Header, Request
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, Field

from services.api.app import create_app
from services.cart.deps import TokenHeader
from services.cart.endpoints import KEY_DESCRIPTION
from services.cart.schemas import Command
from services.shared.routing import VALIDATION_ERROR, JsonBody, PlainJSONResponse, header_parameter

KeyHeader = Annotated[str | None, Header(alias="Idempotency-Key", description=KEY_DESCRIPTION)]


def _numbers_as_json(value: Any) -> Any:
    """``value`` with every number as JSON compares it (FastAPI writes ``0.0`` where pydantic
    writes ``0`` for the same bound)."""
    return json.loads(json.dumps(value), parse_float=lambda text: float(text), parse_int=float)


def _referenced(document: dict[str, Any], schema: Any, seen: set[str] | None = None) -> dict[str, Any]:
    """The components ``schema`` refers to, followed transitively."""
    seen = set() if seen is None else seen
    found: dict[str, Any] = {}
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[1]
            if name not in seen:
                seen.add(name)
                component = document["components"]["schemas"][name]
                found[name] = component
                found.update(_referenced(document, component, seen))
        for value in schema.values():
            found.update(_referenced(document, value, seen))
    elif isinstance(schema, list):
        for item in schema:
            found.update(_referenced(document, item, seen))
    return found


def test_the_command_route_is_documented_as_fastapi_documents_body_and_header(db_url: str) -> None:
    """The reference: the same route declared the FastAPI way, with ``Body()`` and ``Header()``
    parameters, in an app of its own. Parameters, body (with every model it refers to) and the
    422 must be what the real app documents for ``POST /api/cart/commands``."""
    reference = FastAPI()

    @reference.post("/api/cart/commands")
    def run_command(  # pragma: no cover - only documented
        command: Annotated[Command, Body()], token: TokenHeader = None, key: KeyHeader = None
    ) -> None:
        return None

    expected_document = reference.openapi()
    expected = expected_document["paths"]["/api/cart/commands"]["post"]
    document = create_app().openapi()
    actual = document["paths"]["/api/cart/commands"]["post"]

    assert actual["parameters"] == expected["parameters"]
    assert _numbers_as_json(actual["requestBody"]) == _numbers_as_json(expected["requestBody"])
    expected_models = _referenced(expected_document, expected["requestBody"])
    assert {"AddItem", "SetCount", "StartCheckout", "CheckoutLine"} <= set(expected_models)
    assert _numbers_as_json(_referenced(document, actual["requestBody"])) == _numbers_as_json(expected_models)
    assert actual["responses"]["422"] == VALIDATION_ERROR[422]
    assert "$defs" not in json.dumps(document)


class Item(BaseModel):
    name: str = Field(min_length=1)
    count: int = Field(ge=1, le=10)


def _item_app() -> TestClient:
    app = create_app()
    body: JsonBody[Item] = JsonBody(Item, "Item")

    @app.post(
        "/items-test", openapi_extra={**body.openapi, "parameters": [header_parameter("X-Note", "A note.")]}
    )
    async def items(request: Request) -> dict[str, Any]:
        item = await body.read(request)
        return {"name": item.name, "count": item.count, "note": request.headers.get("x-note")}

    # The catch-all /api route and the storefront come first; put the test route before them.
    app.router.routes.insert(0, app.router.routes.pop())
    return TestClient(app)


def test_a_valid_body_is_read_once_into_its_model(db_url: str) -> None:
    http = _item_app()
    answer = http.post("/items-test", json={"name": "pad", "count": 2, "extra": 1}, headers={"X-Note": "hi"})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"name": "pad", "count": 2, "note": "hi"}


@pytest.mark.parametrize(
    ("raw", "where", "kind"),
    [
        (b'{"name": "pad", "count": 11}', "count", "less_than_equal"),
        (b'{"count": 1}', "name", "missing"),
        (b"{not json", "body", "json_invalid"),
        (b"\xff\xfe{", "body", "json_invalid"),
        (b"", "body", "json_invalid"),
        (b"[]", "request", "model_type"),
    ],
)
def test_a_bad_body_is_the_apps_422_with_its_place_under_body(
    db_url: str, raw: bytes, where: str, kind: str
) -> None:
    answer = _item_app().post("/items-test", content=raw, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert body["code"] == "invalid_request"
    assert body["message"].startswith(f"{where}: ")
    assert body["errors"][0]["type"] == kind
    assert body["errors"][0]["loc"][0] == "body"


_JSON_LEAF = (
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.text(max_size=30)
)
_PLAIN_JSON = st.recursive(
    _JSON_LEAF,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)


@given(_PLAIN_JSON)
def test_plain_json_responses_are_the_bytes_starlette_would_send(document: Any) -> None:
    """``PlainJSONResponse`` (orjson) renders plain JSON (any text, controls and non-ASCII
    included) exactly as Starlette's ``JSONResponse`` does, so the cart's answers did not
    change when their serializer did."""
    assert PlainJSONResponse(document).body == JSONResponse(document).body
