"""Demo content pages and navigation menus.

Pages use fixed ids (home is 2). Menu item urls are full same-site WordPress urls
(``https://halvard.gg/wp/category/keyboards/``) as the content back end delivers
them; the storefront turns them into routes (docs/spec.md section 2, "Links").
"""

from __future__ import annotations

from typing import Any

from services.catalog.demo.legal import LEGAL_PAGES

SITE = "https://halvard.gg"
HOME_ID, CUSTOMIZE_ID, BUILDER_PAGE_ID = 2, 10, 11
ABOUT_ID = 16

COOKIES_POLICY = """<h2>What cookies are</h2>
<p>Cookies are small text files a website stores in your browser. We use them, and similar
technologies such as local storage, to run this shop and to understand how it is used.</p>
<h2>Cookies we use</h2>
<ul>
<li><strong>Strictly necessary:</strong> your cart (local storage key <code>cart</code>), your chosen
shipping country and currency (<code>location</code>), your cookie choice (<code>acceptCookies</code>) and the
checkout session. The shop does not work without them.</li>
<li><strong>Analytics:</strong> anonymous page views and add-to-cart events that help us see which
products people look for. They contain no name or email address.</li>
<li><strong>Embedded video:</strong> review videos are loaded from YouTube only when you press play.</li>
</ul>
<h2>How long we keep them</h2>
<p>Cart and country are kept until you clear your browser storage. Analytics cookies expire after
13 months.</p>
<h2>Your choices</h2>
<p>You can delete cookies in your browser settings at any time. Blocking strictly necessary cookies
will empty your cart. Questions? Write to privacy@halvard.gg or HALVARD AB, Första Långgatan 12,
413 27 Gothenburg, Sweden.</p>
<p>Last updated: 14 January 2026.</p>"""

PAGES: list[dict[str, Any]] = [
    {"id": HOME_ID, "slug": "home", "title": "Home", "template": "home", "menu_order": 0,
     "content": "<p>Gaming peripherals designed in Gothenburg.</p>"},
    {"id": CUSTOMIZE_ID, "slug": "customize", "title": "Customize", "menu_order": 5,
     "content": "<p>Make your setup yours: build a keyboard from the case up, or swap shells, "
                "switches and cables on the gear you already own.</p>"},
    {"id": BUILDER_PAGE_ID, "slug": "custom-keyboard-builder", "title": "Custom Keyboard Builder",
     "parent_id": CUSTOMIZE_ID, "template": "configurator", "menu_order": 6,
     "content": "<p>Choose case, plate, switches, keycaps and cable. We assemble and test every "
                "build by hand.</p>"},
    {"id": 12, "slug": "resellers", "title": "Resellers", "menu_order": 20,
     "content": "<p>Buy HALVARD gear in store:</p><ul><li>Nordic: Inet, Komplett, Webhallen</li>"
                "<li>Germany and Austria: Caseking, Alternate</li><li>France: LDLC</li>"
                "<li>United Kingdom: Overclockers UK, Scan</li><li>United States: Micro Center</li></ul>"},
    {"id": 13, "slug": "distributors", "title": "Distributors", "menu_order": 21,
     "content": "<p>Interested in distributing HALVARD in your region? We work with one distributor per "
                "market. Write to partners@halvard.gg with your company details and current brands.</p>"},
    {"id": 14, "slug": "contact", "title": "Get In Touch", "menu_order": 22,
     "content": "<p>Questions about an order, a product or a return? Send us a message and our support "
                "team in Gothenburg answers within one business day (Monday to Friday, 9:00 to 17:00 CET). "
                "Include your order number if you have one.</p>"},
    {"id": 15, "slug": "cookies-policy", "title": "Cookies Policy", "menu_order": 30, "content": COOKIES_POLICY},
    {"id": ABOUT_ID, "slug": "about", "title": "About HALVARD", "menu_order": 23,
     "content": "<p>HALVARD started in 2019 in a basement in Gothenburg with one question: why do most "
                "gaming keyboards rattle? Today a team of 24 designs keyboards, mice, headsets and "
                "microphones, tests them with professional players and ships to more than 80 countries.</p>"},
    *LEGAL_PAGES,
]  # fmt: skip


