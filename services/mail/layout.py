"""The shop's branded mail layout (docs/checkout.md "Confirmation mail"): one HTML layout and its
plain-text counterpart for every mail a shopper gets about an order.

:func:`branded_mail` is the whole API::

    branded_mail(
        to, subject,
        heading="Your order is on its way",
        paragraphs=["Hi Ada,", "We shipped your order #482913570."],
        details=[("Order number", "482913570"), ("Carrier", "DHL")],
        button=("View your order", order_link(order_id)),
        preheader="Order #482913570 has shipped",
        sections=[Section("Shipping address", lines=["Ada Lovelace", "10119 Berlin", "Germany"])],
    ) -> Mail

The HTML part has the shop's wordmark and colours, a hidden preheader (the line mail clients
show beside the subject), the heading, the paragraphs, a button-style link, a details table,
titled sections (paragraphs, a two-column table, or address-like lines) and a footer with the
support address (``SUPPORT_EMAIL``) and the shop's address (``SHOP_URL``). Rendering is Jinja2 with
autoescaping on: every value passed in is text and is HTML-escaped, so a buyer's name or note
can never add markup; the button's URL must be ``http(s)``. The text part carries the same
content in the same order, the button as ``label: url``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jinja2 import DictLoader, Environment, StrictUndefined, select_autoescape

from services.mail.outbox import Mail
from services.shared.settings import get_settings

SHOP_NAME = "HALVARD"
# The storefront's colours (webapp/src/styles/global.css): its near-black ``--bg`` for the header,
# ``--accent-fill`` behind the button's white text (>= 4.5:1), a light body for mail clients.
COLORS = {"ink": "#0a0b0f", "muted": "#5b6270", "accent": "#d6391b", "paper": "#ffffff", "ground": "#f2f3f5"}


@dataclass(frozen=True)
class Section:
    """A titled block of a branded mail: ``paragraphs`` (text), ``rows`` (label, value) shown as
    a two-column table, ``lines`` shown one under the other (an address). Any may be empty."""

    title: str
    paragraphs: Sequence[str] = ()
    rows: Sequence[tuple[str, str]] = ()
    lines: Sequence[str] = ()


@dataclass(frozen=True)
class _Content:
    heading: str
    preheader: str
    paragraphs: Sequence[str]
    details: Sequence[tuple[str, str]]
    button: tuple[str, str] | None
    sections: Sequence[Section]
    shop_name: str
    shop_url: str
    support: str
    colors: dict[str, str] = field(default_factory=lambda: dict(COLORS))


_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{ c.heading }}</title></head>
<body style="margin:0;padding:0;background:{{ c.colors.ground }};font-family:Helvetica,Arial,sans-serif;color:{{ c.colors.ink }}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">{{ c.preheader }}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:{{ c.colors.ground }}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:{{ c.colors.paper }};border-radius:6px">
<tr><td style="background:{{ c.colors.ink }};padding:20px 32px;border-radius:6px 6px 0 0">
<a href="{{ c.shop_url }}" style="color:#ffffff;text-decoration:none;font-size:22px;font-weight:700;letter-spacing:4px">{{ c.shop_name }}</a>
</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px">{{ c.heading }}</h1>
{% for p in c.paragraphs %}<p style="margin:0 0 12px;line-height:1.5">{{ p }}</p>
{% endfor %}
{% if c.button %}<p style="margin:24px 0"><a href="{{ c.button[1] }}" style="display:inline-block;background:{{ c.colors.accent }};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 24px;border-radius:4px">{{ c.button[0] }}</a></p>
{% endif %}
{% if c.details %}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:8px 0 16px;border-top:1px solid {{ c.colors.ground }}">
{% for label, value in c.details %}<tr><th align="left" style="padding:6px 0;font-weight:400;color:{{ c.colors.muted }}">{{ label }}</th><td align="right" style="padding:6px 0;font-weight:700">{{ value }}</td></tr>
{% endfor %}</table>
{% endif %}
{% for s in c.sections %}<h2 style="margin:24px 0 8px;font-size:17px">{{ s.title }}</h2>
{% for p in s.paragraphs %}<p style="margin:0 0 12px;line-height:1.5">{{ p }}</p>
{% endfor %}{% if s.rows %}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%">
{% for label, value in s.rows %}<tr><td style="padding:4px 0">{{ label }}</td><td align="right" style="padding:4px 0">{{ value }}</td></tr>
{% endfor %}</table>
{% endif %}{% if s.lines %}<p style="margin:0 0 12px;line-height:1.5">{% for line in s.lines %}{{ line }}{% if not loop.last %}<br>{% endif %}{% endfor %}</p>
{% endif %}{% endfor %}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid {{ c.colors.ground }};font-size:13px;color:{{ c.colors.muted }}">
Questions? Write to <a href="mailto:{{ c.support }}" style="color:{{ c.colors.muted }}">{{ c.support }}</a>.<br>
{{ c.shop_name }} &middot; <a href="{{ c.shop_url }}" style="color:{{ c.colors.muted }}">{{ c.shop_url }}</a>
</td></tr>
</table></td></tr></table>
</body></html>
"""

