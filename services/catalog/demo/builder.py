"""The Custom Keyboard Builder (product 26907) and its add-on (31575).

The builder's configurator (layers, choices, rules, art) is
:func:`services.configurator.demo.demo_configurators` (docs/spec.md section 2.13).
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import product, slugify
from services.catalog.demo.taxonomy import CUSTOM_KEYBOARD, KEYBOARDS

BUILDER_ID = 26907
ADDON_ID = 31575
BUILDER_PAGE = "/custom-keyboard-builder"

BUILDER_PRODUCTS: list[dict[str, Any]] = [
    product(
        BUILDER_ID, "Custom Keyboard Builder", "HV-CKB-BUILDER", [CUSTOM_KEYBOARD, KEYBOARDS], 14999, 15999,
        family="keyboard", colour="#2b3a55", featured=True, slug=slugify("Custom Keyboard Builder"),
        short="Build your own 75% keyboard: choose case, plate, switches, keycaps and cable.",
        specs=["Gasket-mounted 75% base kit with tri-mode PCB", "Hot-swap 5-pin sockets",
               "Assembled and tested in Gothenburg, ships in 5-7 business days"],
        is_configurable=True, configurator_link=BUILDER_PAGE, show_configurator_link=True,
        category_connection=CUSTOM_KEYBOARD,
        cross_sell_ids=[ADDON_ID, 1111],
        info_field="Every build is assembled by hand and tested key by key before it ships.",
    ),
    product(
        ADDON_ID, "Builder Switch Puller & Lube Kit", "HV-CKB-PULLER-LUBE", [CUSTOM_KEYBOARD], 1499, 1499,
        family="part", colour="#c9a227", image_count=2,
        short="Switch puller, keycap puller, Krytox 205g0 and a brush. One per builder keyboard.",
        specs=["Stainless steel switch puller", "Wire keycap puller", "5 ml Krytox 205g0 lube and brush"],
        info_field="Limited to one kit per Custom Keyboard Builder in your cart.",
    ),
]  # fmt: skip
