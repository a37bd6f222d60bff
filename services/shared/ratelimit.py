"""The shop's one rate-limit mechanism (docs/operations.md, Security, "Rate limits").

Every limited action is a named :class:`Limit` counted with the ``limits`` library (moving
window) in one storage (``RATE_LIMIT_STORAGE``: ``memory://`` counts per process, so with N
workers a client gets up to N x the limit; ``redis://host:6379`` shares the counters between
workers). Over a limit the caller raises :class:`RateLimited`, the one 429 answer: body
``{"code": "rate_limited", "message", "retry_after", "limit"}``; the app's ``DomainError``
handler (``services/api/app.py``) adds the ``Retry-After`` header (seconds) from it.

The limits (settings in ``services/shared/settings.py``, ``limits`` notation such as
``"25/10 seconds"`` or ``"5/minute;20/hour"``; an empty text turns a limit off):

========================  ==================================================  ================
name                      counts                                              key
========================  ==================================================  ================
``cart_commands``         every ``POST /api/cart`` and ``/api/cart/commands``  client
``new_carts``             carts started (``POST /api/cart``, first command)    client
``coupon_attempts``       refused coupon guesses (``services/cart/application.py``)  cart; client
``place_order``           ``POST /api/checkout/orders``                        client
``contact``               ``POST /api/mail``                                   client
``newsletter``            ``POST /api/newsletter``                             client
``staff_login``           ``POST /api/staff/login``                            client + email; client
========================  ==================================================  ================

"Client" is the address :func:`services.shared.client_ip.client_ip` gives (``"unknown"``
when there is none). Routes use :func:`rate_limit` as a FastAPI dependency; code that needs
more than the client in its key (coupon attempts per cart, login per email) calls
:meth:`Limit.check` / :meth:`Limit.hit` itself. Tests reconfigure with environment variables,
then :func:`reset_limits` (``tests/conftest.py`` sets generous per-client limits for the whole
suite; the rate-limit tests set real ones).
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi import Request
from limits import RateLimitItem, parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection

from services.shared.client_ip import client_ip
from services.shared.errors import DomainError, Unavailable
from services.shared.settings import get_settings


class RateLimited(DomainError):
    """The one 429 answer: ``{"code": "rate_limited", "message", "retry_after", "limit"}``,
    ``retry_after`` whole seconds (at least 1) until one more request would be allowed, ``limit``
    the name of the limit (``cart_commands``, ``coupon_attempts``...). The app's error handler
    sets ``Retry-After`` from it (docs/operations.md, Security, "Rate limits")."""

    status_code = 429

    def __init__(self, limit: str, message: str, retry_after: int) -> None:
        super().__init__("rate_limited", message, retry_after=retry_after, limit=limit)
        self.retry_after = retry_after
        self.limit = limit


def retry_after_headers(exc: DomainError) -> dict[str, str]:
    """Headers an error answer carries besides its JSON body: for a :class:`RateLimited` (429)
    or an ``Unavailable`` (503), ``Retry-After`` (seconds) and ``Cache-Control: no-store``; none
    for other errors. Used by the app's ``DomainError`` handler."""
    if isinstance(exc, (RateLimited, Unavailable)):
        return {"Retry-After": str(exc.retry_after), "Cache-Control": "no-store"}
    return {}


