"""The ``Cart`` aggregate: an append-only stream of domain events (docs/events.md).

A thin shell around the cart's decider (``services/cart/decider.py``): each command method
(``add``, ``set_count``, ``remove``, ``change_country``, ``set_payment_intent``, ``clear``,
``replace_lines``, ``start_checkout``, ``apply_coupon``, ``remove_coupon``,
``recheck_coupons``, ``record_order``, ``refuse``, and ``execute`` for any decider command)
builds a command, calls ``decide`` with the cart's state (:attr:`Cart.state`) and the facts
passed in (no I/O here), and records the events it returns through the library's
``trigger_event``; every event's ``apply`` is ``evolve`` (``services/cart/evolve.py``). Every
event carries the ``command_id`` (the client's Idempotency-Key, or None) and ``request_hash``
of the command that caused it, so a command sent again is recognised from the stream itself
(``answer_for``), atomically with the append and across restarts. A refused command records
``CommandRefused`` (what the shopper was told) and raises :class:`CartRefusal`.

No event or snapshot holds personal data (docs/events.md, "What events never hold"): coupon
facts are recorded without ``used_by``/``email_restrictions``, a coupon code with ``@`` is
refused before anything is recorded, the payment intent is one of ``rules.PAYMENT_INTENTS``.
Events recorded before those rules are upcast on load (``class_version`` 2 of
``CouponApplied``, ``CouponRemoved``, ``CommandRefused``, ``PaymentIntentSet`` and of the
``Cart`` snapshot state) and rewritten on disk by migration 0011 (``services/cart/privacy.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, NoReturn, cast
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, datetime_now_with_tzinfo, event

from services.cart import decider
from services.cart.decider import CartCommand, Command, Facts, Refusal
from services.cart.evolve import EMPTY, CartModel, evolve
from services.cart.evolve import Event as Decided
from services.cart.facts import CountryFacts, ProductFacts
from services.cart.privacy import allowed_intent, scrub_cart_state, scrub_text
from services.cart.types import (
    Answered,
    CartLine,
    CouponLine,
    CouponRecord,
    DiscountedTotals,
    LineStock,
)
from services.discounts.domain import CouponFacts, personal_free
from services.shared.clock import simulated_now
from services.shared.errors import Conflict, DomainError, Invalid, Unavailable

CART_NAMESPACE = UUID("6c3f8a8e-5b1e-4bb0-9d3e-6a0e2f1c7d11")
DEFAULT_COUNTRY = CountryFacts(code="DE", name="Germany", currency="EUR", tax_name="VAT", tax_rate_bp=1900)
COUPON_STATUS = decider.COUPON_STATUS
PROCESSED_KEPT = 500  # idempotency keys remembered per cart (oldest forgotten first; ``CartModel.kept``)
# Attributes of a stored event that are the library's, not the payload (docs/events.md, "Common").
_ENVELOPE = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})


def cart_id_for(token: str) -> UUID:
    """The aggregate id of the cart held with ``token`` (the token itself is never stored)."""
    return uuid5(CART_NAMESPACE, token)


class CartRefusal(DomainError):
    """A rule refused a command. ``status_code`` 409 (conflicts with stock or cart state) or
    422 (a request that can never succeed); ``code`` is stable, ``message`` is for the shopper."""

    def __init__(self, code: str, message: str, status_code: int = 409) -> None:
        super().__init__(code, message)
        self.status_code = status_code


class IdempotencyConflict(Conflict):
    """The Idempotency-Key was used before with a different request body (409)."""


class CartBusy(Unavailable):
    """503 ``cart_busy``: other processes changed the cart every time this command was decided
    again (``MAX_ATTEMPTS`` stale writes in a row). Nothing of the command was stored; sending
    it again with the same Idempotency-Key applies it once (docs/events.md, `command_id`)."""

    def __init__(self) -> None:
        super().__init__(
            "cart_busy", "The cart is being changed elsewhere right now; try again in a moment.", 1
        )


def decided(stored: Any) -> Decided:
    """A stored ``Cart`` event as the decider's :class:`~services.cart.evolve.Event`: its class
    name and its payload (every attribute but the library's envelope)."""
    data = {key: value for key, value in stored.__dict__.items() if key not in _ENVELOPE}
    return Decided(type(stored).__name__, data)


class Cart(Aggregate):
    """A shopper's cart. State (:attr:`state`, a ``CartModel``; also as attributes, which the
    snapshots hold): ``lines`` (``CartLine`` dicts, cart order), ``country``, ``currency``,
    ``tax_name``, ``tax_rate_bp``, ``intent``, ``checkout_started``, ``coupons``
    (``CouponFacts.to_record()`` dicts of the applied coupons, in the order applied),
    ``orders``, ``next_line``, ``processed``."""

    # Version 2 of the snapshot state: no personal data (see ``upcast_v1_v2``).
    class_version = 2

    # Carts stored before coupons existed have no ``coupons`` in their snapshots. Never
    # mutated in place: every event assigns a new list.
    coupons: Sequence[CouponRecord] = ()
    # Ids of the orders placed from this cart, oldest first (``OrderPlaced``); same rule.
    orders: Sequence[str] = ()

    class Event(Aggregate.Event):
        """Base of every cart event: applying one is ``evolve`` (``services/cart/evolve.py``)."""

        @staticmethod
        def create_timestamp() -> datetime:
            """When the event happened: now (the library's ``datetime_now_with_tzinfo``), or the
            simulated time inside ``services.shared.clock.simulated_clock`` (demo history)."""
            return simulated_now() or datetime_now_with_tzinfo()

        def apply(self, aggregate: Any) -> None:
            """The cart after this event: ``evolve`` of its state."""
            cast(Cart, aggregate).adopt(evolve(cast(Cart, aggregate).state, decided(self)))

    @event("Started")
    def __init__(
        self,
        id: UUID,
        country: str,  # noqa: A002 - the aggregate id (eventsourcing convention)
        country_name: str,
        currency: str,
        tax_name: str,
        tax_rate_bp: int,
    ) -> None:
        """A new cart shipping to ``country`` (its state comes from ``apply``: ``evolve``)."""

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """Snapshot state v1 -> v2: applied coupons lose ``used_by`` and ``email_restrictions``,
        remembered refusal messages lose email addresses, a payment intent outside
        ``rules.PAYMENT_INTENTS`` becomes None (``privacy.scrub_cart_state``)."""
        scrub_cart_state(state)

    # ---- state ---------------------------------------------------------------------------

    @property
    def state(self) -> CartModel:
        """The cart as the decider sees it (``EMPTY`` before ``Started`` is applied)."""
        if "lines" not in self.__dict__:
            return replace(EMPTY, kept=PROCESSED_KEPT)
        return CartModel(
            version=self.version,
            country=self.country,
            country_name=self.country_name,
            currency=self.currency,
            tax_name=self.tax_name,
            tax_rate_bp=self.tax_rate_bp,
            lines=tuple(self.lines),
            next_line=self.next_line,
            intent=self.intent,
            checkout_started=self.checkout_started,
            coupons=tuple(self.coupons),
            orders=tuple(self.orders),
            processed=self.processed,
            kept=PROCESSED_KEPT,
        )

    def adopt(self, state: CartModel) -> None:
        """Take ``state``'s values as this cart's attributes (what snapshots store)."""
        self.country, self.country_name, self.currency = state.country, state.country_name, state.currency
        self.tax_name, self.tax_rate_bp = state.tax_name, state.tax_rate_bp
        self.lines: list[CartLine] = list(state.lines)
        self.next_line = state.next_line
        self.intent: str | None = state.intent
        self.checkout_started = state.checkout_started
        self.coupons = list(state.coupons)
        if state.orders or "orders" in self.__dict__:
            self.orders = list(state.orders)
        self.processed = cast(dict[str, Answered], state.processed)

    # ---- queries -------------------------------------------------------------------------

    def line(self, line_id: str) -> CartLine | None:
        """The line with ``line_id``, or None."""
        return next((line for line in self.lines if line["line_id"] == line_id), None)

    def answer_for(self, command_id: str | None, request_hash: str) -> Answered | None:
        """What the cart answered to ``command_id`` before (``{"version", "refused"}``), None if new.

        Raises IdempotencyConflict when the key came with a different request body."""
        if command_id is None or command_id not in self.processed:
            return None
        seen = self.processed[command_id]
        if seen["hash"] != request_hash:
            raise IdempotencyConflict(
                "idempotency_key_reused", "This Idempotency-Key was already used for a different request."
            )
        return seen

    def totals(self) -> DiscountedTotals:
        """Totals in the cart's currency (``rules.totals``) after the applied coupons:
        ``discount`` (minor units) is taken off ``total``; ``tax_included`` is the tax in that
        total (``rules.with_discount``, docs/spec.md 5 and 9)."""
        return decider.totals(self.state)

    def coupon_facts(self) -> list[CouponFacts]:
        """The applied coupons' facts as recorded when they were applied, in that order."""
        return decider.coupon_facts(self.state)

    def discounts(self) -> dict[str, Any]:
        """``coupon_rules.discounts`` of the applied coupons on this cart (minor units):
        ``{per_line, per_coupon, total, free_shipping}``."""
        return decider.discounts(self.state)

    def coupon_lines(self) -> list[CouponLine]:
        """The applied coupons as the shopper sees them (``decider.coupon_lines``): ``{code,
        discount_type, amount, discount, free_shipping}`` in minor units of the cart's currency
        (``amount`` in hundredths of a percent for ``percent``)."""
        return decider.coupon_lines(self.state)

    # ---- commands --------------------------------------------------------------------------

    def execute(self, command: CartCommand, facts: Facts) -> None:
        """Decide ``command`` with ``facts`` (``decider.decide``) and record its events. Raises
        :class:`CartRefusal` (after recording ``CommandRefused``) when a rule refuses, and
        ``Invalid`` 422 ``invalid_coupon_code`` (nothing recorded) for a coupon code with ``@``."""
        decision = decider.decide(self.state, command, facts)
        if isinstance(decision, Refusal):
            self._refused(decision)
        self._record(decision)

    def _record(self, events: Sequence[Decided]) -> None:
        """Record ``events`` (the decider's) through ``trigger_event``; each applies ``evolve``."""
        for one in events:
            self.trigger_event(getattr(type(self), one.type), **one.data)

    def _refused(self, refusal: Refusal) -> NoReturn:
        self._record(refusal.events)
        raise CartRefusal(refusal.code, refusal.message, refusal.status)

    def add(
        self,
        facts: ProductFacts,
        *,
        configuration: list[str] | None,
        recommended_by: ProductFacts | None,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        """Add one unit (docs/spec.md 4; ``decider.AddItem``). Refusals: coming_soon 409
        ``coming_soon``; grouped 422 ``grouped_product`` and external 422 ``external_product``
        (docs/spec.md 10.1, 10.2); no SKU 422 ``not_purchasable``; variable product without
        variation 422 ``variation_required``; a build the configurator refuses 422/409
        (docs/spec.md 2.13); nothing more allowed 409 ``out_of_stock`` / ``count_capped``."""
        command = decider.AddItem(
            facts.product_id,
            facts.variation_id,
            tuple(configuration) if configuration else None,
            recommended_by.product_id if recommended_by is not None else None,
            command_id=command_id,
            request_hash=request_hash,
        )
        self.execute(command, Facts(product=facts, recommender=recommended_by))

    def set_count(
        self,
        line_id: str,
        count: int,
        facts: ProductFacts | None,
        *,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        """Set a line's count (0..10, docs/spec.md 9), clamped to its cap (docs/spec.md 4); 0
        keeps the line. Refusals: unknown line 409 ``line_not_found``; count out of range 422
        ``invalid_count``. ``facts``: the line's product now (None keeps its recorded stock)."""
        command = decider.SetCount(line_id, count, command_id=command_id, request_hash=request_hash)
        self.execute(command, Facts(product=facts))

    def remove(self, line_id: str, *, command_id: str | None, request_hash: str) -> None:
        """Remove a line; lines recommended by its product lose their discount flag
        (docs/spec.md 4). Refused 409 ``line_not_found`` for an unknown line."""
        self.execute(decider.RemoveItem(line_id, command_id=command_id, request_hash=request_hash), Facts())

    def change_country(self, country: CountryFacts, *, command_id: str | None, request_hash: str) -> None:
        """Set the shipping country, which sets the currency and the tax shown (docs/spec.md 4, 9)."""
        command = decider.ChangeCountry(country.code, command_id=command_id, request_hash=request_hash)
        self.execute(command, Facts(country=country))

    def set_payment_intent(self, intent: str, *, command_id: str | None, request_hash: str) -> None:
        """Record how the shopper means to pay: ``intent`` is one of ``rules.PAYMENT_INTENTS``
        (WooCommerce gateway ids such as ``bacs``). Anything else is refused 422
        ``invalid_payment_intent`` with a fixed message that does not echo the value."""
        command = decider.SetPaymentIntent(intent, command_id=command_id, request_hash=request_hash)
        self.execute(command, Facts())

    def clear(self, *, command_id: str | None, request_hash: str) -> None:
        """Empty the cart."""
        self.execute(decider.ClearCart(command_id=command_id, request_hash=request_hash), Facts())

    def record_order(
        self, order_id: str, total: int, currency: str, *, command_id: str | None, request_hash: str
    ) -> None:
        """Record that the cart was checked out as order ``order_id`` (``total`` minor units of
        ``currency``; docs/checkout.md): its lines and coupons became the order's, so the cart is
        empty again. Only the checkout application calls it (``CartApplication.record_order``);
        the buyer's personal data stays with the order, never in this event."""
        command = decider.RecordOrder(
            order_id, total, currency, command_id=command_id, request_hash=request_hash
        )
        self.execute(command, Facts())

    def start_checkout(self, *, command_id: str | None, request_hash: str) -> None:
        """Record the checkout hand-off with the lines and totals the shopper confirmed.
        Refused 409 ``cart_empty`` when no line has a count above 0 (docs/spec.md 4)."""
        self.execute(decider.StartCheckout(command_id=command_id, request_hash=request_hash), Facts())

    def replace_lines(
        self,
        items: list[tuple[ProductFacts | None, list[str] | None, ProductFacts | None, int]],
        *,
        command_id: str | None,
        request_hash: str,
    ) -> list[int]:
        """Make the cart match the shopper's cart (the hand-off, docs/spec.md 4;
        ``decider.replace_lines``): ``Cleared``, then per item ``(facts, configuration,
        recommended_by, count)`` with a count above 0 what ``add`` records, then its count.
        Returns the indexes of the items the add rules left out (nothing is recorded for them)."""
        command = Command(command_id=command_id, request_hash=request_hash)
        events, skipped = decider.replace_lines(self.state, items, command)
        self._record(events)
        return skipped

    def apply_coupon(
        self,
        coupon: CouponFacts | None,
        code: str,
        *,
        now: datetime,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        """Apply a coupon (docs/spec.md 5) with its current ``coupon`` facts (None: no such code)
        at ``now``. Refused (``CommandRefused``, 409 or 422 per ``COUPON_STATUS``) when it does
        not exist, is already applied, fails ``coupon_rules.check`` or the individual-use rule.
        Raises ``Invalid`` (422 ``invalid_coupon_code``, nothing recorded) for a code with ``@``."""
        command = decider.ApplyCoupon(code, command_id=command_id, request_hash=request_hash)
        self.execute(command, Facts(now=now, coupon=coupon))

    def remove_coupon(self, code: str, *, command_id: str | None, request_hash: str) -> None:
        """Remove an applied coupon at the shopper's request (``CouponRemoved`` reason
        ``shopper``). Refused 409 ``coupon_not_applied`` when the cart does not have it;
        ``Invalid`` 422 ``invalid_coupon_code`` (nothing recorded) for a code with ``@``."""
        self.execute(decider.RemoveCoupon(code, command_id=command_id, request_hash=request_hash), Facts())

    def recheck_coupons(self, *, now: datetime, command_id: str | None, request_hash: str) -> None:
        """Check the applied coupons again at ``now`` (docs/spec.md 5): each one that stopped
        applying is removed (``CouponRemoved`` reason ``no_longer_valid``)."""
        command = decider.RecheckCoupons(command_id=command_id, request_hash=request_hash)
        self.execute(command, Facts(now=now))

    def refuse(
        self, code: str, message: str, status: int, *, command_id: str | None, request_hash: str
    ) -> NoReturn:
        """Record ``CommandRefused`` (what the shopper is told, so a resend gets the same answer
        and support sees it) and raise :class:`CartRefusal` with ``status`` 409 or 422."""
        command = Command(command_id=command_id, request_hash=request_hash)
        self._refused(decider.refusal(self.state, command, code, message, status))

    # ---- events (past tense; ``apply`` is ``evolve``) -------------------------------------------

    class ItemAdded(Event):
        """``line`` (a ``CartLine``, count 1) was added."""

        line: CartLine
        command_id: str | None
        request_hash: str

    class ItemCountSet(Event):
        """A line's ``count`` became ``count`` (``requested``, ``reason``, fresh ``stock`` or None)."""

        line_id: str
        count: int
        requested: int
        reason: str
        stock: LineStock | None
        command_id: str | None
        request_hash: str

    class ItemRemoved(Event):
        """Line ``line_id`` was removed; ``discount_cleared`` lost their recommendation discount."""

        line_id: str
        product_id: int
        discount_cleared: list[str]
        command_id: str | None
        request_hash: str

    class CountrySet(Event):
        """The shipping country (and with it currency and tax) changed."""

        code: str
        name: str
        currency: str
        tax_name: str
        tax_rate_bp: int
        command_id: str | None
        request_hash: str

    class PaymentIntentSet(Event):
        """v2: ``intent`` is one of ``rules.PAYMENT_INTENTS``; v1 free text becomes None."""

        class_version = 2
        intent: str | None
        command_id: str | None
        request_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """v1 -> v2: an intent outside the closed set is dropped (None)."""
            state["intent"] = allowed_intent(state.get("intent"))

    class Cleared(Event):
        """The cart was emptied."""

        command_id: str | None
        request_hash: str

    class OrderPlaced(Event):
        """Checkout placed order ``order_id`` (``total`` minor units of ``currency``)."""

        order_id: str
        total: int
        currency: str
        command_id: str | None
        request_hash: str

    class CheckoutStarted(Event):
        """The hand-off: the ``lines``, ``totals`` and ``coupons`` the shopper confirmed."""

        lines: list[CartLine]
        totals: DiscountedTotals
        command_id: str | None
        request_hash: str
        coupons: list[CouponLine] | None = None

    class CouponApplied(Event):
        """v2: ``coupon`` holds no ``used_by`` or ``email_restrictions``."""

        class_version = 2
        code: str
        coupon: CouponRecord
        command_id: str | None
        request_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """v1 -> v2: the coupon record loses its personal fields (``personal_free``)."""
            state["coupon"] = personal_free(state["coupon"])

    class CouponRemoved(Event):
        """v2: ``message`` holds no email address."""

        class_version = 2
        code: str
        reason: str
        refusal_code: str | None
        message: str | None
        command_id: str | None
        request_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """v1 -> v2: email-shaped text in ``message`` is replaced (``scrub_text``)."""
            state["message"] = scrub_text(state.get("message"))

    class CommandRefused(Event):
        """v2: ``message`` holds no email address."""

        class_version = 2
        code: str
        message: str
        status: int
        command_id: str | None
        request_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """v1 -> v2: email-shaped text in ``message`` is replaced (``scrub_text``)."""
            state["message"] = scrub_text(state.get("message"))


__all__ = [
    "PROCESSED_KEPT",
    "Cart",
    "CartRefusal",
    "DEFAULT_COUNTRY",
    "IdempotencyConflict",
    "Invalid",
    "cart_id_for",
    "decided",
]
