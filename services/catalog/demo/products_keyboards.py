"""Demo products: keyboards, keyboard accessories, switches, custom parts and spare parts.

Ids 1101..1142, variations 5101... The Custom Keyboard Builder (26907) and its add-on
(31575) live in :mod:`services.catalog.demo.builder`. Prices in cents.
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import (
    NOTIFY_OUT,
    backorder,
    colour_attribute,
    managed,
    product,
    variation,
)
from services.catalog.demo.taxonomy import (
    CUSTOM_KEYBOARD,
    F_24GHZ,
    F_65,
    F_75,
    F_BLACK,
    F_BLACK_RED,
    F_BLUE,
    F_BT,
    F_FULL,
    F_LONG_BATTERY,
    F_RED,
    F_TKL,
    F_WHITE,
    F_WHITE_BLUE,
    F_WIRED,
    KEYBOARD_ACC,
    KEYBOARD_SPARE,
    KEYBOARD_SWITCHES,
    KEYBOARDS,
    SW_BLACK,
    SW_BLUE,
    SW_WHITE,
    T_75,
    T_FULL,
    T_LIMITED,
    T_TKL,
    T_WIRED,
    T_WIRELESS,
)

BLACK, WHITE, RED, BLUE, GREY = "#15161a", "#f2f2f0", "#c8102e", "#7fb2d9", "#5b5f66"
BUILDER_ID = 26907

KEYBOARD_PRODUCTS: list[dict[str, Any]] = [
    product(
        1101, "Odin 75 Wireless", "HV-KB-ODIN75W", [KEYBOARDS], 15999, 16999,
        family="keyboard", colour=BLACK, type="variable", featured=True,
        short="Gasket-mounted 75% keyboard with tri-mode wireless and hot-swap sockets.",
        specs=[
            "75% layout, 82 keys, south-facing RGB",
            "Tri-mode: 2.4 GHz (1000 Hz polling), Bluetooth 5.3, USB-C wired",
            "Hot-swap 5-pin sockets, pre-lubed Frost Linear switches (45 gf)",
            "4000 mAh battery, up to 120 hours with RGB off",
            "CNC aluminium case, 1.9 kg",
        ],
        tags=[T_WIRELESS, T_75],
        filters=[F_24GHZ, F_BT, F_WIRED, F_LONG_BATTERY, F_75, F_BLACK, F_WHITE, F_BLUE],
        attributes=colour_attribute(["Black", "White", "Glacier Blue"]),
        variations=[
            variation(5101, "Black", SW_BLACK, "HV-KB-ODIN75-BLK", 15999, 16999, order=0),
            variation(5102, "White", SW_WHITE, "HV-KB-ODIN75-WHT", 15999, 16999, order=1,
                      sale=(14499, 15499)),
            variation(5103, "Glacier Blue", SW_BLUE, "HV-KB-ODIN75-BLU", 16999, 17999, order=2,
                      **managed(1)),
        ],
        colour_variations=[
            {"colour": "#15161a", "name": "Black", "variation_id": 5101},
            {"colour": "#f2f2f0", "name": "White", "variation_id": 5102},
            {"colour": "#7fb2d9", "name": "Glacier Blue", "variation_id": 5103},
        ],
        cross_sell_ids=[1111, 1112, 1121],
        upsell_ids=[1102],  # linked product: the wired version
        recommended_product_ids=[1111, 1121],
        recommended_products_discount=15,
        activate_recommended_products_discount=True,
        recommended_products_title="Make it yours",
        recommended_products_text_area="<p>Pair the Odin 75 with a walnut wrist rest and a pack of "
        "Frost Linear switches: 15 % off both when bought together.</p>",
        show_configurator_link=True,
        configurator_link="/custom-keyboard-builder",
        configurator_modal={
            "active": True,
            "header": "Want to build your own?",
            "body": "<p>Pick the case, plate, switches and keycaps in the Custom Keyboard Builder.</p>",
            "product_ids": [BUILDER_ID],
        },
        category_connection=KEYBOARD_ACC,
        info_field="Free 2-year warranty. Keycaps are doubleshot PBT.",
    ),
    product(
        1102, "Odin 75 Wired", "HV-KB-ODIN75-WRD", [KEYBOARDS], 11999, 12999, sale=(9999, 10999),
        family="keyboard", colour=GREY,
        short="The Odin 75 without the radio: USB-C, 8000 Hz polling, same gasket mount.",
        specs=["75% layout, 82 keys", "USB-C wired, 8000 Hz polling", "Hot-swap 5-pin sockets",
               "Polycarbonate case, 1.1 kg"],
        tags=[T_75, T_WIRED], filters=[F_WIRED, F_75, F_BLACK], upsell_ids=[1101],
        show_both_configure_and_buy=True, show_configurator_link=True,
        configurator_link="/custom-keyboard-builder",
    ),
    product(
        1103, "Tyr TKL", "HV-KB-TYR-TKL", [KEYBOARDS], 13999, 14999,
        family="keyboard", colour=BLACK,
        short="Tenkeyless magnetic Hall-effect keyboard with adjustable actuation.",
        specs=["Tenkeyless, 87 keys", "Hall-effect switches, actuation 0.1 to 4.0 mm",
               "Rapid trigger, 8000 Hz polling", "USB-C detachable cable"],
        tags=[T_TKL], filters=[F_WIRED, F_TKL, F_BLACK_RED], **managed(3),
    ),
    product(
        1104, "Mjolnir Full Size", "HV-KB-MJOLNIR", [KEYBOARDS], 12999, 13999,
        family="keyboard", colour=BLACK,
        short="Full-size mechanical keyboard with media dial and numpad.",
        specs=["Full size, 104 keys, ISO and ANSI", "Ember Tactile switches", "Aluminium volume dial",
               "USB-C, 1000 Hz polling"],
        tags=[T_FULL, T_WIRED], filters=[F_WIRED, F_FULL, F_BLACK],
    ),
    product(
        1105, "Mjolnir Full Size Wireless", "HV-KB-MJOLNIR-W", [KEYBOARDS], 16999, 17999,
        family="keyboard", colour=WHITE,
        short="The full-size Mjolnir with 2.4 GHz and Bluetooth. Next batch ships in April.",
        specs=["Full size, 104 keys", "2.4 GHz and Bluetooth 5.3", "Up to 200 hours battery",
               "Frost Linear switches"],
        tags=[T_FULL, T_WIRELESS], filters=[F_24GHZ, F_BT, F_LONG_BATTERY, F_FULL, F_WHITE],
        **backorder(-4),
    ),
    product(
        1106, "Freya 65", "HV-KB-FREYA65", [KEYBOARDS], 10999, 11999,
        family="keyboard", colour=BLUE,
        short="65% keyboard in two-tone White and Glacier Blue.",
        specs=["65% layout, 68 keys", "Silent Glide Linear switches", "Bluetooth 5.3 and USB-C", "880 g"],
        filters=[F_BT, F_WIRED, F_65, F_WHITE_BLUE],
        special_notice={"text": "New colourway: White / Glacier Blue", "background_colour": "#7fb2d9",
                        "text_colour": "#15161a"},
        btn_fade={"type": "text", "button": "Add to cart", "first": "Ships in 1-2 business days",
                  "second": "Keycap and switch puller in the box"},
    ),
    product(
        1107, "Odin 75 Ember Edition", "HV-KB-ODIN75-EMBER", [KEYBOARDS], 18999, 19999,
        family="keyboard", colour=RED, availability="coming_soon",
        short="Limited run of 500 Odin 75 in anodised Ember Red. Coming soon.",
        specs=["Anodised Ember Red case", "Brass plate", "Numbered badge"],
        tags=[T_75, T_LIMITED, T_WIRELESS], filters=[F_24GHZ, F_75, F_RED],
    ),
    product(
        1108, "Loki 60 Compact", "HV-KB-LOKI60", [KEYBOARDS], 7999, 8999,
        family="keyboard", colour=GREY,
        short="60% travel keyboard with a folding cable channel.",
        specs=["60% layout, 61 keys", "Thunder Clicky switches", "USB-C, 620 g"],
        filters=[F_WIRED, F_BLACK], **NOTIFY_OUT,
    ),
    # Keyboard accessories
    product(
        1111, "Walnut Wrist Rest 75%", "HV-KA-WRIST-75", [KEYBOARD_ACC], 3499, 3999,
        family="part", colour="#7a4a2a", image_count=2,
        short="Solid walnut wrist rest sized for 75% keyboards.",
        specs=["Solid American walnut, oiled", "325 x 75 x 18 mm", "Cork base"],
        use_recommended_products_price=True,
        recommended_products_price_eur=2974, recommended_products_price_usd=3399,
    ),
    product(
        1112, "Coiled Aviator Cable", "HV-KA-COIL-AVI", [KEYBOARD_ACC], 2999, 2999,
        family="cable", colour=RED, image_count=2,
        short="USB-C coiled cable with a GX16 aviator connector.",
        specs=["1.8 m total, 30 cm coil", "Paracord sleeving", "USB-C to USB-A adapter included"],
    ),
    product(
        1113, "Keyboard Travel Case", "HV-KA-CASE", [KEYBOARD_ACC], 3999, 3999,
        family="part", colour=GREY, image_count=2,
        short="Padded hard case for 60% to TKL keyboards.",
        specs=["Fits up to 370 x 150 mm", "Separate cable pocket"],
    ),
    # Switches
    product(
        1121, "Frost Linear Switches (90 pack)", "HV-SW-FROST-90", [KEYBOARD_SWITCHES], 3999, 3999,
        family="switch", colour="#dfe9f2", image_count=2,
        short="Factory-lubed linear switches, 45 gf actuation.",
        specs=["Linear, 45 gf actuation / 55 gf bottom-out", "3.6 mm total travel",
               "POM stem, PC top, nylon bottom", "5-pin"],
        use_recommended_products_price=True,
        recommended_products_price_eur=3399, recommended_products_price_usd=3399,
    ),
    product(
        1122, "Ember Tactile Switches (90 pack)", "HV-SW-EMBER-90", [KEYBOARD_SWITCHES], 4299, 4299,
        family="switch", colour=RED, image_count=2,
        short="Rounded tactile bump at 58 gf, lubed from the factory.",
        specs=["Tactile, 58 gf peak", "4.0 mm travel", "5-pin"],
    ),
    product(
        1123, "Thunder Clicky Switches (35 pack)", "HV-SW-THUNDER-35", [KEYBOARD_SWITCHES], 1999, 1999,
        family="switch", colour=BLUE, image_count=2,
        short="Click-bar clicky switches for a crisp, loud sound.",
        specs=["Clicky, 60 gf", "Click bar mechanism", "3-pin"],
    ),
    product(
        1124, "Silent Glide Linear (35 pack)", "HV-SW-SILENT-35", [KEYBOARD_SWITCHES], 2299, 2299,
        family="switch", colour=GREY, image_count=2,
        short="Dampened linear switches for the office.",
        specs=["Linear, 40 gf", "Silicone dampeners top and bottom", "5-pin"], **managed(1),
    ),
    # Custom keyboard parts
    product(
        1131, "Odin 75 Aluminium Case", "HV-CK-CASE-75", [CUSTOM_KEYBOARD], 8999, 9999,
        family="keyboard", colour=GREY, image_count=2,
        short="CNC aluminium 75% case, gasket mount, bare.",
        specs=["6063 aluminium, bead-blasted and anodised", "Gasket mount, 6.5 degree typing angle", "1.4 kg"],
    ),
    product(
        1132, "Fjord PBT Keycap Set", "HV-CK-KEYCAPS-FJORD", [CUSTOM_KEYBOARD], 4999, 5499,
        family="keyboard", colour="#2b3a55", image_count=2,
        short="Doubleshot PBT keycaps, Cherry profile, 147 keys.",
        specs=["1.5 mm doubleshot PBT", "Cherry profile", "Covers ANSI and ISO, 60% to full size"],
    ),
    # Keyboard spare parts
    product(
        1141, "Screw-in Stabiliser Set", "HV-KS-STABS", [KEYBOARD_SPARE], 1999, 1999,
        family="part", colour=GREY, image_count=2,
        short="PCB screw-in stabilisers, pre-lubed and clipped.",
        specs=["4 x 2u and 1 x 6.25u", "Gold-plated wires"],
    ),
    product(
        1142, "Silicone Feet Replacement Set", "HV-KS-FEET", [KEYBOARD_SPARE], 799, 799,
        family="part", colour=BLACK, image_count=2,
        short="Replacement silicone feet for Odin and Mjolnir keyboards.",
        specs=["Set of 6", "3M adhesive"],
    ),
]  # fmt: skip