def _url(path: str) -> str:
    return f"{SITE}/{path}" if path else f"{SITE}/"


# (id, parent id, title, url path, slug, in_menu, parent_link)
_MAIN: list[tuple[int, int | None, str, str, str, bool, str | None]] = [
    (101, None, "Home", "", "home", True, None),
    (102, None, "Headsets", "wp/category/headsets/", "headsets", True, None),
    (103, 102, "Headsets", "wp/category/headsets/", "headsets", False, None),
    (104, 102, "Accessories", "wp/category/headset-accessories/", "headset-accessories", False, None),
    (105, 102, "Spare parts", "wp/category/headset-spare-parts/", "headset-spare-parts", False, None),
    (106, None, "Keyboards", "wp/category/keyboards/", "keyboards", True, "last"),
    (107, 106, "Accessories", "wp/category/keyboard-accessories/", "keyboard-accessories", False, None),
    (108, 106, "Switches", "wp/category/keyboard-switches/", "keyboard-switches", False, None),
    (109, 106, "Custom parts", "wp/category/custom-keyboard-parts/", "custom-keyboard-parts", False, None),
    (110, 106, "Spare parts", "wp/category/keyboard-spare-parts/", "keyboard-spare-parts", False, None),
    (
        111,
        106,
        "Custom Keyboard Builder",
        "wp/custom-keyboard-builder/",
        "custom-keyboard-builder",
        False,
        None,
    ),
    (112, None, "Mice", "mice/", "mice", True, "first"),
    (113, 112, "Accessories", "wp/category/mouse-accessories/", "mouse-accessories", False, None),
    (114, 112, "Custom parts", "wp/category/custom-mouse-parts/", "custom-mouse-parts", False, None),
    (115, 112, "Spare parts", "wp/category/mouse-spare-parts/", "mouse-spare-parts", False, None),
    (116, None, "Mousepads", "wp/category/mousepads/", "mousepads", True, None),
    (117, None, "Microphones", "wp/category/microphones/", "microphones", True, None),
    (118, 117, "Accessories", "wp/category/mic-accessories/", "mic-accessories", False, None),
    (119, None, "Merch", "merch/", "merch", True, None),
    (120, None, "Customize", "wp/customize/", "customize", True, None),
    (121, None, "About", "wp/about/", "about", False, None),
]

_FOOTER: list[tuple[int, int | None, str, str, str, bool, str | None]] = [
    (201, None, "Support", "contact/", "support", True, None),
    (202, 201, "Contact", "wp/contact/", "contact", False, None),
    (203, 201, "Resellers", "wp/resellers/", "resellers", False, None),
    (204, 201, "Distributors", "wp/distributors/", "distributors", False, None),
    (206, None, "Press", "press/", "press", True, None),
    (207, None, "News", "news/", "news", True, None),
]

_LEGAL: list[tuple[int, int | None, str, str, str, bool, str | None]] = [
    (301, None, "Privacy policy", "wp/privacy-policy/", "privacy-policy", True, None),
    (302, None, "Terms and conditions", "wp/terms-and-conditions/", "terms-and-conditions", True, None),
    (303, None, "Cookies policy", "wp/cookies-policy/", "cookies-policy", True, None),
    (304, None, "Returns and withdrawal", "wp/right-of-withdrawal/", "right-of-withdrawal", True, None),
    (305, None, "Imprint", "wp/imprint/", "imprint", True, None),
]


def _items(rows: list[tuple[int, int | None, str, str, str, bool, str | None]]) -> list[dict[str, Any]]:
    return [
        {"id": i, "parent_id": p, "position": pos, "title": t, "url": _url(u), "slug": s,
         "in_menu": m, "parent_link": pl}
        for pos, (i, p, t, u, s, m, pl) in enumerate(rows)
    ]  # fmt: skip


MENUS: list[dict[str, Any]] = [
    {"id": 1, "name": "Main menu", "slug": "main", "items": _items(_MAIN)},
    {"id": 2, "name": "Footer", "slug": "footer", "items": _items(_FOOTER)},
    {"id": 3, "name": "Legal", "slug": "legal", "items": _items(_LEGAL)},
]
