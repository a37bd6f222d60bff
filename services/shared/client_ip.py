"""The client address of a request, honouring ``X-Forwarded-For`` only when told to.

Shared by every context that needs the client: the location guess (``GET /api/location``) and the
per-IP rate limits of the cart, checkout, contact, newsletter and staff login
(``services/shared/ratelimit.py``). The rule is uvicorn's, as ``shop serve`` configures it
(docs/operations.md, Security): the header counts only with ``TRUST_PROXY_HEADERS=1`` and
only when the socket peer is one of ``FORWARDED_ALLOW_IPS`` (default ``127.0.0.1``);
otherwise it is ignored, since any client can send it. Under ``shop serve`` with trust on,
uvicorn has already replaced the peer by the forwarded client, and this module gives the same
answer again (the forwarded client is not a trusted proxy, so the header is not read twice).
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


def trusted_proxies(setting: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None:
    """The networks of ``FORWARDED_ALLOW_IPS`` (comma-separated addresses or CIDR networks);
    None for ``*`` (every peer is trusted). Entries that are neither are ignored."""
    networks = []
    for entry in setting.split(","):
        entry = entry.strip()
        if entry == "*":
            return None
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue
    return networks


def is_trusted_proxy(address: str | None, setting: str) -> bool:
    """Whether ``address`` (an IP string) is one of the proxies of ``setting``."""
    networks = trusted_proxies(setting)
    if networks is None:
        return True
    parsed = _parse(address or "")
    if parsed is None:
        return False
    ip = ipaddress.ip_address(parsed)
    return any(ip in network for network in networks)


def forwarded_client(header: str, setting: str) -> str | None:
    """The client of an ``X-Forwarded-For`` chain as uvicorn picks it: walking from the right,
    the first valid address that is not a trusted proxy (``setting``); when every entry is a
    proxy, the left-most one. None when no entry is an address."""
    entries = [parsed for parsed in (_parse(part) for part in header.split(",")) if parsed is not None]
    for entry in reversed(entries):
        if not is_trusted_proxy(entry, setting):
            return entry
    return entries[0] if entries else None


def client_ip(request: HTTPConnection) -> str | None:
    """The request's client IP as a string, or None when unknown.

    With ``TRUST_PROXY_HEADERS=1`` and a socket peer listed in ``FORWARDED_ALLOW_IPS``, the
    client named by ``X-Forwarded-For`` (:func:`forwarded_client`); otherwise, or when the
    header holds no address, the socket peer.
    """
    settings = get_settings()
    peer = request.client.host if request.client is not None else None
    if settings.trust_proxy_headers and is_trusted_proxy(peer, settings.forwarded_allow_ips):
        header = ", ".join(request.headers.getlist("x-forwarded-for"))
        if header:
            found = forwarded_client(header, settings.forwarded_allow_ips)
            if found is not None:
                return found
    if peer is None:
        return None
    return _parse(peer)
