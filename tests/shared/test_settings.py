"""``services/shared/settings.py``: the one place the shop reads its settings from the
environment, read once per process (docs/operations.md, "Settings")."""

from __future__ import annotations

import re

import pytest

from services.shared.gc_tuning import freeze_startup_heap
from services.shared.settings import REPO_ROOT, get_settings

SETTINGS_MODULE = REPO_ROOT / "services" / "shared" / "settings.py"
READS_THE_ENVIRONMENT = re.compile(r"\bos\.environ\b|\bos\.getenv\b|\bgetenv\(|\bBaseSettings\b|\benviron\[")


def test_no_other_module_under_services_reads_the_environment() -> None:
    readers = [
        str(path.relative_to(REPO_ROOT))
        for path in sorted((REPO_ROOT / "services").rglob("*.py"))
        if path != SETTINGS_MODULE and READS_THE_ENVIRONMENT.search(path.read_text(encoding="utf-8"))
    ]
    assert readers == []


def test_settings_are_read_once_until_the_cache_is_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SITE_HOST", "one.example")
    get_settings.cache_clear()
    first = get_settings()
    monkeypatch.setenv("SITE_HOST", "two.example")
    assert get_settings() is first and first.site_host == "one.example"
    get_settings.cache_clear()
    assert get_settings().site_host == "two.example"


def test_the_sections_keep_their_environment_names(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {
        "MAIL_BACKEND": "smtp",
        "SMTP_PORT": "2525",
        "SHOP_URL": "https://shop.example",
        "BACS_IBAN": "GB82 WEST 1234 5698 7654 32",
        "SUPPORT_EMAIL": "help@example.net",
        "CONTACT_REPEAT_WINDOW_SECONDS": "0",
        "NEWSLETTER_CONFIRM_TTL_HOURS": "24",
        "NEWSLETTER_CONFIRM_RESEND_SECONDS": "60",
        "STAFF_PASSWORD": "a long enough secret",
    }.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    s = get_settings()
    assert (s.mail.mail_backend, s.mail.smtp_port, s.mail.shop_url) == ("smtp", 2525, "https://shop.example")
    assert s.bank.iban == "GB82 WEST 1234 5698 7654 32"
    assert (s.contact.support_address, s.contact.contact_repeat_window_seconds) == ("help@example.net", 0)
    assert (s.newsletter.confirm_ttl_hours, s.newsletter.confirm_resend_seconds) == (24, 60)
    assert s.cli.staff_password.get_secret_value() == "a long enough secret"
    assert "a long enough secret" not in repr(s.cli)


def test_the_support_address_defaults_to_the_site_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SUPPORT_EMAIL", raising=False)
    monkeypatch.setenv("SITE_HOST", "shop.example.org")
    get_settings.cache_clear()
    assert get_settings().contact.support_address == "support@shop.example.org"


@pytest.mark.parametrize("value", ["0", "false", "no", "off"])
def test_gc_freeze_off_leaves_the_heap_alone(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("GC_FREEZE", value)
    get_settings.cache_clear()
    assert freeze_startup_heap() is False


def test_a_malformed_setting_stops_the_process_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMTP_PORT", "twenty-five")
    get_settings.cache_clear()
    with pytest.raises(ValueError, match="smtp_port"):
        get_settings()
