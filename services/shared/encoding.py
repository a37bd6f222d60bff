"""HTTP content codings: which ones a client accepts (``Accept-Encoding``, RFC 9110 12.5.3).

Used where the shop sends bytes compressed once and kept: the storefront build's ``.br`` /
``.gz`` twins (``services/api/app.py``) and the catalogue response cache
(``services/catalog/response_cache.py``).
"""

from __future__ import annotations


def accepted_encodings(accept_encoding: str) -> set[str]:
    """The codings an ``Accept-Encoding`` header value allows, lower-case; those with ``q=0``
    are left out and a malformed ``q`` drops its coding. ``"gzip, br;q=0"`` -> ``{"gzip"}``."""
    accepted: set[str] = set()
    for part in accept_encoding.split(","):
        coding, _, params = part.partition(";")
        params = params.strip()
        try:
            q = float(params.removeprefix("q=")) if params.startswith("q=") else 1.0
        except ValueError:
            continue
        if q > 0 and coding.strip():
            accepted.add(coding.strip().lower())
    return accepted
