"""The order as JSON (docs/spec.md section 7 ``orders/{id}``). Money: integer minor units of ``currency``.

``{id, number, date_created, status, currency, subtotal, discount, shipping, tax, tax_name,
total, payment_method, payment_method_title, payment_instructions, shipping_method,
shipping_method_title, coupons: [{code, discount}], lines: [{sku, name, product_id,
variation_id, variation_label, count, unit_price, line_total, discount, total, configuration}],
billing: {email, first_name, last_name, company, address_1, address_2, city, postcode, state,
country, phone}, shipping_address: {first_name, ..., country}, customer_note,
support_reference}`` (``support_reference``: the order's cart's, docs/spec.md section 2.14).
``line_total`` is unit_price x count (before coupons), ``total`` what the line costs after them.
After erasure ``billing`` and ``shipping_address`` are blank and ``personal_data_erased`` true.
"""

from __future__ import annotations

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
    }


def customer_json(customer: OrderCustomer | None) -> tuple[dict[str, Any], dict[str, Any], str]:
    """``(billing, shipping_address, customer_note)`` from the customer row (blank when erased)."""
    if customer is None:
        return {}, {}, ""
    address = {name: getattr(customer, name) for name in ADDRESS_FIELDS}
    billing = {"email": customer.email, **address, "phone": customer.phone}
    return billing, dict(address), customer.customer_note


def _reference(cart_id: str) -> str | None:
    """The support reference of the order's cart ("K7F-3QX"; docs/spec.md section 2.14), None
    if the stored cart id is not a UUID."""
    try:
        return support_reference(cart_id)
    except ValueError:
        return None


def order_json(order: Order, lines: list[OrderLine], customer: OrderCustomer | None) -> dict[str, Any]:
    """The order (see the module docstring); ``payment_instructions`` while it awaits payment."""
    billing, shipping_address, note = customer_json(customer)
    data: dict[str, Any] = {
        "id": order.id,
        "number": str(order.id),
        "date_created": iso(order.date_created),
        "status": order.status,
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
        "lines": [line_json(line) for line in lines],
        "billing": billing,
        "shipping_address": shipping_address,
        "customer_note": note,
        "personal_data_erased": customer is not None and customer.erased_at is not None,
        "payment_instructions": None,
        "support_reference": _reference(order.cart_id),
    }
    method = provider(order.payment_method)
    if method is not None and order.status in ("on-hold", "pending"):
        data["payment_instructions"] = method.instructions(data)
    return data
