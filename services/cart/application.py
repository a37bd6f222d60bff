"""The cart application: commands load the ``Cart``, decide with catalogue facts, save.

Each command is a JSON-shaped dict (``schemas.py`` validates it at the HTTP edge; its type is
``services/cart/types.py``'s ``CartCommand``):

    {"type": "add", "product_id": 1001, "variation_id": null, "configuration": ["case:alu"],
     "recommended_by": null}
    {"type": "set_count", "line_id": "L1", "count": 3}
    {"type": "remove", "line_id": "L1"}
    {"type": "set_country", "country": "US"}
    {"type": "set_payment_intent", "intent": "bacs"}     (one of rules.PAYMENT_INTENTS)
    {"type": "clear"}
    {"type": "start_checkout"}
    {"type": "start_checkout", "lines": [{"product_id": 1001, "variation_id": null, "count": 2,
     "configuration": null, "recommended_by": null}]}      (atomic replace, then the hand-off)
    {"type": "apply_coupon", "code": "WELCOME10"}        (no email: checked at checkout)
    {"type": "remove_coupon", "code": "WELCOME10"}

Each dict becomes the decider's typed command with the facts it needs (``decider_input``:
catalogue facts read now, the shop's time) and ``Cart.execute`` decides it
(``services/cart/decider.py``). After every command that changes the cart other than the coupon
commands, the applied coupons are checked again in the same decision (``start_checkout``: before
its ``CheckoutStarted``).

Rate limits (docs/operations.md, Security, "Rate limits"): the HTTP edge passes a
:class:`CommandGuard` for the request's client. A command that starts a cart asks it first
(``new_carts``); an ``apply_coupon`` asks it before anything is decided or recorded, after the
idempotency lookup (a retry of an answered command still gets its original answer, never a
429), and reports a refusal in :data:`COUPON_GUESS_REFUSALS` once it is stored, so the store
holds at most as many refused guesses per cart as the limit allows.

Optimistic concurrency: a stale write (``IntegrityError``) reloads the cart and decides the
command again (up to ``MAX_ATTEMPTS``). Idempotency: a command sent again with the same
key is answered from the stream (the cart as it was after the first time) and records
nothing; the same key with another body is refused (409 ``idempotency_key_reused``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import threading
import weakref
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from anyio import to_thread
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError

from services.cart import decider, rules, store_adapter
from services.cart.domain import DEFAULT_COUNTRY, Cart, CartBusy, CartRefusal, cart_id_for
from services.cart.facts import CatalogFacts, ProductFacts
from services.cart.group_commit import GroupCommitter
from services.cart.types import (
    Answered,
    CartCommand,
    CartLine,
    CartState,
    CheckoutLineCommand,
    CouponLine,
    DiscountedTotals,
    RecordOrderCommand,
    ShownLine,
)
from services.shared import clock as shared_clock
from services.shared.errors import Invalid, NotFound

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 20
LOCK_STRIPES = 1024  # in-process locks, one per cart id modulo this


# ``apply_coupon`` refusals that count as guessing (docs/operations.md, Security, "Rate limits"):
# an unknown code (finding codes). Refusals about the cart's contents (minimum spend, expiry,
# excluded items...) are a shopper adjusting a cart, not guessing: they do not count, nor do
# successful applies. The email checks never run in the cart (it never knows the email;
# docs/events.md): checkout runs them, behind the place-order limit.
COUPON_GUESS_REFUSALS = frozenset({"coupon_not_found"})


class CommandGuard(Protocol):
    """The rate limits one request's commands are held to (``services/cart/endpoints.py`` builds
    one per request from ``services/shared/ratelimit.py``). Each method raises
    ``services.shared.ratelimit.RateLimited`` (429) to stop the command before anything is
    decided or recorded."""

    def new_cart(self) -> None:
        """A command is about to start a cart: count it, or raise when over the limit."""

    def coupon_attempt(self, cart_id: UUID) -> None:
        """An ``apply_coupon`` on ``cart_id`` is about to be decided: raise when the cart or the
        client has used up its refused guesses; counts nothing."""

    def coupon_refused(self, cart_id: UUID) -> None:
        """An ``apply_coupon`` on ``cart_id`` was refused for a reason in
        :data:`COUPON_GUESS_REFUSALS` (and recorded): count it for the cart and the client."""


def backoff_seconds(attempt: int) -> float:
    """The pause, in seconds, before deciding a command again after its ``attempt``-th stale
    write (0-based): random up to 1 ms x 2^attempt (capped at 64 ms), so competing writers do
    not keep colliding."""
    return random.uniform(0, 0.001 * 2 ** min(attempt, 6))


def request_hash(command: Mapping[str, Any]) -> str:
    """A stable fingerprint of a command body (sorted-key JSON, SHA-256)."""
    return hashlib.sha256(json.dumps(command, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@dataclass
class CommandResult:
    """The cart after a command: ``state`` (see :func:`cart_state`) and whether it was a replay."""

    state: CartState
    replayed: bool = False


class CartRefused(CartRefusal):
    """A refusal that carries the cart state, so the client can reconcile."""

    def __init__(self, refusal: CartRefusal, state: CartState, replayed: bool = False) -> None:
        super().__init__(refusal.code, refusal.message, refusal.status_code)
        self.extra = {"cart": state, "replayed": replayed}


def line_prices(line: CartLine, currency: str) -> dict[str, Any]:
    """What a line shows besides its recorded fields, in minor units of ``currency``:
    ``unit_price``, ``regular_price``, ``extras``, ``line_total``, ``on_sale``, ``preorder``
    (everything of :func:`line_view` but ``cap``, which depends on the other lines)."""
    return {
        "unit_price": rules.unit_price(line, currency),
        "regular_price": rules.regular_price(line, currency),
        "extras": rules.extras(line, currency),
        "line_total": rules.line_total(line, currency),
        "on_sale": rules.is_on_sale(line, currency),
        "preorder": rules.is_preorder(line),
    }


def line_view(line: CartLine, cart: Cart) -> ShownLine:
    """A line as the shopper sees it: the recorded line plus prices in the cart's currency."""
    return {
        **line,
        **line_prices(line, cart.currency),  # type: ignore[typeddict-item]
        "cap": rules.cap(line, cart.lines, raising=True),  # the most set_count would give it
    }


