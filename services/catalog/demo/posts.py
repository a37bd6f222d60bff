"""Demo posts: press releases (category 22, /press) and news (category 23, /news).

Each post gets a generated banner at ``/media/posts/<slug>.svg``. Dates are distinct
and spread over 2025 and 2026.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

PRESS, NEWS = 22, 23

POST_CATEGORIES: list[dict[str, Any]] = [
    {"id": PRESS, "name": "Press", "slug": "press"},
    {"id": NEWS, "name": "News", "slug": "news"},
]

# (id, category, date, slug, title, excerpt, paragraphs, banner colour)
_POSTS: list[tuple[int, int, datetime, str, str, str, list[str], str]] = [
    (7001, NEWS, datetime(2025, 2, 11, 10, 0), "odin-75-wireless-is-here", "Odin 75 Wireless is here",
     "Our first tri-mode keyboard ships today, with a gasket mount and 120 hours of battery.",
     ["After 18 months of prototypes the Odin 75 Wireless is available in Onyx Black, Arctic White and "
      "Glacier Blue.",
      "It connects over 2.4 GHz at 1000 Hz, Bluetooth 5.3 or USB-C, and every switch socket is hot-swappable."],
     "#2b3a55"),
    (7002, NEWS, datetime(2025, 4, 3, 9, 30), "vali-pro-wireless-launch", "Meet the Vali Pro Wireless",
     "54 grams, 4000 Hz wireless and our new Nova 26K sensor.",
     ["The Vali Pro is the lightest wireless mouse we have made, without a single hole in the shell.",
      "Pre-orders open today, first shipments leave Gothenburg on 17 April."],
     "#c8102e"),
    (7003, NEWS, datetime(2025, 6, 19, 14, 0), "summer-firmware-update", "Summer firmware update for keyboards",
     "Rapid trigger on Tyr TKL, lower latency on Odin 75 and a new lighting editor.",
     ["Firmware 2.4 brings adjustable rapid trigger to the Tyr TKL and trims 1.2 ms from the Odin 75's "
      "2.4 GHz latency.", "Update in the HALVARD app under Devices."],
     "#5b5f66"),
    (7004, NEWS, datetime(2025, 9, 2, 8, 0), "custom-keyboard-builder-opens", "The Custom Keyboard Builder is open",
     "Pick your case, plate, switches and keycaps; we assemble and test it by hand.",
     ["The builder starts from our 75% base kit. Choose from four anodised cases, three plates and four "
      "switch types.", "Every build is tested key by key before it ships."],
     "#7fb2d9"),
    (7005, NEWS, datetime(2025, 11, 24, 7, 0), "black-friday-2025", "Black Friday 2025: up to 25 % off",
     "Our biggest sale of the year runs until 1 December.",
     ["Use code BLACKFRIDAY25 for 25 % off keyboards, mice and headsets until 1 December 23:59 CET."],
     "#15161a"),
    (7006, NEWS, datetime(2026, 1, 20, 12, 0), "bragi-pro-wireless-review-roundup",
     "Bragi Pro Wireless: what reviewers say",
     "Seven reviews, four awards and one complaint about the carry case.",
     ["We collected the reviews of the Bragi Pro Wireless from the last three months.",
      "The most common praise: battery life and the detachable mic. The most common wish: a hard case, "
      "which is now available separately."],
     "#c9a227"),
    (7007, NEWS, datetime(2026, 3, 5, 10, 0), "skadi-ergo-white-restock", "Skadi Ergo White is back",
     "The white Skadi Ergo Wireless is back in stock in limited numbers.", [
         "A new batch of the white Skadi has arrived. Quantities are limited, one per customer."],
     "#f2f2f0"),
    (7101, PRESS, datetime(2025, 1, 28, 9, 0), "halvard-opens-us-warehouse", "HALVARD opens US warehouse",
     "Gothenburg peripheral maker opens a fulfilment centre in Columbus, Ohio.",
     ["HALVARD AB today announced a fulfilment centre in Columbus, Ohio, cutting US delivery times to two "
      "business days.", "Press contact: press@halvard.gg"],
     "#2b3a55"),
    (7102, PRESS, datetime(2025, 5, 14, 9, 0), "halvard-partners-with-nordic-esports",
     "HALVARD becomes hardware partner of Nordic esports league",
     "Three-year partnership covers keyboards, mice and headsets for all league teams.",
     ["From the 2025 autumn split, every team in the league plays on HALVARD keyboards, mice and headsets.",
      "Press contact: press@halvard.gg"],
     "#c8102e"),
    (7103, PRESS, datetime(2025, 10, 8, 9, 0), "halvard-wins-design-award", "Odin 75 wins Swedish design award",
     "The Odin 75 Wireless received a Swedish Design Award in the consumer electronics category.",
     ["The jury praised the keyboard's gasket mount and its repairable construction.",
      "Press contact: press@halvard.gg"],
     "#7fb2d9"),
    (7104, PRESS, datetime(2026, 2, 17, 9, 0), "halvard-results-2025", "HALVARD reports 2025 results",
     "Net sales grew 41 % to 212 MSEK; more than half of sales outside the Nordics.",
     ["HALVARD AB grew net sales by 41 % in 2025. The US is now the second largest market.",
      "Press contact: press@halvard.gg"],
     "#5b5f66"),
]  # fmt: skip


def posts() -> list[dict[str, Any]]:
    """Post rows (model columns plus ``colour`` for the banner), ordered by id."""
    rows = []
    for pid, cat, date, slug, title, excerpt, paragraphs, colour in _POSTS:
        rows.append(
            {
                "id": pid,
                "category_id": cat,
                "date": date,
                "slug": slug,
                "title": title,
                "excerpt": f"<p>{excerpt}</p>",
                "content": "".join(f"<p>{p}</p>" for p in paragraphs),
                "status": "publish",
                "image": f"/media/posts/{slug}.svg",
                "colour": colour,
            }
        )
    return rows
