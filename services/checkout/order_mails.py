"""The mails the buyer gets when staff move an order on (docs/checkout.md "Order workflow"):
payment received, shipped (carrier and tracking number), cancelled, refunded (amount).

Each has a plain-text part and a simple HTML part; the HTML body is one small function per mail
(``_*_html``) so a shared branded layout can wrap it. They are queued with
``services.mail.outbox.enqueue`` in the transaction of the action (reference ``order:<id>``, so
erasing the order's personal data blanks them too). Money: "€1,234.50" (docs/spec.md section 9).
"""

from __future__ import annotations

from html import escape

from services.checkout.confirmation import SHOP_NAME
from services.mail.outbox import Mail
from services.shared.money import format_money
from services.shared.settings import get_settings


def order_url(order_id: int) -> str:
    """The order page's address (without the buyer's key: the buyer opens it with the key from
    checkout), as the confirmation mail links it (``place_order.py``)."""
    return f"{get_settings().mail.shop_url.rstrip('/')}/order/{order_id}"


def _text(first_name: str, lines: list[str], order_id: int) -> str:
    return "\n".join(
        [f"Hi {first_name or 'there'},", "", *lines, "", f"Your order: {order_url(order_id)}", ""]
    )


def _page(first_name: str, body: str, order_id: int) -> str:
    link = escape(order_url(order_id), quote=True)
    return (
        "<!doctype html><html><body style='font-family:sans-serif'>"
        f"<p>Hi {escape(first_name or 'there')},</p>{body}"
        f"<p><a href='{link}'>View your order</a></p></body></html>"
    )


def _paid_html(order_id: int) -> str:
    return f"<h1>Payment received</h1><p>We have received the payment for your order <strong>#{order_id}</strong>. We are getting it ready to ship.</p>"


def payment_received_mail(to: str, first_name: str, order_id: int) -> Mail:
    """ "Payment received" for order ``order_id`` to ``to``."""
    text = [f"We have received the payment for your order #{order_id}. We are getting it ready to ship."]
    return Mail(
        to=to,
        subject=f"Your {SHOP_NAME} order #{order_id}: payment received",
        text=_text(first_name, text, order_id),
        html=_page(first_name, _paid_html(order_id), order_id),
    )


def _shipped_html(order_id: int, carrier: str, tracking_number: str) -> str:
    return (
        f"<h1>Your order is on its way</h1><p>Your order <strong>#{order_id}</strong> has been shipped.</p>"
        f"<p>Carrier: <strong>{escape(carrier)}</strong><br>Tracking number: <strong>{escape(tracking_number)}</strong></p>"
    )


def shipped_mail(to: str, first_name: str, order_id: int, carrier: str, tracking_number: str) -> Mail:
    """ "Shipped" for order ``order_id``, naming the ``carrier`` and ``tracking_number``."""
    text = [
        f"Your order #{order_id} has been shipped.",
        "",
        f"Carrier: {carrier}",
        f"Tracking number: {tracking_number}",
    ]
    return Mail(
        to=to,
        subject=f"Your {SHOP_NAME} order #{order_id} has been shipped",
        text=_text(first_name, text, order_id),
        html=_page(first_name, _shipped_html(order_id, carrier, tracking_number), order_id),
    )


def _cancelled_html(order_id: int) -> str:
    return f"<h1>Order cancelled</h1><p>Your order <strong>#{order_id}</strong> has been cancelled.</p>"


def cancelled_mail(to: str, first_name: str, order_id: int) -> Mail:
    """ "Cancelled" for order ``order_id``."""
    text = [f"Your order #{order_id} has been cancelled. If you have questions, just reply to this mail."]
    return Mail(
        to=to,
        subject=f"Your {SHOP_NAME} order #{order_id} has been cancelled",
        text=_text(first_name, text, order_id),
        html=_page(first_name, _cancelled_html(order_id), order_id),
    )


def _refunded_html(order_id: int, amount: str) -> str:
    return f"<h1>Refund</h1><p>We have refunded <strong>{escape(amount)}</strong> of your order <strong>#{order_id}</strong>.</p>"


def refunded_mail(to: str, first_name: str, order_id: int, amount: int, currency: str) -> Mail:
    """ "Refunded" for order ``order_id``: ``amount`` minor units of ``currency`` given back."""
    money = format_money(amount, currency)
    text = [f"We have refunded {money} of your order #{order_id}."]
    return Mail(
        to=to,
        subject=f"Your {SHOP_NAME} order #{order_id}: {money} refunded",
        text=_text(first_name, text, order_id),
        html=_page(first_name, _refunded_html(order_id, money), order_id),
    )
