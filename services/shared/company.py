"""The company that runs the shop: the seller named in the imprint, the legal pages, the footer
and the bank transfer instructions (docs/spec.md section 2.16).

One value, :data:`COMPANY`, so every place names the same seller at the same address. The
demo's company is HALVARD AB in Gothenburg (registration and VAT numbers are made up for the
demo; no real company is meant).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Company:
    """The seller's details as shown to shoppers (all plain text).

    ``legal_name``: the registered name ("HALVARD AB"); ``street``, ``postcode``, ``city`` and
    ``country``: the postal address; ``email`` and ``phone``: how shoppers reach it;
    ``representative``: who may act for it (managing director); ``registration``: the register
    and number; ``vat_id``: the EU VAT identification number.
    """

    legal_name: str
    street: str
    postcode: str
    city: str
    country: str
    email: str
    phone: str
    representative: str
    registration: str
    vat_id: str

    @property
    def address_lines(self) -> list[str]:
        """The postal address, one line each: street, "postcode city", country."""
        return [self.street, f"{self.postcode} {self.city}", self.country]

    def as_dict(self) -> dict[str, str]:
        """Every field by name (for JSON)."""
        return asdict(self)


COMPANY = Company(
    legal_name="HALVARD AB",
    street="Första Långgatan 12",
    postcode="413 27",
    city="Gothenburg",
    country="Sweden",
    email="support@halvard.gg",
    phone="+46 31 760 19 19",
    representative="Linnea Halvardsson (Managing Director)",
    registration="Swedish Companies Registration Office (Bolagsverket), reg. no. 559214-3087",
    vat_id="SE559214308701",
)
