"""The order as JSON (docs/spec.md section 7 ``orders/{id}``). Money: integer minor units of ``currency``.

``{id, number, date_created, status, currency, subtotal, discount, shipping, tax, tax_name,
total, payment_method, payment_method_title, payment_instructions, shipping_method,
shipping_method_title, coupons: [{code, discount}], lines: [{sku, name, product_id,
variation_id, variation_label, count, unit_price, line_total, discount, total, configuration,
preorder}], billing: {email, first_name, last_name, company, address_1, address_2, city,
postcode, state, country, country_name, phone}, shipping_address: {first_name, ..., country,
country_name}, customer_note, support_reference, status_label, preorder, shipments: [{carrier,
tracking_number, shipped_at}], refunds: [{amount, reason, refunded_at}], refunded}`` (``support_reference``: the order's cart's, docs/spec.md
section 2.14; ``country_name`` the countries table's name of ``country``; ``status_label`` the
status as the shopper reads it, docs/spec.md section 2.12). ``line_total`` is unit_price x count
(before coupons), ``total`` what the line costs after them; ``preorder`` whether the line was a
pre-order when ordered (the order's: any line was). After erasure ``billing`` and
``shipping_address`` are blank and ``personal_data_erased`` true.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from services.checkout.models import Order, OrderCustomer, OrderLine
from services.checkout.payments import provider
from services.support.reference import support_reference

ADDRESS_FIELDS = (
    "first_name",
    "last_name",
    "company",
    "address_1",
    "address_2",
    "city",
    "postcode",
    "state",
    "country",
)

# WooCommerce's order statuses as the shopper reads them (docs/spec.md section 2.12).
STATUS_LABELS = {
    "pending": "Pending payment",
    "on-hold": "On hold",
    "processing": "Processing",
    "completed": "Completed",
    "cancelled": "Cancelled",
    "refunded": "Refunded",
    "failed": "Failed",
}


def status_label(status: str) -> str:
    """The human label of an order ``status`` ("on-hold" -> "On hold"); an unknown status is
    shown with its dashes as spaces, capitalised."""
    return STATUS_LABELS.get(status) or status.replace("-", " ").capitalize()


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC (naive values from SQLite are UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


def line_json(line: OrderLine) -> dict[str, Any]:
    """One order line (see the module docstring)."""
    return {
        "sku": line.sku,
        "name": line.name,
        "product_id": line.product_id,
        "variation_id": line.variation_id,
        "variation_label": line.variation_label,
        "count": line.count,
        "unit_price": line.unit_price,
        "line_total": line.subtotal,
        "discount": line.discount,
        "total": line.total,
        "configuration": line.configuration,
        "preorder": bool(line.preorder),
    }


def customer_json(
    customer: OrderCustomer | None, country_names: Mapping[str, str] | None = None
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """``(billing, shipping_address, customer_note)`` from the customer row (blank when erased);
    ``country_name`` from ``country_names`` (code -> name; the code when it has none)."""
    if customer is None:
        return {}, {}, ""
    address = {name: getattr(customer, name) for name in ADDRESS_FIELDS}
    code = address["country"] or ""
    address["country_name"] = (country_names or {}).get(code, code)
    billing = {"email": customer.email, **address, "phone": customer.phone}
    return billing, dict(address), customer.customer_note


def _reference(cart_id: str) -> str | None:
    """The support reference of the order's cart ("K7F-3QX"; docs/spec.md section 2.14), None
    if the stored cart id is not a UUID."""
    try:
        return support_reference(cart_id)
    except ValueError:
        return None


def order_json(
    order: Order,
    lines: list[OrderLine],
    customer: OrderCustomer | None,
    *,
    country_names: Mapping[str, str] | None = None,
    shipments: Sequence[Mapping[str, Any]] = (),
    refunds: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """The order (see the module docstring); ``payment_instructions`` while it awaits payment.
    ``country_names``: code -> name of the countries the addresses name; ``shipments``:
    ``{carrier, tracking_number, shipped_at}`` (ISO 8601) of each parcel sent, oldest first;
    ``refunds``: ``{amount, reason, refunded_at}`` (minor units of the order's currency, ISO
    8601) of each refund, oldest first, and ``refunded`` their sum (docs/spec.md section 4.1)."""
    billing, shipping_address, note = customer_json(customer, country_names)
    line_rows = [line_json(line) for line in lines]
    data: dict[str, Any] = {
        "id": order.id,
        "number": str(order.id),
        "date_created": iso(order.date_created),
        "status": order.status,
        "status_label": status_label(order.status),
        "currency": order.currency,
        "subtotal": order.subtotal,
        "discount": order.discount,
        "shipping": order.shipping,
        "tax": order.tax,
        "tax_name": order.tax_name,
        "tax_rate_bp": order.tax_rate_bp,
        "total": order.total,
        "payment_method": order.payment_method,
        "payment_method_title": order.payment_method_title,
        "shipping_method": order.shipping_method,
        "shipping_method_title": order.shipping_method_title,
        "coupons": [{"code": c["code"], "discount": c["discount"]} for c in order.coupons or []],
        "lines": line_rows,
        "preorder": any(row["preorder"] for row in line_rows),
        "billing": billing,
        "shipping_address": shipping_address,
        "customer_note": note,
        "personal_data_erased": customer is not None and customer.erased_at is not None,
        "payment_instructions": None,
        "support_reference": _reference(order.cart_id),
        "shipments": [
            {"carrier": s["carrier"], "tracking_number": s["tracking_number"], "shipped_at": s["shipped_at"]}
            for s in shipments
        ],
        "refunds": [
            {"amount": r["amount"], "reason": r["reason"], "refunded_at": r["refunded_at"]} for r in refunds
        ],
        "refunded": sum(int(r["amount"]) for r in refunds),
    }
    method = provider(order.payment_method)
    if method is not None and order.status in ("on-hold", "pending"):
        data["payment_instructions"] = method.instructions(data)
    return data
