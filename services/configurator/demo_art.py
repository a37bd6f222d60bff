"""Layered SVG art for the demo configurators (docs/spec.md section 2.13).

Every choice gets, for every angle, a transparent 800x500 SVG drawing only its own part in its
colour, placed so that stacking the chosen layers (by ``layer.stack + image.z``) draws the whole
product from the top or from the side; a 160x100 thumbnail (the top drawing on a dark tile with
a swatch); and each configurator a welcome background. Deterministic (same data, same bytes),
plain SVG 1.1 with no scripts, no event handlers and no external references, so the shop's CSP
is satisfied and re-seeding rewrites nothing.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from services.catalog.demo.images import banner_svg
from services.configurator.demo import DemoConfigurator
from services.configurator.domain import Choice

WIDTH, HEIGHT = 800, 500
U = 35  # one key unit in the top view, px
KEY_X, KEY_Y = 125, 105
# A 75 % layout: six rows of key widths in units (16 u each).
ROWS: tuple[tuple[float, ...], ...] = (
    (1,) * 16,
    (1,) * 13 + (2, 1),
    (1.5,) + (1,) * 12 + (1.5, 1),
    (1.75,) + (1,) * 11 + (2.25, 1),
    (2.25,) + (1,) * 10 + (1.75, 1, 1),
    (1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1, 1),
)
SIDE_ROW = 70  # one row's depth in the side view, px; the front row is on the left
SIDE_X = 190
# Extra keycap height per row (front row first) above the Cherry baseline, side view.
PROFILE_HEIGHTS: dict[str, tuple[int, ...]] = {
    "profile-cherry": (5, 3, 1, 1, 3, 6),
    "profile-sa": (22, 18, 16, 16, 18, 22),
    "profile-xda": (8, 8, 8, 8, 8, 8),
    "profile-mt3": (18, 14, 12, 12, 14, 18),
}


def _doc(body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}">{body}</svg>\n'
    )


def _keys() -> list[tuple[float, float, float, int]]:
    """Every key of the top view as ``(x, y, width, row)`` in px."""
    out: list[tuple[float, float, float, int]] = []
    for row, widths in enumerate(ROWS):
        x = float(KEY_X)
        for w in widths:
            out.append((x, KEY_Y + row * U, w * U, row))
            x += w * U
    return out


def _shade(colour: str, amount: float) -> str:
    """``colour`` mixed toward black (amount < 0) or white (amount > 0)."""
    value = colour.lstrip("#")
    rgb = [int(value[i : i + 2], 16) for i in (0, 2, 4)]
    target = 255 if amount > 0 else 0
    mixed = [round(c + (target - c) * abs(amount)) for c in rgb]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def _n(value: float) -> str:
    return f"{value:g}"


# -- keyboard -------------------------------------------------------------------------------


def _kb_top(layer: str, c: Choice) -> str:
    col = c.colour
    if layer == "case":
        bevel = _shade(col, 0.25 if c.id != "case-low" else -0.3)
        return (
            f'<rect x="100" y="80" width="600" height="260" rx="22" fill="{col}"/>'
            f'<rect x="104" y="84" width="592" height="252" rx="19" fill="none" stroke="{bevel}" stroke-width="3"/>'
        )
    if layer == "plate":
        return f'<rect x="118" y="98" width="564" height="224" rx="6" fill="{col}"/>'
    if layer == "switches":
        return (
            f'<g fill="{col}">'
            + "".join(
                f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(w - 2)}" height="{U - 2}" rx="4"/>'
                for x, y, w, _ in _keys()
            )
            + "</g>"
        )
    if layer == "keycaps":
        accent = _shade(col, -0.3 if _luminance(col) > 0.5 else 0.3)
        parts = []
        for x, y, w, row in _keys():
            modifier = (row == 0 and x == KEY_X) or 1.5 * U <= w < 6 * U  # Esc and the wide keys
            fill = accent if modifier else col
            parts.append(
                f'<rect x="{_n(x + 4)}" y="{_n(y + 4)}" width="{_n(w - 8)}" height="{U - 8}" rx="5" fill="{fill}"/>'
            )
        return "".join(parts)
    if layer == "profile":
        if c.id == "profile-cherry":
            return (
                '<g stroke="#fff" stroke-width="2" opacity=".35">'
                + "".join(
                    f'<line x1="{_n(x + 10)}" y1="{_n(y + U / 2)}" x2="{_n(x + w - 10)}" y2="{_n(y + U / 2)}"/>'
                    for x, y, w, _ in _keys()
                )
                + "</g>"
            )
        if c.id == "profile-xda":
            return (
                '<g fill="#fff" opacity=".18">'
                + "".join(
                    f'<rect x="{_n(x + 8)}" y="{_n(y + 8)}" width="{_n(w - 16)}" height="{U - 16}" rx="3"/>'
                    for x, y, w, _ in _keys()
                )
                + "</g>"
            )
        radius = 9 if c.id == "profile-sa" else 11
        return (
            '<g fill="#fff" opacity=".22">'
            + "".join(
                f'<ellipse cx="{_n(x + w / 2)}" cy="{_n(y + U / 2)}" rx="{_n(max(radius, w / 2 - 10))}" ry="{radius}"/>'
                for x, y, w, _ in _keys()
            )
            + "</g>"
        )
    if layer == "cable":
        if c.id == "cable-coil":
            loops = "".join(
                f'<ellipse cx="{430 + i * 16}" cy="40" rx="9" ry="16" fill="none" stroke="{col}" stroke-width="6"/>'
                for i in range(10)
            )
            return (
                f'<path d="M400 80 V40 H425 M590 40 H800" fill="none" stroke="{col}" stroke-width="8"/>{loops}'
                f'<rect x="388" y="50" width="24" height="16" rx="4" fill="{_shade(col, -0.4)}"/>'
            )
        dash = ' stroke-dasharray="6 4"' if c.id == "cable-braided" else ""
        return f'<path d="M400 80 V0" fill="none" stroke="{col}" stroke-width="9"{dash}/>'
    if layer == "extras":
        return _kb_extra_top(c)
    return ""


def _kb_extra_top(c: Choice) -> str:
    col = c.colour
    if c.id == "ext-wrist":
        grain = _shade(col, -0.25)
        return (
            f'<rect x="130" y="360" width="540" height="70" rx="30" fill="{col}"/>'
            f'<path d="M170 385 C300 375 500 395 630 382 M170 405 C320 398 480 412 630 402" '
            f'fill="none" stroke="{grain}" stroke-width="3"/>'
        )
    if c.id == "ext-films":
        return "".join(
            f'<rect x="{24 + i * 6}" y="{370 + i * 6}" width="56" height="56" rx="6" fill="{col}" '
            f'opacity=".7" stroke="#fff" stroke-width="1"/>'
            for i in range(3)
        )
    if c.id == "ext-artisan":
        return (
            f'<rect x="{KEY_X + 3}" y="{KEY_Y + 3}" width="{U - 6}" height="{U - 6}" rx="6" fill="{col}"/>'
            f'<circle cx="{KEY_X + U / 2:g}" cy="{KEY_Y + U / 2:g}" r="8" fill="#c8102e"/>'
        )
    if c.id == "ext-keeper":
        return f'<rect x="392" y="24" width="16" height="10" rx="3" fill="{col}"/>'
    # puller and lube kit on the desk
    return (
        f'<rect x="700" y="370" width="70" height="22" rx="11" fill="{col}"/>'
        '<path d="M710 410 L760 440 M710 440 L760 410" stroke="#9aa0ab" stroke-width="6" stroke-linecap="round"/>'
    )


def _row_x(row: int) -> int:
    """Left edge of a top-view row in the side view (row 0, the function row, is at the back)."""
    return SIDE_X + (len(ROWS) - 1 - row) * SIDE_ROW


def _kb_side(layer: str, c: Choice) -> str:
    col = c.colour
    rows = range(len(ROWS))
    if layer == "case":
        top = 318 if c.id == "case-low" else 300
        return (
            f'<rect x="170" y="{top}" width="460" height="{360 - top}" rx="10" fill="{col}"/>'
            f'<rect x="170" y="{top}" width="460" height="5" rx="2" fill="{_shade(col, 0.25)}"/>'
        )
    if layer == "plate":
        return f'<rect x="180" y="292" width="440" height="8" rx="2" fill="{col}"/>'
    if layer == "switches":
        housing = _shade(col, -0.55)
        return "".join(
            f'<rect x="{_row_x(r) + 14}" y="270" width="42" height="22" rx="3" fill="{housing}"/>'
            f'<rect x="{_row_x(r) + 29}" y="258" width="12" height="14" fill="{col}"/>'
            for r in rows
        )
    if layer == "keycaps":
        return "".join(
            f'<path d="M{_row_x(r) + 5} 268 H{_row_x(r) + 65} L{_row_x(r) + 57} 240 H{_row_x(r) + 13} Z" '
            f'fill="{col}"/>'
            for r in rows
        )
    if layer == "profile":
        heights = PROFILE_HEIGHTS.get(c.id, PROFILE_HEIGHTS["profile-cherry"])
        parts = []
        for i, r in enumerate(rows):
            x, h = _row_x(r), heights[i]
            dish = 5 if c.id in ("profile-sa", "profile-mt3") else 2
            parts.append(
                f'<path d="M{x + 13} 241 L{x + 15} {240 - h} Q{x + 35} {240 - h + dish} {x + 55} {240 - h} '
                f'L{x + 57} 241 Z"/>'
            )
        return (
            '<g fill="#fff" fill-opacity=".35" stroke="#fff" stroke-opacity=".7" stroke-width="2">'
            + "".join(parts)
            + "</g>"
        )
    if layer == "cable":
        if c.id == "cable-coil":
            loops = "".join(
                f'<ellipse cx="{680 + i * 12}" cy="345" rx="7" ry="14" fill="none" stroke="{col}" stroke-width="5"/>'
                for i in range(8)
            )
            return (
                f'<path d="M630 330 H672 M776 345 H800" fill="none" stroke="{col}" stroke-width="7"/>{loops}'
            )
        dash = ' stroke-dasharray="6 4"' if c.id == "cable-braided" else ""
        return (
            f'<path d="M630 330 C700 330 720 380 800 380" fill="none" stroke="{col}" stroke-width="8"{dash}/>'
        )
    if layer == "extras":
        if c.id == "ext-wrist":
            return f'<rect x="60" y="330" width="104" height="30" rx="12" fill="{col}"/>'
        if c.id == "ext-films":
            return "".join(
                f'<rect x="{_row_x(r) + 14}" y="279" width="42" height="4" fill="{col}"/>' for r in rows
            )
        if c.id == "ext-artisan":
            x = _row_x(0)
            return (
                f'<path d="M{x + 9} 262 H{x + 61} L{x + 55} 222 H{x + 15} Z" fill="{col}"/>'
                f'<circle cx="{x + 35}" cy="236" r="7" fill="#c8102e"/>'
            )
        if c.id == "ext-keeper":
            return f'<rect x="648" y="322" width="10" height="16" rx="3" fill="{col}"/>'
        return f'<rect x="690" y="400" width="80" height="20" rx="10" fill="{col}"/>'
    return ""


# -- mouse ----------------------------------------------------------------------------------

_MOUSE_TOP = (
    "M400 60 C520 60 560 170 560 260 C560 380 490 450 400 450 C310 450 240 380 240 260 "
    "C240 170 280 60 400 60 Z"
)
_MOUSE_SIDE = "M110 380 C150 300 300 250 430 250 C570 250 660 320 690 380 Z"


def _mouse_top(layer: str, c: Choice) -> str:
    col = c.colour
    if layer == "shell":
        opacity = ' fill-opacity=".75"' if c.id == "shell-frost" else ""
        return f'<path d="{_MOUSE_TOP}" fill="{col}"{opacity}/>'
    if layer == "buttons":
        return (
            f'<path d="M396 64 C310 70 262 150 256 232 L396 232 Z" fill="{col}"/>'
            f'<path d="M404 64 C490 70 538 150 544 232 L404 232 Z" fill="{col}"/>'
            '<rect x="388" y="120" width="24" height="56" rx="12" fill="#5b5f66"/>'
        )
    if layer == "grips":
        sides = (
            f'<path d="M246 260 C248 340 272 392 306 424 L318 404 C290 374 270 330 266 260 Z" fill="{col}"/>'
            f'<path d="M554 260 C552 340 528 392 494 424 L482 404 C510 374 530 330 534 260 Z" fill="{col}"/>'
        )
        if c.id == "grip-full":
            sides += (
                f'<path d="M330 110 C300 140 282 180 278 220 L300 220 C304 184 320 150 344 124 Z" fill="{col}"/>'
                f'<path d="M470 110 C500 140 518 180 522 220 L500 220 C496 184 480 150 456 124 Z" fill="{col}"/>'
            )
        return f'<g opacity=".9">{sides}</g>'
    if layer == "panel":  # seen edge-on from the top: a strip along the left side, its button columns
        cols = {"panel-12": 4, "panel-6": 3, "panel-2": 2}.get(c.id, 4)
        bumps = "".join(
            f'<rect x="236" y="{250 + i * 100 // cols}" width="8" height="{100 // cols - 8}" rx="3" '
            f'fill="{_shade(col, 0.35)}"/>'
            for i in range(cols)
        )
        return f'<path d="M242 230 C240 290 250 340 270 380 L282 374 C264 336 256 290 258 230 Z" fill="{col}"/>{bumps}'
    if layer == "skates":
        return (
            f'<rect x="350" y="48" width="100" height="20" rx="10" fill="{col}"/>'
            f'<rect x="340" y="440" width="120" height="20" rx="10" fill="{col}"/>'
        )
    return ""


def _mouse_side(layer: str, c: Choice) -> str:
    col = c.colour
    if layer == "shell":
        opacity = ' fill-opacity=".75"' if c.id == "shell-frost" else ""
        return f'<path d="{_MOUSE_SIDE}" fill="{col}"{opacity}/>'
    if layer == "buttons":
        return (
            f'<path d="M118 372 C150 312 250 264 380 254 L384 274 C270 284 180 322 146 372 Z" fill="{col}"/>'
        )
    if layer == "grips":
        big = c.id == "grip-full"
        top = 290 if big else 305
        return (
            f'<path d="M250 {top + 10} C330 {top} 470 {top} 570 {top + 25} L550 362 C460 346 330 346 262 356 Z" '
            f'fill="{col}" opacity=".9"/>'
        )
    if layer == "panel":
        count, cols = {"panel-12": (12, 4), "panel-6": (6, 3), "panel-2": (2, 2)}.get(c.id, (12, 4))
        rows = count // cols
        w, h = 150 // cols, 54 // rows
        keys = "".join(
            f'<rect x="{312 + i % cols * w}" y="{296 + i // cols * h}" width="{w - 6}" height="{h - 6}" rx="5" '
            f'fill="{_shade(col, 0.35)}"/>'
            for i in range(count)
        )
        return f'<rect x="304" y="288" width="166" height="70" rx="14" fill="{col}"/>{keys}'
    if layer == "skates":
        return (
            f'<rect x="150" y="380" width="130" height="8" rx="4" fill="{col}"/>'
            f'<rect x="520" y="380" width="130" height="8" rx="4" fill="{col}"/>'
        )
    return ""


def layer_svg(demo: DemoConfigurator, choice: Choice, angle_id: str) -> str:
    """The transparent 800x500 SVG of ``choice`` seen from ``angle_id`` ("top" or "side")."""
    if demo.art == "mouse":
        body = (_mouse_top if angle_id == "top" else _mouse_side)(choice.layer_id, choice)
    else:
        body = (_kb_top if angle_id == "top" else _kb_side)(choice.layer_id, choice)
    return _doc(body)


def thumbnail_svg(demo: DemoConfigurator, choice: Choice) -> str:
    """A 160x100 thumbnail: the choice's top drawing on a dark tile with a colour swatch."""
    body = layer_svg(demo, choice, "top").split(">", 1)[1].rsplit("</svg>", 1)[0]
    colour = choice.colour or "#5b5f66"
    tile = "#5b5f66" if _luminance(colour) < 0.15 else "#1d1f24"  # dark parts on a lighter tile
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="160" height="100">'
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="40" fill="{tile}"/>{body}'
        f'<circle cx="720" cy="420" r="44" fill="{escape(colour)}" stroke="#f2f2f0" '
        'stroke-width="6"/></svg>\n'
    )


def configurator_art(demo: DemoConfigurator) -> dict[str, str]:
    """Every file the demo configurator references: URL ("/media/configurator/...") -> SVG text
    (layer images per choice and angle, thumbnails, the welcome background)."""
    cfg = demo.configurator
    files: dict[str, str] = {}
    for choice in cfg.choices:
        for image in choice.images:
            files[image.url] = layer_svg(demo, choice, image.angle_id)
        if choice.thumbnail:
            files[choice.thumbnail] = thumbnail_svg(demo, choice)
    colour = "#2b3a55" if demo.art == "keyboard" else "#c8102e"
    files[demo.welcome_image] = banner_svg(colour, demo.art)
    return files
