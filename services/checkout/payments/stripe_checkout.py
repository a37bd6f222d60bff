"""A sketch of a Stripe Checkout adapter (NOT enabled, NOT reachable from this environment).

How a hosted-checkout provider plugs in (docs/checkout.md "Payment adapters"):

1. The order is placed like any other, in one transaction, with ``initial_status`` ``pending``
   (stock and coupon usage are already taken; an unpaid order is cancelled later, giving them
   back).
2. After the commit, checkout calls :meth:`StripeCheckout.start`: it creates a Checkout Session
   with Stripe's API (``stripe.checkout.Session.create``: ``mode="payment"``, one line item per
   order line with ``price_data`` in the order's currency and ``unit_amount`` in minor units,
   ``client_reference_id`` = the order id, ``metadata={"order_id": ...}``, ``success_url`` =
   the order page, ``cancel_url`` = the checkout page, and ``idempotency_key`` = ``"order-<id>"``
   so a retried place-order never makes a second session). Its ``url`` is the ``redirect_url``
   the browser follows; card data never touches our servers.
3. A webhook endpoint (``POST /api/checkout/webhooks/stripe``) verifies the signature with
   ``stripe.Webhook.construct_event(payload, header, STRIPE_WEBHOOK_SECRET)`` and, on
   ``checkout.session.completed``, moves the order to ``processing`` (idempotent per event id);
   on ``checkout.session.expired`` to ``cancelled`` (stock and coupon usage given back).

Enabling it would need the ``stripe`` package pinned, ``STRIPE_SECRET_KEY`` and
``STRIPE_WEBHOOK_SECRET`` in the environment, the webhook route, and ``stripe`` added to
``PAYMENT_METHODS``. None of that is done here: the embedded default is bank transfer.
"""

from __future__ import annotations

from typing import Any

from services.checkout.payments.base import PaymentStart


class StripeCheckout:
    """Redirect to Stripe's hosted checkout (sketch; see the module docstring)."""

    id = "stripe"
    title = "Credit card (Stripe)"
    initial_status = "pending"

    def __init__(self, secret_key: str, order_page_url: str, checkout_url: str) -> None:
        self.secret_key = secret_key
        self.order_page_url = order_page_url  # e.g. "https://halvard.gg/order/{id}"
        self.checkout_url = checkout_url

    def instructions(self, order: dict[str, Any]) -> dict[str, Any]:
        """No instructions: the shopper pays on Stripe's page."""
        return {"text": "You will be redirected to our payment provider to pay by card."}

    def start(self, order: dict[str, Any]) -> PaymentStart:
        """Create the Checkout Session and return its URL (needs the ``stripe`` package and
        network access to api.stripe.com; neither is available here)."""
        raise NotImplementedError("Stripe Checkout is a documented sketch; see docs/checkout.md")
