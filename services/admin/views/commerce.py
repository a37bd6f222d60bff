"""Admin views of coupons, countries, tax rates and shipping zones and rates.

Coupons follow the rules of the coupon API (``services/discounts/service.py``): codes are
stored lower-case, one word, unique case-insensitively; a percent coupon takes at most 100 %.
A coupon's ``amount`` is typed in hundredths (of a percent for ``percent`` coupons, else minor
units) and shown as "10 %" or "€5.00"; money limits are shown and typed as money.
"""

from __future__ import annotations

from typing import Any

import anyio
from starlette.requests import Request
from wtforms import SelectField

from services.admin.views.base import CURRENCY_CHOICES, ShopModelView, money_label
from services.catalog.models import Country, TaxRate
from services.checkout.models import ShippingRate, ShippingZone
from services.discounts import repository as coupon_repository
from services.discounts.domain import PERCENT_SCALE, normalize_code
from services.discounts.models import Coupon, DiscountType
from services.shared.db import get_sessionmaker
from services.shared.money import format_money

CATEGORY = "Shop"


def _coupon_id_with_code(code: str, other_than: int | None) -> int | None:
    """The id of another coupon with ``code`` (blocking read: call it in a worker thread)."""
    with get_sessionmaker()() as session:
        return coupon_repository.id_with_code(session, code, other_than)


def coupon_amount(coupon: Coupon) -> str:
    """A coupon's amount as people read it: "10 %" (percent, hundredths of a percent) or
    "€5.00" (a fixed amount, EUR minor units)."""
    if coupon.discount_type == DiscountType.PERCENT:
        whole, hundredths = divmod(int(coupon.amount or 0), 100)
        return f"{whole}.{hundredths:02d}".rstrip("0").rstrip(".") + " %"
    return format_money(int(coupon.amount or 0), "EUR")


class CouponAdmin(ShopModelView, model=Coupon):
    """Coupons (docs/spec.md sections 3 and 5). Admins edit; reviewers may read."""

    name, name_plural, category, icon = "Coupon", "Coupons", CATEGORY, "fa-solid fa-ticket"
    column_list = [
        Coupon.id,
        Coupon.code,
        Coupon.discount_type,
        Coupon.amount,
        Coupon.date_expires,
        Coupon.usage_count,
        Coupon.usage_limit,
    ]
    column_searchable_list = [Coupon.code, Coupon.description]
    column_sortable_list = [Coupon.id, Coupon.code, Coupon.date_expires]
    column_labels = {
        "amount": "Amount (hundredths: of a percent, or cents)",
        "amount_usd": money_label("Amount USD"),
        "minimum_amount": money_label("Minimum spend EUR"),
        "maximum_amount": money_label("Maximum spend EUR"),
        "minimum_amount_usd": money_label("Minimum spend USD"),
        "maximum_amount_usd": money_label("Maximum spend USD"),
    }
    money_columns = {
        "amount_usd": "USD",
        "minimum_amount": "EUR",
        "maximum_amount": "EUR",
        "minimum_amount_usd": "USD",
        "maximum_amount_usd": "USD",
    }
    column_formatters = {Coupon.amount: lambda m, _a: coupon_amount(m)}
    column_formatters_detail = {Coupon.amount: lambda m, _a: coupon_amount(m)}
    form_excluded_columns = [Coupon.usage_count, Coupon.used_by]  # kept by checkout, not by hand
    form_overrides = {"discount_type": SelectField}
    form_args = {"discount_type": {"choices": [(d.value, d.value) for d in DiscountType]}}

    async def on_model_change(
        self, data: dict[str, Any], model: Any, is_created: bool, request: Request
    ) -> None:
        """Normalise the code (lower-case) and refuse what the coupon API refuses; the form
        shows the ``ValueError`` message."""
        if "code" in data:
            code = normalize_code(data["code"] or "")
            if not code or any(ch.isspace() for ch in code):
                raise ValueError("A coupon code is one word without spaces.")
            clash = await anyio.to_thread.run_sync(_coupon_id_with_code, code, model.id)
            if clash is not None:
                raise ValueError(f'A coupon with the code "{code}" already exists.')
            data["code"] = code
        if data.get("discount_type") == DiscountType.PERCENT and (data.get("amount") or 0) > PERCENT_SCALE:
            raise ValueError("A percent coupon takes at most 100 % (amount 10000).")
        for name in ("email_restrictions",):
            if isinstance(data.get(name), list):
                data[name] = [str(e).strip().lower() for e in data[name]]


class CountryAdmin(ShopModelView, model=Country):
    """Shipping countries and the currency each sets (docs/spec.md section 9)."""

    name, name_plural, category, icon = "Country", "Countries", CATEGORY, "fa-solid fa-earth-europe"
    column_list = [Country.code, Country.name, Country.currency, Country.is_eu]
    column_searchable_list = [Country.code, Country.name]
    column_sortable_list = [Country.code, Country.name]
    form_include_pk = True
    form_overrides = {"currency": SelectField}
    form_args = {"currency": {"choices": CURRENCY_CHOICES}}


class TaxRateAdmin(ShopModelView, model=TaxRate):
    """Tax rates per country; ``rate_bp`` is hundredths of a percent (1900 = 19 %)."""

    name, name_plural, category, icon = "Tax rate", "Tax rates", CATEGORY, "fa-solid fa-percent"
    column_list = [TaxRate.id, TaxRate.country, TaxRate.name, TaxRate.rate_bp, TaxRate.priority]
    column_searchable_list = [TaxRate.country, TaxRate.name]
    column_labels = {"rate_bp": "Rate (hundredths of a percent)"}


class ShippingZoneAdmin(ShopModelView, model=ShippingZone):
    """Shipping zones: the countries each covers, matched in position order (empty = the rest)."""

    name, name_plural, category, icon = "Shipping zone", "Shipping zones", CATEGORY, "fa-solid fa-map"
    column_list = [ShippingZone.id, ShippingZone.name, ShippingZone.position, ShippingZone.countries]


class ShippingRateAdmin(ShopModelView, model=ShippingRate):
    """Flat shipping rates of a zone; ``id`` is the method id the checkout sends."""

    name, name_plural, category, icon = "Shipping rate", "Shipping rates", CATEGORY, "fa-solid fa-truck"
    column_list = [
        ShippingRate.id,
        ShippingRate.zone_id,
        ShippingRate.title,
        ShippingRate.currency,
        ShippingRate.cost,
        ShippingRate.free_over,
        ShippingRate.enabled,
    ]
    column_labels = {"cost": money_label("Cost"), "free_over": money_label("Free over")}
    form_include_pk = True
    form_overrides = {"currency": SelectField}
    form_args = {"currency": {"choices": CURRENCY_CHOICES}}


COMMERCE_VIEWS = [CouponAdmin, CountryAdmin, TaxRateAdmin, ShippingZoneAdmin, ShippingRateAdmin]
