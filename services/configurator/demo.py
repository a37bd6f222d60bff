"""The demo configurators (docs/spec.md section 2.13): the Custom Keyboard Builder (product 26907)
and the Sleipnir MMO mouse (product 1208), as domain :class:`Configurator` values plus what the
database row holds beside them (welcome text and image, warning, special layer, linked products).

The demo loader (:mod:`services.catalog.demo.loader`) upserts them into the configurator tables
with fixed ids; :mod:`services.configurator.demo_art` draws every image referenced here. Prices
are integer minor units (cents) in EUR and USD; the base price and SKU are copied from the
product's demo spec (the sale price when on sale), so they cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from services.catalog.demo.builder import ADDON_ID, BUILDER_ID, BUILDER_PRODUCTS
from services.catalog.demo.products_mice import MOUSE_PRODUCTS
from services.configurator.domain import (
    Angle,
    Choice,
    ChoiceImage,
    Configurator,
    Layer,
    Rule,
    StockStatus,
)

#: The configurable mouse (product 1208, "Sleipnir MMO"); its configurator opens on its own page.
MOUSE_ID = 1208
#: Where the demo art lives, below the media URL.
MEDIA = "/media/configurator"

ArtKind = Literal["keyboard", "mouse"]


@dataclass(frozen=True)
class DemoConfigurator:
    """One demo configurator: the domain ``configurator`` (version 1) and the row's other fields.
    ``linked_products``: choice key -> catalogue product id whose stock the choice follows (the
    choice's own ``stock_status`` here is that product's demo stock). ``art``: which drawing set
    :mod:`services.configurator.demo_art` uses."""

    configurator: Configurator
    welcome_text: str
    welcome_image: str
    warning_message: str = ""
    special_layer_key: str | None = None
    linked_products: dict[str, int] = field(default_factory=dict)
    art: ArtKind = "keyboard"


@dataclass(frozen=True)
class _C:
    """A choice as written below (extras in minor units); expanded by :func:`_build`."""

    id: str
    name: str
    sku: str
    colour: str
    eur: int = 0
    usd: int = 0
    stock: StockStatus = "instock"
    backorder: bool = False
    coming_soon: bool = False
    description: str = ""
    z: int = 0  # added to the layer's stack for this choice's images (drawn over other layers)


@dataclass(frozen=True)
class _L:
    """A layer as written below; ``stack`` orders the drawing (higher on top)."""

    id: str
    name: str
    stack: int
    choices: tuple[_C, ...]
    required: bool = True
    default: str | None = None
    multiple: bool = False
    max_choices: int = 1
    description: str = ""


def image_url(product_id: int, layer_id: str, choice_id: str, angle_id: str) -> str:
    """The URL of a choice's layer image for one angle (an SVG written by the art module)."""
    return f"{MEDIA}/{product_id}/{layer_id}--{choice_id}--{angle_id}.svg"


def thumbnail_url(product_id: int, layer_id: str, choice_id: str) -> str:
    """The URL of a choice's thumbnail (an SVG written by the art module)."""
    return f"{MEDIA}/{product_id}/{layer_id}--{choice_id}--thumb.svg"


def welcome_url(product_id: int) -> str:
    """The URL of a configurator's welcome background (an SVG written by the art module)."""
    return f"{MEDIA}/{product_id}/welcome.svg"


def _spec(specs: list[dict[str, Any]], pid: int) -> dict[str, Any]:
    return next(s for s in specs if s["id"] == pid)


def _base(spec: dict[str, Any]) -> tuple[int, int]:
    """The product's current unit price in minor units: the sale price when on sale."""
    eur = spec["sale_price_eur"] if spec.get("sale_price_eur") is not None else spec["regular_price_eur"]
    usd = spec["sale_price_usd"] if spec.get("sale_price_usd") is not None else spec["regular_price_usd"]
    return int(eur), int(usd)


def _build(
    spec: dict[str, Any], angles: tuple[Angle, ...], layers: tuple[_L, ...], rules: tuple[Rule, ...]
) -> Configurator:
    pid = int(spec["id"])
    eur, usd = _base(spec)
    out_layers: list[Layer] = []
    out_choices: list[Choice] = []
    for layer in layers:
        out_layers.append(
            Layer(
                id=layer.id,
                name=layer.name,
                required=layer.required,
                multiple=layer.multiple,
                min_choices=0,
                max_choices=layer.max_choices,
                default_choice_id=layer.default,
                stack=layer.stack,
                description=layer.description,
            )
        )
        for c in layer.choices:
            out_choices.append(
                Choice(
                    id=c.id,
                    layer_id=layer.id,
                    name=c.name,
                    sku_part=c.sku,
                    extra_eur=c.eur,
                    extra_usd=c.usd,
                    stock_status=c.stock,
                    has_backorder=c.backorder,
                    coming_soon=c.coming_soon,
                    description=c.description,
                    colour=c.colour,
                    thumbnail=thumbnail_url(pid, layer.id, c.id),
                    alt=f"{layer.name}: {c.name}",
                    images=tuple(
                        ChoiceImage(a.id, image_url(pid, layer.id, c.id, a.id), c.z) for a in angles
                    ),
                )
            )
    return Configurator(
        product_id=pid,
        version=1,
        name=str(spec["name"]),
        base_sku=str(spec["sku"]),
        base_eur=eur,
        base_usd=usd,
        angles=angles,
        layers=tuple(out_layers),
        choices=tuple(out_choices),
        rules=rules,
        coming_soon=spec.get("availability") == "coming_soon",
    )


