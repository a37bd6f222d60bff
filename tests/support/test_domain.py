"""The support timeline fold (services/support/domain.py; docs/spec.md section 2.14).

The central property: for random command sequences (refusals, caps, coupons, country changes,
recommendations, checkout hand-offs and orders included), the state the fold shows at every
version equals ``cart_state`` of the aggregate loaded at that version, and equals what the
application answered for each command at the version it answered."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from services.cart.application import CartApplication, CartRefused, cart_state
from services.cart.domain import cart_id_for
from services.discounts.domain import CouponFacts
from services.support.domain import (
    CSV_HEADER,
    csv_rows,
    fold_timeline,
    index_keys,
    price_today,
    seen_products,
    version_at,
)
from services.support.reference import support_reference
from tests.cart.helpers import GERMANY, USA, FakeCatalog, choice, new_token, popo_app, simple

NOW = datetime.now(UTC)


def _catalog() -> FakeCatalog:
    catalog = FakeCatalog(
        [
            simple(1, 5999, 6499, name="Skoll Mouse", manage_stock=True, stock_quantity=3),
            simple(2, 1999, 2199, name="Switch Pack", sku="sw-pack"),
            simple(3, 12999, 13999, name="Loki 75"),
            simple(4, 12999, 13999, name="Freya TKL", availability="coming_soon"),
            simple(
                5,
                2999,
                3299,
                name="Wrist Rest",
                recommended_product_ids=(3,),
                recommended_discount=20,
                recommended_discount_active=True,
            ),
            simple(
                26907,
                19999,
                21999,
                name="Custom Keyboard Builder",
                choices={
                    "case:alu": choice("case", "alu", 1990, 2190),
                    "case:wood": choice("case", "wood", 4990, 5490, stock_status="outofstock"),
                },
            ),
            simple(31575, 4999, 5499, name="Builder Add-on"),
        ],
        [GERMANY, USA],
    )
    catalog.put_coupon(CouponFacts(id=1, code="welcome10", discount_type="percent", amount=1000))
    catalog.put_coupon(
        CouponFacts(id=2, code="big50", amount=5000, minimum_amount=20000, minimum_amount_usd=22000)
    )
    catalog.put_coupon(CouponFacts(id=3, code="spring", amount=500, date_expires=NOW - timedelta(days=1)))
    return catalog


COMMANDS = st.one_of(
    st.builds(
        lambda pid, rec: {
            "type": "add",
            "product_id": pid,
            "variation_id": None,
            "configuration": None,
            "recommended_by": rec,
        },
        st.sampled_from([1, 1, 2, 3, 4, 5, 31575, 99]),
        st.sampled_from([None, None, 3]),
    ),
    st.builds(
        lambda conf: {
            "type": "add",
            "product_id": 26907,
            "variation_id": None,
            "configuration": conf,
            "recommended_by": None,
        },
        st.sampled_from([["case:alu"], ["case:wood"], ["case:nope"]]),
    ),
    st.builds(
        lambda n, c: {"type": "set_count", "line_id": f"L{n}", "count": c},
        st.integers(1, 5),
        st.integers(0, 11),
    ),
    st.builds(lambda n: {"type": "remove", "line_id": f"L{n}"}, st.integers(1, 5)),
    st.builds(lambda c: {"type": "set_country", "country": c}, st.sampled_from(["DE", "US"])),
    st.builds(lambda i: {"type": "set_payment_intent", "intent": i}, st.sampled_from(["bacs", "paypal"])),
    st.just({"type": "clear"}),
    st.just({"type": "start_checkout"}),
    st.builds(
        lambda code: {"type": "apply_coupon", "code": code},
        st.sampled_from(["welcome10", "big50", "spring", "nosuch"]),
    ),
    st.builds(lambda code: {"type": "remove_coupon", "code": code}, st.sampled_from(["welcome10", "big50"])),
    st.just({"type": "order"}),
)


def _run(app: CartApplication, token: str, commands: list[dict[str, Any]]) -> dict[int, Any]:
    """Send ``commands``; returns the answered state by the version it was answered at."""
    answers: dict[int, Any] = {}
    orders = 0
    for number, command in enumerate(commands):
        try:
            if command["type"] == "order":
                cart = app.repository.get(cart_id_for(token))
                if not cart.lines:
                    continue
                orders += 1
                state = app.record_order(token, f"10000000{orders}", cart.totals()["total"], cart.currency)
            else:
                state = app.execute(token, command, command_id=f"k{number}").state  # type: ignore[arg-type]
        except CartRefused as refused:
            state = refused.extra["cart"]
        answers[state["version"]] = json.loads(json.dumps(state))
    return answers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, min_size=1, max_size=30))
def test_the_state_at_every_version_is_the_aggregate_shown_as_the_api_shows_it(commands: list) -> None:
    app = popo_app(_catalog())
    token = new_token()
    answers = _run(app, token, [{"type": "set_country", "country": "DE"}, *commands])
    cart_id = cart_id_for(token)
    events = list(app.repository.event_store.get(cart_id))
    entries = fold_timeline(events)
    assert [e["version"] for e in entries] == list(range(1, len(events) + 1))
    for entry in entries:
        shown = json.loads(json.dumps(entry["state"]))
        loaded = app.repository.get(cart_id, version=entry["version"])
        assert shown == json.loads(json.dumps(cart_state(loaded))), entry["version"]
        if entry["version"] in answers:
            assert shown == answers[entry["version"]]
    # the refusals show exactly what the shopper was told
    for entry in entries:
        if entry["event_type"] == "CommandRefused":
            assert entry["refusal"] is not None
            assert entry["description"] == f"Refused: {entry['refusal']['message']}"
            assert entry["diff"] == [] or all(c["path"] != "lines" for c in entry["diff"])


def _scripted() -> tuple[CartApplication, str, list[Any]]:
    app = popo_app(_catalog())
    token = new_token()
    run = [
        {"type": "add", "product_id": 3, "variation_id": None, "configuration": None, "recommended_by": None},
        {"type": "apply_coupon", "code": "spring"},
        {"type": "apply_coupon", "code": "welcome10"},
        {"type": "set_count", "line_id": "L1", "count": 2},
        {"type": "add", "product_id": 1, "variation_id": None, "configuration": None, "recommended_by": None},
        {"type": "set_count", "line_id": "L2", "count": 9},
        {"type": "set_country", "country": "US"},
        {"type": "remove", "line_id": "L2"},
        {"type": "start_checkout"},
    ]
    _run(app, token, run)
    cart = app.repository.get(cart_id_for(token))
    app.record_order(token, "123456789", cart.totals()["total"], cart.currency)
    return app, token, list(app.repository.event_store.get(cart_id_for(token)))


def test_descriptions_actors_and_diffs_of_a_scripted_session() -> None:
    _, _, events = _scripted()
    entries = fold_timeline(events)
    text = [(e["event_type"], e["actor"], e["description"]) for e in entries]
    assert text[0] == ("Started", "shopper", "Cart started: shipping to Germany, prices in EUR")
    assert ("ItemAdded", "shopper", "Added Loki 75 x1 at €129.99") in text
    assert ("CommandRefused", "shopper", 'Refused: Coupon "spring" has expired.') in text
    assert ("CouponApplied", "shopper", "Applied coupon welcome10 (-€13.00)") in text
    assert ("ItemCountSet", "shopper", "Set Loki 75 to x2") in text
    assert ("ItemCountSet", "shopper", "Set Skoll Mouse to x3 (asked for 9; no more allowed)") in text
    assert ("CountrySet", "shopper", "Changed shipping country to United States (prices in USD)") in text
    assert ("ItemRemoved", "shopper", "Removed Skoll Mouse") in text
    assert text[-1] == ("OrderPlaced", "system", "Order 123456789 placed: $251.98")
    refused = next(e for e in entries if e["event_type"] == "CommandRefused")
    assert refused["refusal"] == {
        "code": "coupon_expired",
        "message": 'Coupon "spring" has expired.',
        "status": 422,
    }
    assert refused["diff"] == []  # a refusal changes nothing the shopper sees
    count_set = next(e for e in entries if e["description"] == "Set Loki 75 to x2")
    paths = {c["path"]: (c["before"], c["after"]) for c in count_set["diff"]}
    assert paths["lines.L1.count"] == (1, 2)
    assert paths["totals.total"] == (11699, 23398)
    country = next(e for e in entries if e["event_type"] == "CountrySet")
    assert {c["path"] for c in country["diff"]} >= {"country", "currency", "totals.total"}
    placed = entries[-1]
    assert placed["order_id"] == "123456789" and placed["state"]["lines"] == []
    assert {"path": "lines.L1.count", "before": 2, "after": None} in placed["diff"]


def test_version_at_picks_the_last_event_at_or_before_the_time() -> None:
    _, _, events = _scripted()
    entries = fold_timeline(events)
    assert version_at(entries, entries[0]["at"] - timedelta(seconds=1)) is None
    assert version_at(entries, entries[0]["at"]) == 1
    at_fifth = version_at(entries, entries[4]["at"])
    assert at_fifth is not None and at_fifth >= 5
    assert entries[at_fifth - 1]["at"] == entries[4]["at"]  # later versions recorded at the same instant
    assert at_fifth == len(entries) or entries[at_fifth]["at"] > entries[4]["at"]
    assert version_at(entries, entries[-1]["at"] + timedelta(days=1)) == entries[-1]["version"]


def test_index_keys_find_the_cart_by_sku_coupon_and_order() -> None:
    _, _, events = _scripted()
    assert index_keys(events) == {
        ("sku", "SKU-3"),
        ("sku", "SKU-1"),
        ("coupon", "spring"),
        ("coupon", "welcome10"),
        ("order", "123456789"),
    }


def test_a_timeline_is_folded_from_version_one_without_gaps() -> None:
    _, _, events = _scripted()
    for broken in (events[1:], [events[0], *events[2:]]):
        try:
            fold_timeline(broken)
        except ValueError as error:
            assert "expected version" in str(error)
        else:
            raise AssertionError("a gap was folded")


def test_today_prices_and_csv() -> None:
    app, token, events = _scripted()
    entries = fold_timeline(events)
    assert seen_products(entries) == [(3, None), (1, None)]
    catalog = _catalog()
    today = price_today(3, None, catalog.product(3, None))
    assert today == {
        "product_id": 3,
        "variation_id": None,
        "available": True,
        "eur": {"regular": 12999, "sale": None},
        "usd": {"regular": 13999, "sale": None},
    }
    assert price_today(99, None, None)["available"] is False
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(entries))
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == len(entries)
    added = next(r for r in rows if r["event_type"] == "ItemAdded")
    assert added["lines"] == "SKU-3 x1 @ 129.99" and added["total"] == "129.99" and added["currency"] == "EUR"
    assert rows[-1]["description"] == "Order 123456789 placed: $251.98"
    assert support_reference(cart_id_for(token)) in {support_reference(entries[0]["state"]["cart_id"])}


def test_csv_cells_never_start_a_formula() -> None:
    _, _, events = _scripted()
    entries = fold_timeline(events)
    entry = dict(entries[0])
    entry["description"] = '=HYPERLINK("http://evil")'
    row = next(csv_rows([entry]))  # type: ignore[list-item]
    assert row[CSV_HEADER.index("description")].startswith("'=")


def test_a_count_the_rules_clamp_after_an_action_is_the_systems() -> None:
    app = popo_app(_catalog())
    token = new_token()
    add = {"variation_id": None, "configuration": None, "recommended_by": None, "type": "add"}
    _run(
        app,
        token,
        [
            {**add, "product_id": 26907, "configuration": ["case:alu"]},
            {"type": "set_count", "line_id": "L1", "count": 3},
            {**add, "product_id": 31575},
            {"type": "set_count", "line_id": "L2", "count": 3},
            {"type": "set_count", "line_id": "L1", "count": 1},
        ],
    )
    entries = fold_timeline(app.repository.event_store.get(cart_id_for(token)))
    last = entries[-2:]
    assert [(e["event_type"], e["actor"]) for e in last] == [
        ("ItemCountSet", "shopper"),
        ("ItemCountSet", "system"),
    ]
    assert last[1]["description"] == (
        "Capped Builder Add-on at x1: the cart's rules allow no more after that change"
    )
    assert "Added Custom Keyboard Builder with 1 option x1 at €219.89" in [e["description"] for e in entries]


def test_the_checkout_hand_off_says_what_its_cleared_event_is() -> None:
    app = popo_app(_catalog())
    token = new_token()
    line = {"product_id": 3, "variation_id": None, "count": 2, "configuration": None, "recommended_by": None}
    _run(
        app,
        token,
        [
            {"type": "clear"},
            {
                "type": "add",
                "product_id": 2,
                "variation_id": None,
                "configuration": None,
                "recommended_by": None,
            },
            {"type": "start_checkout", "lines": [line]},
        ],
    )
    entries = fold_timeline(app.repository.event_store.get(cart_id_for(token)))
    cleared = [e["description"] for e in entries if e["event_type"] == "Cleared"]
    assert cleared == [
        "Emptied the cart",
        "Checkout hand-off: the cart was replaced by the lines on the shopper's screen",
    ]