_TEXT = """{{ c.shop_name }}

{{ c.heading }}
{{ "=" * (c.heading | length) }}
{% for p in c.paragraphs %}
{{ p }}
{% endfor %}{% if c.button %}
{{ c.button[0] }}: {{ c.button[1] }}
{% endif %}{% if c.details %}
{% for label, value in c.details %}{{ label }}: {{ value }}
{% endfor %}{% endif %}{% for s in c.sections %}
{{ s.title }}
{{ "-" * (s.title | length) }}
{% for p in s.paragraphs %}{{ p }}
{% endfor %}{% for label, value in s.rows %}{{ label }}: {{ value }}
{% endfor %}{% for line in s.lines %}{{ line }}
{% endfor %}{% endfor %}
--
Questions? Write to {{ c.support }}.
{{ c.shop_name }} - {{ c.shop_url }}
"""

_ENV = Environment(
    loader=DictLoader({"branded.html": _HTML, "branded.txt": _TEXT}),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
    undefined=StrictUndefined,
    keep_trailing_newline=True,
)


def branded_mail(
    to: str,
    subject: str,
    *,
    heading: str,
    paragraphs: Sequence[str] = (),
    details: Sequence[tuple[str, str]] = (),
    button: tuple[str, str] | None = None,
    preheader: str = "",
    sections: Sequence[Section] = (),
) -> Mail:
    """A :class:`~services.mail.outbox.Mail` to ``to`` with ``subject`` in the shop's layout
    (module docstring): ``heading``, then ``paragraphs``, the ``button`` (label, URL), the
    ``details`` (label, value) table, the ``sections``, the footer. ``preheader`` (default the
    first paragraph) is what inboxes show beside the subject. All values are plain text (escaped
    in the HTML part). Raises ``ValueError`` when the button's URL is not ``http://`` or
    ``https://``, and :class:`~services.mail.outbox.UnsafeHeader` for a line break in ``to`` or
    ``subject``."""
    if button is not None and not button[1].startswith(("https://", "http://")):
        raise ValueError("a mail button must link to an http(s) URL")
    settings = get_settings()
    content = _Content(
        heading=heading,
        preheader=preheader or (paragraphs[0] if paragraphs else heading),
        paragraphs=list(paragraphs),
        details=list(details),
        button=button,
        sections=list(sections),
        shop_name=SHOP_NAME,
        shop_url=settings.mail.shop_url.rstrip("/"),
        support=settings.contact.support_address,
    )
    html = _ENV.get_template("branded.html").render(c=content)
    text = _ENV.get_template("branded.txt").render(c=content)
    return Mail(to=to, subject=subject, text=text, html=html)