ANGLES = (Angle("top", "Top", use_in_cart=True), Angle("side", "Side"))

KEYBOARD_LAYERS: tuple[_L, ...] = (
    _L("case", "Case", 10, default="case-black", description="CNC-machined aluminium, gasket mounted.", choices=(
        _C("case-black", "Anodised Onyx Black", "CASE-BLK", "#15161a"),
        _C("case-white", "Anodised Arctic White", "CASE-WHT", "#f2f2f0"),
        _C("case-red", "Anodised Ember Red", "CASE-RED", "#c8102e", 1990, 2190),
        _C("case-blue", "Anodised Glacier Blue", "CASE-BLU", "#7fb2d9", 1990, 2190, backorder=True,
           description="Next batch ships in four weeks."),
        _C("case-low", "Low-profile Graphite", "CASE-LOW", "#3a3d45", 990, 1090,
           description="A 14 mm lower case for a flatter typing angle."),
    )),
    _L("plate", "Plate", 20, default="plate-alu", description="The plate sets how firm the keys feel.", choices=(
        _C("plate-alu", "Aluminium plate", "PLATE-ALU", "#9aa0ab"),
        _C("plate-brass", "Brass plate", "PLATE-BRS", "#c9a227", 2490, 2790, stock="outofstock"),
        _C("plate-pc", "Polycarbonate plate", "PLATE-PC", "#e8e8e6"),
        _C("plate-fr4", "FR4 plate", "PLATE-FR4", "#2f6f4f", 490, 590),
        _C("plate-carbon", "Carbon fibre plate", "PLATE-CF", "#26282e", 3490, 3790, coming_soon=True),
    )),
    _L("switches", "Switches", 30, default="sw-frost", description="Hot-swap, 5-pin; stems shown in colour.", choices=(
        _C("sw-frost", "Frost Linear (45 gf)", "SW-FROST", "#dfe9f2"),
        _C("sw-ember", "Ember Tactile (58 gf)", "SW-EMBER", "#c8102e"),
        _C("sw-thunder", "Thunder Clicky (60 gf)", "SW-THUNDER", "#7fb2d9"),
        _C("sw-silent", "Silent Glide Linear (40 gf)", "SW-SILENT", "#5b5f66", 990, 1090),
        _C("sw-magnetic", "Aurora Magnetic (adjustable)", "SW-MAG", "#f0b429", 4990, 5490, stock="onbackorder",
           description="Hall-effect switches with adjustable actuation."),
    )),
    _L("keycaps", "Keycaps", 40, default="caps-fjord", description="Double-shot and dye-sub PBT sets.", choices=(
        _C("caps-fjord", "Fjord PBT Navy", "CAPS-FJORD", "#2b3a55"),
        _C("caps-arctic", "Arctic PBT White", "CAPS-ARCTIC", "#f2f2f0"),
        _C("caps-ember", "Ember Doubleshot", "CAPS-EMBER", "#c8102e", 2990, 3290),
        _C("caps-moss", "Moss PBT Green", "CAPS-MOSS", "#4f6f3a", 1990, 2190, stock="outofstock"),
    )),
    _L("profile", "Keycap profile", 45, default="profile-cherry", description="The height and shape of each key.", choices=(
        _C("profile-cherry", "Cherry profile", "PROF-CHERRY", "#f2f2f0"),
        _C("profile-sa", "SA profile (tall, spherical)", "PROF-SA", "#f2f2f0", 1500, 1700),
        _C("profile-xda", "XDA profile (flat, uniform)", "PROF-XDA", "#f2f2f0", 1000, 1100),
        _C("profile-mt3", "MT3 profile (deep dish)", "PROF-MT3", "#f2f2f0", 2000, 2200, coming_soon=True),
    )),
    _L("cable", "Cable", 50, required=False, default="cable-std", description="USB-C to USB-A or C.", choices=(
        _C("cable-std", "Standard USB-C cable", "CABLE-STD", "#15161a"),
        _C("cable-coil", "Coiled aviator cable", "CABLE-COIL", "#c8102e", 2490, 2790),
        _C("cable-braided", "Braided straight cable", "CABLE-BRD", "#7fb2d9", 990, 1090),
    )),
    _L("extras", "Extras", 5, required=False, multiple=True, max_choices=3,
       description="Up to three extras, shipped in the same box.", choices=(
        _C("ext-wrist", "Walnut wrist rest", "EXT-WRIST", "#7a4a2a", 3490, 3790),
        _C("ext-films", "Switch films (90 pcs)", "EXT-FILMS", "#f28c28", 990, 1090, z=30),
        _C("ext-artisan", "Artisan Escape key", "EXT-ARTISAN", "#c9a227", 1990, 2190, z=50),
        _C("ext-keeper", "Cable keeper", "EXT-KEEPER", "#9aa0ab", z=50),
        _C("ext-lube", "Switch Puller & Lube Kit", "EXT-LUBE", "#c9a227", 1499, 1499,
           description="Also sold on its own; follows its stock."),
    )),
)  # fmt: skip

