"""The order confirmation mail (docs/checkout.md): text and HTML with the order number, date, lines,
totals, tax, shipping, payment method and instructions, and the address.

Built from the order JSON (``serializers.order_json``) right after the order's rows are written,
and queued in the same transaction (``services.mail.outbox.enqueue``), so it is never lost. It
does not contain the order key (only its hash is stored anywhere); the buyer reads the order
from the link the checkout page received. Money: "€1,234.50" (docs/spec.md section 9: two decimals, '.', ',').
"""

from __future__ import annotations

from html import escape
from typing import Any

from services.mail.outbox import Mail
from services.shared.money import format_money

SHOP_NAME = "HALVARD"


def _rows(order: dict[str, Any]) -> list[tuple[str, str]]:
    cur = order["currency"]
    rows = [("Subtotal", format_money(order["subtotal"], cur))]
    if order["discount"]:
        codes = ", ".join(c["code"] for c in order["coupons"])
        rows.append((f"Discount ({codes})" if codes else "Discount", format_money(-order["discount"], cur)))
    rows.append((f"Shipping ({order['shipping_method_title']})", format_money(order["shipping"], cur)))
    rows.append(("Total", format_money(order["total"], cur)))
    if order["tax"]:
        rows.append((f"Includes {order['tax_name'] or 'tax'}", format_money(order["tax"], cur)))
    rows.append(("Payment method", order["payment_method_title"]))
    return rows


def _line_text(line: dict[str, Any], currency: str) -> str:
    options = ", ".join(c.get("name", "") for c in line.get("configuration") or [])
    variant = " / ".join(x for x in (line.get("variation_label"), options) if x)
    label = f"{line['name']} ({variant})" if variant else line["name"]
    return f"{line['count']} x {label} [{line['sku']}]  {format_money(line['line_total'], currency)}"


def _address_lines(address: dict[str, Any]) -> list[str]:
    name = " ".join(x for x in (address.get("first_name"), address.get("last_name")) if x)
    town = " ".join(x for x in (address.get("postcode"), address.get("city")) if x)
    parts = [name, address.get("company"), address.get("address_1"), address.get("address_2"), town]
    parts += [address.get("state"), address.get("country")]
    return [p for p in parts if p]


# The bank details a payment method's instructions may give, in the order the mail lists them.
PAY_DETAILS = (
    ("Account name", "account_name"),
    ("Bank", "bank_name"),
    ("IBAN", "iban"),
    ("BIC", "bic"),
    ("Reference", "reference"),
)


def _pay_details(instructions: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) of each bank detail the ``instructions`` give (empty ones left out)."""
    return [(label, str(instructions[key])) for label, key in PAY_DETAILS if instructions.get(key)]


def confirmation_mail(order: dict[str, Any], order_url: str) -> Mail:
    """The mail to the buyer for ``order`` (JSON with ``billing.email``); ``order_url`` is the
    order page without its key (the buyer opens it with the key from checkout)."""
    cur = order["currency"]
    number = order["number"]
    first = order["billing"].get("first_name") or "there"
    instructions = order.get("payment_instructions") or {}
    subject = f"Your {SHOP_NAME} order #{number} has been received!"

    text = [
        f"Hi {first},",
        "",
        f"Thanks for your order. We've received your order #{number} and it is now {order['status']}.",
        "",
        f"Order number: {number}",
        f"Date: {order['date_created'][:10]}",
        "",
        *(_line_text(line, cur) for line in order["lines"]),
        "",
        *(f"{label}: {value}" for label, value in _rows(order)),
    ]
    if instructions:
        text += ["", "How to pay", instructions.get("text", "")]
        text += [f"{label}: {value}" for label, value in _pay_details(instructions)]
    text += [
        "",
        "Shipping address",
        *_address_lines(order["shipping_address"]),
        "",
        f"Your order: {order_url}",
        "",
    ]

    lines_html = "".join(
        f"<tr><td>{escape(_line_text(line, cur).rsplit('  ', 1)[0])}</td>"
        f"<td style='text-align:right'>{escape(format_money(line['line_total'], cur))}</td></tr>"
        for line in order["lines"]
    )
    totals_html = "".join(
        f"<tr><th style='text-align:left'>{escape(label)}</th><td style='text-align:right'>{escape(value)}</td></tr>"
        for label, value in _rows(order)
    )
    pay_html = ""
    if instructions:
        details = "".join(
            f"<li>{escape(label)}: <strong>{escape(value)}</strong></li>"
            for label, value in _pay_details(instructions)
        )
        pay_html = f"<h2>How to pay</h2><p>{escape(instructions.get('text', ''))}</p><ul>{details}</ul>"
    address_html = "<br>".join(escape(x) for x in _address_lines(order["shipping_address"]))
    html = (
        "<!doctype html><html><body style='font-family:sans-serif'>"
        f"<h1>Thanks for your order</h1><p>Hi {escape(first)},</p>"
        f"<p>We've received your order <strong>#{escape(number)}</strong> "
        f"({escape(order['date_created'][:10])}) and it is now {escape(order['status'])}.</p>"
        f"<table>{lines_html}</table><table>{totals_html}</table>{pay_html}"
        f"<h2>Shipping address</h2><p>{address_html}</p>"
        f"<p><a href='{escape(order_url, quote=True)}'>View your order</a></p>"
        "</body></html>"
    )
    return Mail(to=order["billing"]["email"], subject=subject, text="\n".join(text), html=html)
