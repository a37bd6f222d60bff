"""The shared rate-limit module (services/shared/ratelimit.py): the one 429 error, waits in
words, keys that keep no email address, and limits read from the environment."""

from __future__ import annotations

import pytest

from services.shared.ratelimit import (
    RateLimited,
    email_key,
    get_limit,
    reset_limits,
    retry_after_headers,
    wait_in_words,
)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (1, "1 second"),
        (59, "59 seconds"),
        (60, "1 minute"),
        (61, "2 minutes"),
        (600, "10 minutes"),
        (3601, "2 hours"),
    ],
)
def test_waits_read_as_people_say_them(seconds: int, words: str) -> None:
    assert wait_in_words(seconds) == words


def test_the_one_429_carries_retry_after_in_body_and_headers() -> None:
    error = RateLimited("contact", "Too many messages. Please try again in 5 seconds.", 5)
    assert error.status_code == 429
    assert error.to_dict() == {
        "code": "rate_limited",
        "message": "Too many messages. Please try again in 5 seconds.",
        "retry_after": 5,
        "limit": "contact",
    }
    assert retry_after_headers(error) == {"Retry-After": "5", "Cache-Control": "no-store"}


def test_check_counts_nothing_hit_counts_and_an_empty_limit_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RATE_LIMIT_CONTACT", "2/minute")
    monkeypatch.setenv("RATE_LIMIT_NEWSLETTER", "")
    reset_limits()
    contact = get_limit("contact")
    for _ in range(5):
        contact.check("198.51.100.1")
    contact.hit("198.51.100.1")
    contact.hit("198.51.100.1")
    with pytest.raises(RateLimited) as refused:
        contact.hit("198.51.100.1")
    assert 1 <= refused.value.retry_after <= 60 and refused.value.limit == "contact"
    contact.hit("198.51.100.2")  # another key has its own allowance
    newsletter = get_limit("newsletter")
    assert not newsletter.enabled
    for _ in range(100):
        newsletter.hit("198.51.100.1")


def test_email_keys_do_not_hold_the_address() -> None:
    key = email_key(" Odin@Halvard.gg ")
    assert key == email_key("odin@halvard.gg") and "odin" not in key and len(key) == 64
