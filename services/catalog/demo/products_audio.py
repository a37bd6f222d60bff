"""Demo products: headsets, headset accessories and spare parts, microphones and mic accessories.

Ids 1001..1023 (headsets family) and 1401..1413 (microphones family), variations 5001...
Prices are integer cents, EUR and USD side by side.
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.common import (
    NOTIFY_OUT,
    OUT_OF_STOCK,
    backorder,
    colour_attribute,
    managed,
    product,
    variation,
)
from services.catalog.demo.taxonomy import (
    F_24GHZ,
    F_BLACK,
    F_BLACK_RED,
    F_BT,
    F_LONG_BATTERY,
    F_OTHER_CONN,
    F_RED,
    F_WHITE,
    F_WIRED,
    HEADSET_ACC,
    HEADSET_SPARE,
    HEADSETS,
    MIC_ACC,
    MICROPHONES,
    SW_BLACK,
    SW_RED,
    SW_WHITE,
    T_WIRED,
    T_WIRELESS,
)

BLACK, WHITE, RED, GREY = "#15161a", "#f2f2f0", "#c8102e", "#5b5f66"

HEADSET_PRODUCTS: list[dict[str, Any]] = [
    product(
        1001, "Bragi Pro Wireless", "HV-HS-BRAGIPRO", [HEADSETS], 17999, 17999,
        family="headset", colour=BLACK, type="variable", featured=True,
        short="Tri-mode wireless headset with 50 mm graphene drivers and 70 hours of battery.",
        specs=[
            "50 mm graphene-coated dynamic drivers, 20 Hz to 40 kHz frequency response",
            "2.4 GHz low-latency wireless, Bluetooth 5.3 and USB-C audio",
            "Up to 70 hours battery life (2.4 GHz, 50 % volume), 15 min charge = 8 hours",
            "Detachable cardioid boom microphone with flip-to-mute",
            "Memory-foam velour ear pads, 318 g",
        ],
        tags=[T_WIRELESS], filters=[F_24GHZ, F_BT, F_LONG_BATTERY, F_BLACK, F_WHITE, F_RED],
        attributes=colour_attribute(["Black", "White", "Red"]),
        variations=[
            variation(5001, "Black", SW_BLACK, "HV-HS-BRAGIPRO-BLK", 17999, 17999, order=0),
            variation(5002, "White", SW_WHITE, "HV-HS-BRAGIPRO-WHT", 18999, 18999, order=1, **managed(3)),
            variation(5003, "Red", SW_RED, "HV-HS-BRAGIPRO-RED", 18999, 18999, order=2),
        ],
        colour_variations=[
            {"colour": "#15161a", "name": "Black", "variation_id": 5001},
            {"colour": "#f2f2f0", "name": "White", "variation_id": 5002},
            {"colour": "#c8102e", "name": "Red", "variation_id": 5003},
        ],
        cross_sell_ids=[1011, 1012],
        upsell_ids=[1002],  # linked product: the wired version
        recommended_product_ids=[1011, 1021],
        recommended_products_discount=15,
        activate_recommended_products_discount=True,
        recommended_products_title="Complete your setup",
        recommended_products_text_area="<p>Add a stand and a spare set of ear pads and save 15 % on both.</p>",
        special_notice={"text": "Launch edition: a spare set of velour ear pads in the box",
                        "background_colour": "#c8102e", "text_colour": "#ffffff"},
        info_field="Ships from our warehouse in Gothenburg within 1-2 business days.",
    ),
    product(
        1002, "Bragi Wired", "HV-HS-BRAGI-WRD", [HEADSETS], 12999, 12999, sale=(10999, 10999),
        family="headset", colour=GREY,
        short="Closed-back wired headset with the same 50 mm drivers as the Bragi Pro.",
        specs=["50 mm dynamic drivers, 20 Hz to 20 kHz", "Detachable 3.5 mm cable and USB-C DAC adapter",
               "Steel-reinforced headband, 295 g", "Detachable boom microphone"],
        tags=[T_WIRED], filters=[F_WIRED, F_BLACK], cross_sell_ids=[1012, 1022], upsell_ids=[1001],
    ),
    product(
        1003, "Saga Open-Back", "HV-HS-SAGA-OB", [HEADSETS], 14999, 15999,
        family="headset", colour=WHITE,
        short="Open-back wired headset for wide soundstage single-player and studio work.",
        specs=["50 mm neodymium drivers, 10 Hz to 40 kHz", "Impedance 32 ohm, easy to drive from any controller",
               "Breathable mesh ear pads, 270 g", "Dual-sided 3.5 mm cable, 2 m"],
        tags=[T_WIRED], filters=[F_WIRED, F_WHITE], **managed(2),
    ),
    product(
        1004, "Norn Wireless Lite", "HV-HS-NORN-LITE", [HEADSETS], 9999, 9999,
        family="headset", colour=RED,
        short="Lightweight 2.4 GHz and Bluetooth headset at 249 grams. Pre-order for March delivery.",
        specs=["40 mm drivers, 20 Hz to 20 kHz", "2.4 GHz dongle (USB-C) and Bluetooth 5.3",
               "45 hours battery life", "249 g with ear pads"],
        tags=[T_WIRELESS], filters=[F_24GHZ, F_BT, F_RED], **backorder(0),
    ),
    product(
        1005, "Skald Studio Headset", "HV-HS-SKALD-STUDIO", [HEADSETS], 22999, 23999,
        family="headset", colour="#2b3a55", availability="coming_soon",
        short="Planar magnetic gaming headset. Coming soon.",
        specs=["50 mm planar magnetic drivers", "8 Hz to 50 kHz frequency response", "Detachable XLR boom mic"],
        filters=[F_WIRED],
    ),
    product(
        1006, "Bragi Pro Wireless Team Edition", "HV-HS-BRAGIPRO-TEAM", [HEADSETS], 19999, 19999,
        family="headset", colour="#cbb89d", hide_product=True,
        short="Team-issue Bragi Pro for our partner esports teams. Not sold publicly.",
        specs=["Everything in the Bragi Pro Wireless", "Laser-etched team logo"], tags=[T_WIRELESS],
    ),
    product(
        1007, "Huginn Pro X", "HV-HS-HUGINN-X", [HEADSETS], 24999, 24999, status="draft",
        family="headset", colour=BLACK,
        short="Flagship headset with active noise cancelling. Work in progress.",
        specs=["Hybrid ANC", "2.4 GHz, Bluetooth 5.3 LE Audio", "Hot-swap battery"],
    ),
    product(
        1008, "Norn Wired Compact", "HV-HS-NORN-WRD", [HEADSETS], 5999, 5999,
        family="headset", colour=BLACK,
        short="Foldable wired headset for travel and console.",
        specs=["40 mm drivers", "3.5 mm four-pole cable with in-line mic", "Folds flat, 210 g"],
        tags=[T_WIRED], filters=[F_WIRED, F_BLACK_RED],
    ),
    # Headset accessories
    product(
        1011, "Vardr Headset Stand", "HV-ACC-VARDR-STAND", [HEADSET_ACC], 3999, 3999,
        family="part", colour=BLACK, image_count=2,
        short="Weighted aluminium headset stand with a two-port USB-C hub.",
        specs=["Anodised aluminium, 620 g base", "2 x USB-C 10 Gbit/s passthrough", "Non-slip silicone feet"],
        use_recommended_products_price=True,
        recommended_products_price_eur=2999, recommended_products_price_usd=2999,
    ),
    product(
        1012, "USB-C DAC Cable", "HV-ACC-DAC-USBC", [HEADSET_ACC], 2499, 2499,
        family="cable", colour=GREY, image_count=2,
        short="USB-C to 3.5 mm DAC with 32-bit/384 kHz output.",
        specs=["ESS DAC, 32-bit/384 kHz", "1.5 m braided cable", "Works with PC, PlayStation 5 and Switch"],
    ),
    product(
        1013, "Hard Shell Travel Case", "HV-ACC-HS-CASE", [HEADSET_ACC], 2999, 2999,
        family="part", colour=GREY, image_count=2,
        short="Moulded EVA case that fits every HALVARD headset.",
        specs=["Water-resistant EVA shell", "Mesh pocket for cables and dongle", "24 x 20 x 10 cm"],
    ),
    # Headset spare parts
    product(
        1021, "Bragi Velour Ear Pads", "HV-SP-BRAGI-PADS", [HEADSET_SPARE], 2499, 2499,
        family="part", colour=BLACK, image_count=2, acf_button_text="Notify me",
        short="Replacement memory-foam velour ear pads for Bragi Pro and Bragi Wired.",
        specs=["Memory foam, 22 mm thick", "Clip-on mounting ring", "Sold as a pair"],
        use_recommended_products_price=True,
        recommended_products_price_eur=1999, recommended_products_price_usd=1999, **OUT_OF_STOCK,
    ),
    product(
        1022, "Bragi Detachable Boom Mic", "HV-SP-BRAGI-MIC", [HEADSET_SPARE], 1999, 1999,
        family="microphone", colour=BLACK, image_count=2,
        short="Spare cardioid boom microphone for the Bragi series.",
        specs=["Cardioid pattern, 100 Hz to 10 kHz", "Flexible gooseneck", "Red mute LED"],
    ),
    product(
        1023, "Bragi Headband Cushion", "HV-SP-BRAGI-BAND", [HEADSET_SPARE], 1499, 1499,
        family="part", colour=GREY, image_count=2,
        short="Replacement suspension headband for Bragi headsets.",
        specs=["Breathable nylon strap", "Tool-free swap in one minute"], **NOTIFY_OUT,
    ),
]  # fmt: skip

MIC_PRODUCTS: list[dict[str, Any]] = [
    product(
        1401, "Skald USB Microphone", "HV-MIC-SKALD-USB", [MICROPHONES], 12999, 12999,
        family="microphone", colour=BLACK, featured=True,
        short="Cardioid USB-C condenser microphone with 24-bit/96 kHz capture.",
        specs=["25 mm condenser capsule, cardioid", "24-bit/96 kHz over USB-C", "Tap-to-mute with LED ring",
               "Zero-latency 3.5 mm headphone output", "Frequency response 20 Hz to 20 kHz"],
        filters=[F_WIRED], cross_sell_ids=[1411, 1413],
        recommended_product_ids=[1411, 1413], recommended_products_discount=20,
        activate_recommended_products_discount=True,
        recommended_products_title="Streaming essentials",
        recommended_products_text_area="<p>Boom arm and pop filter, 20 % off together with the Skald.</p>",
    ),
    product(
        1402, "Skald XLR Dynamic", "HV-MIC-SKALD-XLR", [MICROPHONES], 14999, 15999,
        family="microphone", colour=GREY,
        short="End-address dynamic XLR microphone for broadcast voice.",
        specs=["Supercardioid dynamic capsule", "50 Hz to 16 kHz", "Integrated shock mount", "765 g"],
        filters=[F_OTHER_CONN],
    ),
    product(
        1403, "Runa Mini USB-C Mic", "HV-MIC-RUNA-MINI", [MICROPHONES], 5999, 5999, sale=(4999, 4999),
        family="microphone", colour=WHITE,
        short="Compact desktop USB-C microphone for calls and casual streaming.",
        specs=["16-bit/48 kHz", "Cardioid", "Detachable desk stand"], filters=[F_WIRED],
    ),
    product(
        1404, "Skald USB Pro", "HV-MIC-SKALD-PRO", [MICROPHONES], 17999, 17999,
        family="microphone", colour="#2b3a55",
        short="USB-C and XLR hybrid microphone with onboard DSP.",
        specs=["Dual USB-C and XLR outputs", "32-bit float recording", "Onboard compressor and de-esser"],
        filters=[F_WIRED, F_OTHER_CONN], **managed(2),
    ),
    product(
        1405, "Echo Wireless Lavalier", "HV-MIC-ECHO-LAV", [MICROPHONES], 8999, 8999,
        family="microphone", colour=BLACK,
        short="Two-channel wireless lavalier kit with USB-C receiver.",
        specs=["2.4 GHz, 200 m line of sight", "8 hours per transmitter", "Charging case adds 2 full charges"],
        filters=[F_24GHZ],
    ),
    product(
        1406, "Heimdall Streaming Kit", "HV-MIC-HEIMDALL-KIT", [MICROPHONES], 19999, 19999,
        family="microphone", colour=RED,
        short="Skald USB microphone, low-profile boom arm and shock mount in one box.",
        specs=["Skald USB Microphone", "Low-profile boom arm", "Shock mount and pop filter"],
        filters=[F_WIRED], grouped_ids=[1401, 1411, 1412],
    ),
    product(
        1411, "Low-Profile Boom Arm", "HV-MA-BOOM-ARM", [MIC_ACC], 6999, 6999,
        family="part", colour=BLACK, image_count=2,
        short="Internal-spring boom arm that stays out of camera.",
        specs=["360 degree rotation", "Holds 0.3 to 1.2 kg", "Desk clamp up to 60 mm"],
        use_recommended_products_price=True,
        recommended_products_price_eur=5599, recommended_products_price_usd=5599,
    ),
    product(
        1412, "Skald Shock Mount", "HV-MA-SHOCK", [MIC_ACC], 2999, 2999,
        family="part", colour=GREY, image_count=2,
        short="Elastic suspension mount for the Skald microphones.",
        specs=["Dual elastic cradle", "5/8 inch thread with 3/8 adapter"],
    ),
    product(
        1413, "Mesh Pop Filter", "HV-MA-POP", [MIC_ACC], 1499, 1499,
        family="part", colour=BLACK, image_count=2,
        short="Dual-layer steel mesh pop filter.",
        specs=["Magnetic mount for Skald microphones", "Washable"],
        use_recommended_products_price=True,
        recommended_products_price_eur=1199, recommended_products_price_usd=1199,
    ),
]  # fmt: skip
