"""Use case: where is this visitor? (``GET /api/location``; docs/spec.md sections 3 and 7).

Everything is offline: the IP database is embedded in the ``iptocc`` wheel, reference data in
``phonenumberslite`` and ``tzdata``, country names and currencies in our ``countries`` table.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from services.location import reference, repository
from services.location.domain import Location, build_location
from services.location.ip_country import country_for_ip


def locate(session: Session, ip: str | None) -> Location:
    """The :class:`Location` guessed for ``ip`` (a string address or None).

    Private, loopback, reserved, malformed or unlisted addresses give ``country_code: None``
    and currency ``EUR``; a country missing from our table keeps its code with currency
    ``EUR`` (docs/spec.md section 9). Reads one ``countries`` row; raises nothing for bad input.
    """
    code = country_for_ip(ip)
    if code is None:
        return build_location(None, None)
    return build_location(
        code,
        repository.get_country(session, code),
        iso_name=reference.iso_country_name(code),
        calling_code=reference.calling_code(code),
        timezone=reference.country_timezone(code),
    )
