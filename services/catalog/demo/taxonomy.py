"""Demo taxonomy: categories, tags, category tag groups, filters and colour swatches.

Plain data (lists of dicts whose keys are model column names). Ids are fixed: the
six main category ids come from the spec (section 2), the accessory and spare-part
categories use 301..310, tags 501.., filters 401.., swatches 601...
"""

from __future__ import annotations

from typing import Any

# Main category ids (docs/spec.md section 2).
HEADSETS, KEYBOARDS, MICE, MOUSEPADS, MICROPHONES, MERCH = 25, 15, 16, 17, 223, 40
# Our own sub-category ids.
HEADSET_ACC, HEADSET_SPARE = 301, 302
KEYBOARD_ACC, KEYBOARD_SWITCHES, CUSTOM_KEYBOARD, KEYBOARD_SPARE = 303, 304, 305, 306
MOUSE_ACC, CUSTOM_MOUSE, MOUSE_SPARE = 307, 308, 309
MIC_ACC = 310

CATEGORIES: list[dict[str, Any]] = [
    # Parents first: the loader inserts in list order (foreign keys on PostgreSQL).
    {"id": HEADSETS, "name": "Headsets", "slug": "headsets", "menu_order": 1,
     "description": "<p>Closed-back and open-back gaming headsets tuned for positional audio.</p>"},
    {"id": KEYBOARDS, "name": "Keyboards", "slug": "keyboards", "menu_order": 2,
     "description": "<p>Hot-swappable mechanical keyboards, from compact 75% boards to full size.</p>"},
    {"id": MICE, "name": "Mice", "slug": "mice", "menu_order": 3,
     "description": "<p>Ultralight and ergonomic gaming mice with low-latency wireless.</p>"},
    {"id": MOUSEPADS, "name": "Mousepads", "slug": "mousepads", "menu_order": 4,
     "description": "<p>Cloth and hybrid surfaces for speed or control.</p>"},
    {"id": MICROPHONES, "name": "Microphones", "slug": "microphones", "menu_order": 5,
     "description": "<p>USB and XLR microphones for streaming, podcasts and team comms.</p>"},
    {"id": MERCH, "name": "Merch", "slug": "merch", "menu_order": 6,
     "description": "<p>Apparel and desk goods from the HALVARD studio in Gothenburg.</p>"},
    {"id": HEADSET_ACC, "name": "Headset accessories", "slug": "headset-accessories", "parent_id": HEADSETS,
     "menu_order": 10, "description": "<p>Stands, cables and cases for your headset.</p>"},
    {"id": HEADSET_SPARE, "name": "Headset spare parts", "slug": "headset-spare-parts", "parent_id": HEADSETS,
     "menu_order": 11, "description": "<p>Ear pads, headbands and boom mics to keep your headset going.</p>"},
    {"id": KEYBOARD_ACC, "name": "Keyboard accessories", "slug": "keyboard-accessories", "parent_id": KEYBOARDS,
     "menu_order": 12, "description": "<p>Wrist rests, coiled cables and travel cases.</p>"},
    {"id": KEYBOARD_SWITCHES, "name": "Keyboard switches", "slug": "keyboard-switches", "parent_id": KEYBOARDS,
     "menu_order": 13, "description": "<p>Linear, tactile and clicky switches in packs of 35 and 90.</p>"},
    {"id": CUSTOM_KEYBOARD, "name": "Custom keyboard parts", "slug": "custom-keyboard-parts", "parent_id": KEYBOARDS,
     "menu_order": 14, "description": "<p>Cases, plates and keycaps for building your own board.</p>"},
    {"id": KEYBOARD_SPARE, "name": "Keyboard spare parts", "slug": "keyboard-spare-parts", "parent_id": KEYBOARDS,
     "menu_order": 15, "description": "<p>Stabilisers, feet and replacement PCBs.</p>"},
    {"id": MOUSE_ACC, "name": "Mouse accessories", "slug": "mouse-accessories", "parent_id": MICE,
     "menu_order": 16, "description": "<p>Paracord cables, grip tape and charging docks.</p>"},
    {"id": CUSTOM_MOUSE, "name": "Custom mouse parts", "slug": "custom-mouse-parts", "parent_id": MICE,
     "menu_order": 17, "description": "<p>Shells and switches to tune your mouse.</p>"},
    {"id": MOUSE_SPARE, "name": "Mouse spare parts", "slug": "mouse-spare-parts", "parent_id": MICE,
     "menu_order": 18, "description": "<p>PTFE skates, scroll wheels and receivers.</p>"},
    {"id": MIC_ACC, "name": "Microphone accessories", "slug": "mic-accessories", "parent_id": MICROPHONES,
     "menu_order": 19, "description": "<p>Boom arms, shock mounts and pop filters.</p>"},
]  # fmt: skip