KEYBOARD_RULES: tuple[Rule, ...] = (
    Rule("kb-sa-case", ("profile:profile-sa",), "disable", ("case:case-low",),
         "SA profile keycaps are too tall for the low-profile case."),
    Rule("kb-mag-plate", ("switches:sw-magnetic",), "require", ("plate:plate-alu",),
         "Magnetic switches need the aluminium plate to keep their calibration."),
    Rule("kb-coil-keeper", ("cable:cable-coil",), "select", ("extras:ext-keeper",),
         "The coiled cable comes with a cable keeper."),
    Rule("kb-low-coil", ("case:case-low",), "hide", ("cable:cable-coil",),
         "The aviator connector does not fit the low-profile case."),
)  # fmt: skip

MOUSE_LAYERS: tuple[_L, ...] = (
    _L("shell", "Shell", 10, default="shell-black", description="Magnesium-reinforced shell.", choices=(
        _C("shell-black", "Onyx Black shell", "SHELL-BLK", "#15161a"),
        _C("shell-white", "Arctic White shell", "SHELL-WHT", "#f2f2f0"),
        _C("shell-red", "Ember Red shell", "SHELL-RED", "#c8102e", 990, 1090),
        _C("shell-frost", "Frost translucent shell", "SHELL-FROST", "#bcd4e6", 1490, 1590, backorder=True),
    )),
    _L("panel", "Side panel", 25, default="panel-12", description="Magnetic, swappable side panels.", choices=(
        _C("panel-12", "12-button MMO panel", "PANEL-12", "#5b5f66"),
        _C("panel-6", "6-button MOBA panel", "PANEL-6", "#5b5f66"),
        _C("panel-2", "2-button FPS panel", "PANEL-2", "#5b5f66"),
    )),
    _L("buttons", "Main buttons", 22, default="btn-black", choices=(
        _C("btn-black", "Black buttons", "BTN-BLK", "#26282e"),
        _C("btn-white", "White buttons", "BTN-WHT", "#e8e8e6"),
        _C("btn-gold", "Gold buttons", "BTN-GLD", "#c9a227", 1290, 1390, stock="outofstock"),
    )),
    _L("grips", "Grip tape", 20, required=False, choices=(
        _C("grip-side", "Side grip tape", "GRIP-SIDE", "#3a3d45", 490, 590),
        _C("grip-full", "Full grip tape", "GRIP-FULL", "#3a3d45", 790, 890),
    )),
    _L("skates", "Skates", 5, default="skates-ptfe", choices=(
        _C("skates-ptfe", "PTFE skates", "SK-PTFE", "#f2f2f0"),
        _C("skates-glass", "Glass skates", "SK-GLASS", "#7fb2d9", 1490, 1590),
        _C("skates-ceramic", "Ceramic skates", "SK-CER", "#e0d6c2", 1990, 2190, coming_soon=True),
    )),
)  # fmt: skip

MOUSE_RULES: tuple[Rule, ...] = (
    Rule("ms-frost-grip", ("shell:shell-frost",), "disable", ("grips:grip-full",),
         "Full grip tape would cover the translucent shell."),
)  # fmt: skip


def demo_configurators() -> list[DemoConfigurator]:
    """The demo configurators, ordered by product id: 1208 (Sleipnir MMO mouse) and 26907 (Custom
    Keyboard Builder). Pure data: no database, no files."""
    builder_spec = _spec(BUILDER_PRODUCTS, BUILDER_ID)
    addon_spec = _spec(BUILDER_PRODUCTS, ADDON_ID)
    lube_stock: StockStatus = addon_spec.get("stock_status", "instock")
    keyboard_layers = tuple(
        replace(
            layer,
            choices=tuple(replace(c, stock=lube_stock) if c.id == "ext-lube" else c for c in layer.choices),
        )
        for layer in KEYBOARD_LAYERS
    )
    keyboard = DemoConfigurator(
        configurator=_build(builder_spec, ANGLES, keyboard_layers, KEYBOARD_RULES),
        welcome_text="Build your 75% keyboard from the case up: pick a case, plate, switches, keycaps "
        "and cable. Every build is assembled and tested by hand.",
        welcome_image=welcome_url(BUILDER_ID),
        warning_message="Builds ship in 5-7 business days; pre-order parts ship when they arrive.",
        special_layer_key="extras",
        linked_products={"extras:ext-lube": ADDON_ID},
        art="keyboard",
    )
    mouse = DemoConfigurator(
        configurator=_build(_spec(MOUSE_PRODUCTS, MOUSE_ID), ANGLES, MOUSE_LAYERS, MOUSE_RULES),
        welcome_text="Make the Sleipnir MMO yours: shell, side panel, buttons, grip tape and skates.",
        welcome_image=welcome_url(MOUSE_ID),
        art="mouse",
    )
    return [mouse, keyboard]
