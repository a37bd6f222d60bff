"""Newsletter sign-up rules (docs/spec.md sections 3, 5, 8) without HTTP or SQL."""

from __future__ import annotations

from typing import Any

import pytest

from services.newsletter.domain import (
    SOURCE_MESSAGE,
    TAGS_MESSAGE,
    InvalidSubscription,
    SignUp,
    merge_tags,
)
from services.newsletter.schemas import parse_subscription


def _fields(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InvalidSubscription) as caught:
        parse_subscription(data)
    assert caught.value.status_code == 422 and caught.value.code == "invalid_newsletter"
    return caught.value.fields


def test_a_sign_up_keeps_the_address_lower_case_and_the_tags_once_in_order() -> None:
    sign_up = parse_subscription({"email": " Ada@Example.COM ", "tags": [" keyboards", "mice", "keyboards "]})
    assert sign_up == SignUp(email="ada@example.com", tags=("keyboards", "mice"), source="api")


def test_tags_and_source_are_optional() -> None:
    assert parse_subscription({"email": "ada@example.com"}) == SignUp("ada@example.com", (), "api")
    assert parse_subscription({"email": "ada@example.com", "tags": None, "source": "modal"}).source == "modal"


def test_an_invalid_email_gets_the_spec_text() -> None:
    for bad in ("", "ada", "ada@example", "ada@@example.com", None, 5, {"email": "x"}):
        assert _fields({"email": bad, "tags": []}) == {"email": "Please enter a valid email"}
    with pytest.raises(InvalidSubscription) as caught:
        parse_subscription({"email": "nope"})
    assert caught.value.to_dict()["message"] == "Please enter a valid email"


def test_tags_must_be_a_short_list_of_short_texts() -> None:
    for bad in ("keyboards", [1], [""], ["x" * 51], ["a\nb"], [f"t{n}" for n in range(21)], {"a": 1}):
        assert _fields({"email": "ada@example.com", "tags": bad}) == {"tags": TAGS_MESSAGE}


def test_the_source_is_one_we_know() -> None:
    assert _fields({"email": "ada@example.com", "source": "popup"}) == {"source": SOURCE_MESSAGE}
    assert _fields({"email": "ada@example.com", "source": 3}) == {"source": SOURCE_MESSAGE}


def test_merging_tags_keeps_the_old_order_and_adds_only_new_ones() -> None:
    assert merge_tags(["a", "b"], ["b", "c", "a", "d"]) == ["a", "b", "c", "d"]
    assert merge_tags([], []) == []
    assert len(merge_tags([f"o{n}" for n in range(95)], [f"n{n}" for n in range(20)])) == 100
