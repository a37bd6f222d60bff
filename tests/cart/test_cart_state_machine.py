"""Random command sequences against the event-sourced cart (in memory, a snapshot every 3 events).

After every command: each count is within 0..its cap (<= 10), the totals are the sum of the
lines, the answer equals a fresh read, a replay of every stored event gives the same cart
as the repository (which starts from the latest snapshot), and so does every earlier version.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from services.cart import rules
from services.cart.application import CartApplication, CartRefused, cart_state
from services.cart.domain import Cart, cart_id_for
from services.cart.facts import ProductFacts
from tests.cart.helpers import GERMANY, USA, FakeCatalog, choice, new_token, popo_app, simple

CHOICES = {
    "case:alu": choice("case", "alu", 1990, 2190),
    "case:poly": choice("case", "poly", 0, 0),
    "switch:silent": choice("switch", "silent", 500, 550, has_backorder=True),
    "case:wood": choice("case", "wood", 4990, 5490, stock_status="outofstock"),
}
PRODUCTS = [1, 2, 3, 10, 11, rules.BUILDER_PRODUCT_ID, rules.BUILDER_ADDON_ID]


@st.composite
def stock_facts(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "manage_stock": draw(st.booleans()),
        "stock_quantity": draw(st.none() | st.integers(-1, 6)),
        "backorders": draw(st.sampled_from(["no", "yes"])),
        "stock_status": draw(st.sampled_from(["instock", "instock", "onbackorder", "outofstock"])),
    }


def aggregate_state(cart: Cart) -> dict[str, Any]:
    """Everything the aggregate holds, except what is about to be saved."""
    return {key: value for key, value in vars(cart).items() if key != "_pending_events"}


class CartMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.keys = itertools.count(1)
        self.last: tuple[dict[str, Any], str, Any] | None = None

    @initialize(data=st.data())
    def start_a_cart_over_a_random_small_catalogue(self, data: st.DataObject) -> None:
        draw = data.draw
        products: list[ProductFacts] = [
            simple(1, 5999, 6499, choices=CHOICES, **draw(stock_facts())),
            simple(2, 1999, 2199, **draw(stock_facts())),
            simple(3, 3999, 0, **draw(stock_facts())),
            simple(
                10,
                12999,
                13999,
                recommended_product_ids=(1, 11),
                recommended_discount=draw(st.integers(0, 60)),
                recommended_discount_active=draw(st.booleans()),
            ),
            simple(11, 4999, 5499, recommended_price_eur=draw(st.none() | st.integers(1, 6000))),
            simple(rules.BUILDER_PRODUCT_ID, 19999, 21999, choices=CHOICES, **draw(stock_facts())),
            simple(rules.BUILDER_ADDON_ID, 4999, 5499),
        ]
        self.catalog = FakeCatalog(products, [GERMANY, USA])
        self.app: CartApplication = popo_app(self.catalog, CART_SNAPSHOT_INTERVAL="3")
        self.token = new_token()
        self.cart_id = cart_id_for(self.token)
        self.app.start(self.token, "DE")

    def run(self, command: dict[str, Any]) -> None:
        key = f"k{next(self.keys)}"
        before = len(list(self.app.events.get(self.cart_id)))
        try:
            answer: Any = self.app.execute(self.token, command, key).state
        except CartRefused as refused:
            answer = (refused.code, refused.extra["cart"])
            assert refused.extra["cart"] == self.app.state(self.token)
            assert len(list(self.app.events.get(self.cart_id))) == before + 1  # CommandRefused only
        else:
            assert answer == self.app.state(self.token)
            assert len(list(self.app.events.get(self.cart_id))) > before
        self.last = (command, key, answer)

    def line_ids(self) -> list[str]:
        return [line["line_id"] for line in self.app.get_cart(self.token).lines]

    @rule(
        product=st.sampled_from(PRODUCTS),
        configuration=st.none() | st.lists(st.sampled_from(sorted(CHOICES)), min_size=1, max_size=2),
        recommended_by=st.none() | st.just(10),
    )
    def add(self, product: int, configuration: list[str] | None, recommended_by: int | None) -> None:
        self.run(
            {
                "type": "add",
                "product_id": product,
                "configuration": configuration,
                "recommended_by": recommended_by,
            }
        )

    @rule(data=st.data(), count=st.integers(0, 10))
    def set_count(self, data: st.DataObject, count: int) -> None:
        line_id = data.draw(st.sampled_from([*self.line_ids(), "L99"]))
        self.run({"type": "set_count", "line_id": line_id, "count": count})

    @rule(data=st.data())
    def remove(self, data: st.DataObject) -> None:
        self.run({"type": "remove", "line_id": data.draw(st.sampled_from([*self.line_ids(), "L99"]))})

    @rule(country=st.sampled_from(["DE", "US", "XX"]))
    def set_country(self, country: str) -> None:
        self.run({"type": "set_country", "country": country})

    @rule()
    def clear(self) -> None:
        self.run({"type": "clear"})

    @rule()
    def start_checkout(self) -> None:
        self.run({"type": "start_checkout"})

    @rule(product=st.sampled_from([1, 2, rules.BUILDER_PRODUCT_ID]), stock=stock_facts())
    def the_catalogue_stock_changes(self, product: int, stock: dict[str, Any]) -> None:
        self.catalog.change(product, **stock)

    @precondition(lambda self: self.last is not None)
    @rule()
    def the_last_command_is_sent_again_with_its_key(self) -> None:
        assert self.last is not None
        command, key, answer = self.last
        before = len(list(self.app.events.get(self.cart_id)))
        try:
            again: Any = self.app.execute(self.token, command, key)
            assert again.replayed and again.state == answer
        except CartRefused as refused:
            assert refused.extra["replayed"] and (refused.code, refused.extra["cart"]) == answer
        assert len(list(self.app.events.get(self.cart_id))) == before

    @invariant()
    def every_count_is_within_zero_and_its_cap_of_at_most_ten(self) -> None:
        cart = self.app.get_cart(self.token)
        for line in cart.lines:
            assert 0 <= line["count"] <= rules.cap(line, cart.lines) <= rules.MAX_COUNT

    @invariant()
    def totals_are_the_sum_of_the_lines(self) -> None:
        state = self.app.state(self.token)
        totals = state["totals"]
        assert totals["subtotal"] == totals["total"] == sum(line["line_total"] for line in state["lines"])
        assert totals["item_count"] == sum(line["count"] for line in state["lines"])
        assert 0 <= totals["tax_included"] <= totals["total"]

    @invariant()
    def replaying_every_stored_event_gives_the_cart_the_repository_rebuilds_from_snapshots(self) -> None:
        events = list(self.app.events.get(self.cart_id))
        folded: Cart | None = None
        by_version: dict[int, dict[str, Any]] = {}
        for event in events:
            folded = event.mutate(folded)
            by_version[folded.version] = copy.deepcopy(aggregate_state(folded))
        assert folded is not None
        from_snapshot = self.app.repository.get(self.cart_id)
        assert aggregate_state(from_snapshot) == aggregate_state(folded)
        assert cart_state(from_snapshot) == cart_state(folded)
        if folded.version >= 3:
            assert len(list(self.app.snapshots.get(self.cart_id))) == folded.version // 3  # type: ignore[union-attr]
        for version in (1, folded.version // 2, folded.version - 1):
            if version >= 1:
                then = self.app.repository.get(self.cart_id, version=version)
                assert aggregate_state(then) == by_version[version]


TestCartStateMachine = CartMachine.TestCase
# examples from the active hypothesis profile (tests/conftest.py: dev 50, ci 150); short runs
TestCartStateMachine.settings = settings(TestCartStateMachine.settings, stateful_step_count=20)