def cart_state(
    cart: Cart,
    *,
    lines: list[ShownLine] | None = None,
    coupons: list[CouponLine] | None = None,
    totals: DiscountedTotals | None = None,
) -> CartState:
    """The cart as JSON: ``version``, ``country``, ``currency``, ``tax``, ``intent``, ``lines``
    (each with prices in minor units of ``currency``), ``coupons`` (``Cart.coupon_lines``),
    ``totals`` (``Cart.totals``: ``rules.totals`` plus ``discount``, ``total`` after it).

    ``lines``, ``coupons`` and ``totals``, when given, are used as they are: the caller has
    already worked them out for this cart (the support timeline's fold reuses them from one
    version to the next, ``services/support/domain.py``)."""
    currency = rules.currency_code(cart.currency)
    return {
        "cart_id": str(cart.id),
        "version": cart.version,
        "country": {"code": cart.country, "name": cart.country_name, "currency": currency},
        "currency": currency,
        "tax": {"name": cart.tax_name, "rate_bp": cart.tax_rate_bp},
        "intent": cart.intent,
        "next_line": cart.next_line,
        "checkout_started": cart.checkout_started,
        "orders": list(cart.orders),
        "lines": [line_view(line, cart) for line in cart.lines] if lines is None else lines,
        "coupons": cart.coupon_lines() if coupons is None else coupons,
        "totals": cart.totals() if totals is None else totals,
    }


def project_cart(cart: Cart | None, events: Iterable[Any]) -> Cart | None:
    """Fold events (a snapshot first, if any) into the cart: eventsourcing's
    ``project_aggregate`` without its per-event ``assert isinstance(event, CanMutateProtocol)``,
    a runtime-checkable Protocol check that costs about a third of a cart load's CPU on
    Python 3.11 (every stored event of ours is a ``Cart`` event, which can mutate)."""
    for event in events:
        cart = event.mutate(cart)
    return cart


