"""Placing an order (docs/checkout.md): idempotent, one database transaction, safe under races.

``place_order(token, idempotency_key, body)``:

1. Validate the form (``schemas.py``; 422 ``invalid_checkout`` with a message per field). A cart
   whose every line is virtual needs no address or shipping method (docs/spec.md section 10.3).
2. Same cart + same ``Idempotency-Key`` as an earlier order: answer that order again (a double
   click or a retried request makes one order; another body with the key is 409
   ``idempotency_key_reused``).
3. Read the cart from the cart application, then in ONE transaction: refuse a cart already
   ordered (409 ``cart_already_ordered``), price it with live facts (``service.price_cart``),
   refuse coupon refusals (409 ``coupon_*``), take stock with a conditional UPDATE per product
   (409 ``out_of_stock``; backorders allowed per product), count coupon uses with a conditional
   UPDATE (409 ``coupon_usage_limit`` / ``coupon_user_limit``), insert the order (random id,
   hashed key; unique per cart + key and per cart + version), its lines and customer, queue the
   confirmation mail (outbox) and the GA4 ``purchase`` (and ``begin_checkout`` if not yet),
   bump the catalogue revision when stock changed. Commit.
4. Record on the cart that it was ordered: ``CartApplication.record_order`` appends
   ``OrderPlaced`` (order id, total, currency; the cart is empty after it) with the key
   ``order-<id>`` (idempotent across retries).
5. Start the payment (``PaymentProvider.start``: bank transfer needs nothing; a hosted checkout
   answers a ``redirect_url``).

Races: PostgreSQL's row locks (stock, coupon rows) and SQLite's single writer lock (taken first,
``repository.take_write_lock``) serialise the conditional UPDATEs, so 100 orders for the last
unit or the last use of a coupon give exactly one order and 99 clear 409s. A lock timeout
("database is locked") retries the transaction; a unique violation (a concurrent request for
the same cart) retries it too, and the retry finds that order.

The order key is ``HMAC-SHA256(cart token, idempotency key)`` (128 bits, ``wc_order_`` prefix):
only the cart's holder can compute it, a replay answers the same key, and only its SHA-256 is
stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from services.cart.application import CartApplication
from services.cart.deps import get_cart_app
from services.cart.domain import cart_id_for
from services.cart.rules import is_preorder
from services.cart.types import CartState
from services.catalog import revision as catalog_revision
from services.checkout import coupons, ga4_events, service
from services.checkout import repository as repo
from services.checkout.confirmation import confirmation_mail
from services.checkout.errors import CheckoutConflict, InvalidCheckout
from services.checkout.links import order_link
from services.checkout.models import Order, OrderCustomer, OrderLine
from services.checkout.payments import provider
from services.checkout.pricing import out_of_stock, stock_needs
from services.checkout.schemas import CheckoutForm, missing_shipping_fields, parse_form
from services.checkout.serializers import order_json
from services.mail.outbox import enqueue
from services.shared.db import get_sessionmaker
from services.shared.errors import DomainError

log = logging.getLogger(__name__)

RETRY_SECONDS = 60.0  # how long a checkout keeps retrying lock timeouts before giving up
MAX_CONFLICT_RETRIES = 5  # unique violations (concurrent requests for the same cart)
LOCK_STRIPES = 256
_cart_locks = [threading.Lock() for _ in range(LOCK_STRIPES)]


@dataclass(frozen=True)
class Placed:
    """The answer: ``order`` (order JSON with ``order_key``), ``created`` (False for a replay),
    ``redirect_url`` (a hosted payment page, or None), ``mail_ids`` queued by this call."""

    order: dict[str, Any]
    order_key: str
    created: bool
    redirect_url: str | None = None
    mail_ids: tuple[int, ...] = ()


class _AlreadyOrdered(CheckoutConflict):
    """409 ``cart_already_ordered``, carrying the cart's last order (to mark the cart)."""

    def __init__(self, order: Order) -> None:
        super().__init__(
            "cart_already_ordered",
            f"This cart has already been ordered (order #{order.id}). Add items to your cart to place a new order.",
        )
        self.order = order


class _Replay(Exception):
    def __init__(self, order: Order) -> None:
        super().__init__(order.id)
        self.order = order


def order_key_for(token: str, idempotency_key: str) -> str:
    """The buyer's order key: ``wc_order_`` + 128 bits of HMAC-SHA256(token, key), URL-safe."""
    digest = hmac.new(token.encode(), b"order-key\x00" + idempotency_key.encode(), hashlib.sha256).digest()
    return "wc_order_" + base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()


