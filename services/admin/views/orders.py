"""Read-only admin views of orders (admins only: orders and customers are never shown to
reviewers). Orders change only through the checkout; nothing here writes. Money columns are
minor units of the order's ``currency``. Hashes and idempotency keys stay hidden; the cart id
is shown only as the "Open in support console" link to the cart's timeline at the version the
order was placed from (``/support/carts/<cart_id>?version=<cart_version>``, docs/spec.md
section 2.14)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from services.admin.views.base import ShopModelView, cents
from services.checkout.models import Order, OrderCustomer, OrderLine

CATEGORY = "Orders"


class _ReadOnly(ShopModelView):
    can_create = False
    can_edit = False
    can_delete = False


def support_console_link(order: Order, _attribute: Any = None) -> Markup:
    """The "Open in support console" link of an order: its cart's timeline at the version the
    order was placed from (the storefront's ``/support/carts/<cart_id>?version=<n>`` page)."""
    href = f"/support/carts/{quote(order.cart_id, safe='')}?version={int(order.cart_version)}"
    return Markup('<a href="{}">Open in support console</a>').format(href)


class OrderAdmin(_ReadOnly, model=Order):
    """Placed orders, newest first."""

    name, name_plural, category, icon = "Order", "Orders", CATEGORY, "fa-solid fa-receipt"
    column_list = [
        Order.id,
        Order.date_created,
        Order.status,
        Order.currency,
        Order.total,
        Order.country,
        Order.payment_method_title,
        Order.cart_id,
    ]
    column_sortable_list = [Order.id, Order.date_created, Order.total]
    column_default_sort = [(Order.date_created, True)]
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
    column_labels = {
        **{
            name: cents(name.replace("_", " ").capitalize())
            for name in ("subtotal", "discount", "shipping", "tax", "total")
        },
        "cart_id": "Support console",
    }
    column_formatters = {Order.cart_id: support_console_link}
    column_formatters_detail = {Order.cart_id: support_console_link}


class OrderLineAdmin(_ReadOnly, model=OrderLine):
    """Ordered lines with the price they were sold at."""

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