class CartApplication(Application[UUID]):
    """Event-sourced carts. ``catalog`` answers catalogue facts (a ``CatalogFacts``)."""

    name = "carts"
    # The time coupons are checked at (expiry): the shop's now (services/shared/clock.py); tests replace it.
    clock: Callable[[], datetime] = staticmethod(shared_clock.now)
    snapshotting_intervals = {Cart: 50}
    snapshotting_projectors = {Cart: project_cart}

    def __init__(self, env: dict[str, str] | None = None, catalog: CatalogFacts | None = None) -> None:
        # The library's aggregate cache holds the carts of recent commands (store_adapter.py).
        super().__init__(store_adapter.cache_env(env))
        self.catalog = catalog
        interval = int(self.env.get("CART_SNAPSHOT_INTERVAL", "50") or 50)
        # eventsourcing types this as a ClassVar but reads it through the instance; the interval
        # is per application here (its env), so it is set on the instance.
        self.snapshotting_intervals = {Cart: interval}  # type: ignore[misc]
        # Commands on one cart in this process run one at a time (coroutines on the event loop
        # and threads alike: execute_async takes these locks): they never race each other into
        # stale writes; only writes from other processes still conflict and are retried.
        self._cart_locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        # Per event loop, an asyncio.Lock per stripe: the coroutines waiting for a cart queue on
        # the loop; at most one per stripe then waits in _lock_waiters for a thread's command.
        self._loop_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, asyncio.Lock]] = (
            weakref.WeakKeyDictionary()
        )
        self._lock_waiters = ThreadPoolExecutor(max_workers=8, thread_name_prefix="cart-lock-wait")
        # Carts of concurrent commands are saved together, one transaction per batch.
        self.committer = GroupCommitter(lambda *units: self._save_units(*units))

    def close(self) -> None:
        """Stop the group committer and the catalogue's refresher (if it has one), then close
        the event store's connections."""
        self.committer.close()
        self._lock_waiters.shutdown(wait=False)
        close_catalog = getattr(self.catalog, "close", None)
        if close_catalog is not None:
            close_catalog()
        super().close()

    # ---- queries ------------------------------------------------------------------------------

    def get_cart(self, token: str, version: int | None = None) -> Cart:
        """The cart held with ``token`` as stored now (optionally as it was at ``version``), read
        from the store, never from this process's cache: another process may have changed it.
        A new object: the caller may keep it. NotFound 404."""
        try:
            if version is None:
                return store_adapter.load_stored(self, cart_id_for(token), project_cart)
            return self.repository.get(cart_id_for(token), version=version, projector_func=project_cart)
        except AggregateNotFoundError as exc:
            raise NotFound("cart_not_found", "No cart with that token.") from exc

    def state(self, token: str) -> CartState:
        """The current cart state (:func:`cart_state`). NotFound 404 for an unknown token."""
        return cart_state(self.get_cart(token))

    def record_order(self, token: str, order_id: str, total: int, currency: str) -> CartState:
        """Record on the cart held with ``token`` that it became order ``order_id`` (``total``
        minor units of ``currency``): an ``OrderPlaced`` event, after which the cart is empty.
        Idempotent (the key is ``order-<order_id>``): a retry records nothing. Only the
        checkout application calls this; shoppers cannot (the HTTP schema has no such command).
        Returns the cart state."""
        command: RecordOrderCommand = {
            "type": "record_order",
            "order_id": order_id,
            "total": int(total),
            "currency": currency,
        }
        return self.execute(token, command, f"order-{order_id}").state

    def history(self, token: str) -> list[dict[str, Any]]:
        """Every event of the cart, oldest first: ``{version, type, timestamp, data}``."""
        cart_id = cart_id_for(token)
        events = list(self.events.get(cart_id))
        if not events:
            raise NotFound("cart_not_found", "No cart with that token.")
        return [event_view(e) for e in events]

    # ---- commands -----------------------------------------------------------------------------

    def start(self, token: str, country: str | None = None, guard: CommandGuard | None = None) -> CartState:
        """Start the cart for ``token`` if it does not exist yet (idempotent); its state.
        Invalid 422 ``unknown_country`` for a country we do not ship to; ``RateLimited`` 429 from
        ``guard.new_cart`` when a new cart is over the client's limit (an existing cart is
        answered whatever the limit)."""
        if country is not None and self.catalog is not None and self.catalog.country(country) is None:
            raise Invalid("unknown_country", "We do not ship to that country.")
        cart_id = cart_id_for(token)
        with self._cart_locks[cart_id.int % LOCK_STRIPES]:  # the cache holds what commands decide on
            for _ in range(MAX_ATTEMPTS):
                try:
                    return cart_state(store_adapter.load_stored(self, cart_id, project_cart))
                except AggregateNotFoundError:
                    if guard is not None:
                        guard.new_cart()
                    cart = self._new_cart(cart_id, country)
                    try:
                        self.committer.save((cart, cart.collect_events()))
                        return cart_state(cart)
                    except IntegrityError:
                        continue
        raise CartBusy()  # 20 lost races to create the same cart

    def execute(
        self,
        token: str,
        command: CartCommand,
        command_id: str | None = None,
        guard: CommandGuard | None = None,
    ) -> CommandResult:
        """:meth:`execute_async` for synchronous callers in a thread without a running event
        loop (checkout's :meth:`record_order`, scripts, tests): the same coroutine, run to the
        end on a loop of its own. Same results and errors. ``RuntimeError`` when called on a
        thread whose event loop is running (await :meth:`execute_async` there).

        Blocks on the cart's lock (its stripe of ``_cart_locks``), then runs the command's flow
        (``_execute``, the same coroutine :meth:`execute_async` awaits) on a loop of its own."""
        digest = request_hash(command)
        cart_id = cart_id_for(token)
        with self._cart_locks[cart_id.int % LOCK_STRIPES]:
            return asyncio.run(self._execute(cart_id, command, command_id, digest, guard))

    async def execute_async(
        self,
        token: str,
        command: CartCommand,
        command_id: str | None = None,
        guard: CommandGuard | None = None,
    ) -> CommandResult:
        """Run one command on the cart held with ``token`` (started on first use); the one
        command path (``POST /api/cart/commands`` awaits it, :meth:`execute` wraps it).

        Decides on the event loop; only blocking work goes to a worker thread: waiting for the
        cart's lock when a thread holds it, loading a cart this process does not have in its
        cache, reading catalogue facts that are not cached (``CatalogFacts.is_cached``), the
        ``guard``'s checks, an idempotent replay of an older version. The commit is awaited
        (group commit, ``save_async``): no thread waits for it.

        Returns the new state. Raises ``CartRefused`` (409/422 with the cart state) when a
        rule refuses, ``IdempotencyConflict`` (409) for a reused key with another body,
        ``Invalid`` (422) for an unknown command type, ``CartBusy`` (503) after ``MAX_ATTEMPTS``
        stale writes, and whatever ``guard`` raises (``RateLimited`` 429: a new cart or a coupon
        guess over its limit; nothing recorded). Without a ``guard`` (internal callers:
        checkout's ``record_order``) nothing is limited.
        """
        digest = request_hash(command)
        cart_id = cart_id_for(token)
        stripe = cart_id.int % LOCK_STRIPES
        # Coroutines of this loop queue for the stripe on the loop (no thread each); the one at
        # the front then takes the threading lock shared with synchronous callers.
        async with self._loop_lock(stripe):
            lock = self._cart_locks[stripe]
            if not lock.acquire(blocking=False):
                await self._wait_for(lock)  # a thread (checkout's record_order) holds it
            try:
                return await self._execute(cart_id, command, command_id, digest, guard)
            finally:
                lock.release()

    def _loop_lock(self, stripe: int) -> asyncio.Lock:
        """The running loop's ``asyncio.Lock`` for lock stripe ``stripe`` (made on first use)."""
        loop = asyncio.get_running_loop()
        locks = self._loop_locks.get(loop)
        if locks is None:
            locks = self._loop_locks[loop] = {}
        lock = locks.get(stripe)
        if lock is None:
            lock = locks[stripe] = asyncio.Lock()
        return lock

    async def _wait_for(self, lock: threading.Lock) -> None:
        """Acquire ``lock``, held by a thread, waiting in a thread of the lock-waiting pool (not
        the shared worker pool, whose threads the lock's holder may need). Cancelled while
        waiting: the lock is released as soon as the waiting thread gets it."""
        waiting = asyncio.get_running_loop().run_in_executor(self._lock_waiters, lock.acquire)
        try:
            await asyncio.shield(waiting)
        except asyncio.CancelledError:
            waiting.add_done_callback(lambda _: lock.release())
            raise

    async def _execute(
        self,
        cart_id: UUID,
        command: CartCommand,
        command_id: str | None,
        digest: str,
        guard: CommandGuard | None,
    ) -> CommandResult:
        """The command's flow, with the cart's lock held: load, replay or decide, save, retry
        on a stale write. Any failure evicts the cart from the cache (it may hold events of a
        decision that was not stored)."""
        coupon_guard = guard if command.get("type") == "apply_coupon" else None
        for attempt in range(MAX_ATTEMPTS):
            cached: Cart | None = store_adapter.cached(self, cart_id)
            try:
                cart = (
                    cached
                    if cached is not None
                    else await to_thread.run_sync(self._load_or_new, cart_id, guard)
                )
                seen = cart.answer_for(command_id, digest)
                if seen is not None:
                    if seen["version"] == cart.version:
                        return self._replay(cart, seen)
                    return await to_thread.run_sync(self._replay, cart, seen)
                if coupon_guard is not None:
                    await to_thread.run_sync(coupon_guard.coupon_attempt, cart_id)
                refusal: CartRefusal | None = None
                try:
                    if self._facts_cached(cart, command):
                        self._decide(cart, command, command_id, digest)
                    else:
                        await to_thread.run_sync(self._decide, cart, command, command_id, digest)
                except CartRefusal as exc:
                    refusal = exc
                await self.committer.save_async((cart, cart.collect_events()))
            except IntegrityError:
                # another process changed the cart (or one of the batch's carts): decide again on
                # the stored state, after a short random pause so competing writers do not keep
                # colliding
                store_adapter.evict(self, cart_id)
                await asyncio.sleep(backoff_seconds(attempt))
                continue
            except BaseException:
                store_adapter.evict(self, cart_id)
                raise
            if refusal is not None:
                if coupon_guard is not None and refusal.code in COUPON_GUESS_REFUSALS:
                    await to_thread.run_sync(coupon_guard.coupon_refused, cart_id)
                raise CartRefused(refusal, cart_state(cart))
            return CommandResult(cart_state(cart))
        raise CartBusy()

    def _load_or_new(self, cart_id: UUID, guard: CommandGuard | None) -> Cart:
        """(Blocking.) The stored cart, now in the cache; or, when there is none, a new cart
        (``guard.new_cart`` first, which may raise ``RateLimited``), not cached until saved."""
        try:
            return self.repository.get(cart_id, projector_func=project_cart)
        except AggregateNotFoundError:
            if guard is not None:
                guard.new_cart()
            return self._new_cart(cart_id, None)

    # ---- helpers ------------------------------------------------------------------------------

    def _facts_cached(self, cart: Cart, command: CartCommand) -> bool:
        """Whether every catalogue fact ``command`` reads is cached and fresh, so deciding it
        does no I/O and may run on the event loop."""
        is_cached = getattr(self.catalog, "is_cached", None)
        if is_cached is None:  # no catalogue, or one in memory
            return True
        if command["type"] == "add":
            recommender = command.get("recommended_by")
            return bool(
                is_cached("product", int(command["product_id"]), command.get("variation_id"))
                and (recommender is None or recommender == -1 or is_cached("product", int(recommender), None))
            )
        if command["type"] == "set_count":
            line = cart.line(command["line_id"])
            return line is None or bool(is_cached("product", line["product_id"], line.get("variation_id")))
        if command["type"] == "set_country":
            return bool(is_cached("country", str(command["country"]).upper()))
        if command["type"] in ("apply_coupon", "record_order"):
            return False  # coupons are not cached; record_order comes from a thread anyway
        if command["type"] == "start_checkout":
            return not command.get("lines")
        return True

    def _save_units(self, *units: tuple[Cart, list[Any]]) -> None:
        """Store ``(cart, events)`` units in one transaction (the group committer's batch),
        with the events collected beforehand, so a unit can be saved again after a failed batch
        (``group_commit.py``); the saved carts go into the aggregate cache. Then the snapshots
        that are due (:meth:`_store_snapshots`), then the library's notification hook
        (``store_adapter.py``). ``IntegrityError``: a stale unit; nothing of the batch stored."""
        recordings = store_adapter.record_batch(self, units)
        self._store_snapshots(units)
        store_adapter.notify(self, recordings)

    def _store_snapshots(self, units: tuple[tuple[Cart, list[Any]], ...]) -> None:
        """Snapshots of the carts whose new events reached a multiple of the interval, taken
        from the carts in memory: they were just saved, so they are exactly the stored state
        (at the cart's version, which may be past the multiple when one command recorded
        several events).

        ``Application.save`` would re-read each such cart from the store (snapshot + up to
        ``interval`` events) inside the commit path: bench/cart_commands.py measured that at
        17 % of a worker's time, delaying every command of the next batch. Snapshots are an
        optimisation: one that fails to be stored (logged) only makes a later load longer.
        """
        interval = self.snapshotting_intervals.get(Cart)
        if self.snapshots is None or not interval:
            return
        snapshot_class = getattr(Cart, "Snapshot", type(self).snapshot_class)
        if snapshot_class is None:  # pragma: no cover - every Aggregate class has a Snapshot
            return
        stored = [
            self.snapshots.mapper.to_stored_event(snapshot_class.take(cart))
            for cart, events in units
            if any(event.originator_version % interval == 0 for event in events)
        ]
        if stored:
            try:
                self.snapshots.recorder.insert_events(stored)
            except Exception:  # noqa: BLE001 - the events are stored; see the docstring
                log.exception("storing %d cart snapshot(s) failed", len(stored))

    def _new_cart(self, cart_id: UUID, country: str | None) -> Cart:
        facts = (
            self.catalog.country(country or DEFAULT_COUNTRY.code) if self.catalog else None
        ) or DEFAULT_COUNTRY
        return Cart(
            id=cart_id,
            country=facts.code,
            country_name=facts.name,
            currency=facts.currency,
            tax_name=facts.tax_name,
            tax_rate_bp=facts.tax_rate_bp,
        )

    def _replay(self, cart: Cart, seen: Answered) -> CommandResult:
        then = (
            cart
            if seen["version"] == cart.version
            else self.repository.get(cart.id, version=seen["version"], projector_func=project_cart)
        )
        state = cart_state(then)
        refused = seen.get("refused")
        if refused:
            raise CartRefused(
                CartRefusal(refused["code"], refused["message"], refused["status"]), state, replayed=True
            )
        return CommandResult(state, replayed=True)

    def _facts(self, product_id: int, variation_id: int | None) -> ProductFacts | None:
        return self.catalog.product(product_id, variation_id) if self.catalog else None

    def _decide(self, cart: Cart, command: CartCommand, command_id: str | None, digest: str) -> None:
        cart.execute(*self.decider_input(cart, command, command_id, digest))

    def decider_input(
        self, cart: Cart, command: CartCommand, command_id: str | None, digest: str
    ) -> tuple[decider.CartCommand, decider.Facts]:
        """``command`` (the HTTP command's dict) as the decider's typed command, with the facts
        it needs read from the catalogue now and the shop's time (``clock``): what
        ``Cart.execute`` decides with (``services/cart/decider.py``)."""
        ctx: dict[str, Any] = {"command_id": command_id, "request_hash": digest}
        now = self.clock()
        kind: object = command.get("type")
        if command["type"] == "add":
            product_id, variation_id = int(command["product_id"]), command.get("variation_id")
            facts = self._facts(product_id, variation_id)
            recommender = self._recommender(command.get("recommended_by")) if facts is not None else None
            configuration = command.get("configuration") or None
            add = decider.AddItem(
                product_id,
                variation_id,
                tuple(configuration) if configuration else None,
                recommender.product_id if recommender is not None else None,
                **ctx,
            )
            return add, decider.Facts(now=now, product=facts, recommender=recommender)
        if command["type"] == "set_count":
            line = cart.line(command["line_id"])
            facts = self._facts(line["product_id"], line.get("variation_id")) if line else None
            set_count = decider.SetCount(command["line_id"], int(command["count"]), **ctx)
            return set_count, decider.Facts(now=now, product=facts)
        if command["type"] == "remove":
            return decider.RemoveItem(command["line_id"], **ctx), decider.Facts(now=now)
        if command["type"] == "set_country":
            country = self.catalog.country(command["country"]) if self.catalog else None
            return decider.ChangeCountry(command["country"], **ctx), decider.Facts(now=now, country=country)
        if command["type"] == "set_payment_intent":
            return decider.SetPaymentIntent(str(command["intent"]), **ctx), decider.Facts(now=now)
        if command["type"] == "clear":
            return decider.ClearCart(**ctx), decider.Facts(now=now)
        if command["type"] == "start_checkout":
            return self._start_checkout(command.get("lines"), ctx, now)
        if command["type"] == "apply_coupon":
            code = str(command["code"])
            coupon = self.catalog.coupon(code) if self.catalog is not None and "@" not in code else None
            # An "email" an old client sent is never read: the email rules run at checkout.
            return decider.ApplyCoupon(code, **ctx), decider.Facts(now=now, coupon=coupon)
        if command["type"] == "remove_coupon":
            return decider.RemoveCoupon(str(command["code"]), **ctx), decider.Facts(now=now)
        if command["type"] == "record_order":  # internal (record_order): not in the HTTP command schema
            order = decider.RecordOrder(
                str(command["order_id"]), int(command["total"]), str(command["currency"]), **ctx
            )
            return order, decider.Facts(now=now)
        # Not a CartCommand by its type, but in-process callers can send anything.
        return decider.UnknownCommand(kind, **ctx), decider.Facts(now=now)

    def _recommender(self, product_id: int | None) -> ProductFacts | None:
        """The facts of the recommending product ``product_id`` (None or -1: no recommendation)."""
        if product_id is None or product_id == -1:
            return None
        return self._facts(int(product_id), None)

    def _start_checkout(
        self, lines: list[CheckoutLineCommand] | None, ctx: dict[str, Any], now: datetime
    ) -> tuple[decider.CartCommand, decider.Facts]:
        """The hand-off (docs/spec.md 4) as the decider's ``StartCheckout``: with ``lines``, the
        facts of each line with a count above 0 (its product and recommender) are read."""
        if lines is None:
            return decider.StartCheckout(None, **ctx), decider.Facts(now=now)
        wanted: list[decider.CheckoutLine] = []
        found: list[decider.LineFacts] = []
        for item in lines:
            count = int(item.get("count") or 0)
            configuration = item.get("configuration") or None
            wanted.append(
                decider.CheckoutLine(
                    int(item["product_id"]),
                    item.get("variation_id"),
                    tuple(configuration) if configuration else None,
                    item.get("recommended_by"),
                    count,
                )
            )
            if count > 0:
                product = self._facts(int(item["product_id"]), item.get("variation_id"))
                found.append(decider.LineFacts(product, self._recommender(item.get("recommended_by"))))
            else:
                found.append(decider.LineFacts())
        return decider.StartCheckout(tuple(wanted), **ctx), decider.Facts(now=now, lines=tuple(found))


def event_view(e: Any) -> dict[str, Any]:
    """A stored domain event as JSON: ``{version, type, timestamp, data}`` (money in minor units)."""
    data = {
        k: v
        for k, v in e.__dict__.items()
        if k not in ("originator_id", "originator_version", "timestamp", "originator_topic")
    }
    return {
        "version": e.originator_version,
        "type": type(e).__qualname__.split(".")[-1],
        "timestamp": e.timestamp.isoformat(),
        "data": json.loads(json.dumps(data, default=str)),
    }
