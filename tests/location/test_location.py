"""``GET /api/location`` and its parts: the offline IP database, reference data, the shaping
rules, and which client address is trusted (SQLite, or PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from services.api.app import create_app
from services.catalog.models import Country
from services.location.domain import CountryFacts, build_location, emoji_flag
from services.location.ip_country import country_for_ip
from services.location.reference import calling_code, country_timezone, iso_country_name
from services.shared import db as shared_db
from services.shared.settings import get_settings

GERMAN_FLAG = "\U0001f1e9\U0001f1ea"
US_FLAG = "\U0001f1fa\U0001f1f8"

# Long-standing registry allocations: Hetzner Online (Germany), heise online (Germany),
# Google Public DNS and AT&T (United States), over IPv4 and IPv6.
KNOWN = [
    ("88.198.0.1", "DE"),
    ("193.99.144.80", "DE"),
    ("2a01:4f8::1", "DE"),
    ("8.8.8.8", "US"),
    ("12.0.0.1", "US"),
    ("2001:4860:4860::8888", "US"),
    ("::ffff:8.8.8.8", "US"),
]


@pytest.mark.parametrize(("ip", "code"), KNOWN)
def test_well_known_public_addresses_map_to_their_country(ip: str, code: str) -> None:
    assert country_for_ip(ip) == code


@pytest.mark.parametrize(
    "ip",
    [
        None,
        "",
        "not an ip",
        "10.1.2.3",
        "192.168.1.10",
        "172.16.0.5",
        "127.0.0.1",
        "100.64.0.1",
        "169.254.1.1",
        "::1",
        "fe80::1",
        "fd00::1",
        "0.0.0.0",
        "255.255.255.255",
        "198.51.100.7",
    ],
)
def test_private_reserved_and_malformed_addresses_have_no_country(ip: str | None) -> None:
    assert country_for_ip(ip) is None


def test_flags_are_regional_indicator_pairs() -> None:
    assert emoji_flag("DE") == GERMAN_FLAG == emoji_flag("de")
    assert emoji_flag("US") == US_FLAG
    with pytest.raises(ValueError):
        emoji_flag("DEU")


def test_reference_data_gives_calling_codes_zones_and_iso_names() -> None:
    assert (calling_code("DE"), calling_code("US"), calling_code("ZZ")) == (49, 1, None)
    assert country_timezone("DE") == "Europe/Berlin"
    assert country_timezone("US") is None  # several clocks: no single guess
    assert country_timezone("ZZ") is None
    assert iso_country_name("NP") == "Nepal"


def test_a_country_missing_from_our_table_keeps_its_code_but_pays_in_euro() -> None:
    location = build_location("NP", None, iso_name="Nepal", calling_code=977, timezone="Asia/Kathmandu")
    assert location.to_dict() == {
        "country_code": "NP",
        "country_name": "Nepal",
        "currency": "EUR",
        "city": None,
        "calling_code": "977",
        "is_eu": False,
        "emoji_flag": "\U0001f1f3\U0001f1f5",
        "flag": "\U0001f1f3\U0001f1f5",
        "timezone": "Asia/Kathmandu",
    }


def test_no_country_means_euro_and_nulls() -> None:
    assert build_location(None, CountryFacts("Germany", "EUR", True)).to_dict() == {
        "country_code": None,
        "country_name": None,
        "currency": "EUR",
        "city": None,
        "calling_code": None,
        "is_eu": False,
        "emoji_flag": None,
        "flag": None,
        "timezone": None,
    }


# ---- over HTTP --------------------------------------------------------------------------------


@pytest.fixture
def countries(db_url: str) -> None:
    with shared_db.get_sessionmaker(db_url)() as session:
        session.add_all(
            [
                Country(code="DE", name="Germany", currency="EUR", is_eu=True),
                Country(code="US", name="United States", currency="USD", is_eu=False),
            ]
        )
        session.commit()


def _client(peer: str) -> TestClient:
    return TestClient(create_app(), client=(peer, 50000))


def test_a_german_visitor_gets_germany_in_euro(countries) -> None:
    answer = _client("88.198.0.1").get("/api/location")
    assert answer.status_code == 200
    assert answer.json() == {
        "country_code": "DE",
        "country_name": "Germany",
        "currency": "EUR",
        "city": None,
        "calling_code": "49",
        "is_eu": True,
        "emoji_flag": GERMAN_FLAG,
        "flag": GERMAN_FLAG,
        "timezone": "Europe/Berlin",
    }
    assert "no-store" in answer.headers["cache-control"]


def test_a_us_visitor_gets_dollars(countries) -> None:
    body = _client("2001:4860:4860::8888").get("/api/location").json()
    assert (body["country_code"], body["country_name"], body["currency"], body["is_eu"]) == (
        "US",
        "United States",
        "USD",
        False,
    )
    assert (body["calling_code"], body["emoji_flag"], body["timezone"]) == ("1", US_FLAG, None)


def test_a_private_address_falls_back_to_euro(countries) -> None:
    body = _client("192.168.0.23").get("/api/location").json()
    assert body["country_code"] is None and body["currency"] == "EUR"


def test_forwarded_for_is_ignored_unless_proxy_headers_are_trusted(countries, monkeypatch) -> None:
    monkeypatch.delenv("TRUST_PROXY_HEADERS", raising=False)
    get_settings.cache_clear()
    headers = {"X-Forwarded-For": "8.8.8.8"}
    assert _client("88.198.0.1").get("/api/location", headers=headers).json()["country_code"] == "DE"
    assert _client("10.0.0.2").get("/api/location", headers=headers).json()["country_code"] is None


def test_forwarded_for_is_used_behind_a_trusted_proxy(countries, monkeypatch) -> None:
    monkeypatch.setenv("TRUST_PROXY_HEADERS", "1")
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.0/24")
    get_settings.cache_clear()
    proxy = _client("10.0.0.2")
    assert proxy.get("/api/location", headers={"X-Forwarded-For": "8.8.8.8"}).json()["currency"] == "USD"
    # a client-forged entry on the left does not win over what the proxy appended
    forged = proxy.get("/api/location", headers={"X-Forwarded-For": "8.8.8.8, 88.198.0.1"}).json()
    assert forged["country_code"] == "DE"
    # no header: the proxy's own (private) address, so no country
    assert proxy.get("/api/location").json()["country_code"] is None


def test_forwarded_for_counts_only_from_the_configured_proxies(countries, monkeypatch) -> None:
    """docs/operations.md, Security: with trust on, a peer outside ``FORWARDED_ALLOW_IPS``
    (here the default, 127.0.0.1 only) is its own client, whatever header it sends."""
    monkeypatch.setenv("TRUST_PROXY_HEADERS", "1")
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    get_settings.cache_clear()
    headers = {"X-Forwarded-For": "8.8.8.8"}
    assert _client("88.198.0.1").get("/api/location", headers=headers).json()["country_code"] == "DE"
    # chained proxies: trusted entries on the right are skipped, the first other one wins
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.2, 10.0.0.3")
    get_settings.cache_clear()
    chained = {"X-Forwarded-For": "1.2.3.4, 8.8.8.8, 10.0.0.3"}
    assert _client("10.0.0.2").get("/api/location", headers=chained).json()["currency"] == "USD"
