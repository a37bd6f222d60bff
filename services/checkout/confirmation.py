"""The order confirmation mail (docs/checkout.md "Confirmation mail"; docs/spec.md section 2.12):
the shop's branded layout (``services/mail/layout.py``) with the order number, date, status,
lines (pre-orders marked), totals, tax, shipping, payment method, the bank details with the
exact amount to transfer and the order number as reference, the shipping address with the
country's name, and a "View your order" button.

Built from the order JSON (``serializers.order_json``) right after the order's rows are written,
and queued in the same transaction (``services.mail.outbox.enqueue``), so it is never lost. It
does not contain the checkout's order key (only its hash is stored anywhere); the button is the
signed order link (``links.order_link``: ``{SHOP_URL}/order/{id}#key=...``), which opens the
order in any browser. Money: "€1,234.50" (docs/spec.md section 9: two decimals, '.', ',').
"""

from __future__ import annotations

from typing import Any

from services.checkout.serializers import status_label
from services.mail.layout import SHOP_NAME, Section, branded_mail
from services.mail.outbox import Mail
from services.shared.money import format_money, tax_label

PREORDER_NOTICE = "Your order includes pre-order items. We ship them as soon as they are in stock."


def _rows(order: dict[str, Any]) -> list[tuple[str, str]]:
    cur = order["currency"]
    rows = [("Subtotal", format_money(order["subtotal"], cur))]
    if order["discount"]:
        codes = ", ".join(c["code"] for c in order["coupons"])
        rows.append((f"Discount ({codes})" if codes else "Discount", format_money(-order["discount"], cur)))
    rows.append((f"Shipping ({order['shipping_method_title']})", format_money(order["shipping"], cur)))
    rows.append(("Total", format_money(order["total"], cur)))
    label = tax_label(order["tax_name"], order["tax_rate_bp"])
    if order["tax"] and label:  # "incl. 19% VAT"; no line for a zero rate (docs/spec.md section 9)
        rows.append((label, format_money(order["tax"], cur)))
    rows.append(("Payment method", order["payment_method_title"]))
    return rows


def _line_label(line: dict[str, Any]) -> str:
    """``2 x Tyr TKL (Red / Aluminium) [SKU]``, `` - pre-order`` when it was one."""
    options = ", ".join(c.get("name", "") for c in line.get("configuration") or [])
    variant = " / ".join(x for x in (line.get("variation_label"), options) if x)
    label = f"{line['name']} ({variant})" if variant else line["name"]
    sku = f" [{line['sku']}]" if line.get("sku") else ""
    preorder = " - pre-order" if line.get("preorder") else ""
    return f"{line['count']} x {label}{sku}{preorder}"


def _address_lines(address: dict[str, Any]) -> list[str]:
    name = " ".join(x for x in (address.get("first_name"), address.get("last_name")) if x)
    town = " ".join(x for x in (address.get("postcode"), address.get("city")) if x)
    parts = [name, address.get("company"), address.get("address_1"), address.get("address_2"), town]
    parts += [address.get("state"), address.get("country_name") or address.get("country")]
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
    """(label, value) of each bank detail the ``instructions`` give (empty ones left out), then
    the exact ``Amount`` to transfer."""
    rows = [(label, str(instructions[key])) for label, key in PAY_DETAILS if instructions.get(key)]
    if isinstance(instructions.get("amount"), int) and instructions.get("currency"):
        rows.append(("Amount", format_money(instructions["amount"], instructions["currency"])))
    return rows


def confirmation_mail(order: dict[str, Any], order_url: str) -> Mail:
    """The mail to the buyer for ``order`` (JSON with ``billing.email``; money in minor units of
    ``currency``); ``order_url`` is the order's signed link (``links.order_link``), the
    "View your order" button. Every value from the order is escaped in the HTML part."""
    cur = order["currency"]
    number = order["number"]
    first = order["billing"].get("first_name") or "there"
    status = order.get("status_label") or status_label(order["status"])
    instructions = order.get("payment_instructions") or {}
    paragraphs = [
        f"Hi {first},",
        f"Thanks for your order. We've received your order #{number}; its status is: {status}.",
    ]
    if order.get("preorder"):
        paragraphs.append(PREORDER_NOTICE)
    sections: list[Section] = []
    if instructions:
        amount = format_money(instructions.get("amount", order["total"]), instructions.get("currency", cur))
        sections.append(
            Section(
                "How to pay",
                paragraphs=[
                    instructions.get("text", ""),
                    f"Please transfer exactly {amount} and use your order number {number} as the payment reference.",
                ],
                rows=_pay_details(instructions),
            )
        )
    lines = [(_line_label(line), format_money(line["line_total"], cur)) for line in order["lines"]]
    sections.append(Section("Your order", rows=[*lines, *_rows(order)]))
    address = _address_lines(order.get("shipping_address") or {})
    if address:
        sections.append(Section("Shipping address", lines=address))
    return branded_mail(
        order["billing"]["email"],
        f"Your {SHOP_NAME} order #{number} has been received!",
        heading="Thanks for your order",
        preheader=f"Order #{number}: {format_money(order['total'], cur)}, {status}",
        paragraphs=paragraphs,
        button=("View your order", order_url),
        details=[
            ("Order number", number),
            ("Date", order["date_created"][:10]),
            ("Status", status),
            ("Total", format_money(order["total"], cur)),
            ("Payment method", order["payment_method_title"]),
        ],
        sections=sections,
    )
