"""The checkout form and its server-side validation (issue 4: every field, clear messages).

``parse_form(data)`` returns a :class:`CheckoutForm` or raises ``InvalidCheckout`` with one
message per bad field (``{"email": "Please enter a valid email address.", ...}``). Pure: no
SQL. Whether we ship to ``country``, offer ``shipping_method`` there and accept
``payment_method`` is decided by the application with the shop's data (same error shape).
Text is trimmed; control characters are refused. The email is checked with the
``email-validator`` library (syntax only: no DNS lookups at checkout).
"""

from __future__ import annotations

import re
from typing import Any

from email_validator import EmailNotValidError, validate_email
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from services.checkout.errors import InvalidCheckout

TERMS_MESSAGE = "Please read and accept the terms and conditions to proceed with your order."
EMAIL_MESSAGE = "Please enter a valid email address."

# Per field: the message when it is missing or not text (its other messages are in validators).
REQUIRED: dict[str, str] = {
    "email": EMAIL_MESSAGE,
    "first_name": "First name is required.",
    "last_name": "Last name is required.",
    "address_1": "Street address is required.",
    "city": "Town / City is required.",
    "postcode": "Postcode / ZIP is required.",
    "country": "Please choose a country.",
    "shipping_method": "Please choose a shipping method.",
    "payment_method": "Please choose a payment method.",
    "terms_accepted": TERMS_MESSAGE,
}
OPTIONAL_INVALID: dict[str, str] = {
    "company": "Company name must be text of at most 100 characters.",
    "address_2": "Apartment, suite, unit etc. must be text of at most 200 characters.",
    "state": "State / County must be text of at most 100 characters.",
    "phone": "Please enter a valid phone number.",
    "customer_note": "Order notes must be text of at most 1000 characters.",
    "expected_total": "expected_total must be a whole number of minor units (cents).",
}
MAX_LENGTH = {
    "first_name": 100,
    "last_name": 100,
    "company": 100,
    "address_1": 200,
    "address_2": 200,
    "city": 100,
    "state": 100,
    "customer_note": 1000,
}
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
PHONE = re.compile(r"^\+?[0-9 ()./-]{4,40}$")
# Postcode formats we know (anything else: 2-12 letters, digits, spaces, dashes).
POSTCODES: dict[str, tuple[re.Pattern[str], str]] = {
    "DE": (re.compile(r"^[0-9]{5}$"), "five digits"),
    "AT": (re.compile(r"^[0-9]{4}$"), "four digits"),
    "NL": (re.compile(r"^[0-9]{4} ?[A-Z]{2}$"), "like 1234 AB"),
    "US": (re.compile(r"^[0-9]{5}(-[0-9]{4})?$"), "like 12345 or 12345-6789"),
    "GB": (re.compile(r"^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$"), "like SW1A 1AA"),
}
GENERIC_POSTCODE = re.compile(r"^[A-Z0-9][A-Z0-9 -]{1,11}$")
US_STATE = re.compile(r"^[A-Z]{2}$")


class CheckoutForm(BaseModel):
    """The shopper's checkout form (contract B ``POST /api/checkout/orders`` body), validated.

    Address fields follow WooCommerce's billing names. ``country`` is an upper-case ISO code;
    ``postcode`` upper-case; ``email`` normalised by email-validator. ``expected_total``
    (optional, minor units) is the total the shopper was shown: when given and the server's
    total differs, the order is refused 409 ``price_changed`` (never trusted as a price).
    """

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    email: str
    first_name: str = Field(min_length=1)
    last_name: str = Field(min_length=1)
    company: str = ""
    address_1: str = Field(min_length=1)
    address_2: str = ""
    city: str = Field(min_length=1)
    country: str  # before postcode and state: their checks depend on it
    postcode: str = Field(min_length=1)
    state: str = ""
    phone: str = ""
    shipping_method: str = Field(min_length=1, max_length=64)
    payment_method: str = Field(min_length=1, max_length=32)
    terms_accepted: bool = Field(strict=True)
    customer_note: str = ""
    expected_total: int | None = Field(default=None, ge=0, strict=True)

    @field_validator(
        "first_name", "last_name", "company", "address_1", "address_2", "city", "state", "customer_note"
    )
    @classmethod
    def _text(cls, value: str, info: Any) -> str:
        limit = MAX_LENGTH[info.field_name]
        if CONTROL.search(value):
            raise ValueError(f"{_label(info.field_name)} contains characters we cannot print.")
        if len(value) > limit:
            raise ValueError(f"{_label(info.field_name)} must be at most {limit} characters.")
        return value

    @field_validator("email")
    @classmethod
    def _email(cls, value: str) -> str:
        try:
            return validate_email(value, check_deliverability=False).normalized
        except EmailNotValidError:
            raise ValueError(EMAIL_MESSAGE) from None

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        if not re.fullmatch(r"[A-Za-z]{2}", value):
            raise ValueError("Please choose a country.")
        return value.upper()

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str) -> str:
        if value and not PHONE.match(value):
            raise ValueError(OPTIONAL_INVALID["phone"])
        return value

    @field_validator("terms_accepted")
    @classmethod
    def _terms(cls, value: bool) -> bool:
        if value is not True:
            raise ValueError(TERMS_MESSAGE)
        return value

    @field_validator("postcode")
    @classmethod
    def _postcode(cls, value: str, info: Any) -> str:
        value = re.sub(r"\s+", " ", value.upper())
        known = POSTCODES.get(info.data.get("country") or "")
        if known is not None and not known[0].match(value):
            raise ValueError(f"Please enter a valid postcode / ZIP ({known[1]}).")
        if known is None and not GENERIC_POSTCODE.match(value):
            raise ValueError("Please enter a valid postcode / ZIP.")
        return value

    @field_validator("state")
    @classmethod
    def _state(cls, value: str, info: Any) -> str:
        if info.data.get("country") == "US":
            value = value.upper()
            if not US_STATE.match(value):
                raise ValueError("Please enter the two-letter state code (e.g. CA).")
        return value


def _label(field: str) -> str:
    return {
        "first_name": "First name",
        "last_name": "Last name",
        "company": "Company name",
        "address_1": "Street address",
        "address_2": "Apartment, suite, unit etc.",
        "city": "Town / City",
        "state": "State / County",
        "customer_note": "Order notes",
    }.get(field, field)


def parse_form(data: Any) -> CheckoutForm:
    """Validate the raw JSON body. Raises ``InvalidCheckout`` (422) with ``fields`` mapping every
    bad field to its message; a body that is not an object is reported on ``form``."""
    if not isinstance(data, dict):
        raise InvalidCheckout({"form": "The checkout form must be a JSON object."})
    try:
        return CheckoutForm.model_validate(data)
    except ValidationError as exc:
        raise InvalidCheckout(_messages(exc)) from None


def _messages(exc: ValidationError) -> dict[str, str]:
    fields: dict[str, str] = {}
    for error in exc.errors():
        loc = error.get("loc") or ()
        cause = (error.get("ctx") or {}).get("error")
        name = str(loc[0]) if loc else "form"
        if error.get("type") == "value_error" and cause is not None:
            fields.setdefault(name, str(cause))
        elif name in REQUIRED:
            fields.setdefault(name, _required_or_long(name, error))
        else:
            fields.setdefault(name, OPTIONAL_INVALID.get(name) or _required_or_long(name, error))
    return fields


def _required_or_long(name: str, error: Any) -> str:
    if error.get("type") == "string_too_long":
        limit = (error.get("ctx") or {}).get("max_length")
        return f"{_label(name)} must be at most {limit} characters."
    return REQUIRED.get(name, f"{name} is not valid.")
