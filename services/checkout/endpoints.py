"""Checkout API (``/api/checkout``, docs/checkout.md): shipping methods, quote, place order.

Thin routers over ``service.py`` and ``place_order.py``. The cart is named by its holder's
``X-Cart-Token`` (as in ``/api/cart``). Money: integer minor units of ``currency``. Errors are
``{code, message}``: 400 malformed headers, 404 ``cart_not_found``, 409 conflicts, 422
``invalid_checkout`` (with ``fields``) or ``invalid_request``, 429 ``rate_limited``.
"""

from __future__ import annotations

import logging
import re
from typing import Annotated, Any

from fastapi import BackgroundTasks, Body, Depends, Header, Query
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from services.cart.deps import BAD_TOKEN, NO_CART, TokenHeader, cart_token, get_cart_app
from services.cart.domain import cart_id_for
from services.checkout import service
from services.checkout.errors import CheckoutBadRequest, InvalidCheckout
from services.checkout.ga4_events import begin_checkout_event, record_begin_checkout
from services.checkout.payments import providers
from services.checkout.place_order import place_order
from services.checkout.schemas import (
    EMAIL_MESSAGE,
    OrderPlacedOut,
    PaymentMethodOut,
    QuoteOut,
    QuoteRequest,
    ShippingMethodOut,
    ShippingPromiseOut,
)
from services.mail.smtp import deliver_pending
from services.shared.db import get_sessionmaker
from services.shared.deps import SessionDep
from services.shared.errors import error_responses
from services.shared.ratelimit import rate_limit
from services.shared.routing import NO_STORE, DbRouter, documented
from services.shared.settings import get_settings
from services.shared.text import valid_email

log = logging.getLogger(__name__)

router = DbRouter(prefix="/api/checkout", tags=["Checkout"])

KEY_RE = re.compile(r"^[\x21-\x7e]{1,200}$")

KeyHeader = Annotated[
    str | None,
    Header(alias="Idempotency-Key", description="Client-chosen key, reused on retries: one order per key."),
]


def _key(raw: str | None) -> str:
    if raw is None:
        raise CheckoutBadRequest(
            "idempotency_key_required", "Send an Idempotency-Key header (reuse it when you retry)."
        )
    if not KEY_RE.match(raw):
        raise CheckoutBadRequest(
            "invalid_idempotency_key", "Idempotency-Key must be 1 to 200 printable ASCII characters."
        )
    return raw


@router.get(
    "/shipping-methods",
    summary="Shipping methods for a country",
    responses=documented(list[ShippingMethodOut], "The country's flat rates"),
)
def get_shipping_methods(
    session: SessionDep,
    country: Annotated[str, Query(pattern=r"^[A-Za-z]{2}$", description="ISO country code, e.g. DE.")],
    currency: Annotated[str | None, Query(pattern=r"^[A-Za-z]{3}$", description="EUR or USD.")] = None,
) -> JSONResponse:
    """``[{id, title, cost, currency, free_over}]``: the flat rates of the country's shipping
    zone in its currency (minor units; free when the items total after discounts reaches
    ``free_over``, null: never). 422 ``unknown_country`` / ``currency_mismatch``."""
    return JSONResponse(service.shipping_methods(session, country, currency), headers=NO_STORE)


@router.get(
    "/shipping-promise",
    summary="The shipping promise for a country",
    responses={
        **documented(ShippingPromiseOut, "What shipping there costs at best, in its currency"),
        **error_responses({422: "`unknown_country` (or `invalid_request` for a malformed code)"}),
    },
)
def get_shipping_promise(
    session: SessionDep,
    country: Annotated[str, Query(pattern=r"^[A-Za-z]{2}$", description="ISO country code, e.g. US.")],
) -> JSONResponse:
    """``{country, country_name, currency, ships, free_over, cost_from}``: the top bar's and
    the product page's "Free shipping on orders over ..." for the shopper's country, from its
    zone's rates in its currency (minor units; docs/spec.md section 2.3 "Shipping promise").
    422 ``unknown_country`` when the shop has no such country."""
    return JSONResponse(service.shipping_promise(session, country), headers=NO_STORE)


@router.get(
    "/payment-methods",
    summary="Payment methods",
    responses=documented(list[PaymentMethodOut], "The enabled payment methods"),
)
def get_payment_methods() -> JSONResponse:
    """``[{id, title}]``: the enabled payment methods (``bacs``, bank transfer, by default)."""
    return JSONResponse(payment_methods_body(), headers=NO_STORE)


def payment_methods_body() -> list[dict[str, str]]:
    """What ``GET /api/checkout/payment-methods`` answers (also written into the page shell,
    ``services/api/page_shell.py``)."""
    return [{"id": p.id, "title": p.title} for p in providers()]


