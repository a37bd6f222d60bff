"""What staff read of orders (docs/checkout.md "Order workflow"): the order list and the order
page, for the staff API (``staff_endpoints.py``) and the admin's order page. Money: integer
minor units of the order's currency. Personal data (the customer) is for admins only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from services.checkout import order_repository as orders
from services.checkout import repository as repo
from services.checkout.errors import order_not_found
from services.checkout.models import Order, OrderCustomer
from services.checkout.order_workflow import allowed_actions
from services.checkout.serializers import iso


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else iso(moment)


def refunded_units(session: Session, order_id: int) -> tuple[dict[int, int], dict[int, int], int]:
    """``(refunded units per line id, restocked units per line id, refunded amount)`` of the
    order's refunds so far (minor units)."""
    units: dict[int, int] = {}
    restocked: dict[int, int] = {}
    amount = 0
    for refund, lines in orders.refunds_of(session, order_id):
        amount += refund.amount
        for line in lines:
            units[line.order_line_id] = units.get(line.order_line_id, 0) + line.quantity
            if line.restocked:
                restocked[line.order_line_id] = restocked.get(line.order_line_id, 0) + line.quantity
    return units, restocked, amount


def order_summary(order: Order, email: str) -> dict[str, Any]:
    """One row of the staff list: ``{id, number, status, version, date_created, currency,
    total, country, payment_method, payment_method_title, email}`` (``total`` minor units)."""
    return {
        "id": order.id,
        "number": str(order.id),
        "status": order.status,
        "version": order.version,
        "date_created": _iso(order.date_created),
        "currency": order.currency,
        "total": order.total,
        "country": order.country,
        "payment_method": order.payment_method,
        "payment_method_title": order.payment_method_title,
        "email": email,
    }


def list_orders(
    session: Session, filters: orders.OrderFilters, *, page: int, per_page: int
) -> dict[str, Any]:
    """``{orders: [order_summary...], total, page, per_page, pages}`` newest first."""
    rows, total = orders.page_of_orders(session, filters, page=page, per_page=per_page)
    return {
        "orders": [order_summary(order, email) for order, email in rows],
        "total": total,
        "page": page,
        "per_page": per_page,
        "pages": (total + per_page - 1) // per_page,
    }


def order_detail(session: Session, order_id: int) -> dict[str, Any]:
    """The staff order page: the summary plus ``subtotal, discount, shipping, tax, tax_name,
    refunded, date_paid, date_completed, shipping_method_title, coupons: [{code, discount}],
    customer`` (contact and address; personal data), ``lines: [{id, sku, name,
    variation_label, count, unit_price, subtotal, discount, total, refunded_quantity}]``,
    ``history: [{at, staff_id, staff (the account's email, "" once deleted), action,
    from_status, to_status, note, staff_note}]`` (``note``: what the shop wrote; ``staff_note``:
    what staff typed, "" once erased), ``shipments``,
    ``refunds: [{id, amount, shipping, reason, created_at, staff_id, lines: [{line_id, name,
    quantity, amount, restocked}]}]`` (``name``: the product with its variation), ``mails: [{id,
    to, subject, created_at, sent_at}]`` and ``actions`` (allowed now). Money: minor units of
    ``currency``. 404 ``order_not_found``."""
    order = repo.get_order(session, order_id)
    if order is None:
        raise order_not_found()
    customer = repo.customer_of(session, order_id)
    units, _, refunded = refunded_units(session, order_id)
    order_lines = repo.lines_of(session, order_id)
    line_names = {
        line.id: f"{line.name} ({line.variation_label})" if line.variation_label else line.name
        for line in order_lines
    }
    changes = orders.status_changes_of(session, order_id)
    who = orders.staff_emails(session, [c.staff_id for c in changes])
    data = order_summary(order, customer.email if customer else "")
    data.update(
        subtotal=order.subtotal,
        discount=order.discount,
        shipping=order.shipping,
        tax=order.tax,
        tax_name=order.tax_name,
        refunded=refunded,
        date_paid=_iso(order.date_paid),
        date_completed=_iso(order.date_completed),
        shipping_method_title=order.shipping_method_title,
        coupons=[
            {"code": str(c.get("code", "")), "discount": int(c.get("discount", 0))}
            for c in order.coupons or []
        ],
        customer=_customer_json(customer),
        lines=[
            {
                "id": line.id,
                "product_id": line.product_id,
                "variation_id": line.variation_id,
                "sku": line.sku,
                "name": line.name,
                "variation_label": line.variation_label,
                "count": line.count,
                "unit_price": line.unit_price,
                "subtotal": line.subtotal,
                "discount": line.discount,
                "total": line.total,
                "refunded_quantity": units.get(line.id, 0),
            }
            for line in order_lines
        ],
        history=[
            {
                "at": _iso(c.at),
                "staff_id": c.staff_id,
                "staff": who.get(c.staff_id, "") if c.staff_id is not None else "",
                "action": c.action,
                "from_status": c.from_status,
                "to_status": c.to_status,
                "note": c.note,
                "staff_note": c.staff_note,
            }
            for c in changes
        ],
        shipments=[
            {
                "carrier": s.carrier,
                "tracking_number": s.tracking_number,
                "shipped_at": _iso(s.shipped_at),
                "staff_id": s.staff_id,
            }
            for s in orders.shipments_of(session, order_id)
        ],
        refunds=[
            {
                "id": r.id,
                "amount": r.amount,
                "shipping": r.shipping,
                "reason": r.reason,
                "created_at": _iso(r.created_at),
                "staff_id": r.staff_id,
                "lines": [
                    {
                        "line_id": x.order_line_id,
                        "name": line_names.get(x.order_line_id, f"line {x.order_line_id}"),
                        "quantity": x.quantity,
                        "amount": x.amount,
                        "restocked": x.restocked,
                    }
                    for x in lines
                ],
            }
            for r, lines in orders.refunds_of(session, order_id)
        ],
        mails=[
            {
                "id": m.id,
                "to": m.to,
                "subject": m.subject,
                "created_at": _iso(m.created_at),
                "sent_at": _iso(m.sent_at),
            }
            for m in orders.mails_of(session, order_id)
        ],
        actions=[str(a) for a in allowed_actions(order.status)],
    )
    return data


def _customer_json(customer: OrderCustomer | None) -> dict[str, Any] | None:
    if customer is None:
        return None
    fields = ("email", "first_name", "last_name", "company", "address_1", "address_2", "city", "postcode")
    data: dict[str, Any] = {name: getattr(customer, name) for name in fields}
    data.update(
        state=customer.state,
        country=customer.country,
        phone=customer.phone,
        customer_note=customer.customer_note,
        erased=customer.erased_at is not None,
    )
    return data