# The 16 category routes of docs/spec.md section 2 (every one must hold published products).
CATEGORY_ROUTE_SLUGS: tuple[str, ...] = tuple(c["slug"] for c in CATEGORIES)

# Tag ids.
T_WIRELESS, T_75, T_FULL, T_ULTRALIGHT, T_ERGO, T_WIRED, T_TKL, T_LIMITED, T_CONTROL, T_SPEED = range(
    501, 511
)

TAGS: list[dict[str, Any]] = [
    {"id": T_WIRELESS, "name": "Wireless", "slug": "wireless"},
    {"id": T_75, "name": "75% layout", "slug": "75-layout"},
    {"id": T_FULL, "name": "Full size", "slug": "full-size"},
    {"id": T_ULTRALIGHT, "name": "Ultralight", "slug": "ultralight"},
    {"id": T_ERGO, "name": "Ergonomic", "slug": "ergonomic"},
    {"id": T_WIRED, "name": "Wired", "slug": "wired"},
    {"id": T_TKL, "name": "Tenkeyless", "slug": "tenkeyless"},
    {"id": T_LIMITED, "name": "Limited edition", "slug": "limited-edition"},
    {"id": T_CONTROL, "name": "Control", "slug": "control"},
    {"id": T_SPEED, "name": "Speed", "slug": "speed"},
]

# Category page groups (docs/spec.md section 2): products in no group land in 'Others'.
TAG_GROUPS: list[dict[str, Any]] = [
    {"id": 551, "category_id": KEYBOARDS, "tag_id": T_WIRELESS, "position": 0,
     "description": "Wireless keyboards: tri-mode 2.4 GHz, Bluetooth 5.3 and USB-C"},
    {"id": 552, "category_id": KEYBOARDS, "tag_id": T_75, "position": 1,
     "description": "75% layout: function row and arrows, nothing you do not need"},
    {"id": 553, "category_id": KEYBOARDS, "tag_id": T_FULL, "position": 2,
     "description": "Full size: numpad included, for work and play"},
    {"id": 554, "category_id": MICE, "tag_id": T_ULTRALIGHT, "position": 0,
     "description": "Ultralight: under 60 grams for fast flicks"},
    {"id": 555, "category_id": MICE, "tag_id": T_ERGO, "position": 1,
     "description": "Ergonomic: right-handed shapes for palm grip"},
    {"id": 556, "category_id": HEADSETS, "tag_id": T_WIRELESS, "position": 0,
     "description": "Wireless headsets with 2.4 GHz and Bluetooth"},
    {"id": 557, "category_id": HEADSETS, "tag_id": T_WIRED, "position": 1,
     "description": "Wired headsets: 3.5 mm and USB-C, zero batteries"},
    {"id": 558, "category_id": MOUSEPADS, "tag_id": T_CONTROL, "position": 0,
     "description": "Control surfaces: more stopping power"},
    {"id": 559, "category_id": MOUSEPADS, "tag_id": T_SPEED, "position": 1,
     "description": "Speed surfaces: low static friction"},
]  # fmt: skip

# Filter ids: top-level groups 401..404, children 411...
F_CONNECTIVITY, F_COLOUR, F_LAYOUT, F_WEIGHT = 401, 402, 403, 404
F_WIRED, F_24GHZ, F_BT, F_OTHER_CONN, F_LONG_BATTERY = 411, 412, 413, 414, 415
F_BLACK, F_WHITE, F_RED, F_BLUE, F_BLACK_RED, F_WHITE_BLUE = 421, 422, 423, 424, 425, 426
F_FULL, F_TKL, F_75, F_65 = 431, 432, 433, 434
F_ULTRALIGHT, F_LIGHT, F_STANDARD = 441, 442, 443

