"""Demo commerce data: shipping countries, tax rates and coupons.

Currency rule (docs/spec.md section 9): the listed European countries use EUR, everything
else USD. ``TaxRate.rate_bp`` is hundredths of a percent (1900 = 19 %). Coupon
``amount`` is hundredths of a percent for ``percent`` coupons (1000 = 10 %), else
minor units; minimum/maximum amounts are minor units (EUR; ``*_usd`` for USD carts, absent =
the same number). Codes are lower-case. What each coupon demonstrates: docs/checkout.md.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from services.catalog.demo.taxonomy import KEYBOARD_SWITCHES, KEYBOARDS, MERCH, MICE

# code: (name, standard VAT in basis points, tax name) for the 27 EU members. Tax names are
# English, as the shop is (docs/spec.md section 9): every European rate is "VAT".
EU_COUNTRIES: dict[str, tuple[str, int, str]] = {
    "AT": ("Austria", 2000, "VAT"),
    "BE": ("Belgium", 2100, "VAT"),
    "BG": ("Bulgaria", 2000, "VAT"),
    "CY": ("Cyprus", 1900, "VAT"),
    "CZ": ("Czechia", 2100, "VAT"),
    "DE": ("Germany", 1900, "VAT"),
    "DK": ("Denmark", 2500, "VAT"),
    "EE": ("Estonia", 2400, "VAT"),
    "ES": ("Spain", 2100, "VAT"),
    "FI": ("Finland", 2550, "VAT"),
    "FR": ("France", 2000, "VAT"),
    "GR": ("Greece", 2400, "VAT"),
    "HR": ("Croatia", 2500, "VAT"),
    "HU": ("Hungary", 2700, "VAT"),
    "IE": ("Ireland", 2300, "VAT"),
    "IT": ("Italy", 2200, "VAT"),
    "LT": ("Lithuania", 2100, "VAT"),
    "LU": ("Luxembourg", 1700, "VAT"),
    "LV": ("Latvia", 2100, "VAT"),
    "MT": ("Malta", 1800, "VAT"),
    "NL": ("Netherlands", 2100, "VAT"),
    "PL": ("Poland", 2300, "VAT"),
    "PT": ("Portugal", 2300, "VAT"),
    "RO": ("Romania", 2100, "VAT"),
    "SE": ("Sweden", 2500, "VAT"),
    "SI": ("Slovenia", 2200, "VAT"),
    "SK": ("Slovakia", 2300, "VAT"),
}

# Other European countries (EUR, not EU); some with a VAT rate we charge.
OTHER_EUROPE: dict[str, tuple[str, int | None, str]] = {
    "AD": ("Andorra", None, ""),
    "AL": ("Albania", None, ""),
    "BA": ("Bosnia and Herzegovina", None, ""),
    "BY": ("Belarus", None, ""),
    "CH": ("Switzerland", 810, "VAT"),
    "FO": ("Faroe Islands", None, ""),
    "GB": ("United Kingdom", 2000, "VAT"),
    "GG": ("Guernsey", None, ""),
    "GI": ("Gibraltar", None, ""),
    "IM": ("Isle of Man", 2000, "VAT"),
    "IS": ("Iceland", 2400, "VAT"),
    "JE": ("Jersey", None, ""),
    "LI": ("Liechtenstein", 810, "VAT"),
    "MC": ("Monaco", 2000, "VAT"),
    "MD": ("Moldova", None, ""),
    "ME": ("Montenegro", None, ""),
    "MK": ("North Macedonia", None, ""),
    "NO": ("Norway", 2500, "VAT"),
    "RS": ("Serbia", None, ""),
    "RU": ("Russia", None, ""),
    "SM": ("San Marino", None, ""),
    "UA": ("Ukraine", None, ""),
    "VA": ("Vatican City", None, ""),
    "XK": ("Kosovo", None, ""),
}

# Rest of the world: USD. code: (name, tax bp or None, tax name)
USD_COUNTRIES: dict[str, tuple[str, int | None, str]] = {
    "US": ("United States", 0, "Sales tax"),
    "CA": ("Canada", 500, "GST"),
    "MX": ("Mexico", None, ""),
    "BR": ("Brazil", None, ""),
    "AR": ("Argentina", None, ""),
    "CL": ("Chile", None, ""),
    "CO": ("Colombia", None, ""),
    "PE": ("Peru", None, ""),
    "AU": ("Australia", 1000, "GST"),
    "NZ": ("New Zealand", 1500, "GST"),
    "JP": ("Japan", 1000, "Consumption tax"),
    "KR": ("South Korea", None, ""),
    "SG": ("Singapore", 900, "GST"),
    "HK": ("Hong Kong", None, ""),
    "TW": ("Taiwan", None, ""),
    "CN": ("China", None, ""),
    "IN": ("India", None, ""),
    "ID": ("Indonesia", None, ""),
    "MY": ("Malaysia", None, ""),
    "TH": ("Thailand", None, ""),
    "VN": ("Vietnam", None, ""),
    "PH": ("Philippines", None, ""),
    "AE": ("United Arab Emirates", None, ""),
    "SA": ("Saudi Arabia", None, ""),
    "QA": ("Qatar", None, ""),
    "KW": ("Kuwait", None, ""),
    "IL": ("Israel", None, ""),
    "TR": ("Turkey", None, ""),
    "EG": ("Egypt", None, ""),
    "MA": ("Morocco", None, ""),
    "ZA": ("South Africa", None, ""),
    "NG": ("Nigeria", None, ""),
    "KE": ("Kenya", None, ""),
    "KZ": ("Kazakhstan", None, ""),
    "GE": ("Georgia", None, ""),
    "AM": ("Armenia", None, ""),
    "PK": ("Pakistan", None, ""),
    "UY": ("Uruguay", None, ""),
    "CR": ("Costa Rica", None, ""),
    "PR": ("Puerto Rico", None, ""),
}

EUR_CODES: frozenset[str] = frozenset(EU_COUNTRIES) | frozenset(OTHER_EUROPE)


def countries() -> list[dict[str, Any]]:
    """Country rows {code, name, currency, is_eu}, sorted by code."""
    rows = [{"code": c, "name": n, "currency": "EUR", "is_eu": True} for c, (n, _, _) in EU_COUNTRIES.items()]
    rows += [
        {"code": c, "name": n, "currency": "EUR", "is_eu": False} for c, (n, _, _) in OTHER_EUROPE.items()
    ]
    rows += [
        {"code": c, "name": n, "currency": "USD", "is_eu": False} for c, (n, _, _) in USD_COUNTRIES.items()
    ]
    return sorted(rows, key=lambda r: r["code"])


def tax_rates() -> list[dict[str, Any]]:
    """TaxRate rows {id, country, state, name, rate_bp, priority, shipping}; ids 9001.. by code."""
    table: dict[str, tuple[int | None, str]] = {c: (bp, name) for c, (_, bp, name) in EU_COUNTRIES.items()}
    table.update({c: (bp, name) for c, (_, bp, name) in OTHER_EUROPE.items()})
    table.update({c: (bp, name) for c, (_, bp, name) in USD_COUNTRIES.items()})
    rows = []
    for code in sorted(table):
        bp, name = table[code]
        if bp is None:
            continue
        rows.append(
            {"country": code, "state": "", "name": name, "rate_bp": bp, "priority": 1, "shipping": True}
        )
    for i, row in enumerate(rows):
        row["id"] = 9001 + i
    return rows


COUPONS: list[dict[str, Any]] = [
    {"id": 8001, "code": "welcome10", "discount_type": "percent", "amount": 1000,
     "description": "10 % off the first order for newsletter subscribers."},
    {"id": 8002, "code": "save20", "discount_type": "fixed_cart", "amount": 2000, "minimum_amount": 10000,
     "amount_usd": 2200, "minimum_amount_usd": 11000,
     "description": "20 off orders of 100 or more (USD: 22 off 110 or more)."},
    {"id": 8003, "code": "blackfriday25", "discount_type": "percent", "amount": 2500,
     "date_expires": datetime(2025, 12, 1, 23, 59, 59), "description": "Black Friday 2025 (expired)."},
    {"id": 8004, "code": "keyboard15", "discount_type": "percent", "amount": 1500,
     "product_categories": [KEYBOARDS, KEYBOARD_SWITCHES], "excluded_product_categories": [MERCH],
     "description": "15 % off keyboards and switches."},
    {"id": 8005, "code": "creator30", "discount_type": "percent", "amount": 3000, "individual_use": True,
     "maximum_amount": 50000, "description": "Creator programme code, cannot be combined."},
    {"id": 8006, "code": "onetime50", "discount_type": "fixed_cart", "amount": 5000, "usage_limit": 1,
     "usage_count": 0, "minimum_amount": 20000, "description": "Single-use customer service voucher."},
    {"id": 8007, "code": "staff40", "discount_type": "percent", "amount": 4000,
     "email_restrictions": ["*@halvard.gg"], "usage_limit_per_user": 3, "used_by": ["lina@halvard.gg"],
     "usage_count": 1, "description": "Staff discount."},
    {"id": 8008, "code": "fullprice10", "discount_type": "fixed_cart", "amount": 1000,
     "exclude_sale_items": True, "excluded_product_ids": [1506],
     "description": "10 off, full-price items only; not with the keycap keychain."},
    {"id": 8009, "code": "valiskates", "discount_type": "fixed_product", "amount": 500,
     "product_ids": [1231, 1201], "description": "5 off Vali Pro skates and mouse."},
    {"id": 8010, "code": "freeship", "discount_type": "fixed_cart", "amount": 0, "free_shipping": True,
     "description": "Free shipping, any order."},
    {"id": 8011, "code": "mice5", "discount_type": "percent", "amount": 500, "product_categories": [MICE],
     "usage_limit": 100, "usage_count": 100, "description": "Launch code, fully used."},
    {"id": 8012, "code": "thanks5", "discount_type": "percent", "amount": 500, "usage_limit_per_user": 1,
     "used_by": ["repeat@example.com"], "usage_count": 1,
     "description": "Thank-you code, once per customer (repeat@example.com has used it)."},
]  # fmt: skip
