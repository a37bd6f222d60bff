"""Demo products: mousepads (1301..1306, variations 5301..) and merch (1501..1509: 1507 is a
grouped product, 1508 an external one, 1509 a virtual one; docs/spec.md section 10).

Prices in cents. Product 1503 (sticker pack) deliberately has no SKU: the cart drops
items without one (docs/spec.md section 4).
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import colour_attribute, managed, product, variation
from services.catalog.demo.taxonomy import (
    MERCH,
    MOUSEPADS,
    SW_BLACK,
    SW_BLUE,
    SW_RED,
    T_CONTROL,
    T_LIMITED,
    T_SPEED,
)

BLACK, WHITE, RED, BLUE, GREY = "#15161a", "#f2f2f0", "#c8102e", "#7fb2d9", "#5b5f66"

MOUSEPAD_PRODUCTS: list[dict[str, Any]] = [
    product(
        1301, "Fjord XL Control", "HV-MP-FJORD-XL", [MOUSEPADS], 3999, 3999,
        family="mousepad", colour=BLACK, type="variable",
        short="900 x 400 mm control cloth pad with stitched edges.",
        specs=["900 x 400 x 4 mm", "Tight-weave control cloth", "Natural rubber base", "Stitched, flat edges"],
        tags=[T_CONTROL],
        attributes=colour_attribute(["Black", "Red", "Glacier Blue"]),
        variations=[
            variation(5301, "Black", SW_BLACK, "HV-MP-FJORD-XL-BLK", 3999, 3999, order=0),
            variation(5302, "Red", SW_RED, "HV-MP-FJORD-XL-RED", 3499, 3499, order=1),
            variation(5303, "Glacier Blue", SW_BLUE, "HV-MP-FJORD-XL-BLU", 4299, 4299, order=2),
        ],
    ),
    product(
        1302, "Fjord M Control", "HV-MP-FJORD-M", [MOUSEPADS], 2499, 2499,
        family="mousepad", colour=BLACK,
        short="450 x 400 mm control pad for low-sensitivity players.",
        specs=["450 x 400 x 4 mm", "Control cloth", "Washable"], tags=[T_CONTROL],
        use_recommended_products_price=True,
        recommended_products_price_eur=2249, recommended_products_price_usd=2249,
    ),
    product(
        1303, "Glint Glass Pad", "HV-MP-GLINT", [MOUSEPADS], 6999, 7499,
        family="mousepad", colour=BLUE,
        short="Tempered glass speed surface, 500 x 400 mm.",
        specs=["Tempered glass, 4 mm", "Etched micro-texture", "Silicone feet"], tags=[T_SPEED], **managed(2),
    ),
    product(
        1304, "Tundra Hybrid", "HV-MP-TUNDRA", [MOUSEPADS], 3499, 3499, sale=(2799, 2799),
        family="mousepad", colour=WHITE,
        short="Hybrid weave for fast glide with predictable stops.",
        specs=["490 x 420 x 3 mm", "Hybrid polyester weave", "Moisture resistant coating"], tags=[T_SPEED],
    ),
    product(
        1305, "Fjord Desk Mat 1200", "HV-MP-FJORD-DESK", [MOUSEPADS], 4999, 4999,
        family="mousepad", colour=GREY,
        short="Full-desk 1200 x 600 mm mat for keyboard and mouse.",
        specs=["1200 x 600 x 4 mm", "Control cloth", "Stitched edges"],
    ),
    product(
        1306, "Aurora Speed XL", "HV-MP-AURORA-XL", [MOUSEPADS], 4499, 4499,
        family="mousepad", colour=RED,
        short="900 x 400 mm speed cloth with an Ember Red aurora print.",
        specs=["900 x 400 x 3 mm", "Smooth speed cloth", "Full-bleed print"], tags=[T_SPEED, T_LIMITED],
    ),
]  # fmt: skip

MERCH_PRODUCTS: list[dict[str, Any]] = [
    product(
        1501, "HALVARD Logo Tee", "HV-MR-TEE-LOGO", [MERCH], 2999, 2999,
        family="tshirt", colour=BLACK, image_count=2,
        short="Heavyweight organic cotton tee with the HALVARD wordmark.",
        specs=["220 g/m2 organic cotton", "Relaxed fit", "Screen-printed front"],
    ),
    product(
        1502, "Studio Hoodie", "HV-MR-HOODIE", [MERCH], 6999, 6999,
        family="hoodie", colour=GREY, image_count=2,
        short="Brushed-fleece hoodie, embroidered rune on the chest.",
        specs=["400 g/m2 brushed fleece", "Embroidered chest logo", "Kangaroo pocket"], **managed(3),
    ),
    product(
        1503, "Sticker Pack", None, [MERCH], 499, 499,
        family="part", colour=RED, image_count=2,
        short="Eight vinyl stickers, die-cut, matte finish.",
        specs=["8 stickers", "Weatherproof vinyl"],
    ),
    product(
        1504, "Rune Tee White", "HV-MR-TEE-RUNE", [MERCH], 2999, 2999, sale=(1999, 1999),
        family="tshirt", colour=WHITE, image_count=2,
        short="White tee with the rune pattern across the back.",
        specs=["Organic cotton", "Back print"],
    ),
    product(
        1505, "Team Jersey 2026", "HV-MR-JERSEY-26", [MERCH], 5999, 5999,
        family="tshirt", colour=RED, image_count=2,
        short="Official 2026 jersey of our partner teams.",
        specs=["Recycled polyester", "Sublimated print", "Name printing on request"], tags=[T_LIMITED],
    ),
    product(
        1506, "Keycap Keychain", "HV-MR-KEYCHAIN", [MERCH], 999, 999,
        family="part", colour=BLUE, image_count=2,
        short="Translucent Escape keycap on a working switch, as a keychain.",
        specs=["Frost Linear switch", "Stainless steel ring"],
    ),
    # docs/spec.md section 10: a grouped product (its page sells its children, never itself),
    # an external product (sold by a partner shop) and a virtual one (no shipping)
    product(
        1507, "Desk Starter Set", "HV-MR-STARTER-SET", [MERCH], 0, 0,
        family="mousepad", colour=GREY, image_count=2, type="grouped", grouped_ids=[1302, 1506, 1501],
        regular_price_eur=None, regular_price_usd=None,  # no price of its own
        short="A control pad, a keychain and a tee: everything for a fresh desk, added one by one.",
        specs=["Fjord M Control pad", "Keycap Keychain", "HALVARD Logo Tee"],
    ),
    product(
        1508, "Partner Gaming Chair", "HV-MR-PARTNER-CHAIR", [MERCH], 24999, 26999,
        family="hoodie", colour=BLACK, image_count=2, type="external",
        external_url="https://partner.example.com/halvard-gaming-chair", button_text="Buy at our partner",
        short="An ergonomic chair from our partner, sold and shipped by their shop.",
        specs=["4D armrests", "Cold-foam seat", "Sold by our partner"],
    ),
    product(
        1509, "Digital Gift Card 25", "HV-MR-GIFT-25", [MERCH], 2500, 2500,
        family="part", colour=RED, image_count=2, virtual=True,
        short="A gift card code sent by email: nothing to ship.",
        specs=["Worth 25.00 in the shop", "Sent by email", "Valid for 3 years"],
    ),
]  # fmt: skip
