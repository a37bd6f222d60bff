"""The shared cart-rule vectors (tests/vectors/cart_rules.json) against the server's cart.

Every case runs on a fresh in-memory ``CartApplication`` over a fake catalogue made from the
case's own catalogue; after every step the refusal code, the currency, each listed field of
each line and each listed total must match, and so must the events: those ``decide``
(services/cart/decider.py) returns for the step and those the server then recorded (type and
payload; ``command_id`` and ``request_hash`` aside). The browser runs the same file (vitest).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from services.cart import decider
from services.cart.application import CartApplication, CartRefused
from services.cart.domain import cart_id_for
from services.cart.types import CartCommand
from tests.cart.helpers import FakeCatalog, new_token, popo_app

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "cart_rules.json"
DOC = json.loads(VECTORS.read_text())
CASES = {case["name"]: case for case in DOC["cases"]}


def test_the_vector_file_has_format_version_1_and_unique_sentence_names() -> None:
    assert DOC["version"] == 1
    names = [case["name"] for case in DOC["cases"]]
    assert len(names) == len(set(names)) >= 60
    assert all(" " in name and name == name.strip() for name in names)


def test_every_refusal_code_the_cart_knows_is_covered_by_a_vector() -> None:
    codes = {step["expect"]["refused"] for case in DOC["cases"] for step in case["steps"]}
    assert {
        "coming_soon",
        "not_purchasable",
        "grouped_product",
        "external_product",
        "variation_required",
        "count_capped",
        "out_of_stock",
        "configuration_unavailable",
        "invalid_configuration",
        "line_not_found",
        "unknown_country",
        "cart_empty",
        "invalid_payment_intent",
    } <= codes


def test_every_command_type_is_covered_by_a_vector() -> None:
    kinds = {step["command"]["type"] for case in DOC["cases"] for step in case["steps"]}
    assert kinds >= {
        "add",
        "set_count",
        "remove",
        "set_country",
        "set_payment_intent",
        "clear",
        "start_checkout",
    }


VOLATILE = {"command_id", "request_hash"}  # the client's key and the body's hash: not in the vectors


def _shown(kind: str, data: Any) -> dict[str, Any]:
    return {"type": kind, **{key: value for key, value in data.items() if key not in VOLATILE}}


def _decided(app: CartApplication, token: str, command: CartCommand) -> list[dict[str, Any]]:
    """The events ``decide`` returns for ``command`` on the cart as stored (a refusal's too)."""
    cart = app.repository.get(cart_id_for(token))
    decision = decider.decide(cart.state, *app.decider_input(cart, command, None, "hash"))
    events = decision.events if isinstance(decision, decider.Refusal) else decision
    return [_shown(event.type, event.data) for event in events]


def test_every_step_lists_its_events_and_every_event_type_a_shopper_causes_is_covered() -> None:
    steps = [step for case in DOC["cases"] for step in case["steps"]]
    assert all(isinstance(step["expect"]["events"], list) for step in steps)
    kinds = {event["type"] for step in steps for event in step["expect"]["events"]}
    assert kinds >= {
        "ItemAdded",
        "ItemCountSet",
        "ItemRemoved",
        "CountrySet",
        "PaymentIntentSet",
        "Cleared",
        "CheckoutStarted",
        "CommandRefused",
    }
    assert all(not (VOLATILE & event.keys()) for step in steps for event in step["expect"]["events"])


def _run(app: Any, token: str, command: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    try:
        return None, app.execute(token, command, command_id=None).state
    except CartRefused as refused:
        return refused.code, refused.extra["cart"]


@pytest.mark.parametrize("name", list(CASES))
def test_vector(name: str) -> None:
    case = CASES[name]
    app = popo_app(FakeCatalog.from_json(case["catalog"]))
    token = new_token()
    app.start(token, case["start"]["country"])
    for number, step in enumerate(case["steps"], start=1):
        where = f"step {number} {step['command']}"
        expect = step["expect"]
        assert _decided(app, token, step["command"]) == expect["events"], f"{where}: decide"
        recorded = len(app.history(token))
        refused, state = _run(app, token, step["command"])
        stored = [_shown(event["type"], event["data"]) for event in app.history(token)[recorded:]]
        assert stored == expect["events"], f"{where}: recorded"
        assert refused == expect["refused"], where
        assert state["currency"] == expect["currency"], where
        assert [line["line_id"] for line in state["lines"]] == [
            line["line_id"] for line in expect["lines"]
        ], where
        for got, want in zip(state["lines"], expect["lines"], strict=True):
            assert {key: got[key] for key in want} == want, f"{where} line {want['line_id']}"
        assert {key: state["totals"][key] for key in expect["totals"]} == expect["totals"], where
        assert state == app.state(token), f"{where}: the answer differs from a fresh read"
