"""Deterministic SVG artwork for the demo catalogue (no network, no randomness).

Each product family gets a stylised silhouette drawn in the product's colour (a variation's
image in the variation's colour) on a dark studio backdrop. No image carries text: names, brand
and headlines are the page's (docs/spec.md section 2.16). Output is plain SVG 1.1
text, well-formed XML, a few KB per file. Same inputs give byte-identical files,
so re-seeding rewrites files without changing them.
"""

from __future__ import annotations

from pathlib import Path

# Silhouettes drawn in a 800x800 box; "{c}" is the main colour, "{a}" the accent.
_SHAPES: dict[str, str] = {
    "headset": (
        '<path d="M220 430 C220 230 580 230 580 430" fill="none" stroke="{c}" stroke-width="34" '
        'stroke-linecap="round"/>'
        '<rect x="170" y="400" width="110" height="170" rx="48" fill="{c}"/>'
        '<rect x="520" y="400" width="110" height="170" rx="48" fill="{c}"/>'
        '<rect x="196" y="430" width="58" height="110" rx="26" fill="{a}" opacity=".55"/>'
        '<rect x="546" y="430" width="58" height="110" rx="26" fill="{a}" opacity=".55"/>'
        '<path d="M200 540 C170 620 260 640 320 610" fill="none" stroke="{c}" stroke-width="12"/>'
    ),
    "keyboard": (
        '<rect x="110" y="300" width="580" height="230" rx="26" fill="{c}"/>'
        '<g fill="{a}" opacity=".6">'
        + "".join(
            f'<rect x="{140 + col * 44}" y="{326 + row * 44}" width="36" height="36" rx="6"/>'
            for row in range(4)
            for col in range(12)
        )
        + '</g><rect x="250" y="486" width="300" height="30" rx="6" fill="{a}" opacity=".8"/>'
    ),
    "mouse": (
        '<path d="M400 170 C540 170 580 300 580 420 C580 560 500 640 400 640 C300 640 220 560 220 420 '
        'C220 300 260 170 400 170 Z" fill="{c}"/>'
        '<path d="M400 170 L400 330" stroke="{a}" stroke-width="8"/>'
        '<rect x="386" y="230" width="28" height="64" rx="14" fill="{a}"/>'
        '<path d="M240 440 C300 470 500 470 560 440" fill="none" stroke="{a}" stroke-width="6" opacity=".5"/>'
    ),
    "mousepad": (
        '<rect x="90" y="250" width="620" height="330" rx="30" fill="{c}"/>'
        '<rect x="90" y="250" width="620" height="330" rx="30" fill="none" stroke="{a}" stroke-width="10"/>'
        '<path d="M140 520 L300 360 L380 440 L480 330 L660 520 Z" fill="{a}" opacity=".35"/>'
    ),
    "microphone": (
        '<rect x="320" y="150" width="160" height="300" rx="80" fill="{c}"/>'
        '<g stroke="{a}" stroke-width="6" opacity=".6">'
        + "".join(f'<line x1="330" y1="{200 + i * 30}" x2="470" y2="{200 + i * 30}"/>' for i in range(7))
        + '</g><path d="M270 380 C270 520 530 520 530 380" fill="none" stroke="{c}" stroke-width="18"/>'
        '<rect x="390" y="500" width="20" height="120" fill="{c}"/>'
        '<rect x="300" y="610" width="200" height="26" rx="13" fill="{c}"/>'
    ),
    "tshirt": (
        '<path d="M300 180 L220 210 L120 320 L200 390 L250 350 L250 640 L550 640 L550 350 L600 390 '
        'L680 320 L580 210 L500 180 C480 230 320 230 300 180 Z" fill="{c}"/>'
        '<rect x="340" y="330" width="120" height="40" rx="6" fill="{a}" opacity=".8"/>'
    ),
    "hoodie": (
        '<path d="M310 170 L220 220 L130 560 L220 580 L250 420 L250 650 L550 650 L550 420 L580 580 '
        'L670 560 L580 220 L490 170 C470 120 330 120 310 170 Z" fill="{c}"/>'
        '<path d="M330 180 C360 270 440 270 470 180" fill="none" stroke="{a}" stroke-width="10"/>'
        '<rect x="320" y="500" width="160" height="80" rx="12" fill="{a}" opacity=".4"/>'
    ),
    "switch": (
        '<rect x="250" y="380" width="300" height="200" rx="20" fill="{c}"/>'
        '<path d="M270 380 L310 250 L490 250 L530 380 Z" fill="{c}" opacity=".8"/>'
        '<rect x="370" y="170" width="60" height="90" rx="6" fill="{a}"/>'
        '<rect x="395" y="140" width="10" height="60" fill="{a}"/><rect x="360" y="180" width="80" height="10" fill="{a}"/>'
        '<rect x="330" y="580" width="20" height="60" fill="#c9a227"/><rect x="450" y="580" width="20" height="50" fill="#c9a227"/>'
    ),
    "cable": (
        '<path d="M140 200 C660 200 140 420 660 420 C140 420 660 620 400 620" fill="none" stroke="{c}" '
        'stroke-width="28" stroke-linecap="round"/>'
        '<rect x="90" y="175" width="70" height="50" rx="10" fill="{a}"/>'
        '<rect x="370" y="600" width="60" height="90" rx="10" fill="{a}"/>'
    ),
    "part": (
        '<circle cx="400" cy="400" r="200" fill="{c}"/><circle cx="400" cy="400" r="80" fill="{a}" opacity=".7"/>'
        '<g fill="{c}">'
        + "".join(
            f'<rect x="375" y="150" width="50" height="80" rx="8" transform="rotate({deg} 400 400)"/>'
            for deg in range(0, 360, 45)
        )
        + "</g>"
    ),
    "banner": (
        '<path d="M0 560 L300 300 L520 480 L760 260 L1100 520 L1600 220 L1600 700 L0 700 Z" fill="{c}" opacity=".6"/>'
        '<path d="M0 640 L400 420 L800 600 L1200 400 L1600 620 L1600 700 L0 700 Z" fill="{a}" opacity=".5"/>'
    ),
}