def wait_in_words(seconds: int) -> str:
    """``seconds`` for people: "1 second", "40 seconds", "2 minutes" (rounded up), "1 hour"."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    if seconds < 3600:
        minutes = math.ceil(seconds / 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = math.ceil(seconds / 3600)
    return f"{hours} hour{'s' if hours != 1 else ''}"


@dataclass(frozen=True)
class LimitSpec:
    """A named limit: the ``Settings`` field holding its ``limits`` text and the message a
    refused client reads (``{wait}`` becomes :func:`wait_in_words` of the wait)."""

    name: str
    setting: str
    message: str


SPECS: dict[str, LimitSpec] = {
    spec.name: spec
    for spec in (
        LimitSpec(
            "cart_commands",
            "rate_limit_cart_commands",
            "Too many cart changes at once. Please try again in {wait}.",
        ),
        LimitSpec("new_carts", "rate_limit_new_carts", "Too many new carts. Please try again in {wait}."),
        LimitSpec(
            "coupon_attempts_cart",
            "rate_limit_coupon_failures_per_cart",
            "Too many coupon attempts. Please try again in {wait}.",
        ),
        LimitSpec(
            "coupon_attempts_client",
            "rate_limit_coupon_failures_per_client",
            "Too many coupon attempts. Please try again in {wait}.",
        ),
        LimitSpec(
            "place_order", "rate_limit_place_order", "Too many checkout attempts. Please try again in {wait}."
        ),
        LimitSpec("contact", "rate_limit_contact", "Too many messages. Please try again in {wait}."),
        LimitSpec("newsletter", "rate_limit_newsletter", "Too many sign-ups. Please try again in {wait}."),
        LimitSpec(
            "configurator_shares",
            "rate_limit_configurator_shares",
            "Too many share links. Please try again in {wait}.",
        ),
        LimitSpec(
            "staff_login",
            "rate_limit_staff_login_per_email",
            "Too many sign-in attempts. Try again in {wait}.",
        ),
        LimitSpec(
            "staff_login_client",
            "rate_limit_staff_login_per_client",
            "Too many sign-in attempts. Try again in {wait}.",
        ),
    )
}

# What a refused client is told the limit is called: the two coupon counters are one limit to
# the shopper (and to the storefront, which shows the wait in the coupon form), like the login's.
PUBLIC_NAMES = {
    "coupon_attempts_cart": "coupon_attempts",
    "coupon_attempts_client": "coupon_attempts",
    "staff_login_client": "staff_login",
}


class Limit:
    """One named limit: ``items`` (parsed ``limits`` text, all must allow) over ``storage``.
    Keys are strings (a client address, a cart id...), counted under the limit's name."""

    def __init__(self, spec: LimitSpec, text: str, storage: Storage) -> None:
        """``text`` in the ``limits`` notation (empty: no limit). Raises ``ValueError`` when
        ``limits`` cannot parse it."""
        self.spec = spec
        self.items: list[RateLimitItem] = parse_many(text) if text.strip() else []
        self.limiter = MovingWindowRateLimiter(storage)

    @property
    def enabled(self) -> bool:
        """Whether any window is configured."""
        return bool(self.items)

    def check(self, *key: str) -> None:
        """Raise :class:`RateLimited` when one more hit for ``key`` would be over the limit;
        counts nothing (for counting only failures: check first, :meth:`hit` after a failure)."""
        for item in self.items:
            if not self.limiter.test(item, self.spec.name, *key):
                raise self._refusal(item, key)

    def hit(self, *key: str) -> None:
        """Count one hit for ``key``; raise :class:`RateLimited` (counting nothing more) when it
        is over the limit."""
        self.check(*key)
        for item in self.items:
            if not self.limiter.hit(item, self.spec.name, *key):  # filled meanwhile by another request
                raise self._refusal(item, key)

    def count(self, *key: str) -> None:
        """Count one hit for ``key`` whatever the windows say (a failure already answered)."""
        for item in self.items:
            self.limiter.hit(item, self.spec.name, *key)

    def _refusal(self, item: RateLimitItem, key: tuple[str, ...]) -> RateLimited:
        reset = self.limiter.get_window_stats(item, self.spec.name, *key).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        return RateLimited(
            PUBLIC_NAMES.get(self.spec.name, self.spec.name),
            self.spec.message.format(wait=wait_in_words(wait)),
            wait,
        )


def _sync_storage(uri: str) -> Storage:
    """The ``limits`` storage named by ``uri`` (``memory://``, ``redis://...``). Raises
    ``ValueError`` for an ``async+...`` storage: the limits here are checked synchronously."""
    storage = storage_from_string(uri)
    if not isinstance(storage, Storage):
        raise ValueError(f"RATE_LIMIT_STORAGE must be a synchronous limits storage, not {uri!r}")
    return storage


class _Registry:
    """The process's limits, built from the settings on first use."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.storage: Storage | None = None
        self.limits: dict[str, Limit] = {}

    def get(self, name: str) -> Limit:
        found = self.limits.get(name)
        if found is not None:
            return found
        with self.lock:
            if name not in self.limits:
                settings = get_settings()
                if self.storage is None:
                    self.storage = _sync_storage(settings.rate_limit_storage)
                spec = SPECS[name]
                self.limits[name] = Limit(spec, getattr(settings, spec.setting), self.storage)
            return self.limits[name]

    def reset(self) -> None:
        with self.lock:
            if self.storage is not None:
                self.storage.reset()
            self.storage = None
            self.limits = {}


_registry = _Registry()


def get_limit(name: str) -> Limit:
    """The process's :class:`Limit` called ``name`` (a key of :data:`SPECS`), built from the
    settings on first use. Raises ``KeyError`` for an unknown name."""
    return _registry.get(name)


def reset_limits() -> None:
    """Forget every counter and re-read the limits from the environment on next use (tests after
    changing it; an operator after a false alarm): clears the cached settings
    (``get_settings.cache_clear()``) too."""
    get_settings.cache_clear()
    _registry.reset()


def client_key(connection: HTTPConnection) -> str:
    """The client a request counts against: its address (``client_ip``) or ``"unknown"``."""
    return client_ip(connection) or "unknown"


def email_key(email: str) -> str:
    """A counter key for an email address that does not keep the address itself in the
    counters' storage (a SHA-256 of the trimmed, lower-case address)."""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def rate_limit(name: str) -> Callable[[Request], Awaitable[None]]:
    """A FastAPI dependency counting each request against limit ``name`` per client (before the
    route's body is used, so malformed requests count too); raises :class:`RateLimited` (429)
    over the limit. Usage: ``dependencies=[Depends(rate_limit("contact"))]``."""
    if name not in SPECS:
        raise KeyError(name)

    async def dependency(request: Request) -> None:
        get_limit(name).hit(client_key(request))

    dependency.__name__ = f"rate_limit_{name}"
    return dependency
