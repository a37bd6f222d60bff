"""The newsletter's mails: the double opt-in confirmation and newsletter issues.

Every one carries an unsubscribe link in its text and HTML bodies and the one-click headers of
RFC 8058 (``List-Unsubscribe: <{SHOP_URL}/api/newsletter/unsubscribe?token=...>`` and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``), plus a ``List-Id``. Links:

- confirm: ``{SHOP_URL}/newsletter/confirm?token=...`` (storefront page; it calls
  ``POST /api/newsletter/confirm``),
- unsubscribe (in the body): ``{SHOP_URL}/newsletter/unsubscribe?token=...`` (storefront page; it
  calls ``POST /api/newsletter/unsubscribe`` at once: one click),
- one-click (header): ``{SHOP_URL}/api/newsletter/unsubscribe?token=...`` (a mail client POSTs it;
  a GET is sent on to the storefront page).

Tokens are base64url (safe in URLs and headers as they are); they are quoted all the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from services.mail.outbox import Mail

SHOP_NAME = "HALVARD"


@dataclass(frozen=True)
class Links:
    """The links of one mail to one subscriber: ``unsubscribe_page`` (body), ``one_click``
    (``List-Unsubscribe`` header) and, in a confirmation mail, ``confirm``."""

    unsubscribe_page: str
    one_click: str
    confirm: str | None = None


def links(shop_url: str, unsubscribe_token: str, confirm_token: str | None = None) -> Links:
    """The links for ``shop_url`` (``SHOP_URL``, trailing slash ignored) and the given tokens."""
    base = shop_url.rstrip("/")
    unsubscribe = quote(unsubscribe_token, safe="")
    return Links(
        unsubscribe_page=f"{base}/newsletter/unsubscribe?token={unsubscribe}",
        one_click=f"{base}/api/newsletter/unsubscribe?token={unsubscribe}",
        confirm=None
        if confirm_token is None
        else f"{base}/newsletter/confirm?token={quote(confirm_token, safe='')}",
    )


def list_headers(link: Links, site_host: str) -> dict[str, str]:
    """``List-Unsubscribe`` (the one-click URL), ``List-Unsubscribe-Post`` (RFC 8058) and
    ``List-Id`` (``HALVARD newsletter <newsletter.{site_host}>``)."""
    return {
        "List-Unsubscribe": f"<{link.one_click}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": f"{SHOP_NAME} newsletter <newsletter.{site_host}>",
    }


def _footer_text(link: Links) -> list[str]:
    return ["", "--", f"Unsubscribe with one click: {link.unsubscribe_page}", ""]


def _footer_html(link: Links) -> str:
    return (
        "<hr><p style='font-size:12px;color:#666'>"
        f"<a href='{escape(link.unsubscribe_page, quote=True)}'>Unsubscribe</a> with one click."
        "</p>"
    )


def confirmation_mail(email: str, link: Links, confirm_hours: float, site_host: str) -> Mail:
    """The double opt-in mail to ``email``: the confirm link (valid ``confirm_hours``), what
    happens without confirming (nothing), and the unsubscribe link and headers."""
    assert link.confirm is not None
    days = confirm_hours / 24
    validity = f"{days:g} days" if confirm_hours >= 48 and days == int(days) else f"{confirm_hours:g} hours"
    subject = f"Please confirm your {SHOP_NAME} newsletter subscription"
    text = "\n".join(
        [
            "Hi,",
            "",
            f"someone (hopefully you) asked for the {SHOP_NAME} newsletter at this address.",
            "Please confirm by opening this link:",
            "",
            link.confirm,
            "",
            f"The link works for {validity}. If you did not sign up, ignore this mail:",
            "without your confirmation you will not hear from us again.",
            *_footer_text(link),
        ]
    )
    html = (
        "<!doctype html><html><body style='font-family:sans-serif'>"
        f"<h1>Confirm your {SHOP_NAME} newsletter subscription</h1>"
        f"<p>Someone (hopefully you) asked for the {SHOP_NAME} newsletter at this address.</p>"
        f"<p><a href='{escape(link.confirm, quote=True)}' style='display:inline-block;padding:12px 20px;"
        "background:#111;color:#fff;text-decoration:none;border-radius:4px'>Yes, subscribe me</a></p>"
        f"<p>The link works for {validity}. If you did not sign up, ignore this mail: without your "
        "confirmation you will not hear from us again.</p>"
        f"{_footer_html(link)}</body></html>"
    )
    return Mail(to=email, subject=subject, text=text, html=html, headers=list_headers(link, site_host))


def issue_mail(email: str, subject: str, text: str, html: str, link: Links, site_host: str) -> Mail:
    """A newsletter issue to ``email``: ``text`` and ``html`` (trusted, written by the shop) with
    the unsubscribe footer appended (inside ``</body>`` when there is one) and the list headers."""
    footer = _footer_html(link)
    at = html.lower().rfind("</body>")
    body = html[:at] + footer + html[at:] if at >= 0 else html + footer
    return Mail(
        to=email,
        subject=subject,
        text="\n".join([text.rstrip("\n"), *_footer_text(link)]),
        html=body,
        headers=list_headers(link, site_host),
    )
