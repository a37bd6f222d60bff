"""The Custom Keyboard Builder (product 26907), its configurator and its add-on (31575).

Configurator rows (:class:`ConfiguratorEntry`): one row per layer (``is_choice``
False) followed by one row per choice of that layer. ``angle_id`` is the view angle
("front" or "top") the row's image is drawn for; layer rows carry their default
angle. ``extra_price`` is source text in EUR ("0", "19.90", deliberately "free" once:
non-numeric counts as 0, docs/spec.md section 5); ``extra_price_usd`` the USD text.
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import product, slugify
from services.catalog.demo.taxonomy import CUSTOM_KEYBOARD, KEYBOARDS

BUILDER_ID = 26907
ADDON_ID = 31575
BUILDER_PAGE = "/custom-keyboard-builder"

# layer id, layer name, angle, required, image family,
#   [(choice id, name, sku, extra EUR, extra USD, colour, flags)]
LAYERS: list[tuple[str, str, str, bool, str, list[tuple[str, str, str, str, str, str, dict[str, Any]]]]] = [
    ("case", "Case", "front", True, "keyboard", [
        ("case-black", "Anodised Onyx Black", "HV-CKB-CASE-BLK", "0", "0", "#15161a", {}),
        ("case-white", "Anodised Arctic White", "HV-CKB-CASE-WHT", "0", "0", "#f2f2f0", {}),
        ("case-red", "Anodised Ember Red", "HV-CKB-CASE-RED", "19.90", "21.90", "#c8102e", {}),
        ("case-blue", "Anodised Glacier Blue", "HV-CKB-CASE-BLU", "19.90", "21.90", "#7fb2d9",
         {"has_backorder": True}),
    ]),
    ("plate", "Plate", "top", True, "part", [
        ("plate-alu", "Aluminium plate", "HV-CKB-PLATE-ALU", "0", "0", "#9aa0ab", {}),
        ("plate-brass", "Brass plate", "HV-CKB-PLATE-BRS", "24.90", "27.90", "#c9a227",
         {"stock_status": "outofstock"}),
        ("plate-pc", "Polycarbonate plate", "HV-CKB-PLATE-PC", "free", "free", "#e8e8e6", {}),
    ]),
    ("switches", "Switches", "top", True, "switch", [
        ("sw-frost", "Frost Linear (45 gf)", "HV-CKB-SW-FROST", "0", "0", "#dfe9f2", {}),
        ("sw-ember", "Ember Tactile (58 gf)", "HV-CKB-SW-EMBER", "0", "0", "#c8102e", {}),
        ("sw-thunder", "Thunder Clicky (60 gf)", "HV-CKB-SW-THUNDER", "0", "0", "#7fb2d9", {}),
        ("sw-silent", "Silent Glide Linear (40 gf)", "HV-CKB-SW-SILENT", "9.90", "10.90", "#5b5f66", {}),
    ]),
    ("keycaps", "Keycaps", "top", True, "keyboard", [
        ("caps-fjord", "Fjord PBT Black", "HV-CKB-CAPS-FJORD", "0", "0", "#2b3a55", {}),
        ("caps-arctic", "Arctic PBT White", "HV-CKB-CAPS-ARCTIC", "0", "0", "#f2f2f0", {}),
        ("caps-ember", "Ember Doubleshot", "HV-CKB-CAPS-EMBER", "29.90", "32.90", "#c8102e", {}),
    ]),
    ("cable", "Cable", "front", False, "cable", [
        ("cable-none", "Standard USB-C cable", "HV-CKB-CABLE-STD", "0", "0", "#15161a", {}),
        ("cable-coil", "Coiled aviator cable", "HV-CKB-CABLE-COIL", "24.90", "27.90", "#c8102e", {}),
    ]),
]  # fmt: skip


def configurator_entries() -> list[dict[str, Any]]:
    """Return the ConfiguratorEntry dicts of product 26907 in display order.

    Each dict has the model's columns plus ``colour``/``family`` (image artwork);
    entry ids are 70001.. in list order, ``position`` 0.. likewise.
    """
    rows: list[dict[str, Any]] = []
    for layer_id, layer_name, angle, required, family, choices in LAYERS:
        rows.append(
            {
                "is_choice": False,
                "layer_id": layer_id,
                "choice_id": None,
                "angle_id": angle,
                "image": f"/media/configurator/{layer_id}.svg",
                "name": layer_name,
                "layer_name": layer_name,
                "sku": None,
                "extra_price": "0",
                "extra_price_usd": "0",
                "required": required,
                "colour": "#5b5f66",
                "family": family,
            }
        )
        for choice_id, name, sku, eur, usd, colour, flags in choices:
            rows.append(
                {
                    "is_choice": True,
                    "layer_id": layer_id,
                    "choice_id": choice_id,
                    "angle_id": angle,
                    "image": f"/media/configurator/{layer_id}-{choice_id}.svg",
                    "name": name,
                    "layer_name": layer_name,
                    "sku": sku,
                    "extra_price": eur,
                    "extra_price_usd": usd,
                    "required": required,
                    "stock_status": flags.get("stock_status", "instock"),
                    "has_backorder": flags.get("has_backorder", False),
                    "colour": colour,
                    "family": family,
                }
            )
    for position, row in enumerate(rows):
        row["id"] = 70001 + position
        row["position"] = position
    return rows


BUILDER_PRODUCTS: list[dict[str, Any]] = [
    product(
        BUILDER_ID, "Custom Keyboard Builder", "HV-CKB-BUILDER", [CUSTOM_KEYBOARD, KEYBOARDS], 14999, 15999,
        family="keyboard", colour="#2b3a55", featured=True, slug=slugify("Custom Keyboard Builder"),
        short="Build your own 75% keyboard: choose case, plate, switches, keycaps and cable.",
        specs=["Gasket-mounted 75% base kit with tri-mode PCB", "Hot-swap 5-pin sockets",
               "Assembled and tested in Gothenburg, ships in 5-7 business days"],
        is_configurable=True, configurator_link=BUILDER_PAGE, show_configurator_link=True,
        configurator=configurator_entries(), category_connection=CUSTOM_KEYBOARD,
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
