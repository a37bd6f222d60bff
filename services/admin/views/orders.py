"""Admin views of orders (admins only: orders and customers are never shown to reviewers).

The order list filters by status, country, payment method and date and searches order numbers
and buyer emails. The order's details page (``templates/sqladmin/order_details.html``) shows
money with its currency, the coupons as "code (−€5.00)", the lines, the status history,
shipments, refunds and mails, and a form for each action the order's status allows (mark paid,
mark shipped with carrier and tracking number, cancel, refund whole or per line with restock
boxes, send a mail again): each posts with the staff CSRF token to
``/admin/order/manage/{pk}/{action}`` and runs the same service as the staff API
(``services/checkout/order_admin.py``; docs/checkout.md "Order workflow"). A refusal shows its
message on the page (status 409 or 422); a success goes back to the page (303). Nothing edits
order rows directly (no create, edit or delete). Hashes and idempotency keys stay hidden; the
cart id is shown only as the "Open in support console" link (docs/spec.md section 2.14).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

import anyio
from markupsafe import Markup
from sqladmin import expose
from sqladmin.filters import AllUniqueStringValuesFilter, StaticValuesFilter
from sqlalchemy import ColumnElement, or_, select
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from services.admin.auth import staff_of
from services.admin.views.base import ROW_CURRENCY, ShopModelView, coupons_text
from services.checkout import order_admin, order_pages
from services.checkout.models import Order, OrderCustomer, OrderLine
from services.checkout.order_workflow import OrderStatus, RefundRequest
from services.shared.db import get_sessionmaker
from services.shared.errors import DomainError
from services.shared.money import format_money
from services.staff.domain import ORDER_MANAGER_ROLES, has_role

CATEGORY = "Orders"
ORDER_MONEY = {name: ROW_CURRENCY for name in ("subtotal", "discount", "shipping", "tax", "total")}
LINE_MONEY = {name: ROW_CURRENCY for name in ("unit_price", "subtotal", "discount", "total")}
STATUS_FILTER = [(s.value, s.value) for s in OrderStatus]
ACTIONS = ("mark-paid", "mark-shipped", "cancel", "refund", "resend")


class _ReadOnly(ShopModelView):
    can_create = False
    can_edit = False
    can_delete = False


def support_console_link(order: Order, _attribute: Any = None) -> Markup:
    """The "Open in support console" link of an order: its cart's timeline at the version the
    order was placed from (the storefront's ``/support/carts/<cart_id>?version=<n>`` page)."""
    href = f"/support/carts/{quote(order.cart_id, safe='')}?version={int(order.cart_version)}"
    return Markup('<a href="{}">Open in support console</a>').format(href)


class _DateFilter(StaticValuesFilter):
    """A list filter on ``date_created``: today, the last 7, 30 or 365 days (UTC)."""

    def __init__(self) -> None:
        choices = [("1", "Today"), ("7", "Last 7 days"), ("30", "Last 30 days"), ("365", "Last 365 days")]
        super().__init__(Order.date_created, choices, title="Placed", parameter_name="placed")

    async def get_filtered_query(self, query: Any, value: Any, model: Any) -> Any:
        """Orders placed within the chosen number of days (any other value: all)."""
        try:
            days = int(value)
        except (TypeError, ValueError):
            return query
        since = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(
            days=days - 1
        )
        return query.where(Order.date_created >= since)


class OrderAdmin(_ReadOnly, model=Order):
    """Placed orders, newest first, and the order page with the workflow's actions."""

    name, name_plural, category, icon = "Order", "Orders", CATEGORY, "fa-solid fa-receipt"
    details_template = "sqladmin/order_details.html"
    column_list = [
        Order.id,
        Order.date_created,
        Order.status,
        Order.total,
        Order.country,
        Order.payment_method_title,
        Order.cart_id,
    ]
    column_sortable_list = [Order.id, Order.date_created, Order.total]
    column_default_sort = [(Order.date_created, True)]
    column_searchable_list = [Order.id]
    column_filters = [
        StaticValuesFilter(Order.status, STATUS_FILTER, title="Status"),
        AllUniqueStringValuesFilter(Order.country, title="Country"),
        AllUniqueStringValuesFilter(Order.payment_method, title="Payment method"),
        _DateFilter(),
    ]
    column_details_exclude_list = [
        Order.order_key_hash,
        Order.request_hash,
        Order.idempotency_key,
    ]
    column_export_exclude_list = [
        Order.order_key_hash,
        Order.request_hash,
        Order.idempotency_key,
        Order.cart_id,
    ]
    column_labels = {"cart_id": "Support console", "payment_method_title": "Payment method"}
    money_columns = ORDER_MONEY
    column_formatters = {Order.cart_id: support_console_link}
    column_formatters_detail = {
        Order.cart_id: support_console_link,
        Order.coupons: lambda m, _a: coupons_text(m.coupons, m.currency),
    }

    def search_placeholder(self) -> str:
        """The search box's hint."""
        return "Order number or buyer email"

    def search_query(self, stmt: Any, term: str) -> Any:
        """Search by order number (exact, "#" allowed) or part of the buyer's email."""
        term = term.strip().lstrip("#")
        email = select(OrderCustomer.order_id).where(OrderCustomer.email.ilike(f"%{term}%"))
        conditions: list[ColumnElement[bool]] = [Order.id.in_(email)]
        if term.isascii() and term.isdigit() and len(term) <= 12:
            conditions.append(Order.id == int(term))
        return stmt.where(or_(*conditions))

    async def details_context(self, request: Request) -> dict[str, Any]:
        """The order page's data (``order_pages.order_detail``) with money formatted."""
        return await anyio.to_thread.run_sync(_page, int(request.path_params["pk"]))

    @expose("/manage/{pk}/{action}", methods=["POST"])
    async def manage(self, request: Request) -> Response:
        """Run one workflow action from the order page's forms (admins only): 303 back to the
        page when done, else the page again with the refusal's message (its 4xx status)."""
        staff = staff_of(request)
        if staff is None or not has_role(staff, ORDER_MANAGER_ROLES):
            return Response("Only an admin manages orders.", status_code=403)
        action = request.path_params["action"]
        try:
            order_id = int(request.path_params["pk"])
        except ValueError:
            return Response("Order not found.", status_code=404)
        if action not in ACTIONS:
            return Response("Unknown action.", status_code=404)
        form = {k: v for k, v in (await request.form()).multi_items() if isinstance(v, str)}
        try:
            await anyio.to_thread.run_sync(_run, action, order_id, staff.id, form)
        except DomainError as refused:
            model = await self.get_object_for_details(request)
            if model is None:
                return Response(refused.message, status_code=404)
            context = {
                **await self.details_context(request),
                "model_view": self,
                "model": model,
                "title": self.name,
                "error": refused.message,
            }
            answer: Response = await self.templates.TemplateResponse(request, self.details_template, context)
            answer.status_code = refused.status_code
            return answer
        return RedirectResponse(
            request.url_for("admin:details", identity=self.identity, pk=order_id), status_code=303
        )


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(str(value or "").strip() or default)
    except ValueError:
        return -1


def _run(action: str, order_id: int, staff_id: int, form: dict[str, str]) -> None:
    """One action in its own transaction, committed when it succeeds (blocking)."""
    version = _int(form.get("version"), -1)
    note = form.get("note", "")
    with get_sessionmaker()() as session:
        if action == "mark-paid":
            order_admin.mark_paid(session, order_id, version, staff_id, note)
        elif action == "mark-shipped":
            carrier, tracking = form.get("carrier", ""), form.get("tracking_number", "")
            order_admin.mark_shipped(
                session, order_id, version, staff_id, carrier[:100], tracking[:100], note
            )
        elif action == "cancel":
            order_admin.cancel(session, order_id, version, staff_id, note)
        elif action == "refund":
            quantities = {
                int(key.removeprefix("qty_")): _int(value)
                for key, value in form.items()
                if key.startswith("qty_") and key[4:].isdigit() and value.strip()
            }
            restock = frozenset(
                int(key.removeprefix("restock_"))
                for key in form
                if key.startswith("restock_") and key[8:].isdigit()
            )
            request = RefundRequest(whole=form.get("whole") == "1", quantities=quantities, restock=restock)
            order_admin.refund(session, order_id, version, staff_id, request, form.get("reason", "")[:500])
        else:
            order_admin.resend_mail(session, order_id, _int(form.get("mail_id"), -1), staff_id)
        session.commit()


def _page(order_id: int) -> dict[str, Any]:
    """``{"order": the order page with money as text}`` (blocking read)."""
    with get_sessionmaker()() as session:
        try:
            data = order_pages.order_detail(session, order_id)
        except DomainError:
            return {"order": None}
    currency = data["currency"]

    def money(minor: int) -> str:
        return format_money(minor, currency)

    data["money"] = {
        key: money(data[key]) for key in ("subtotal", "discount", "shipping", "tax", "total", "refunded")
    }
    data["coupons_text"] = coupons_text(data["coupons"], currency)
    for line in data["lines"]:
        line["money"] = {key: money(line[key]) for key in ("unit_price", "subtotal", "discount", "total")}
        line["refundable"] = line["count"] - line["refunded_quantity"]
    for refund in data["refunds"]:
        refund["money"] = money(refund["amount"])
    return {"order": data}


class OrderLineAdmin(_ReadOnly, model=OrderLine):
    """Ordered lines with the price they were sold at (money in the order's currency)."""

    name, name_plural, category, icon = "Order line", "Order lines", CATEGORY, "fa-solid fa-list-ol"
    column_list = [
        OrderLine.id,
        OrderLine.order_id,
        OrderLine.sku,
        OrderLine.name,
        OrderLine.count,
        OrderLine.unit_price,
        OrderLine.total,
    ]
    column_searchable_list = [OrderLine.sku, OrderLine.name]
    money_columns = LINE_MONEY

    async def list(self, request: Request) -> Any:
        """sqladmin's page of lines, each told its order's currency (``admin_currency``)."""
        pagination = await super().list(request)
        await anyio.to_thread.run_sync(_tell_currency, pagination.rows)
        return pagination

    async def get_object_for_details(self, request: Request) -> Any:
        """sqladmin's line, told its order's currency."""
        line = await super().get_object_for_details(request)
        if line is not None:
            await anyio.to_thread.run_sync(_tell_currency, [line])
        return line


def _tell_currency(lines: list[Any]) -> None:
    """Set ``admin_currency`` (not a column) on each line from its order (one query)."""
    ids = {line.order_id for line in lines}
    if not ids:
        return
    with get_sessionmaker()() as session:
        currencies = dict(session.execute(select(Order.id, Order.currency).where(Order.id.in_(ids))).tuples())
    for line in lines:
        line.admin_currency = currencies.get(line.order_id)


class OrderCustomerAdmin(_ReadOnly, model=OrderCustomer):
    """The buyer's contact and address of each order (personal data: admins only, no export)."""

    name, name_plural, category, icon = "Order customer", "Order customers", CATEGORY, "fa-solid fa-user"
    can_export = False
    column_list = [
        OrderCustomer.order_id,
        OrderCustomer.email,
        OrderCustomer.first_name,
        OrderCustomer.last_name,
        OrderCustomer.country,
        OrderCustomer.erased_at,
    ]


ORDER_VIEWS = [OrderAdmin, OrderLineAdmin, OrderCustomerAdmin]
ORDER_VIEW_IDENTITIES = frozenset(view.identity for view in ORDER_VIEWS)