def form_hash(form: CheckoutForm) -> str:
    """Fingerprint of the validated form (sorted JSON, SHA-256)."""
    return hashlib.sha256(json.dumps(form.model_dump(mode="json"), sort_keys=True).encode()).hexdigest()


def place_order(
    token: str, idempotency_key: str, body: Any, *, cart_app: CartApplication | None = None
) -> Placed:
    """Place the order for the cart held with ``token`` (see the module docstring for the steps
    and errors). Raises ``InvalidCheckout`` 422, ``CheckoutConflict`` 409, ``NotFound`` 404
    ``cart_not_found``."""
    app = cart_app or get_cart_app()
    sessions = get_sessionmaker()
    form = parse_form(body, needs_shipping=_needs_shipping(sessions, app, token))
    digest = form_hash(form)
    cart_id = str(cart_id_for(token))
    order_key = order_key_for(token, idempotency_key)
    with _cart_locks[cart_id_for(token).int % LOCK_STRIPES]:
        with sessions() as session:
            existing = repo.order_for_key(session, cart_id, idempotency_key)
            if existing is not None:
                return _replay(session, existing, digest, order_key, token, app)
        cart = app.state(token)
        started = (
            ga4_events.begin_checkout_event(app, cart_id_for(token)) if cart.get("checkout_started") else None
        )
        deadline = time.monotonic() + RETRY_SECONDS
        conflicts = 0
        attempt = 0
        while True:
            attempt += 1
            session = sessions()
            try:
                with session.begin():
                    order, data, mail_id = _place(
                        session, form, digest, cart, cart_id, idempotency_key, order_key
                    )
                    ga4_events.record_begin_checkout(session, started)
                break
            except _Replay as replay:
                return _replay(session, replay.order, digest, order_key, token, app)
            except DomainError as exc:
                session.rollback()
                if isinstance(exc, _AlreadyOrdered):
                    _mark_cart_ordered(app, token, exc.order)
                existing = repo.order_for_key(session, cart_id, idempotency_key)
                if existing is not None:  # a concurrent request with this key won the race
                    return _replay(session, existing, digest, order_key, token, app)
                raise
            except IntegrityError:
                conflicts += 1
                if conflicts > MAX_CONFLICT_RETRIES:
                    raise
            except OperationalError as exc:
                if not _retryable(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(random.uniform(0, min(0.5, 0.01 * 2 ** min(attempt, 6))))
            finally:
                session.close()
    _mark_cart_ordered(app, token, order)
    method = provider(order.payment_method)
    start = method.start(data) if method is not None else None
    return Placed(
        order={**data, "order_key": order_key},
        order_key=order_key,
        created=True,
        redirect_url=start.redirect_url if start else None,
        mail_ids=(mail_id,),
    )


def _needs_shipping(sessions: Any, app: CartApplication, token: str) -> bool:
    """Whether the form must carry an address and a shipping method: True unless the cart's
    every line is virtual now (docs/spec.md section 10.3). A cart that cannot be read (unknown
    token) needs shipping: the form is checked fully and the cart's own error follows."""
    try:
        cart = app.state(token)
    except DomainError:
        return True
    with sessions() as session:
        return service.cart_needs_shipping(session, cart)


def _retryable(exc: OperationalError) -> bool:
    """A lock timeout (SQLite "database is locked"), a deadlock or a serialisation failure
    (PostgreSQL): the transaction may simply be run again."""
    text = str(exc).lower()
    return any(word in text for word in ("database is locked", "deadlock", "could not serialize"))


def _place(
    session: Session,
    form: CheckoutForm,
    digest: str,
    cart: CartState,
    cart_id: str,
    idempotency_key: str,
    order_key: str,
) -> tuple[Order, dict[str, Any], int]:
    repo.take_write_lock(session)
    existing = repo.order_for_key(session, cart_id, idempotency_key)
    if existing is not None:
        raise _Replay(existing)
    last = repo.last_order_for_cart(session, cart_id)
    has_lines = any(int(line.get("count") or 0) > 0 for line in cart.get("lines") or [])
    if last is not None and (last.cart_version >= int(cart["version"]) or not has_lines):
        raise _AlreadyOrdered(last)
    method = provider(form.payment_method)
    if method is None:
        raise InvalidCheckout({"payment_method": "Please choose a payment method we offer."})
    priced = service.price_cart(
        session,
        cart,
        country=form.country,
        shipping_method=form.shipping_method,
        email=form.email,
        now=service.clock(),
    )
    if priced.needs_shipping and (missing := missing_shipping_fields(form)):
        raise InvalidCheckout(missing)  # the cart gained a physical line since the form was read
    coupons.refuse_first(priced.coupons)
    figures = priced.totals
    if form.expected_total is not None and form.expected_total != figures.total:
        raise CheckoutConflict(
            "price_changed",
            "Prices or availability changed since you last saw your order. Please review the new total.",
        )
    stock_changed: set[int] = set()  # products whose stock (or a variation's) this order takes
    for (product_id, variation_id), units in stock_needs(priced.lines).items():
        facts = priced.live[(product_id, variation_id)]
        if facts is None or not facts.manage_stock:
            continue
        if not repo.take_stock(session, product_id, variation_id, units):
            raise out_of_stock(facts.name, repo.stock_left(session, product_id, variation_id))
        stock_changed.add(product_id)
    coupons.count_uses(session, priced.coupons.applied, form.email)

    order = Order(
        id=repo.new_order_id(session),
        order_key_hash=service.hash_key(order_key),
        status=method.initial_status,
        currency=figures.currency,
        country=priced.destination.code,
        subtotal=figures.subtotal,
        discount=figures.discount,
        shipping=figures.shipping,
        tax=figures.tax,
        total=figures.total,
        tax_name=priced.destination.tax_name,
        tax_rate_bp=figures.tax_rate_bp,
        shipping_method=priced.rate.id,
        shipping_method_title=priced.rate.title,
        payment_method=method.id,
        payment_method_title=method.title,
        coupons=[{"code": code, "discount": amount} for code, amount in priced.coupons.result.per_coupon],
        cart_id=cart_id,
        cart_version=int(cart["version"]),
        idempotency_key=idempotency_key,
        request_hash=digest,
        date_created=service.clock(),
    )
    per_line = priced.coupons.result.per_line
    lines = [
        OrderLine(
            order_id=order.id,
            position=index,
            product_id=line.product_id,
            variation_id=line.variation_id,
            sku=line.sku,
            name=line.name,
            variation_label=line.variation_label,
            count=line.count,
            unit_price=line.unit_price,
            subtotal=line.subtotal,
            discount=int(per_line.get(line.line_id, 0)),
            total=line.subtotal - int(per_line.get(line.line_id, 0)),
            configuration=line.configuration,
            preorder=is_preorder(line.line),  # with the stock it was priced at, before taking it
        )
        for index, line in enumerate(priced.lines)
    ]
    customer = OrderCustomer(
        order_id=order.id,
        email=form.email,
        first_name=form.first_name,
        last_name=form.last_name,
        company=form.company,
        address_1=form.address_1,
        address_2=form.address_2,
        city=form.city,
        postcode=form.postcode,
        state=form.state,
        country=form.country,
        phone=form.phone,
        customer_note=form.customer_note,
    )
    repo.add_order(session, order, lines, customer)
    data = order_json(
        order, lines, customer, country_names={priced.destination.code: priced.destination.name}
    )
    mail_id = enqueue(session, confirmation_mail(data, order_link(order.id)), reference=f"order:{order.id}")
    ga4_events.record_purchase(session, data)
    if stock_changed:  # cached catalogue reads and cart facts show the new stock
        catalog_revision.bump(session, stock_of=stock_changed)
    return order, data, mail_id


def _replay(
    session: Session, order: Order, digest: str, order_key: str, token: str, app: CartApplication
) -> Placed:
    if order.request_hash != digest:
        raise CheckoutConflict(
            "idempotency_key_reused", "This Idempotency-Key was already used for a different order."
        )
    data = service.order_data(session, order)
    _mark_cart_ordered(app, token, order)
    return Placed(order={**data, "order_key": order_key}, order_key=order_key, created=False)


def _mark_cart_ordered(app: CartApplication, token: str, order: Order) -> None:
    """Record ``OrderPlaced`` on the cart (``CartApplication.record_order``, key
    ``order-<id>``; the cart is empty after it) while the cart is still as it was ordered (a
    later change by the shopper is never wiped). Idempotent; a failure leaves the order
    standing and the next retry (or a new place-order, answered ``cart_already_ordered``)
    tries again."""
    try:
        state = app.state(token)
        if int(state["version"]) == order.cart_version:
            app.record_order(token, str(order.id), order.total, order.currency)
    except Exception:  # noqa: BLE001 - the order is placed; marking the cart is retried later
        log.exception("could not mark cart as ordered for order %s", order.id)
