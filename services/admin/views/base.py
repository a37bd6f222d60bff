"""Shared pieces of the admin views: readable labels for related rows, fixed choices, money
shown as money and :class:`ShopModelView` (the base of every view here).

Money (docs/spec.md section 9): every money column is shown on list and details pages as
"€1,234.50" in its currency (``services.shared.money.format_money``) and typed in forms as a
decimal amount ("1234.50", :class:`MoneyField`); it is stored as integer minor units. Which
columns are money and in which currency: :meth:`ShopModelView.currency_of` (``*_eur`` EUR,
``*_usd`` USD, ``cost``/``free_over`` and a view's ``row_money`` in the row's own
``currency``). JSON columns (lists, objects, the order's coupons) are shown as readable text,
not as Python dictionaries.

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
from starlette.requests import Request
from wtforms import Form, StringField, ValidationError

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
from services.shared.money import format_amount, format_money, to_minor

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


def money_label(label: str) -> str:
    """Column label of a money column: the label itself; the page shows the currency."""
    return label


ROW_CURRENCY = "row"  # a money column in the currency of the row's own ``currency``


def readable(value: Any) -> str:
    """A JSON value as people read it: lists joined with ", ", objects as "key: value; ..."
    (nested alike), None as ""."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {readable(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(readable(v) for v in value)
    return str(value)


def coupons_text(coupons: list[dict[str, Any]] | None, currency: str) -> str:
    """An order's coupons as "welcome10 (−€5.00), ship (−€0.00)" (discount minor units of
    ``currency``)."""
    return ", ".join(
        f"{c.get('code', '')} (\u2212{format_money(int(c.get('discount') or 0), currency)})"
        for c in coupons or []
    )


class MoneyField(StringField):
    """A money amount typed as decimal text ("129.99"), stored as integer minor units: shown
    with two places; empty is None (a blank sale price); anything else that is not a
    non-negative amount is refused with a message on the form (docs/spec.md section 9)."""

    def _value(self) -> str:
        return format_amount(self.data) if isinstance(self.data, int) else ""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Parse the submitted text to minor units (None when empty)."""
        raw = str(valuelist[0]).strip() if valuelist else ""
        if not raw:
            self.data = None
            return
        try:
            amount = to_minor(raw.replace(",", "") if raw.count(".") == 1 else raw)
        except ValueError:
            self.data = None
            raise ValueError("Enter an amount such as 129.99.") from None
        if amount < 0:
            self.data = None
            raise ValueError("An amount cannot be negative.")
        self.data = amount


def _required_money(form: Form, field: Any) -> None:
    if field.data is None and not field.errors:
        raise ValidationError("Enter an amount such as 129.99.")


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
    """Base of the shop's admin views: labelled related rows, money as money (see the module
    docstring), readable JSON, 25 rows a page.

    ``money_columns``: extra money columns by name -> ``"EUR"``, ``"USD"`` or
    :data:`ROW_CURRENCY`; ``form_money``: whether money columns are typed as decimal text in
    the forms (:class:`MoneyField`)."""

    form_converter = LabelledConverter
    column_type_formatters = _TYPE_FORMATTERS
    column_type_formatters_detail = _TYPE_FORMATTERS
    page_size = 25
    money_columns: dict[str, str] = {}
    form_money = True

    def currency_of(self, obj: Any, prop: str) -> str | None:
        """The currency the column ``prop`` of ``obj`` is money in, or None when it is not
        money: ``money_columns`` first, then ``*_eur`` EUR, ``*_usd`` USD, ``cost`` and
        ``free_over`` the row's ``currency``."""
        kind = self.money_columns.get(prop)
        if kind is None:
            if prop.endswith("_eur"):
                kind = "EUR"
            elif prop.endswith("_usd"):
                kind = "USD"
            elif prop in ("cost", "free_over"):
                kind = ROW_CURRENCY
        if kind == ROW_CURRENCY:
            return getattr(obj, "currency", None) or getattr(obj, "admin_currency", None) or None
        return kind

    def show(self, obj: Any, prop: str, value: Any, formatted: Any) -> Any:
        """What a list or details cell shows for ``value``: money formatted in its currency,
        JSON as readable text, else sqladmin's own ``formatted`` value."""
        if prop in self._relation_names:
            return formatted
        currency = self.currency_of(obj, prop)
        if currency and isinstance(value, int) and not isinstance(value, bool):
            return format_money(value, currency)
        if isinstance(value, (dict, list)):
            return readable(value)
        return formatted

    async def get_list_value(self, obj: Any, prop: str, request: Request | None = None) -> tuple[Any, Any]:
        """sqladmin's (value, formatted) for a list cell, shown by :meth:`show`."""
        value, formatted = await super().get_list_value(obj, prop, request)
        if prop in self._list_formatters:
            return value, formatted
        return value, self.show(obj, prop, value, formatted)

    async def get_detail_value(self, obj: Any, prop: str, request: Request | None = None) -> tuple[Any, Any]:
        """sqladmin's (value, formatted) for a details row, shown by :meth:`show`."""
        value, formatted = await super().get_detail_value(obj, prop, request)
        if prop in self._detail_formatters:
            return value, formatted
        return value, self.show(obj, prop, value, formatted)

    def _money_form_names(self) -> list[tuple[str, bool]]:
        """``(column name, nullable)`` of the model's money columns a form may type."""
        out = []
        for column in self.model.__table__.columns:  # type: ignore[attr-defined]
            kind = self.money_columns.get(column.name)
            if kind is None and not (
                column.name.endswith(("_eur", "_usd")) or column.name in ("cost", "free_over")
            ):
                continue
            out.append((column.name, bool(column.nullable)))
        return out

    async def scaffold_form(self, rules: list[str] | None = None) -> type[Form]:
        """sqladmin's form with every money column a :class:`MoneyField` (decimal text)."""
        form = await super().scaffold_form(rules)
        if not self.form_money:
            return form
        for name, nullable in self._money_form_names():
            unbound = getattr(form, name, None)
            if unbound is None:
                continue
            label = self._column_labels.get(name, name.replace("_", " ").capitalize())
            validators = [] if nullable else [_required_money]
            setattr(form, name, MoneyField(label, validators=validators, description="e.g. 129.99"))
        return form
