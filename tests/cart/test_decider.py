"""The cart as a decider (services/cart/decider.py, services/cart/evolve.py).

First a property: over random command sequences (coupons included, the clock fixed), ``evolve``
folded over the events ``decide`` returns reaches exactly the state the ``Cart`` aggregate reaches
when the application runs the same command, the aggregate stores exactly those events, and
folding every stored event from nothing gives the aggregate's state. Then the refusals of
``decide`` as a story, on plain state values, with no application at all.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from services.cart import decider
from services.cart.application import CartApplication, CartRefused, request_hash
from services.cart.decider import (
    AddItem,
    ApplyCoupon,
    ChangeCountry,
    CheckoutLine,
    ClearCart,
    Facts,
    LineFacts,
    Refusal,
    RemoveCoupon,
    RemoveItem,
    SetCount,
    SetPaymentIntent,
    StartCheckout,
    UnknownCommand,
)
from services.cart.domain import decided
from services.cart.evolve import EMPTY, CartModel, Event, evolve, fold
from services.discounts.domain import CouponFacts
from services.shared.errors import Invalid
from tests.cart.helpers import GERMANY, USA, FakeCatalog, new_token, popo_app, shop_products, simple

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
COUPONS = [
    CouponFacts(id=1, code="welcome10", discount_type="percent", amount=1000),
    CouponFacts(id=2, code="save20", amount=2000, minimum_amount=10000, minimum_amount_usd=11000),
    CouponFacts(id=3, code="creator30", discount_type="percent", amount=3000, individual_use=True),
    CouponFacts(id=4, code="over", amount=500, date_expires=NOW - timedelta(days=1)),
]
CATALOG = [
    *shop_products(),
    simple(
        10,
        12999,
        13999,
        recommended_product_ids=(2,),
        recommended_discount=20,
        recommended_discount_active=True,
    ),
]
PRODUCT_IDS = [1, 2, 4, 10, 26907, 31575, 99]
LINE_IDS = [f"L{n}" for n in range(1, 7)]

add = st.builds(
    lambda product_id, configuration, recommended_by: {
        "type": "add",
        "product_id": product_id,
        **({"configuration": configuration} if configuration else {}),
        **({"recommended_by": recommended_by} if recommended_by else {}),
    },
    st.sampled_from(PRODUCT_IDS),
    st.sampled_from([None, ["case:alu"], ["case:wood"], ["case:none"]]),
    st.sampled_from([None, 10]),
)
checkout_line = st.builds(
    lambda product_id, count: {"product_id": product_id, "count": count},
    st.sampled_from(PRODUCT_IDS),
    st.integers(0, 4),
)
COMMANDS = st.one_of(
    add,
    add,
    st.builds(
        lambda line_id, count: {"type": "set_count", "line_id": line_id, "count": count},
        st.sampled_from(LINE_IDS),
        st.integers(-1, 11),
    ),
    st.builds(lambda line_id: {"type": "remove", "line_id": line_id}, st.sampled_from(LINE_IDS)),
    st.builds(lambda code: {"type": "set_country", "country": code}, st.sampled_from(["DE", "US", "FR"])),
    st.builds(
        lambda intent: {"type": "set_payment_intent", "intent": intent}, st.sampled_from(["bacs", "cash"])
    ),
    st.just({"type": "clear"}),
    st.just({"type": "start_checkout"}),
    st.builds(lambda lines: {"type": "start_checkout", "lines": lines}, st.lists(checkout_line, max_size=3)),
    st.builds(
        lambda code: {"type": "apply_coupon", "code": code},
        st.sampled_from(["welcome10", "SAVE20", "creator30", "over", "nope"]),
    ),
    st.builds(lambda code: {"type": "remove_coupon", "code": code}, st.sampled_from(["welcome10", "save20"])),
    st.just({"type": "teleport"}),
)


def shop() -> CartApplication:
    app = popo_app(FakeCatalog(CATALOG, [GERMANY, USA], COUPONS), CART_SNAPSHOT_INTERVAL="4")
    app.clock = lambda: NOW  # type: ignore[method-assign]
    return app


def shown(events: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(event.type, dict(event.data)) for event in events]


@given(commands=st.lists(COMMANDS, min_size=1, max_size=25), keyed=st.booleans())
def test_evolve_over_the_events_decide_returns_reaches_the_state_the_aggregate_reaches(
    commands: list[dict[str, Any]], keyed: bool
) -> None:
    app = shop()
    token = new_token()
    app.start(token, "DE")
    for number, command in enumerate(commands):
        key = f"k{number}" if keyed else None
        cart = app.get_cart(token)
        before = cart.state
        decision = decider.decide(before, *app.decider_input(cart, command, key, request_hash(command)))
        events = list(decision.events) if isinstance(decision, Refusal) else decision
        assert cart.state == before, "decide changed the state it decided on"
        try:
            app.execute(token, command, key)
        except CartRefused as refused:
            assert isinstance(decision, Refusal) and refused.code == decision.code
        else:
            assert not isinstance(decision, Refusal)
        after = app.get_cart(token)
        stored = list(app.repository.event_store.get(after.id, gt=before.version))
        assert shown(decided(e) for e in stored) == shown(events), command
        assert fold(before, events) == after.state, command
    everything = [decided(e) for e in app.repository.event_store.get(app.get_cart(token).id)]
    state = fold(EMPTY, everything)
    assert state == app.get_cart(token).state
    assert summary(state) == read_literally(everything)


def summary(state: CartModel) -> tuple[Any, ...]:
    lines = [(line["line_id"], line["count"]) for line in state.lines]
    return state.version, lines, state.next_line, [c["code"] for c in state.coupons], state.country


def read_literally(events: list[Event]) -> tuple[Any, ...]:
    """The same summary from the docs/events.md table, without ``evolve`` (an independent oracle)."""
    lines: dict[str, int] = {}
    coupons: list[str] = []
    added, country = 0, ""
    for event in events:
        data = event.data
        if event.type in ("Started", "CountrySet"):
            country = data["country"] if event.type == "Started" else data["code"]
        elif event.type == "ItemAdded":
            lines[data["line"]["line_id"]] = data["line"]["count"]
            added += 1
        elif event.type == "ItemCountSet" and data["line_id"] in lines:
            lines[data["line_id"]] = data["count"]
        elif event.type == "ItemRemoved":
            lines.pop(data["line_id"], None)
        elif event.type in ("Cleared", "OrderPlaced"):
            lines = {}
        elif event.type == "CouponApplied":
            coupons.append(data["code"])
        elif event.type == "CouponRemoved":
            coupons.remove(data["code"])
    return len(events), list(lines.items()), added + 1, coupons, country


# ---- refusals, as a story ---------------------------------------------------------------------


def a_cart(*events: Event) -> CartModel:
    started = decider.started(GERMANY)
    return fold(EMPTY, [started, *events])


MOUSE = simple(1, 5999, 6499, name="Skoll Mouse", manage_stock=True, stock_quantity=1)


def with_mouse() -> CartModel:
    cart = a_cart()
    events = decider.decide(cart, AddItem(1), Facts(product=MOUSE))
    assert isinstance(events, list)
    return fold(cart, events)


def refusal_of(state: CartModel, command: decider.CartCommand, facts: Facts = Facts()) -> Refusal:
    decision = decider.decide(state, command, facts)
    assert isinstance(decision, Refusal), decision
    return decision


def test_a_product_the_catalogue_does_not_have_is_refused_with_only_a_command_refused_event() -> None:
    refusal = refusal_of(a_cart(), AddItem(99, command_id="k1", request_hash="h"))
    assert (refusal.code, refusal.status, refusal.message) == (
        "product_unavailable",
        422,
        "This product is not available.",
    )
    assert shown(refusal.events) == [
        (
            "CommandRefused",
            {
                "code": "product_unavailable",
                "message": "This product is not available.",
                "status": 422,
                "command_id": "k1",
                "request_hash": "h",
            },
        )
    ]


def test_evolving_a_refusal_remembers_the_answer_for_its_key_and_changes_nothing_else() -> None:
    cart = with_mouse()
    refusal = refusal_of(cart, AddItem(1, command_id="again", request_hash="h"), Facts(product=MOUSE))
    assert refusal.code == "count_capped"
    after = fold(cart, refusal.events)
    assert after.lines == cart.lines and after.version == cart.version + 1
    assert after.processed["again"] == {
        "hash": "h",
        "version": cart.version + 1,
        "refused": {"code": "count_capped", "message": refusal.message, "status": 409},
    }


def test_a_product_out_of_stock_is_refused_as_out_of_stock_not_as_capped() -> None:
    gone = simple(1, 5999, 6499, name="Skoll Mouse", manage_stock=True, stock_quantity=0)
    refusal = refusal_of(a_cart(), AddItem(1), Facts(product=gone))
    assert (refusal.code, refusal.message) == ("out_of_stock", "Skoll Mouse is out of stock.")


def test_a_coming_soon_product_is_refused_before_anything_else_is_checked() -> None:
    soon = simple(4, name="Freya TKL", availability="coming_soon", sku=None)
    refusal = refusal_of(a_cart(), AddItem(4), Facts(product=soon))
    assert (refusal.code, refusal.status) == ("coming_soon", 409)


def test_counts_outside_0_to_10_and_unknown_lines_are_refused() -> None:
    cart = with_mouse()
    assert refusal_of(cart, SetCount("L1", 11)).code == "invalid_count"
    assert refusal_of(cart, SetCount("L9", 1)).code == "line_not_found"
    assert refusal_of(cart, RemoveItem("L9")).status == 409


def test_a_count_above_the_stock_is_capped_not_refused() -> None:
    events = decider.decide(with_mouse(), SetCount("L1", 5), Facts(product=MOUSE))
    assert isinstance(events, list)
    assert [(e.type, e.data["count"], e.data["requested"], e.data["reason"]) for e in events] == [
        ("ItemCountSet", 1, 5, "capped")
    ]


def test_a_country_we_do_not_ship_to_and_a_free_text_payment_intent_are_refused_422() -> None:
    assert refusal_of(a_cart(), ChangeCountry("FR")).code == "unknown_country"
    refusal = refusal_of(a_cart(), SetPaymentIntent("my card 4111"))
    assert (refusal.code, refusal.status) == ("invalid_payment_intent", 422)
    assert "4111" not in refusal.message
    assert isinstance(decider.decide(a_cart(), ChangeCountry("US"), Facts(country=USA)), list)


def test_an_empty_hand_off_is_refused_before_anything_is_cleared() -> None:
    cart = with_mouse()
    nothing = refusal_of(cart, StartCheckout((CheckoutLine(1, None, None, None, 0),)))
    assert nothing.code == "cart_empty" and [e.type for e in nothing.events] == ["CommandRefused"]
    assert refusal_of(a_cart(), StartCheckout()).code == "cart_empty"


def test_a_hand_off_whose_every_line_is_left_out_clears_the_cart_then_is_refused() -> None:
    cart = with_mouse()
    command = StartCheckout((CheckoutLine(99, None, None, None, 2),))
    refusal = refusal_of(cart, command, Facts(now=NOW, lines=(LineFacts(None, None),)))
    assert [e.type for e in refusal.events] == ["Cleared", "CommandRefused"]
    assert fold(cart, refusal.events).lines == ()


def test_coupon_refusals_carry_the_woocommerce_codes_and_a_code_with_an_at_sign_is_invalid() -> None:
    cart = with_mouse()
    unknown = refusal_of(cart, ApplyCoupon("NOPE"), Facts(now=NOW))
    assert (unknown.code, unknown.status) == ("coupon_not_found", 422)
    assert refusal_of(cart, RemoveCoupon("welcome10")).code == "coupon_not_applied"
    minimum = refusal_of(cart, ApplyCoupon("save20"), Facts(now=NOW, coupon=COUPONS[1]))
    assert (minimum.code, minimum.status) == ("coupon_minimum_spend", 409)
    with pytest.raises(Invalid):
        decider.decide(cart, ApplyCoupon("me@example.com"), Facts(now=NOW))


def test_a_coupon_that_stops_applying_is_removed_by_the_next_command_that_knows_the_time() -> None:
    cart = with_mouse()
    applied = decider.decide(cart, ApplyCoupon("welcome10"), Facts(now=NOW, coupon=COUPONS[0]))
    assert isinstance(applied, list) and [e.type for e in applied] == ["CouponApplied"]
    cart = fold(cart, applied)
    expired = CouponFacts(**{**COUPONS[0].__dict__, "date_expires": NOW})
    cart = CartModel(**{**cart.__dict__, "coupons": (expired.to_record(),)})
    later = decider.decide(cart, ClearCart(), Facts(now=NOW + timedelta(seconds=1)))
    assert isinstance(later, list)
    assert [(e.type, e.data.get("reason")) for e in later] == [
        ("Cleared", None),
        ("CouponRemoved", "no_longer_valid"),
    ]
    without_time = decider.decide(cart, ClearCart(), Facts())
    assert isinstance(without_time, list) and [e.type for e in without_time] == ["Cleared"]


def test_an_unknown_command_type_is_refused_422_naming_it() -> None:
    refusal = refusal_of(a_cart(), UnknownCommand("teleport"))
    assert (refusal.code, refusal.message) == ("unknown_command", "Unknown cart command 'teleport'.")


def test_evolve_never_changes_the_state_it_is_given() -> None:
    cart = with_mouse()
    line = dict(cart.lines[0])
    evolve(
        cart,
        Event("ItemCountSet", {"line_id": "L1", "count": 0, "requested": 0, "reason": "set", "stock": None}),
    )
    evolve(cart, Event("ItemRemoved", {"line_id": "L1", "product_id": 1, "discount_cleared": []}))
    assert dict(cart.lines[0]) == line and cart.version == 2


def test_a_price_change_in_the_catalogue_never_changes_a_recorded_line() -> None:
    cart = with_mouse()
    cheaper = simple(1, 4999, 5499, name="Skoll Mouse", manage_stock=True, stock_quantity=5)
    events = decider.decide(cart, AddItem(1), Facts(product=cheaper))
    assert isinstance(events, list)
    line = fold(cart, events).lines[0]
    assert line["count"] == 2 and line["eur"] == {"regular": 5999, "sale": None}
    assert line["stock"]["stock_quantity"] == 5  # the fresh stock facts the decision used
