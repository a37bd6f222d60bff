"""Shared pieces of the admin views: readable labels for related rows, fixed choices, money
column labels and :class:`ShopModelView` (the base of every view here).

The catalogue models define no ``__str__``; rather than change them for the admin, related rows
are labelled here (``label_of``): in list and details pages through sqladmin's type formatters,
and in relationship selects through :class:`LabelledConverter`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anyio
from sqladmin import ModelView
from sqladmin.formatters import BASE_FORMATTERS
from sqladmin.forms import ModelConverter
from sqlalchemy import select
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlalchemy.orm import RelationshipProperty, sessionmaker

from services.catalog.models import (
    Category,
    ColourSwatch,
    Filter,
    Menu,
    MenuItem,
    Page,
    PostCategory,
    Product,
    ProductStatus,
    StockStatus,
    Tag,
    Variation,
)
from services.checkout.models import Order, ShippingZone

STATUS_CHOICES = [(s.value, s.value) for s in ProductStatus]
STOCK_CHOICES = [(s.value, s.value) for s in StockStatus]
CURRENCY_CHOICES = [("EUR", "EUR"), ("USD", "USD")]

_LABELS: dict[type, Callable[[Any], str]] = {
    Product: lambda p: f"{p.name} (#{p.id})",
    Variation: lambda v: f"{v.sku or 'variation'} (#{v.id})",
    Category: lambda c: f"{c.name} (#{c.id})",
    Tag: lambda t: t.name,
    Filter: lambda f: f.name,
    ColourSwatch: lambda s: f"{s.name} {s.colour}",
    Page: lambda p: p.title,
    PostCategory: lambda c: c.name,
    Menu: lambda m: m.name,
    MenuItem: lambda i: i.title,
    ShippingZone: lambda z: z.name,
    Order: lambda o: f"Order {o.id}",
}


def label_of(obj: Any) -> str:
    """A short human label for a related row (name and id), ``str(obj)`` for other types."""
    labeller = _LABELS.get(type(obj))
    return labeller(obj) if labeller else str(obj)


def cents(label: str) -> str:
    """Column label for an integer minor-units money column (money is never a float here)."""
    return f"{label} (minor units, cents)"


class LabelledConverter(ModelConverter):
    """sqladmin's form converter, with :func:`label_of` as the option label of every
    relationship select (sqladmin would show ``str(obj)``)."""

    async def _prepare_select_options(
        self, prop: RelationshipProperty[Any], session_maker: sessionmaker[Any] | async_sessionmaker[Any]
    ) -> list[tuple[str, Any]]:
        if isinstance(session_maker, async_sessionmaker):  # the shop's admin uses sync sessions
            return await super()._prepare_select_options(prop, session_maker)
        target = prop.mapper.class_

        def load() -> list[tuple[str, Any]]:
            with session_maker() as session:
                rows = session.scalars(select(target)).unique().all()
                return [(str(self._get_identifier_value(row)), label_of(row)) for row in rows]

        return await anyio.to_thread.run_sync(load)


_TYPE_FORMATTERS = {**BASE_FORMATTERS, **{model: label_of for model in _LABELS}}


class ShopModelView(ModelView):
    """Base of the shop's admin views: labelled related rows, 25 rows a page."""

    form_converter = LabelledConverter
    column_type_formatters = _TYPE_FORMATTERS
    column_type_formatters_detail = _TYPE_FORMATTERS
    page_size = 25
