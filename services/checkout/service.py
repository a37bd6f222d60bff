"""Checkout's service layer: shipping methods, quotes, reading and erasing orders.

Placing an order is ``services/checkout/place_order.py``. Both price the cart the same way
(:func:`price_cart`): the cart's lines re-checked and re-priced with live catalogue facts for
the destination's currency, coupons re-checked (``coupons.py``), the shipping rate of the
destination's zone, tax included at the destination's rate. Money: integer minor units.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from services.checkout import order_repository as order_repo
from services.checkout import repository as repo
from services.checkout.coupons import CouponCheck, check_coupons
from services.checkout.errors import CheckoutInvalid, InvalidCheckout, order_not_found
from services.checkout.links import is_signed_key
from services.checkout.models import Order
from services.checkout.payments import providers
from services.checkout.pricing import LiveProduct, PricedLine, Totals, price_lines, totals
from services.checkout.serializers import iso, order_json
from services.checkout.shipping import RateFacts, methods_for, shipping_cost
from services.discounts import repository as coupon_repository
from services.mail.outbox import erase_reference
from services.shared import clock as shared_clock
from services.shared.text import erasure_address

# The time coupons are checked at (expiry) and orders are dated with: the shop's now
# (services/shared/clock.py); tests replace it.
clock: Callable[[], datetime] = shared_clock.now


# A cart whose every line is virtual ships nothing (docs/spec.md section 10.3): the order
# records no shipping method ("") with this title, and shipping costs 0.
NO_SHIPPING = RateFacts(id="", zone_id=0, title="No shipping needed", currency="", cost=0, free_over=None)


@dataclass(frozen=True)
class PricedCart:
    """The cart priced for a destination: ``lines``, ``coupons``, the chosen ``rate`` and
    every offered ``methods`` (with what each costs for this order), ``totals``.
    ``needs_shipping`` False when every line is virtual: then ``rate`` is :data:`NO_SHIPPING`
    and ``methods`` is empty (docs/spec.md section 10.3)."""

    destination: repo.Destination
    lines: list[PricedLine]
    live: Mapping[tuple[int, int | None], LiveProduct | None]
    coupons: CouponCheck
    methods: list[tuple[RateFacts, int]]
    rate: RateFacts
    totals: Totals
    needs_shipping: bool = True


def needs_shipping(
    lines: Sequence[PricedLine], live: Mapping[tuple[int, int | None], LiveProduct | None]
) -> bool:
    """Whether the priced ``lines`` need shipping: True unless every line's product (or its
    variation) is ``virtual`` (docs/spec.md section 10.3)."""
    return not all(
        (facts := live.get((line.product_id, line.variation_id))) is not None and facts.virtual
        for line in lines
    )


def cart_needs_shipping(session: Session, cart: Mapping[str, Any]) -> bool:
    """Whether ``cart`` (the cart application's state) needs shipping, read from the catalogue
    now: False when every line above 0 is virtual (docs/spec.md section 10.3), and for a cart
    with no such line (already ordered: a retried order is answered whatever it was for; an
    empty cart is refused ``cart_empty`` later). Decides which form fields checkout requires
    (``schemas.parse_form``)."""
    keys = _keys(cart.get("lines") or [])
    if not keys:
        return False
    live = repo.live_products(session, keys)
    return not all((facts := live.get(key)) is not None and facts.virtual for key in keys)


def _keys(cart_lines: Sequence[Mapping[str, Any]]) -> list[tuple[int, int | None]]:
    return [
        (int(line["product_id"]), int(line["variation_id"]) if line.get("variation_id") is not None else None)
        for line in cart_lines
        if int(line.get("count") or 0) > 0
    ]


def method_json(rate: RateFacts, cost: int | None = None) -> dict[str, Any]:
    """``{id, title, cost, currency, free_over}`` (minor units; ``cost`` for this order when
    given, else the rate's flat cost)."""
    return {
        "id": rate.id,
        "title": rate.title,
        "cost": rate.cost if cost is None else cost,
        "currency": rate.currency,
        "free_over": rate.free_over,
    }


def shipping_methods(session: Session, country: str, currency: str | None = None) -> list[dict[str, Any]]:
    """The flat rates offered for ``country`` (its zone, in its currency), in display order:
    ``[{id, title, cost, currency, free_over}]``. 422 ``unknown_country`` when we do not ship
    there, ``currency_mismatch`` when ``currency`` is not the country's (docs/spec.md section 9)."""
    dest = repo.destination(session, country)
    if dest is None:
        raise CheckoutInvalid("unknown_country", "We do not ship to that country.")
    if currency is not None and currency.upper() != dest.currency:
        raise CheckoutInvalid(
            "currency_mismatch", f"Prices for {dest.name} are in {dest.currency}, not {currency.upper()}."
        )
    zones, rates = repo.shipping_data(session)
    return [method_json(r) for r in methods_for(dest.code, dest.currency, zones, rates)]


def shipping_promise(session: Session, country: str) -> dict[str, Any]:
    """What shipping to ``country`` costs at best, for the storefront's promise (docs/spec.md
    section 2.3 "Shipping promise"; docs/checkout.md "Shipping"): ``{country, country_name,
    currency, ships, free_over, cost_from}``, read from the zone's rates in the country's
    currency. ``free_over``: the lowest items total (minor units, after discounts, inclusive)
    from which some method is free, None when none ever is; ``cost_from``: the cheapest flat
    cost (minor units), None when nothing ships there (``ships`` False). 422
    ``unknown_country`` when the shop has no such country."""
    dest = repo.destination(session, country)
    if dest is None:
        raise CheckoutInvalid("unknown_country", "We do not know that country.")
    zones, rates = repo.shipping_data(session)
    methods = methods_for(dest.code, dest.currency, zones, rates)
    thresholds = [r.free_over for r in methods if r.free_over is not None]
    return {
        "country": dest.code,
        "country_name": dest.name,
        "currency": dest.currency,
        "ships": bool(methods),
        "free_over": min(thresholds) if thresholds else None,
        "cost_from": min((max(0, r.cost) for r in methods), default=None),
    }


def price_cart(
    session: Session,
    cart: Mapping[str, Any],
    *,
    country: str,
    shipping_method: str | None,
    email: str | None,
    now: datetime,
) -> PricedCart:
    """Price ``cart`` (the cart application's state) for delivery to ``country`` with
    ``shipping_method`` (None: the first offered). Raises 422 ``invalid_checkout`` with
    ``fields.country`` (we do not ship there) or ``fields.shipping_method`` (not offered there),
    409 ``cart_empty`` / ``product_unavailable`` / ``out_of_stock`` (``pricing.price_lines``).
    Coupon refusals are returned in ``coupons.refused``, not raised. A cart of virtual lines
    only needs no shipping: ``shipping_method`` is ignored, shipping is 0 and tax is the
    rate of ``country`` (the billing country; docs/spec.md section 10.3)."""
    dest = repo.destination(session, country)
    if dest is None:
        raise InvalidCheckout({"country": "We do not ship to that country."})
    cart_lines: Sequence[Mapping[str, Any]] = cart.get("lines") or []
    live = repo.live_products(session, _keys(cart_lines))
    lines = price_lines(cart_lines, live, dest.currency)
    codes = [str(c["code"]) for c in cart.get("coupons") or [] if c.get("code")]
    coupons = check_coupons(session, codes, lines, dest.currency, email=email, now=now)
    if not needs_shipping(lines, live):
        figures = totals(lines, coupons.result, 0, dest.currency, dest.tax_rate_bp)
        return PricedCart(dest, lines, live, coupons, [], NO_SHIPPING, figures, needs_shipping=False)
    zones, rates = repo.shipping_data(session)
    offered = methods_for(dest.code, dest.currency, zones, rates)
    if not offered:
        raise InvalidCheckout({"country": f"We have no shipping method to {dest.name} yet."})
    items_total = sum(line.subtotal for line in lines) - coupons.result.total
    methods = [
        (r, shipping_cost(r, items_total, free_shipping=coupons.result.free_shipping)) for r in offered
    ]
    chosen = (
        next(((r, c) for r, c in methods if r.id == shipping_method), None) if shipping_method else methods[0]
    )
    if chosen is None:
        raise InvalidCheckout({"shipping_method": f"That shipping method is not available for {dest.name}."})
    rate, cost = chosen
    figures = totals(lines, coupons.result, cost, dest.currency, dest.tax_rate_bp)
    return PricedCart(dest, lines, live, coupons, methods, rate, figures)


def quote_json(priced: PricedCart) -> dict[str, Any]:
    """The quote: ``{currency, country, subtotal, discount, shipping, tax, tax_name, total,
    needs_shipping, shipping_method ("" when nothing ships), shipping_methods: [{id, title, cost, currency, free_over}], payment_methods:
    [{id, title}], lines: [{line_id, product_id, variation_id, sku, name, count, unit_price,
    line_total, discount}], coupons: [{code, discount}], coupon_refusals: [{code, refusal,
    message}]}`` (minor units of ``currency``)."""
    t = priced.totals
    per_line = priced.coupons.result.per_line
    return {
        "currency": t.currency,
        "country": priced.destination.code,
        "subtotal": t.subtotal,
        "discount": t.discount,
        "shipping": t.shipping,
        "tax": t.tax,
        "tax_name": priced.destination.tax_name,
        "tax_rate_bp": t.tax_rate_bp,
        "total": t.total,
        "needs_shipping": priced.needs_shipping,
        "shipping_method": priced.rate.id,
        "shipping_methods": [method_json(r, cost) for r, cost in priced.methods],
        "payment_methods": [{"id": p.id, "title": p.title} for p in providers()],
        "lines": [
            {
                "line_id": line.line_id,
                "product_id": line.product_id,
                "variation_id": line.variation_id,
                "sku": line.sku,
                "name": line.name,
                "count": line.count,
                "unit_price": line.unit_price,
                "line_total": line.subtotal,
                "discount": int(per_line.get(line.line_id, 0)),
            }
            for line in priced.lines
        ],
        "coupons": [{"code": code, "discount": amount} for code, amount in priced.coupons.result.per_coupon],
        "coupon_refusals": [
            {"code": code, "refusal": str(refusal.code), "message": refusal.message}
            for code, refusal in priced.coupons.refused
        ],
    }


def hash_key(order_key: str) -> str:
    """SHA-256 hex of an order key (what the ``orders`` table stores)."""
    return hashlib.sha256(order_key.encode()).hexdigest()


def read_order(session: Session, order_id: str, key: str | None, *, staff: bool) -> dict[str, Any]:
    """The order ``order_id`` (``serializers.order_json``) for its buyer or for staff. ``key`` is
    the order key from checkout (``wc_order_...``, stored only as its SHA-256) or the signed key
    of the order's link (``links.signed_key``, from the confirmation mail; docs/spec.md section
    2.12); both are compared in constant time. 404 ``order_not_found`` for a malformed id, an
    unknown order, or a missing or wrong key, another order's key included (the same answer each
    time: an order's existence is never revealed)."""
    if not (order_id.isascii() and order_id.isdigit()) or len(order_id) > 12:  # "²" is isdigit()
        raise order_not_found()
    order = repo.get_order(session, int(order_id))
    if order is None:
        raise order_not_found()
    if not staff and not _key_opens(order, key):
        raise order_not_found()
    return order_data(session, order)


def _key_opens(order: Order, key: str | None) -> bool:
    """Whether ``key`` is ``order``'s checkout key or its link's signed key."""
    if not key:
        return False
    checkout_key = hmac.compare_digest(hash_key(key), order.order_key_hash)
    return checkout_key or is_signed_key(order.id, key)


def order_data(session: Session, order: Order) -> dict[str, Any]:
    """``order`` as JSON (``serializers.order_json``) with its lines, customer, shipments and
    refunds (docs/spec.md section 4.1) and the name of its country (the countries table; the code when the country is gone)."""
    dest = repo.destination(session, order.country)
    names = {order.country: dest.name} if dest is not None else {}
    shipments = [
        {"carrier": s.carrier, "tracking_number": s.tracking_number, "shipped_at": iso(s.shipped_at)}
        for s in order_repo.shipments_of(session, order.id)
    ]
    refunds = [
        {"amount": r.amount, "reason": r.reason, "refunded_at": iso(r.created_at)}
        for r in order_repo.refund_rows(session, order.id)
    ]
    return order_json(
        order,
        repo.lines_of(session, order.id),
        repo.customer_of(session, order.id),
        country_names=names,
        shipments=shipments,
        refunds=refunds,
    )


def erase_personal_data(session: Session, order_id: int) -> bool:
    """Erase the buyer's personal data of an order (right to erasure): the customer row's
    contact, address, phone and note are blanked and ``erased_at`` set; the order's mails are
    blanked; what staff typed about it (history notes, refund reasons) is blanked; the buyer's
    email in the ``used_by`` list of the coupons the order used is
    replaced by ``erased:order:<id>`` (the use still counts). Order figures, lines and GA4 rows
    hold no personal data and stay. False when the order does not exist. Does not commit."""
    repo.take_write_lock(session)
    order = repo.get_order(session, order_id)
    customer = repo.customer_of(session, order_id)
    if order is None or customer is None:
        return False
    email = customer.email.strip().lower()
    for name in ("email", "first_name", "last_name", "company", "address_1", "address_2", "city"):
        setattr(customer, name, "")
    for name in ("postcode", "state", "phone", "customer_note"):
        setattr(customer, name, "")
    customer.erased_at = datetime.now(UTC)
    erase_reference(session, f"order:{order_id}")
    order_repo.erase_staff_notes(session, order_id)
    if email:
        coupon_repository.erase_user(
            session, [c["code"] for c in order.coupons or []], email, f"erased:order:{order_id}"
        )
    session.flush()
    return True


def erase_customer(session: Session, email: str) -> list[int]:
    """Erase the buyer's personal data of every order placed with ``email`` (case-insensitive;
    each as :func:`erase_personal_data`), then any entry of ``email`` left in coupons' ``used_by``
    or ``email_restrictions`` (replaced by ``erased``). Returns the order ids erased, oldest
    first. Raises ``ValueError`` for an address without ``@``. Does not commit
    (docs/checkout.md "Personal data")."""
    address = erasure_address(email)
    repo.take_write_lock(session)
    order_ids = repo.order_ids_of_email(session, address)
    for order_id in order_ids:
        erase_personal_data(session, order_id)
    coupon_repository.erase_email(session, address, "erased")
    session.flush()
    return order_ids


def email_of_order(session: Session, order_id: int) -> str | None:
    """The buyer email of order ``order_id`` ('' once erased), or None when there is no such
    order."""
    customer = repo.customer_of(session, order_id)
    return None if customer is None else customer.email