FAMILIES = tuple(sorted(_SHAPES))

#: The views of a product's gallery, in image order: the product as shown in a shop's grid, then a
#: front view lit from the other side and a back view (the silhouette mirrored).
VIEWS = ("gallery", "front", "back")


def _hex_luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(ch * 2 for ch in value)
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def _studio(backdrop: str, light_x: int) -> str:
    """A studio backdrop: a soft spotlight at ``light_x`` over ``backdrop`` and a floor shadow."""
    return (
        f'<defs><radialGradient id="l" cx="{light_x}%" cy="35%" r="75%">'
        '<stop offset="0" stop-color="#fff" stop-opacity=".14"/>'
        '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>'
        f'<rect width="800" height="800" fill="{backdrop}"/><rect width="800" height="800" fill="url(#l)"/>'
        '<ellipse cx="400" cy="660" rx="280" ry="26" fill="#000" opacity=".35"/>'
    )


def product_svg(family: str, colour: str, view: str = "gallery") -> str:
    """Return an 800x800 SVG document (str): ``family``'s silhouette in ``colour`` on a studio
    backdrop. No text: the name of the product belongs in the page, not in its picture.

    ``family``: one of :data:`FAMILIES` (unknown families fall back to "part").
    ``colour``: CSS hex colour of the product body, e.g. "#15161a" (a variation's own colour for
    its image). ``view``: one of :data:`VIEWS`; "back" mirrors the silhouette, "front" moves the
    light to the other side (unknown views draw "gallery").
    """
    shape = _SHAPES.get(family, _SHAPES["part"])
    accent = "#2b2d33" if _hex_luminance(colour) > 0.55 else "#e8e8e6"
    backdrop = "#3a3d45" if _hex_luminance(colour) < 0.12 else "#1d1f24"
    body = shape.replace("{c}", colour).replace("{a}", accent)
    if view == "back":
        body = f'<g transform="translate(800 0) scale(-1 1)">{body}</g>'
    light = 70 if view == "front" else 30
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">'
        f"{_studio(backdrop, light)}{body}</svg>\n"
    )


def banner_svg(colour: str, family: str | None = None, width: int = 1600, height: int = 700) -> str:
    """Return a wide content banner SVG (default 1600x700): a mountain-line backdrop in
    ``colour`` and, with ``family`` (one of :data:`FAMILIES`), that product drawn large on the
    right third, where a hero's headline never sits. No text (a headline is the page's own)."""
    body = _SHAPES["banner"].replace("{c}", colour).replace("{a}", "#f2f2f0")
    product = ""
    if family is not None:
        shape = _SHAPES.get(family, _SHAPES["part"]).replace("{c}", "#c8102e").replace("{a}", "#e8e8e6")
        product = f'<g transform="translate(1000 40) scale(.78)">{shape}</g>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 700" width="{width}" height="{height}" '
        'preserveAspectRatio="xMidYMid slice">'
        '<rect width="1600" height="700" fill="#121317"/>'
        f"{body}{product}</svg>\n"
    )


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` (UTF-8) to ``path``, creating folders; skip identical files.

    Returns True when the file was (re)written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True
