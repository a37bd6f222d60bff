"""The mails the buyer gets when staff move an order on (docs/checkout.md "Order workflow";
docs/spec.md section 4.1): payment received, shipped (carrier and tracking number), cancelled,
refunded (amount).

Each is the shop's branded layout (``services.mail.layout.branded_mail``: HTML with every value
escaped, and its plain-text part) with a "View your order" button: the signed order link that
opens the order in any browser (``services.checkout.links.order_link``). They are queued with
``services.mail.outbox.enqueue`` in the transaction of the action (reference ``order:<id>``, so
erasing the order's personal data blanks them too). Money: "€1,234.50" (docs/spec.md section 9).
"""

from __future__ import annotations

from collections.abc import Sequence

from services.checkout.confirmation import SHOP_NAME
from services.checkout.links import order_link
from services.mail.layout import branded_mail
from services.mail.outbox import Mail
from services.shared.money import format_money


def _mail(
    to: str,
    first_name: str,
    order_id: int,
    *,
    subject: str,
    heading: str,
    paragraphs: Sequence[str],
    details: Sequence[tuple[str, str]] = (),
) -> Mail:
    return branded_mail(
        to,
        subject,
        heading=heading,
        preheader=paragraphs[0],
        paragraphs=[f"Hi {first_name or 'there'},", *paragraphs],
        details=[("Order number", str(order_id)), *details],
        button=("View your order", order_link(order_id)),
    )


def payment_received_mail(to: str, first_name: str, order_id: int) -> Mail:
    """ "Payment received" for order ``order_id`` to ``to``."""
    return _mail(
        to,
        first_name,
        order_id,
        subject=f"Your {SHOP_NAME} order #{order_id}: payment received",
        heading="Payment received",
        paragraphs=[
            f"We have received the payment for your order #{order_id}. We are getting it ready to ship."
        ],
    )


def shipped_mail(to: str, first_name: str, order_id: int, carrier: str, tracking_number: str) -> Mail:
    """ "Shipped" for order ``order_id``, naming the ``carrier`` and ``tracking_number``."""
    return _mail(
        to,
        first_name,
        order_id,
        subject=f"Your {SHOP_NAME} order #{order_id} has been shipped",
        heading="Your order is on its way",
        paragraphs=[f"Your order #{order_id} has been shipped."],
        details=[("Carrier", carrier), ("Tracking number", tracking_number)],
    )


def cancelled_mail(to: str, first_name: str, order_id: int) -> Mail:
    """ "Cancelled" for order ``order_id``."""
    return _mail(
        to,
        first_name,
        order_id,
        subject=f"Your {SHOP_NAME} order #{order_id} has been cancelled",
        heading="Order cancelled",
        paragraphs=[
            f"Your order #{order_id} has been cancelled. If you have questions, just reply to this mail."
        ],
    )


def refunded_mail(to: str, first_name: str, order_id: int, amount: int, currency: str) -> Mail:
    """ "Refunded" for order ``order_id``: ``amount`` minor units of ``currency`` given back."""
    money = format_money(amount, currency)
    return _mail(
        to,
        first_name,
        order_id,
        subject=f"Your {SHOP_NAME} order #{order_id}: {money} refunded",
        heading="Refund",
        paragraphs=[f"We have refunded {money} of your order #{order_id}."],
        details=[("Refunded", money)],
    )
