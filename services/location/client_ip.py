"""The client address of a request, honouring ``X-Forwarded-For`` only when told to.

Used by the location guess (``GET /api/location``) and the staff login rate limit. Behind a
reverse proxy set ``TRUST_PROXY_HEADERS=1``; otherwise the header is ignored, since any
client can send it.
"""

from __future__ import annotations

import ipaddress

from starlette.requests import HTTPConnection

from services.shared.settings import get_settings


def _parse(value: str) -> str | None:
    """A normalised IP address string, or None for anything that is not one."""
    candidate = value.strip()
    if candidate.startswith("[") and "]" in candidate:  # "[2001:db8::1]:443"
        candidate = candidate[1 : candidate.index("]")]
    elif candidate.count(":") == 1:  # "203.0.113.7:51234"
        candidate = candidate.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return None


def forwarded_for(header: str) -> str | None:
    """The address our proxy saw: the right-most valid entry of an ``X-Forwarded-For`` value.

    Entries left of it were sent by the client and can be forged; the right-most one is
    appended by the (trusted) proxy in front of us. Returns None when no entry is an address.
    """
    for part in reversed(header.split(",")):
        parsed = _parse(part)
        if parsed is not None:
            return parsed
    return None


def client_ip(request: HTTPConnection) -> str | None:
    """The request's client IP as a string, or None when unknown.

    With ``TRUST_PROXY_HEADERS=1`` the right-most address of ``X-Forwarded-For`` wins (see
    :func:`forwarded_for`); without it, or when the header holds no address, the socket peer.
    """
    if get_settings().trust_proxy_headers:
        header = request.headers.get("x-forwarded-for")
        if header:
            found = forwarded_for(header)
            if found is not None:
                return found
    if request.client is None:
        return None
    return _parse(request.client.host)
