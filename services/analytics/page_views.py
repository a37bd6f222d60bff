"""GA4 ``page_view`` events from the storefront (docs/spec.md section 2: "Every page change ... sends a
page view"; section 7: outbound tracking timeout 250 ms is the client's side).

:func:`parse_page_view` validates the JSON the webapp sends and :func:`record_page_view` stores
it once per ``event_id`` in ``ga4_events`` (name ``page_view``, id ``page_view:<event_id>``)
with GA4's parameter names ``page_location``, ``page_title``, ``page_referrer`` and, when
given, ``client_id`` (the random analytics id the cart's events use as ``cid``). The webapp
only sends page views after the visitor accepted cookies (``acceptCookies``); the server
cannot tell and does not try.

Privacy: URL query parameters that may carry secrets (``key``, ``order_key``, ``token``,
``email``, ``password``) are replaced by ``(redacted)`` and fragments are dropped before
storing, in both ``page_location`` and ``page_referrer``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from sqlalchemy.orm import Session

from services.analytics import ga4
from services.analytics.ga4_models import PAGE_VIEW

EVENT_ID_RE = re.compile(r"^[A-Za-z0-9._:-]{8,64}$")
CID_RE = re.compile(r"^[\x21-\x7e]{1,128}$")
MAX_BODY_BYTES = 8192
MAX_URL = 2048
MAX_TITLE = 300
SECRET_PARAMS = frozenset({"key", "order_key", "token", "email", "password"})
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class InvalidPageView(ValueError):
    """The page view is malformed; ``message`` says which field and why (400
    ``invalid_analytics_event``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class PageView:
    """A validated page view: ``event_id`` (client-made, 8..64 of ``[A-Za-z0-9._:-]``),
    ``page_location`` (absolute http(s) URL, redacted), ``page_title`` (plain text, at most
    300 characters), ``page_referrer`` (absolute URL or ""), ``client_id`` (or None)."""

    event_id: str
    page_location: str
    page_title: str
    page_referrer: str
    client_id: str | None

    def params(self) -> dict[str, Any]:
        """GA4 parameters as stored."""
        params: dict[str, Any] = {
            "page_location": self.page_location,
            "page_title": self.page_title,
            "page_referrer": self.page_referrer,
        }
        if self.client_id:
            params["client_id"] = self.client_id
        return params


def redact_url(url: str) -> str:
    """``url`` without its fragment and with secret-carrying query values replaced."""
    parts = urlsplit(url)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    query = parts.query
    if any(name.lower() in SECRET_PARAMS for name, _ in pairs):
        query = urlencode(
            [(name, "(redacted)" if name.lower() in SECRET_PARAMS else value) for name, value in pairs]
        )
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


def _url(name: str, value: Any, *, required: bool) -> str:
    if value is None or value == "":
        if required:
            raise InvalidPageView(f"{name} is required.")
        return ""
    if not isinstance(value, str) or len(value) > MAX_URL or _CONTROL.search(value):
        raise InvalidPageView(f"{name} must be a URL of at most {MAX_URL} characters.")
    try:
        parts = urlsplit(value)
    except ValueError as exc:
        raise InvalidPageView(f"{name} must be an absolute http(s) URL.") from exc
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidPageView(f"{name} must be an absolute http(s) URL.")
    return redact_url(value)


def parse_page_view(body: bytes) -> PageView:
    """Validate the request body (JSON object ``{event_id, page_location, page_title?,
    page_referrer?, cid?}``, at most ``MAX_BODY_BYTES``). Raises :class:`InvalidPageView`."""
    if len(body) > MAX_BODY_BYTES:
        raise InvalidPageView(f"The page view must be at most {MAX_BODY_BYTES} bytes.")
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError) as exc:
        raise InvalidPageView("The body must be a JSON object.") from exc
    if not isinstance(data, dict):
        raise InvalidPageView("The body must be a JSON object.")
    event_id = data.get("event_id")
    if not isinstance(event_id, str) or not EVENT_ID_RE.match(event_id):
        raise InvalidPageView("event_id must be 8 to 64 characters: letters, digits, '.', '_', ':' or '-'.")
    cid = data.get("cid")
    if cid in (None, ""):
        cid = None
    elif not isinstance(cid, str) or not CID_RE.match(cid):
        raise InvalidPageView("cid must be 1 to 128 printable characters without spaces.")
    title = data.get("page_title", "")
    if title is None:
        title = ""
    if not isinstance(title, str):
        raise InvalidPageView("page_title must be text.")
    return PageView(
        event_id=event_id,
        page_location=_url("page_location", data.get("page_location"), required=True),
        page_title=_CONTROL.sub(" ", title).strip()[:MAX_TITLE],
        page_referrer=_url("page_referrer", data.get("page_referrer"), required=False),
        client_id=cid,
    )


def record_page_view(session: Session, view: PageView) -> bool:
    """Store ``view`` unless its event id was seen; True when stored. Does not commit."""
    return ga4.record(session, f"{PAGE_VIEW}:{view.event_id}", PAGE_VIEW, view.params())


__all__ = ["InvalidPageView", "PageView", "parse_page_view", "record_page_view", "redact_url"]
