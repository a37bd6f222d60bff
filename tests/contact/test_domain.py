"""The contact form rules (docs/spec.md sections 2, 3, 5, 8), without HTTP or SQL: exact texts, the
optional numeric order number, the fixed topic, and what is kept of the visitor's input."""

from __future__ import annotations

from typing import Any

import pytest

from services.contact.domain import (
    CONTROL_MESSAGE,
    MESSAGE_TOO_LONG,
    NAME_MESSAGE,
    ORDER_NUMBER_MESSAGE,
    TOPIC,
    TOPIC_MESSAGE,
    ContactForm,
    InvalidContact,
)
from services.contact.schemas import parse_contact
from tests.contact.conftest import valid_form


def _fields(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InvalidContact) as caught:
        parse_contact(data)
    assert caught.value.status_code == 422 and caught.value.code == "invalid_contact"
    return caught.value.fields


def test_a_complete_form_is_accepted_as_typed() -> None:
    form = parse_contact(valid_form(message="  Hi!\r\nWhere is it?  ", name=" Ada "))
    assert form == ContactForm(
        email="ada@example.com",
        name="Ada",
        order_number="123456789",
        topic=TOPIC,
        message="Hi!\nWhere is it?",
    )


def test_the_fixed_topic_is_spelled_as_the_spec_has_it() -> None:
    assert TOPIC == "Online Store – Questions about our store and your shipment"


def test_an_invalid_email_gets_the_spec_text_with_its_spelling() -> None:
    for bad in ("", "   ", "ada", "ada@", "ada@example", "a b@example.com", None, 42, ["ada@example.com"]):
        assert _fields(valid_form(email=bad)) == {"email": "Please provide a valid email adress"}


def test_a_missing_email_gets_the_spec_text() -> None:
    data = valid_form()
    del data["email"]
    assert _fields(data) == {"email": "Please provide a valid email adress"}


def test_an_empty_message_gets_the_spec_text() -> None:
    for bad in ("", "  \n\t ", None, 7):
        assert _fields(valid_form(message=bad)) == {"message": "Please write something"}


def test_every_bad_field_is_named_at_once() -> None:
    fields = _fields({"email": "nope", "message": "", "orderNumber": "12a"})
    assert fields == {
        "email": "Please provide a valid email adress",
        "message": "Please write something",
        "orderNumber": ORDER_NUMBER_MESSAGE,
    }
    with pytest.raises(InvalidContact) as caught:
        parse_contact({"email": "nope", "message": ""})
    assert caught.value.to_dict()["message"] == "Please provide a valid email adress; Please write something"


def test_the_order_number_is_optional() -> None:
    for absent in (None, "", "   "):
        assert parse_contact(valid_form(orderNumber=absent)).order_number is None
    data = valid_form()
    del data["orderNumber"]
    assert parse_contact(data).order_number is None


def test_the_order_number_may_be_digits_as_text_or_a_whole_number() -> None:
    assert parse_contact(valid_form(orderNumber=" 004711 ")).order_number == "004711"
    assert parse_contact(valid_form(orderNumber=4711)).order_number == "4711"


def test_a_non_numeric_order_number_is_refused() -> None:
    for bad in ("12a", "#4711", "-5", "1.5", "12 34", -5, 1.5, True, "1" * 21, 10**21, ["1"]):
        assert _fields(valid_form(orderNumber=bad)) == {"orderNumber": ORDER_NUMBER_MESSAGE}


def test_the_name_is_optional_plain_text_without_line_breaks() -> None:
    assert parse_contact(valid_form(name=None)).name == ""
    assert parse_contact(valid_form(name="")).name == ""
    for bad in ("Ada\nBcc: x@example.com", "Ada\r", "A" * 101, 12):
        assert _fields(valid_form(name=bad)) == {"name": NAME_MESSAGE}


def test_the_topic_defaults_to_the_fixed_one_and_no_other_is_taken() -> None:
    assert parse_contact(valid_form(topic=None)).topic == TOPIC
    assert parse_contact(valid_form(topic="")).topic == TOPIC
    for bad in ("Refunds", 3):
        assert _fields(valid_form(topic=bad)) == {"topic": TOPIC_MESSAGE}


def test_a_long_message_or_control_characters_are_refused() -> None:
    assert parse_contact(valid_form(message="x" * 5000)).message == "x" * 5000
    assert _fields(valid_form(message="x" * 5001)) == {"message": MESSAGE_TOO_LONG}
    assert _fields(valid_form(message="bell\x07")) == {"message": CONTROL_MESSAGE}
    assert _fields(valid_form(message="nul\x00")) == {"message": CONTROL_MESSAGE}


def test_html_in_the_message_is_kept_as_raw_text() -> None:
    text = "<script>alert(1)</script> & <b>bold</b>"
    assert parse_contact(valid_form(message=text)).message == text


def test_the_email_domain_is_normalised_and_unknown_keys_are_ignored() -> None:
    form = parse_contact(valid_form(email=" Ada@Example.COM ", extra="ignored"))
    assert form.email == "Ada@example.com"
