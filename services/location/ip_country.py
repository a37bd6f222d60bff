"""IP address -> country code, offline, with the ``iptocc`` package (pinned in pyproject.toml).

``iptocc`` embeds the five Regional Internet Registries' delegation data in its wheel (refreshed
nightly upstream; upgrade the pin to refresh ours): no file to download, no outside call, a
lookup costs well under a microsecond. The code is the country a block is *registered* to,
which matches commercial databases for about 95 % of IPv4 addresses: good enough to guess a
currency (the visitor can change the country).
"""

from __future__ import annotations

import ipaddress

from iptocc import country_code as _registry_country


def country_for_ip(ip: str | None) -> str | None:
    """The upper-case ISO alpha-2 code registered for ``ip``, or None for a missing or malformed
    address, a private/loopback/reserved one (never looked up), or one no registry lists."""
    if not ip:
        return None
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if not address.is_global:
        return None
    code = _registry_country(str(address))
    return code.upper() if code else None