@router.post(
    "/quote",
    summary="Price the cart for a destination",
    responses={
        **documented(QuoteOut, "The cart priced for the destination"),
        **error_responses(
            {**BAD_TOKEN, **NO_CART, 409: "`cart_empty`, `product_unavailable`, `out_of_stock`, ..."}
        ),
    },
)
def quote(
    session: SessionDep, body: Annotated[QuoteRequest, Body()], token: TokenHeader = None
) -> JSONResponse:
    """The cart priced for ``country`` with ``shipping_method``: ``{currency, country, subtotal,
    discount, shipping, tax, tax_name, tax_rate_bp, total, shipping_method, shipping_methods,
    payment_methods, lines, coupons, coupon_refusals}`` (minor units; see docs/api.md). Changing
    the country re-prices in its currency. Records GA4 ``begin_checkout`` once per hand-off.
    Errors: 404 ``cart_not_found``; 409 ``cart_empty``, ``product_unavailable``,
    ``out_of_stock``; 422 ``invalid_checkout`` (``fields.country``, ``fields.shipping_method``,
    ``fields.email``)."""
    held = cart_token(token)
    email = None
    if body.email:
        email = valid_email(body.email)
        if email is None:
            raise InvalidCheckout({"email": EMAIL_MESSAGE})
    app = get_cart_app()
    cart = app.state(held)
    priced = service.price_cart(
        session,
        cart,
        country=body.country.upper(),
        shipping_method=body.shipping_method,
        email=email,
        now=service.clock(),
    )
    if cart.get("checkout_started"):
        _record_begin_checkout(session, app, held)
    return JSONResponse(service.quote_json(priced), headers=NO_STORE)


def _deliver(mail_ids: tuple[int, ...]) -> None:
    """Send the order's mail after the response (``MAIL_BACKEND=smtp``). A failure is logged
    and the mail stays queued for ``shop deliver-mail``: the order never depends on SMTP."""
    try:
        deliver_pending(get_sessionmaker(), mail_ids)
    except Exception:  # noqa: BLE001 - the mail is safe in the outbox
        log.exception("order mail %s left in the outbox", mail_ids)


def _record_begin_checkout(session: Session, app: Any, token: str) -> None:
    """GA4 ``begin_checkout`` for the cart's hand-off, once; never fails the quote."""
    session.commit()  # end the read transaction: the insert then waits for SQLite's writer lock
    try:
        record_begin_checkout(session, begin_checkout_event(app, cart_id_for(token)))
        session.commit()
    except OperationalError:  # e.g. "database is locked" after the busy timeout: the next quote records it
        session.rollback()
        log.warning("begin_checkout not recorded this time", exc_info=True)


@router.post(
    "/orders",
    summary="Place the order",
    status_code=201,
    responses={
        **documented(OrderPlacedOut, "The order placed", 201),
        **documented(OrderPlacedOut, "The same answer again for a repeated Idempotency-Key"),
        **error_responses(
            {
                400: "`invalid_cart_token`, `idempotency_key_required` or `invalid_idempotency_key`",
                **NO_CART,
                409: "`out_of_stock`, `coupon_*`, `cart_empty`, `cart_already_ordered`, ...",
                429: "`rate_limited` (`retry_after`, `Retry-After`): `RATE_LIMIT_PLACE_ORDER` per client",
            }
        ),
        422: {"description": '`{code: "invalid_checkout", message, fields: {field: message}}`'},
    },
    dependencies=[Depends(rate_limit("place_order"))],
)
def create_order(
    background: BackgroundTasks,
    body: Annotated[dict[str, Any], Body()],
    token: TokenHeader = None,
    key: KeyHeader = None,
) -> JSONResponse:
    """Place the order for the holder's cart (docs/checkout.md). Body: ``{email, first_name,
    last_name, company?, address_1, address_2?, city, postcode, state?, country, phone?,
    shipping_method, payment_method: "bacs", terms_accepted: true, customer_note?,
    expected_total?}``. Answers 201 ``{order, order_key, redirect_url}``; the same
    ``Idempotency-Key`` again answers the same order with 200 (no second order). The
    ``order_key`` reads the order at ``GET /api/wc/orders/{id}?key=``.

    Errors: 400 ``invalid_cart_token`` / ``idempotency_key_required`` /
    ``invalid_idempotency_key``; 404 ``cart_not_found``; 409 ``out_of_stock``,
    ``product_unavailable``, ``coupon_usage_limit`` (and the other ``coupon_*`` refusals),
    ``cart_empty``, ``cart_already_ordered``, ``price_changed``, ``idempotency_key_reused``;
    422 ``invalid_checkout`` with ``fields``; 429 ``rate_limited`` (``RATE_LIMIT_PLACE_ORDER`` per
    client, every attempt counts, before anything is checked; docs/operations.md, Security)."""
    held, idem = cart_token(token), _key(key)
    placed = place_order(held, idem, body)
    if placed.mail_ids and get_settings().mail.mail_backend == "smtp":
        background.add_task(_deliver, placed.mail_ids)
    return JSONResponse(
        {"order": placed.order, "order_key": placed.order_key, "redirect_url": placed.redirect_url},
        status_code=201 if placed.created else 200,
        headers=NO_STORE,
        background=background,
    )