FILTERS: list[dict[str, Any]] = [
    {"id": F_CONNECTIVITY, "name": "Connectivity", "slug": "connectivity", "position": 0},
    {"id": F_COLOUR, "name": "Colour", "slug": "colour", "position": 1},
    {"id": F_LAYOUT, "name": "Layout", "slug": "layout", "position": 2},
    {"id": F_WEIGHT, "name": "Weight class", "slug": "weight-class", "position": 3},
    {"id": F_WIRED, "parent_id": F_CONNECTIVITY, "name": "Wired (USB-C)", "slug": "wired-usb-c", "position": 0},
    {"id": F_24GHZ, "parent_id": F_CONNECTIVITY, "name": "2.4 GHz wireless", "slug": "2-4-ghz-wireless", "position": 1},
    {"id": F_BT, "parent_id": F_CONNECTIVITY, "name": "Bluetooth 5.3", "slug": "bluetooth-5-3", "position": 2},
    {"id": F_OTHER_CONN, "parent_id": F_CONNECTIVITY, "name": "Other", "slug": "other-connectivity",
     "position": None, "order_last": True},
    # Only meaningful once "2.4 GHz wireless" is picked.
    {"id": F_LONG_BATTERY, "parent_id": F_CONNECTIVITY, "name": "100 h+ battery", "slug": "100-h-battery",
     "position": 3, "depends_on": F_24GHZ},
    {"id": F_BLACK, "parent_id": F_COLOUR, "name": "Onyx Black", "slug": "onyx-black", "position": 0,
     "is_colour": True, "colour_amount": "one", "first_colour": "#15161a"},
    {"id": F_WHITE, "parent_id": F_COLOUR, "name": "Arctic White", "slug": "arctic-white", "position": 1,
     "is_colour": True, "colour_amount": "one", "first_colour": "#f2f2f0"},
    {"id": F_RED, "parent_id": F_COLOUR, "name": "Ember Red", "slug": "ember-red", "position": 2,
     "is_colour": True, "colour_amount": "one", "first_colour": "#c8102e"},
    {"id": F_BLUE, "parent_id": F_COLOUR, "name": "Glacier Blue", "slug": "glacier-blue", "position": 3,
     "is_colour": True, "colour_amount": "one", "first_colour": "#7fb2d9"},
    {"id": F_BLACK_RED, "parent_id": F_COLOUR, "name": "Black / Red", "slug": "black-red", "position": 4,
     "is_colour": True, "colour_amount": "both", "first_colour": "#15161a", "second_colour": "#c8102e"},
    {"id": F_WHITE_BLUE, "parent_id": F_COLOUR, "name": "White / Blue", "slug": "white-blue", "position": 5,
     "is_colour": True, "colour_amount": "both", "first_colour": "#f2f2f0", "second_colour": "#7fb2d9"},
    {"id": F_FULL, "parent_id": F_LAYOUT, "name": "Full size", "slug": "layout-full-size", "position": 0},
    {"id": F_TKL, "parent_id": F_LAYOUT, "name": "Tenkeyless", "slug": "layout-tenkeyless", "position": 1},
    {"id": F_75, "parent_id": F_LAYOUT, "name": "75%", "slug": "layout-75", "position": 2},
    {"id": F_65, "parent_id": F_LAYOUT, "name": "65%", "slug": "layout-65", "position": 3},
    {"id": F_ULTRALIGHT, "parent_id": F_WEIGHT, "name": "Under 60 g", "slug": "under-60-g", "position": 0},
    {"id": F_LIGHT, "parent_id": F_WEIGHT, "name": "60 to 80 g", "slug": "60-to-80-g", "position": 1},
    {"id": F_STANDARD, "parent_id": F_WEIGHT, "name": "Over 80 g", "slug": "over-80-g", "position": 2},
]  # fmt: skip

# Colour swatches used by variations.
SW_BLACK, SW_WHITE, SW_RED, SW_BLUE, SW_GREY, SW_SAND = 601, 602, 603, 604, 605, 606
SWATCHES: list[dict[str, Any]] = [
    {"id": SW_BLACK, "name": "Onyx Black", "colour": "#15161a"},
    {"id": SW_WHITE, "name": "Arctic White", "colour": "#f2f2f0"},
    {"id": SW_RED, "name": "Ember Red", "colour": "#c8102e"},
    {"id": SW_BLUE, "name": "Glacier Blue", "colour": "#7fb2d9"},
    {"id": SW_GREY, "name": "Granite Grey", "colour": "#5b5f66"},
    {"id": SW_SAND, "name": "Dune Sand", "colour": "#cbb89d"},
]
SWATCH_COLOUR: dict[int, str] = {s["id"]: s["colour"] for s in SWATCHES}
