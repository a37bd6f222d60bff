"""The ``Cart`` aggregate: an append-only stream of domain events (docs/events.md).

Command methods (``add``, ``set_count``, ``remove``, ``change_country``,
``set_payment_intent``, ``clear``, ``replace_lines``, ``start_checkout``, ``apply_coupon``,
``remove_coupon``, ``recheck_coupons``) decide with catalogue facts passed in (no I/O here) and record past-tense events through ``@event`` methods; the state is the
projection of those events. Every event carries the ``command_id`` (the client's
Idempotency-Key, or None) and ``request_hash`` of the command that caused it, so a command
sent again is recognised from the stream itself (``answer_for``), atomically with the append
and across restarts. A refused command records ``CommandRefused`` (what the shopper was told)
and raises :class:`CartRefusal`.

Rules: docs/spec.md sections 4, 5, 9 via ``services/cart/rules.py``; coupons (docs/spec.md section 5) via
``services/discounts/domain.py``. Money: integer minor units.

No event or snapshot holds personal data (docs/events.md, "What events never hold"): coupon
facts are recorded without ``used_by``/``email_restrictions``, a coupon code with ``@`` is
refused before anything is recorded, the payment intent is one of ``rules.PAYMENT_INTENTS``.
Events recorded before those rules are upcast on load (``class_version`` 2 of
``CouponApplied``, ``CouponRemoved``, ``CommandRefused``, ``PaymentIntentSet`` and of the
``Cart`` snapshot state) and rewritten on disk by migration 0011 (``services/cart/privacy.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime
from typing import Any, NoReturn, Protocol
from uuid import UUID, uuid5

from eventsourcing.domain import Aggregate, datetime_now_with_tzinfo, event

from services.cart import rules
from services.cart.facts import CountryFacts, ProductFacts
from services.cart.privacy import allowed_intent, scrub_cart_state, scrub_text
from services.cart.types import (
    Answered,
    CartLine,
    ChosenOption,
    CommandContext,
    ConfigurationMeta,
    CouponLine,
    CouponRecord,
    DiscountedTotals,
    LineStock,
    Refused,
)
from services.configurator import domain as configurator_domain
from services.configurator.domain import Configurator
from services.discounts import domain as coupon_rules
from services.discounts.domain import CouponFacts, CouponRefusal, RefusalCode, personal_free
from services.shared.clock import simulated_now
from services.shared.errors import Conflict, DomainError, Invalid

CART_NAMESPACE = UUID("6c3f8a8e-5b1e-4bb0-9d3e-6a0e2f1c7d11")
PROCESSED_KEPT = 500  # idempotency keys remembered per cart (oldest forgotten first)
# docs/spec.md sections 10.1 and 10.2: a grouped product is a page of its children, an external
# product is sold elsewhere; neither is ever a cart line (mirrored in webapp rules.ts).
GROUPED_MESSAGE = "{name} is a set of products: add the products in it one by one."
EXTERNAL_MESSAGE = "{name} is sold by another shop and cannot be added to the cart."
DEFAULT_COUNTRY = CountryFacts(code="DE", name="Germany", currency="EUR", tax_name="VAT", tax_rate_bp=1900)
# Coupon refusals that no change of the cart can fix are 422; the others conflict with it (409).
COUPON_STATUS: dict[str, int] = {
    RefusalCode.NOT_FOUND: 422,
    RefusalCode.EXPIRED: 422,
    RefusalCode.EMAIL_RESTRICTED: 422,
}


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


class _Skipped(Exception):
    """An item of ``replace_lines`` the add rules would refuse: it is left out, nothing recorded."""


class Refuse(Protocol):
    """How ``Cart._add`` refuses: ``Cart.refuse`` (records ``CommandRefused`` and raises
    ``CartRefusal``) or ``_skip`` (``replace_lines``: raises ``_Skipped``, records nothing)."""

    def __call__(
        self, code: str, message: str, status: int, *, command_id: str | None, request_hash: str
    ) -> NoReturn:
        """Refuse with ``code`` and ``message`` (status 409 or 422); never returns."""
        ...


def _skip(code: str, message: str, status: int, *, command_id: str | None, request_hash: str) -> NoReturn:
    raise _Skipped(code)


def _stock(facts: ProductFacts) -> LineStock:
    return {
        "stock_status": facts.stock_status,
        "stock_quantity": facts.stock_quantity,
        "manage_stock": facts.manage_stock,
        "backorders": facts.backorders,
    }


class Cart(Aggregate):
    """A shopper's cart. State: ``lines`` (``CartLine`` dicts, cart order), ``country``,
    ``currency``, ``tax_name``, ``tax_rate_bp``, ``intent``, ``checkout_started``, ``coupons``
    (``CouponFacts.to_record()`` dicts of the applied coupons, in the order applied)."""

    # Version 2 of the snapshot state: no personal data (see ``upcast_v1_v2``).
    class_version = 2

    # Carts stored before coupons existed have no ``coupons`` in their snapshots. Never
    # mutated in place: every event assigns a new list.
    coupons: Sequence[CouponRecord] = ()
    # Ids of the orders placed from this cart, oldest first (``OrderPlaced``); same rule.
    orders: Sequence[str] = ()

    class Event(Aggregate.Event):
        """Base of every cart event (the library makes each ``@event`` class a subclass)."""

        @staticmethod
        def create_timestamp() -> datetime:
            """When the event happened: now (the library's ``datetime_now_with_tzinfo``), or the
            simulated time inside ``services.shared.clock.simulated_clock`` (demo history)."""
            return simulated_now() or datetime_now_with_tzinfo()

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
        self.country = country
        self.country_name = country_name
        self.currency = currency
        self.tax_name = tax_name
        self.tax_rate_bp = tax_rate_bp
        self.lines: list[CartLine] = []
        self.next_line = 1
        self.intent: str | None = None
        self.checkout_started = False
        self.processed: dict[str, Answered] = {}
        self.coupons = []

    @staticmethod
    def upcast_v1_v2(state: dict[str, Any]) -> None:
        """Snapshot state v1 -> v2: applied coupons lose ``used_by`` and ``email_restrictions``,
        remembered refusal messages lose email addresses, a payment intent outside
        ``rules.PAYMENT_INTENTS`` becomes None (``privacy.scrub_cart_state``)."""
        scrub_cart_state(state)

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
        total (``rules.with_discount``)."""
        base = rules.totals(self.lines, self.currency, self.tax_rate_bp)
        discount = self.discounts()["total"] if self.coupons else 0  # no coupon: nothing to work out
        return rules.with_discount(base, discount, self.tax_rate_bp)

    def coupon_facts(self) -> list[CouponFacts]:
        """The applied coupons' facts as recorded when they were applied, in that order."""
        return [CouponFacts.from_record(record) for record in self.coupons]

    def discounts(self) -> dict[str, Any]:
        """``coupon_rules.discounts`` of the applied coupons on this cart (minor units):
        ``{per_line, per_coupon, total, free_shipping}``."""
        return coupon_rules.discounts(self.coupon_facts(), rules.coupon_view(self.lines, self.currency))

    def coupon_lines(self) -> list[CouponLine]:
        """The applied coupons as the shopper sees them: ``{code, discount_type, amount,
        discount, free_shipping}``; ``amount`` in hundredths of a percent for ``percent``,
        else minor units of the cart's currency; ``discount`` minor units taken off."""
        facts = self.coupon_facts()
        if not facts:
            return []
        taken = coupon_rules.discounts(facts, rules.coupon_view(self.lines, self.currency))["per_coupon"]
        return [
            {
                "code": c.code,
                "discount_type": str(c.discount_type),
                "amount": c.amount_in(self.currency),
                "discount": taken.get(c.code, 0),
                "free_shipping": c.free_shipping,
            }
            for c in facts
        ]

    # ---- commands --------------------------------------------------------------------------

    def add(
        self,
        facts: ProductFacts,
        *,
        configuration: list[str] | None,
        recommended_by: ProductFacts | None,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        """Add one unit (docs/spec.md section 4). Refusals: coming_soon 409 ``coming_soon``; a grouped
        product 422 ``grouped_product`` and an external product 422 ``external_product`` (never
        sold here, docs/spec.md section 10.1 and 10.2); no SKU 422 ``not_purchasable``; variable product without variation 422 ``variation_required``;
        unknown or out-of-stock configuration choice 422/409; nothing more allowed 409
        ``out_of_stock`` / ``count_capped``. A non-configured product already in the cart
        gets +1; a configured item is always a new line."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        self._add(facts, configuration, recommended_by, ctx, self.refuse)

    def _add(
        self,
        facts: ProductFacts,
        configuration: list[str] | None,
        recommended_by: ProductFacts | None,
        ctx: CommandContext,
        refuse: Refuse,
    ) -> None:
        """``add``'s rules; ``refuse`` records a refusal (``add``) or skips the item
        (``replace_lines``). Every refusal comes before any event is recorded."""
        if facts.availability == "coming_soon":
            refuse("coming_soon", f"{facts.name} is coming soon and cannot be ordered yet.", 409, **ctx)
        if facts.product_type == "grouped":
            refuse("grouped_product", GROUPED_MESSAGE.format(name=facts.name), 422, **ctx)
        if facts.product_type == "external":
            refuse("external_product", EXTERNAL_MESSAGE.format(name=facts.name), 422, **ctx)
        if not facts.sku:
            refuse("not_purchasable", f"{facts.name} cannot be bought online.", 422, **ctx)
        if facts.product_type == "variable" and facts.variation_id is None:
            refuse("variation_required", f"Please choose a variation of {facts.name}.", 422, **ctx)
        meta: ConfigurationMeta | None = None
        chosen: list[ChosenOption] | None
        if facts.configurator is not None:
            chosen, meta = self._configured(facts, facts.configurator, configuration or [], ctx, refuse)
        else:
            chosen = self._configuration(facts, configuration, ctx, refuse) if configuration else None
        if chosen is None:
            existing = next(
                (
                    line
                    for line in self.lines
                    if line["product_id"] == facts.product_id
                    and line.get("variation_id") == facts.variation_id
                    and not line.get("configuration")
                ),
                None,
            )
            if existing is not None:
                probe = [line.copy() for line in self.lines]
                for line in probe:
                    if line["line_id"] == existing["line_id"]:
                        line["stock"] = _stock(facts)
                allowed = rules.cap(
                    next(p for p in probe if p["line_id"] == existing["line_id"]), probe, raising=True
                )
                if existing["count"] + 1 > allowed:
                    self._refuse_cap(facts, allowed, ctx, refuse)
                self._count_set(
                    line_id=existing["line_id"],
                    count=existing["count"] + 1,
                    requested=existing["count"] + 1,
                    reason="added",
                    stock=_stock(facts),
                    **ctx,
                )
                self._normalize(ctx)
                return
        line = self._new_line(facts, chosen, recommended_by)
        if meta is not None:
            line["configuration_meta"] = meta
        if rules.cap(line, [*self.lines, line]) < 1:
            self._refuse_cap(facts, 0, ctx, refuse)
        self._item_added(line=line, **ctx)
        self._normalize(ctx)

    def set_count(
        self,
        line_id: str,
        count: int,
        facts: ProductFacts | None,
        *,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        """Set a line's count (0..10, docs/spec.md section 9), clamped to its cap (docs/spec.md section 4). 0 keeps the line
        (the Remove button shows). Refusals: unknown line 409 ``line_not_found``; count out of
        range 422 ``invalid_count``."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        line = self.line(line_id)
        if line is None:
            self.refuse("line_not_found", "That item is no longer in your cart.", 409, **ctx)
        if not 0 <= count <= rules.MAX_COUNT:
            self.refuse("invalid_count", f"Choose a quantity from 0 to {rules.MAX_COUNT}.", 422, **ctx)
        stock = _stock(facts) if facts is not None else line["stock"]
        probe: list[CartLine] = [
            {**other, "stock": stock} if other["line_id"] == line_id else other.copy() for other in self.lines
        ]
        allowed = rules.cap(next(p for p in probe if p["line_id"] == line_id), probe, raising=True)
        applied = min(count, allowed)
        self._count_set(
            line_id=line_id,
            count=applied,
            requested=count,
            reason="set" if applied == count else "capped",
            stock=stock,
            **ctx,
        )
        self._normalize(ctx)

    def remove(self, line_id: str, *, command_id: str | None, request_hash: str) -> None:
        """Remove a line; lines recommended by its product lose their discount flag (docs/spec.md section 4)."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        line = self.line(line_id)
        if line is None:
            self.refuse("line_not_found", "That item is no longer in your cart.", 409, **ctx)
        product_id = line["product_id"]
        still_there = rules.count_of([x for x in self.lines if x["line_id"] != line_id], product_id) > 0
        cleared = (
            []
            if still_there
            else [
                x["line_id"]
                for x in self.lines
                if x.get("recommended_by") == product_id and x.get("use_discount")
            ]
        )
        self._item_removed(line_id=line_id, product_id=product_id, discount_cleared=cleared, **ctx)
        self._normalize(ctx)

    def change_country(self, country: CountryFacts, *, command_id: str | None, request_hash: str) -> None:
        """Set the shipping country, which sets the currency and the tax shown (docs/spec.md section 4, 9)."""
        self._country_set(**asdict(country), command_id=command_id, request_hash=request_hash)

    def set_payment_intent(self, intent: str, *, command_id: str | None, request_hash: str) -> None:
        """Record how the shopper means to pay: ``intent`` is one of ``rules.PAYMENT_INTENTS``
        (WooCommerce gateway ids such as ``bacs``). Anything else is refused 422
        ``invalid_payment_intent`` with a fixed message that does not echo the value (the HTTP
        schema already refuses it before the command reaches the cart; docs/events.md)."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        if intent not in rules.PAYMENT_INTENTS:
            self.refuse("invalid_payment_intent", "Please choose a payment method we offer.", 422, **ctx)
        self._payment_intent_set(intent=intent, **ctx)

    def clear(self, *, command_id: str | None, request_hash: str) -> None:
        """Empty the cart."""
        self._cleared(command_id=command_id, request_hash=request_hash)

    def record_order(
        self, order_id: str, total: int, currency: str, *, command_id: str | None, request_hash: str
    ) -> None:
        """Record that the cart was checked out as order ``order_id`` (docs/checkout.md: "the cart
        records that it was checked out"): its lines and coupons became the order's, so the cart
        is empty again. ``total`` is the order's total in minor units of ``currency``. Not a
        shopper command: only the checkout application calls it (``CartApplication.record_order``),
        after the order committed; the order itself (and the buyer's personal data) lives in
        the checkout context, not in this event."""
        self._order_placed(
            order_id=order_id,
            total=total,
            currency=currency,
            command_id=command_id,
            request_hash=request_hash,
        )

    def start_checkout(self, *, command_id: str | None, request_hash: str) -> None:
        """Record the checkout hand-off with the lines and totals the shopper confirmed.
        Refused 409 ``cart_empty`` when no line has a count above 0 (docs/spec.md section 4)."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        lines = [line for line in self.lines if line["count"] > 0]
        if not lines:
            self.refuse("cart_empty", "Your cart is empty.", 409, **ctx)
        self._checkout_started(lines=lines, totals=self.totals(), coupons=self.coupon_lines(), **ctx)

    def replace_lines(
        self,
        items: list[tuple[ProductFacts | None, list[str] | None, ProductFacts | None, int]],
        *,
        command_id: str | None,
        request_hash: str,
    ) -> list[int]:
        """Make the cart match the shopper's cart (the "Continue to checkout" hand-off, docs/spec.md section 4):
        ``Cleared``, then per item ``(facts, configuration, recommended_by, count)`` with a count
        above 0 what ``add`` records, then its count (``ItemCountSet``, capped like
        ``set_count``). Items the add rules refuse (unknown or coming_soon product, no SKU,
        unavailable configuration, nothing allowed) are left out and recorded nowhere but in
        the result: the indexes of the skipped items. Recorded in the caller's one save."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        self._cleared(**ctx)
        skipped = []
        for index, (facts, configuration, recommender, count) in enumerate(items):
            if count <= 0:
                continue
            if facts is None:
                skipped.append(index)
                continue
            before = {line["line_id"]: line["count"] for line in self.lines}
            try:
                self._add(facts, configuration or None, recommender, ctx, _skip)
            except _Skipped:
                skipped.append(index)
                continue
            line = next(
                (x for x in self.lines if x["line_id"] not in before or x["count"] > before[x["line_id"]]),
                None,
            )
            if line is not None and count > 1:
                wanted = min(rules.MAX_COUNT, before.get(line["line_id"], 0) + count)
                self.set_count(line["line_id"], wanted, facts, **ctx)
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
        """Apply a coupon (docs/spec.md section 5) with its current ``coupon`` facts (None: no such code).
        Refused (``CommandRefused``, 409 or 422 per ``COUPON_STATUS``) when it does not exist,
        is already applied, fails ``coupon_rules.check`` on this cart at ``now``, or cannot join
        the applied coupons (the individual-use rule). The cart never knows the shopper's email:
        the email restriction and the per-user limit are checked at checkout (docs/events.md,
        "Coupons"). Records ``CouponApplied`` with the facts used, without personal data
        (``CouponFacts.to_record``). Raises ``Invalid`` (422 ``invalid_coupon_code``, nothing
        recorded) for a code with ``@``: it would be echoed into a recorded refusal."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        _check_code(code)
        if coupon is None:
            self._refuse_coupon(coupon_rules.not_found(code), ctx)
            return
        applied = self.coupon_facts()
        if any(c.code == coupon.code for c in applied):
            self._refuse_coupon(coupon_rules.already_applied(coupon), ctx)
        view = rules.coupon_view(self.lines, self.currency)
        refusal = coupon_rules.check(coupon, view, email=None, now=now) or coupon_rules.check_with_applied(
            coupon, applied
        )
        if refusal is not None:
            self._refuse_coupon(refusal, ctx)
        self._coupon_applied(code=coupon.code, coupon=coupon.to_record(), **ctx)

    def remove_coupon(self, code: str, *, command_id: str | None, request_hash: str) -> None:
        """Remove an applied coupon at the shopper's request (``CouponRemoved`` reason
        ``shopper``). Refused 409 ``coupon_not_applied`` when the cart does not have it;
        ``Invalid`` 422 ``invalid_coupon_code`` (nothing recorded) for a code with ``@``."""
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        _check_code(code)
        wanted = coupon_rules.normalize_code(code)
        if not any(record["code"] == wanted for record in self.coupons):
            self._refuse_coupon(coupon_rules.not_applied(code), ctx)
        self._coupon_removed(code=wanted, reason="shopper", refusal_code=None, message=None, **ctx)

    def recheck_coupons(self, *, now: datetime, command_id: str | None, request_hash: str) -> None:
        """Check the applied coupons again, with their recorded facts, against the cart as it
        is now (after another command changed it, or time passed): each one that stopped
        applying is removed (``CouponRemoved`` reason ``no_longer_valid``, with the refusal
        the shopper would get), so the state only ever shows valid coupons."""
        if not self.coupons:
            return
        ctx: CommandContext = {"command_id": command_id, "request_hash": request_hash}
        view = rules.coupon_view(self.lines, self.currency)
        kept: list[CouponFacts] = []
        for coupon in self.coupon_facts():
            refusal = coupon_rules.check(coupon, view, email=None, now=now) or (
                coupon_rules.check_with_applied(coupon, kept)
            )
            if refusal is None:
                kept.append(coupon)
            else:
                self._coupon_removed(
                    code=coupon.code,
                    reason="no_longer_valid",
                    refusal_code=str(refusal.code),
                    message=refusal.message,
                    **ctx,
                )

    def _refuse_coupon(self, refusal: CouponRefusal, ctx: CommandContext) -> NoReturn:
        self.refuse(str(refusal.code), refusal.message, COUPON_STATUS.get(refusal.code, 409), **ctx)

    # ---- helpers -----------------------------------------------------------------------------

    def _configured(
        self,
        facts: ProductFacts,
        configurator: Configurator,
        configuration: list[str],
        ctx: CommandContext,
        refuse: Refuse,
    ) -> tuple[list[ChosenOption], ConfigurationMeta]:
        """Validate and price a build with the product's configurator (docs/spec.md section
        2.13): the first problem is the refusal (``invalid_configuration`` 422,
        ``configuration_required`` 422, ``configuration_unavailable`` 409, with the spec's
        messages); the chosen options in menu order carry what the cart shows (image of the
        ``use_in_cart`` angle, drawing order, SKU part) and the line records the configurator
        version, the build's hash and its compound SKUs."""
        verdict = configurator_domain.validate(configurator, configuration)
        if verdict.problems:
            first = verdict.problems[0]
            refuse(first.code, first.message, first.status, **ctx)
        cart_angle = next((a.id for a in configurator.angles if a.use_in_cart), None)
        layers = {layer.id: layer for layer in configurator.layers}
        chosen: list[ChosenOption] = []
        for c in verdict.chosen:
            picture = next((i for i in c.images if i.angle_id == cart_angle), None)
            chosen.append(
                {
                    "layer_id": c.layer_id,
                    "choice_id": c.id,
                    "name": c.name,
                    "layer_name": layers[c.layer_id].name,
                    "extra_eur": max(0, c.extra_eur),
                    "extra_usd": max(0, c.extra_usd),
                    "has_backorder": c.preorder,
                    "image": picture.url if picture else None,
                    "z": layers[c.layer_id].stack + (picture.z if picture else 0),
                    "sku_part": c.sku_part,
                }
            )
        meta: ConfigurationMeta = {
            "version": configurator.version,
            "hash": verdict.hash,
            "skus": list(verdict.skus),
        }
        return chosen, meta

    def _configuration(
        self, facts: ProductFacts, configuration: list[str], ctx: CommandContext, refuse: Refuse
    ) -> list[ChosenOption]:
        """The browser-mirrored check of a build when no configurator model is known (the
        optimistic cart's facts, tests/vectors/cart_rules.json): unknown and out-of-stock
        choices are refused."""
        chosen: list[ChosenOption] = []
        for key in configuration:
            choice = facts.choices.get(key)
            if choice is None:
                refuse("invalid_configuration", f"That option is not available for {facts.name}.", 422, **ctx)
            if choice.stock_status == "outofstock":
                refuse(
                    "configuration_unavailable",
                    f"{choice.name} is out of stock, please select something else.",
                    409,
                    **ctx,
                )
            chosen.append(
                {
                    "layer_id": choice.layer_id,
                    "choice_id": choice.choice_id,
                    "name": choice.name,
                    "layer_name": choice.layer_name,
                    "extra_eur": choice.extra_eur,
                    "extra_usd": choice.extra_usd,
                    "has_backorder": choice.has_backorder,
                }
            )
        return chosen

    def _new_line(
        self, facts: ProductFacts, chosen: list[ChosenOption] | None, recommender: ProductFacts | None
    ) -> CartLine:
        recommended = recommender is not None and facts.product_id in recommender.recommended_product_ids
        use_discount = bool(
            recommended
            and recommender is not None
            and recommender.recommended_discount_active
            and recommender.recommended_discount > 0
            and rules.count_of(self.lines, recommender.product_id) > 0
        )
        return {
            "line_id": f"L{self.next_line}",
            "product_id": facts.product_id,
            "variation_id": facts.variation_id,
            "sku": facts.sku,
            "name": facts.name,
            "image": facts.image,
            "variation_label": facts.variation_label,
            "count": 1,
            "eur": {"regular": facts.eur.regular, "sale": facts.eur.sale},
            "usd": {"regular": facts.usd.regular, "sale": facts.usd.sale},
            "configuration": chosen,
            "recommended_by": recommender.product_id if recommended and recommender is not None else None,
            "use_discount": use_discount,
            "discount_percent": recommender.recommended_discount if use_discount and recommender else 0,
            "recommended_eur": facts.recommended_price_eur if use_discount else None,
            "recommended_usd": facts.recommended_price_usd if use_discount else None,
            "stock": _stock(facts),
            "category_ids": list(facts.category_ids),
        }

    def _refuse_cap(self, facts: ProductFacts, allowed: int, ctx: CommandContext, refuse: Refuse) -> NoReturn:
        if allowed <= 0 and rules.stock_limit(_stock(facts)) == 0:
            refuse("out_of_stock", f"{facts.name} is out of stock.", 409, **ctx)
        refuse("count_capped", f"You already have the most of {facts.name} we can sell you.", 409, **ctx)

    def _normalize(self, ctx: CommandContext) -> None:
        probe = [line.copy() for line in self.lines]
        for line_id, count in rules.normalize(probe):
            self._count_set(line_id=line_id, count=count, requested=count, reason="capped", stock=None, **ctx)

    def refuse(
        self, code: str, message: str, status: int, *, command_id: str | None, request_hash: str
    ) -> NoReturn:
        """Record ``CommandRefused`` (what the shopper is told, so a resend gets the same answer
        and support sees it) and raise :class:`CartRefusal` with ``status`` 409 or 422."""
        self._command_refused(
            code=code, message=message, status=status, command_id=command_id, request_hash=request_hash
        )
        raise CartRefusal(code, message, status)

    def _remember(self, command_id: str | None, request_hash: str, refused: Refused | None = None) -> None:
        if command_id is None:
            return
        self.processed.pop(command_id, None)
        # apply() runs before the version is bumped: this event's version is self.version + 1
        self.processed[command_id] = {"hash": request_hash, "version": self.version + 1, "refused": refused}
        while len(self.processed) > PROCESSED_KEPT:
            self.processed.pop(next(iter(self.processed)))

    # ---- events (past tense; apply state changes only) ----------------------------------------

    @event("ItemAdded")
    def _item_added(self, line: CartLine, command_id: str | None, request_hash: str) -> None:
        self.lines.append(line.copy())
        self.next_line += 1
        self.checkout_started = False
        self._remember(command_id, request_hash)

    @event("ItemCountSet")
    def _count_set(
        self,
        line_id: str,
        count: int,
        requested: int,
        reason: str,
        stock: LineStock | None,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        line = self.line(line_id)
        if line is not None:
            line["count"] = count
            if stock is not None:
                line["stock"] = stock.copy()
        self.checkout_started = False
        self._remember(command_id, request_hash)

    @event("ItemRemoved")
    def _item_removed(
        self,
        line_id: str,
        product_id: int,
        discount_cleared: list[str],
        command_id: str | None,
        request_hash: str,
    ) -> None:
        self.lines = [line for line in self.lines if line["line_id"] != line_id]
        for line in self.lines:
            if line["line_id"] in discount_cleared:
                line["use_discount"] = False
        self.checkout_started = False
        self._remember(command_id, request_hash)

    @event("CountrySet")
    def _country_set(
        self,
        code: str,
        name: str,
        currency: str,
        tax_name: str,
        tax_rate_bp: int,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        self.country, self.country_name, self.currency = code, name, currency
        self.tax_name, self.tax_rate_bp = tax_name, tax_rate_bp
        self._remember(command_id, request_hash)

    class PaymentIntentSet(Aggregate.Event):
        """v2: ``intent`` is one of ``rules.PAYMENT_INTENTS``; v1 free text becomes None."""

        class_version = 2
        intent: str | None
        command_id: str | None
        request_hash: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """v1 -> v2: an intent outside the closed set is dropped (None)."""
            state["intent"] = allowed_intent(state.get("intent"))

    @event(PaymentIntentSet)
    def _payment_intent_set(self, intent: str | None, command_id: str | None, request_hash: str) -> None:
        self.intent = intent
        self._remember(command_id, request_hash)

    @event("Cleared")
    def _cleared(self, command_id: str | None, request_hash: str) -> None:
        self.lines = []
        self.checkout_started = False
        self._remember(command_id, request_hash)

    @event("OrderPlaced")
    def _order_placed(
        self, order_id: str, total: int, currency: str, command_id: str | None, request_hash: str
    ) -> None:
        self.lines = []
        self.coupons = []
        self.checkout_started = False
        self.orders = [*self.orders, order_id]
        self._remember(command_id, request_hash)

    @event("CheckoutStarted")
    def _checkout_started(
        self,
        lines: list[CartLine],
        totals: DiscountedTotals,
        command_id: str | None,
        request_hash: str,
        coupons: list[CouponLine] | None = None,
    ) -> None:
        self.checkout_started = True
        self._remember(command_id, request_hash)

    class CouponApplied(Aggregate.Event):
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

    @event(CouponApplied)
    def _coupon_applied(
        self, code: str, coupon: CouponRecord, command_id: str | None, request_hash: str
    ) -> None:
        self.coupons = [*self.coupons, dict(coupon)]
        self.checkout_started = False
        self._remember(command_id, request_hash)

    class CouponRemoved(Aggregate.Event):
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

    @event(CouponRemoved)
    def _coupon_removed(
        self,
        code: str,
        reason: str,
        refusal_code: str | None,
        message: str | None,
        command_id: str | None,
        request_hash: str,
    ) -> None:
        self.coupons = [record for record in self.coupons if record["code"] != code]
        self.checkout_started = False
        self._remember(command_id, request_hash)

    class CommandRefused(Aggregate.Event):
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

    @event(CommandRefused)
    def _command_refused(
        self, code: str, message: str, status: int, command_id: str | None, request_hash: str
    ) -> None:
        self._remember(command_id, request_hash, {"code": code, "message": message, "status": status})


def _check_code(code: str) -> None:
    """Our coupon codes never contain ``@``; such a "code" is most likely an email address, and
    refusals echo the code into ``CommandRefused``: refuse it before anything is recorded."""
    if "@" in code:
        raise Invalid("invalid_coupon_code", "A coupon code never contains '@'. Please check the code.")


__all__ = ["Cart", "CartRefusal", "DEFAULT_COUNTRY", "IdempotencyConflict", "Invalid", "cart_id_for"]
