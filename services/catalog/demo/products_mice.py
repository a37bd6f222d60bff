"""Demo products: mice, mouse accessories, custom mouse parts and mouse spare parts.

Ids 1201..1232, variations 5201... Prices in cents.
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import OUT_OF_STOCK, colour_attribute, managed, product, variation
from services.catalog.demo.taxonomy import (
    CUSTOM_MOUSE,
    F_24GHZ,
    F_BLACK,
    F_BLACK_RED,
    F_BT,
    F_LIGHT,
    F_LONG_BATTERY,
    F_RED,
    F_STANDARD,
    F_ULTRALIGHT,
    F_WHITE,
    F_WIRED,
    MICE,
    MOUSE_ACC,
    MOUSE_SPARE,
    SW_BLACK,
    SW_RED,
    SW_WHITE,
    T_ERGO,
    T_ULTRALIGHT,
    T_WIRED,
    T_WIRELESS,
)

BLACK, WHITE, RED, GREY = "#15161a", "#f2f2f0", "#c8102e", "#5b5f66"

MOUSE_PRODUCTS: list[dict[str, Any]] = [
    product(
        1201, "Vali Pro Wireless", "HV-MS-VALIPRO", [MICE], 13999, 14999,
        family="mouse", colour=BLACK, type="variable", featured=True,
        short="54 gram symmetrical wireless mouse with a 26,000 DPI sensor and 4000 Hz polling.",
        specs=[
            "HALVARD Nova 26K optical sensor, 100 to 26,000 DPI, 650 IPS, 50 G",
            "2.4 GHz wireless up to 4000 Hz polling (dongle included), USB-C wired 1000 Hz",
            "54 g, 124 x 64 x 39 mm, symmetrical shape",
            "Optical main switches rated for 100 million clicks",
            "Up to 95 hours battery at 1000 Hz",
        ],
        tags=[T_WIRELESS, T_ULTRALIGHT], filters=[F_24GHZ, F_LONG_BATTERY, F_ULTRALIGHT, F_BLACK, F_WHITE, F_RED],
        attributes=colour_attribute(["Black", "White", "Red"]),
        variations=[
            variation(5201, "Black", SW_BLACK, "HV-MS-VALIPRO-BLK", 13999, 14999, order=0),
            variation(5202, "White", SW_WHITE, "HV-MS-VALIPRO-WHT", 13999, 14999, order=1,
                      sale=(12999, 13999)),
            variation(5203, "Red", SW_RED, "HV-MS-VALIPRO-RED", 14999, 15999, order=2, **OUT_OF_STOCK),
        ],
        cross_sell_ids=[1211, 1302, 1231],
        upsell_ids=[1202, 1206],  # linked products: the wired and the mini version
        recommended_product_ids=[1302, 1211],
        recommended_products_discount=10,
        activate_recommended_products_discount=True,
        recommended_products_title="Glide further",
        recommended_products_text_area="<p>A control pad and a paracord cable for wired sessions: "
        "10 % off when added with the Vali Pro.</p>",
        special_notice={"text": "Winner: Best Wireless Mouse 2025", "background_colour": "#15161a",
                        "text_colour": "#f2f2f0"},
    ),
    product(
        1202, "Vali Wired", "HV-MS-VALI-WRD", [MICE], 6999, 6999, sale=(5499, 5499),
        family="mouse", colour=WHITE,
        short="49 gram wired version of the Vali shape with an ultra-flexible cable.",
        specs=["Nova 26K sensor, up to 26,000 DPI", "8000 Hz polling", "49 g", "1.8 m paracord cable"],
        tags=[T_ULTRALIGHT, T_WIRED], filters=[F_WIRED, F_ULTRALIGHT, F_WHITE], upsell_ids=[1201, 1206],
    ),
    product(
        1203, "Skadi Ergo Wireless", "HV-MS-SKADI-W", [MICE], 14999, 15999,
        family="mouse", colour=BLACK, type="variable",
        short="Right-handed ergonomic wireless mouse at 72 grams.",
        specs=["Nova 26K sensor, 26,000 DPI", "2.4 GHz up to 4000 Hz and Bluetooth 5.3",
               "72 g, 128 x 68 x 44 mm", "Up to 110 hours battery"],
        tags=[T_WIRELESS, T_ERGO], filters=[F_24GHZ, F_BT, F_LONG_BATTERY, F_LIGHT, F_BLACK, F_WHITE],
        upsell_ids=[1204],
        attributes=colour_attribute(["Black", "White"]),
        variations=[
            variation(5211, "Black", SW_BLACK, "HV-MS-SKADI-W-BLK", 14999, 15999, order=0),
            variation(5212, "White", SW_WHITE, "HV-MS-SKADI-W-WHT", 15999, 16999, order=1, **managed(2)),
        ],
        colour_variations=[
            {"colour": "#15161a", "name": "Black", "variation_id": 5211},
            {"colour": "#f2f2f0", "name": "White", "variation_id": 5212},
        ],
    ),
    product(
        1204, "Skadi Ergo Wired", "HV-MS-SKADI-WRD", [MICE], 7999, 7999,
        family="mouse", colour=GREY,
        short="Ergonomic wired mouse, 68 grams, for palm grip.",
        specs=["Nova 26K sensor", "8000 Hz polling", "68 g", "Five programmable buttons"],
        tags=[T_ERGO, T_WIRED], filters=[F_WIRED, F_LIGHT, F_BLACK], upsell_ids=[1203], **managed(1),
    ),
    product(
        1205, "Fenrir 8K", "HV-MS-FENRIR-8K", [MICE], 11999, 12999,
        family="mouse", colour=RED,
        short="Competition mouse with 8000 Hz wireless polling and a low-slung shape.",
        specs=["8000 Hz wireless polling", "Nova 26K sensor", "61 g", "Up to 40 hours at 8000 Hz"],
        filters=[F_24GHZ, F_LIGHT, F_BLACK_RED],
    ),
    product(
        1206, "Vali Mini", "HV-MS-VALI-MINI", [MICE], 11999, 12999,
        family="mouse", colour=WHITE,
        short="Smaller Vali for claw and fingertip grip: 46 grams.",
        specs=["Nova 26K sensor", "2.4 GHz up to 4000 Hz", "46 g, 117 x 60 x 37 mm"],
        tags=[T_ULTRALIGHT, T_WIRELESS], filters=[F_24GHZ, F_ULTRALIGHT, F_WHITE], upsell_ids=[1201, 1202],
        special_notice={"text": "Back in stock", "background_colour": "#7fb2d9", "text_colour": "#15161a"},
    ),
    product(
        1207, "Hel Ambidextrous", "HV-MS-HEL-AMBI", [MICE], 9999, 9999, status="pending",
        family="mouse", colour=BLACK,
        short="Ambidextrous shape with side buttons on both sides. Awaiting review.",
        specs=["Nova 26K sensor", "58 g", "Side buttons on both sides"], tags=[T_ULTRALIGHT],
    ),
    product(
        1208, "Sleipnir MMO", "HV-MS-SLEIPNIR", [MICE], 8999, 9999,
        family="mouse", colour=BLACK,
        short="Twelve-button side panel for MMO and MOBA players.",
        specs=["12 mechanical side buttons", "Nova 26K sensor", "98 g with adjustable weights"],
        filters=[F_WIRED, F_STANDARD, F_BLACK],
        # its configurator (shell, side panel, buttons, grip tape, skates) opens on its own page
        is_configurable=True, show_configurator_link=True, configurator_link="/mice/sleipnir-mmo",
    ),
    # Mouse accessories
    product(
        1211, "Paracord Mouse Cable", "HV-MA-PARACORD", [MOUSE_ACC], 1999, 1999,
        family="cable", colour=RED, image_count=2,
        short="Ultra-flexible USB-C paracord cable for wired play and charging.",
        specs=["1.8 m", "USB-C to USB-A", "Works with Vali and Skadi"],
        use_recommended_products_price=True,
        recommended_products_price_eur=1799, recommended_products_price_usd=1799,
    ),
    product(
        1212, "Grip Tape Set", "HV-MA-GRIP", [MOUSE_ACC], 999, 999,
        family="part", colour=BLACK, image_count=2,
        short="Pre-cut 0.5 mm grip tape for Vali, Vali Mini and Skadi.",
        specs=["0.5 mm textured polymer", "Pre-cut for three shapes"],
    ),
    product(
        1213, "Magnetic Charging Dock", "HV-MA-DOCK", [MOUSE_ACC], 3499, 3499,
        family="part", colour=GREY, image_count=2,
        short="Magnetic charging dock with built-in 4000 Hz receiver.",
        specs=["Pogo-pin magnetic charging", "Doubles as 4000 Hz receiver extender"], **managed(3),
    ),
    # Custom mouse parts
    product(
        1221, "Vali Pro Magnesium Shell", "HV-CM-VALI-MG", [CUSTOM_MOUSE], 4999, 5499,
        family="mouse", colour="#9aa0ab", image_count=2,
        short="Honeycomb-free magnesium alloy top shell for the Vali Pro, saves 6 grams.",
        specs=["Magnesium alloy", "Drops the Vali Pro to 48 g", "Tool-free clip mount"],
    ),
    product(
        1222, "Optical Switch Pair", "HV-CM-OPT-SW", [CUSTOM_MOUSE], 1499, 1499,
        family="switch", colour=BLACK, image_count=2,
        short="Replacement optical main switches, pair.",
        specs=["Optical, 100 million clicks", "Fits Vali and Skadi"],
    ),
    # Mouse spare parts
    product(
        1231, "PTFE Skates for Vali Pro", "HV-MSP-SKATES-VALI", [MOUSE_SPARE], 1299, 1299,
        family="part", colour=WHITE, image_count=2,
        short="Pure PTFE skates with rounded edges, two sets.",
        specs=["100 % virgin PTFE", "0.8 mm", "Two full sets"],
    ),
    product(
        1232, "Replacement 4K Receiver", "HV-MSP-RECEIVER", [MOUSE_SPARE], 1999, 1999,
        family="cable", colour=BLACK, image_count=2,
        short="Spare 4000 Hz USB-C receiver for Vali Pro, Vali Mini and Skadi.",
        specs=["USB-C with USB-A adapter", "Pairs in the HALVARD app"],
    ),
]  # fmt: skip
