"""Shared-cart load with retries, and the checks of what it left in the event log.

Used by ``tests/cart/test_crash_recovery.py`` (a ``kill -9`` of the API mid-load) and
``bench/cart_reliability.py`` (the same on PostgreSQL with the production topology, plus a
PostgreSQL restart): the docs/targets.md section 6.1 target, no acknowledged cart command lost or applied
twice: under 64 concurrent clients on the same carts, after ``kill -9`` of the API process
mid-load, and across a PostgreSQL restart (clients retry with the same idempotency key).

The load: ``clients_per_cart`` clients (threads, one httpx connection each) on every cart
token. Each client owns two products (``products[2 * client]`` and ``+1``, distinct within a
cart, so the counts of its lines are its alone) and sends :func:`client_steps`: ``add`` (the
count of the product's line +1: applied twice, it shows) and ``set_count`` on its own lines,
every command with a fresh ``Idempotency-Key``. A command is sent again, with the same key and
the same body, until it gets an answer: a 2xx, or a deliberate 409/422 refusal (``{code,
message, cart}``). A socket error, a timeout or a 5xx is not an answer. Anything else (400,
404, 409 ``idempotency_key_reused``, a 422 validation error) is recorded as unexpected.

The checks (:func:`check_cart`), from a cart's ``GET /api/cart/events`` and ``GET /api/cart``:

* lost: an answered command whose key is not in the history;
* applied twice: a key whose events are not one contiguous run of versions (a second
  application after other commands), or whose run holds the command's own event more than once
  (a second application straight after the first: ``add`` records exactly one ``ItemAdded`` or
  ``ItemCountSet`` reason ``added``, ``set_count`` exactly one ``ItemCountSet`` with stock facts
  (the clamps after a command carry ``stock: null``), a refusal one ``CommandRefused``); a
  command with several events (e.g. ``start_checkout``) is one run, counted once;
* answer mismatch: the answered cart's ``version`` is not the version of the key's last event
  (the first answer and every replay answer the cart as it was right after the command);
* state: ``GET /api/cart`` (lines, counts, version) equals the fold of the history, and each
  client's line counts equal what its answered commands imply (:func:`expected_counts`).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

COMMANDS = "/api/cart/commands"
# Answers that are not a verdict on the command: the server sees nothing wrong with it.
UNEXPECTED_CODES = frozenset({"idempotency_key_reused", "invalid_request", "invalid_cart_token"})

Step = tuple[str, int, int]  # ("add", product, 0) or ("set", product, count)


def client_steps(a: int, b: int, cycles: int = 1) -> list[Step]:
    """A client's commands on its products ``a`` and ``b``: 18 in the first cycle (which first
    adds both, making their lines), 16 in each further one. A cycle sets both lines to 2, then
    adds each 7 times: it ends at 9 and 9, below the cap of 10, so every command is accepted
    and one ``add`` applied twice shows in the final counts (nothing after it resets them)."""
    steps: list[Step] = []
    for cycle in range(cycles):
        if not cycle:
            steps += [("add", a, 0), ("add", b, 0)]
        steps += [("set", a, 2), ("set", b, 2)]
        steps += [("add", a, 0), ("add", b, 0)] * 7
    return steps


@dataclass
class Sent:
    """One command of a client and what came of it. ``status`` None: never answered;
    ``attempts``: requests sent for it (1 = no retry)."""

    key: str
    body: dict[str, Any]
    step: Step
    status: int | None = None
    code: str | None = None
    replayed: bool = False
    version: int | None = None
    attempts: int = 0
    first_sent: float = 0.0
    answered_at: float = 0.0
    unexpected: str | None = None
    cart: dict[str, Any] | None = field(default=None, repr=False)  # the answered cart state

    @property
    def acknowledged(self) -> bool:
        """Answered 2xx."""
        return self.status is not None and 200 <= self.status < 300

    @property
    def answered(self) -> bool:
        """Answered 2xx or with a deliberate refusal (409/422 with a rule's code)."""
        return self.status is not None and self.unexpected is None


@dataclass
class Failure:
    """An attempt that got no answer: ``at`` (``time.monotonic()``), ``kind`` (the httpx
    exception's class name, or ``HTTP <status>``)."""

    at: float
    kind: str


@dataclass
class ClientLog:
    """What one client sent, in order. ``products``: its two products."""

    cart: int
    client: int
    products: tuple[int, int]
    sent: list[Sent] = field(default_factory=list)
    error: str | None = None


class SharedCartLoad:
    """Run ``clients_per_cart`` client threads on each of ``tokens`` against ``base_url``, or,
    given several URLs (API processes of one shop), client ``n`` of each cart against
    ``base_url[n % len(base_url)]``, so every cart takes commands through all of them at once.

    ``products``: at least ``2 * clients_per_cart`` product ids that ``add`` accepts up to 10
    times (in stock, not managed or plenty, simple, not configurable). ``cycles``: of
    :func:`client_steps` per client. ``timeout``: seconds per request; ``deadline``: seconds
    after :meth:`start` after which a client stops retrying (its command stays unanswered).
    ``answered`` counts answered commands as they come (a fault injector watches it).
    """

    def __init__(
        self,
        base_url: str | Sequence[str],
        tokens: Sequence[str],
        products: Sequence[int],
        *,
        clients_per_cart: int = 8,
        cycles: int = 1,
        prefix: str = "load",
        timeout: float = 10.0,
        deadline: float = 120.0,
    ) -> None:
        if len(products) < 2 * clients_per_cart:
            raise ValueError(f"need {2 * clients_per_cart} products, got {len(products)}")
        self.base_urls = [base_url] if isinstance(base_url, str) else list(base_url)
        self.base_url = self.base_urls[0]
        self.tokens = list(tokens)
        self.timeout = timeout
        self.deadline = deadline
        self.logs = [
            ClientLog(cart, client, (products[2 * client], products[2 * client + 1]))
            for cart in range(len(self.tokens))
            for client in range(clients_per_cart)
        ]
        self.cycles = cycles
        self.prefix = prefix
        self.failures: list[Failure] = []
        self.answered = 0
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._stop_at = 0.0

    def start(self) -> None:
        """Start every client thread."""
        self._stop_at = time.monotonic() + self.deadline
        self._threads = [
            threading.Thread(
                target=self._run, args=(log,), name=f"cart{log.cart}-client{log.client}", daemon=True
            )
            for log in self.logs
        ]
        for thread in self._threads:
            thread.start()

    def join(self) -> bool:
        """Wait for every client (at most until the deadline, plus one request timeout);
        True when all finished."""
        for thread in self._threads:
            thread.join(max(0.0, self._stop_at - time.monotonic()) + self.timeout + 5)
        return not any(thread.is_alive() for thread in self._threads)

    def done(self) -> bool:
        """Whether every client has finished."""
        return bool(self._threads) and not any(thread.is_alive() for thread in self._threads)

    @property
    def sent(self) -> list[Sent]:
        """Every command of every client."""
        return [s for log in self.logs for s in log.sent]

    def _fail(self, kind: str) -> None:
        with self._lock:
            self.failures.append(Failure(time.monotonic(), kind))

    def _run(self, log: ClientLog) -> None:
        a, b = log.products
        token = self.tokens[log.cart]
        lines: dict[int, str] = {}  # product -> line id, from the answers
        rng = random.Random(f"{self.prefix}-{log.cart}-{log.client}")
        timeout = httpx.Timeout(self.timeout, connect=min(self.timeout, 2.0))
        try:
            base_url = self.base_urls[log.client % len(self.base_urls)]
            with httpx.Client(base_url=base_url, timeout=timeout) as http:
                for n, step in enumerate(client_steps(a, b, self.cycles)):
                    kind, product, count = step
                    if kind == "add":
                        body: dict[str, Any] = {"type": "add", "product_id": product}
                    elif product in lines:
                        body = {"type": "set_count", "line_id": lines[product], "count": count}
                    else:
                        log.error = f"no line for product {product} before step {n}"
                        return
                    sent = Sent(f"{self.prefix}-{log.cart}-{log.client}-{n}", body, step)
                    log.sent.append(sent)
                    if not self._send(http, token, sent, rng):
                        return
                    for line in (sent.cart or {}).get("lines", []):
                        if line["product_id"] in (a, b) and not line.get("configuration"):
                            lines[line["product_id"]] = line["line_id"]
        except Exception as exc:  # noqa: BLE001 - reported by the checks, never swallowed
            log.error = f"{type(exc).__name__}: {exc}"

    def _send(self, http: httpx.Client, token: str, sent: Sent, rng: random.Random) -> bool:
        """Send ``sent`` until it is answered; False when the deadline passed or the answer
        was unexpected."""
        headers = {"X-Cart-Token": token, "Idempotency-Key": sent.key}
        failures = 0
        while True:
            if time.monotonic() > self._stop_at:
                return False
            sent.attempts += 1
            if not sent.first_sent:
                sent.first_sent = time.monotonic()
            try:
                answer = http.post(COMMANDS, json=sent.body, headers=headers)
            except httpx.TransportError as exc:
                self._fail(type(exc).__name__)
            else:
                if answer.status_code < 500:
                    return self._answered(sent, answer)
                self._fail(f"HTTP {answer.status_code}")
            failures += 1
            time.sleep(min(0.5, 0.02 * 2 ** min(failures, 5)) * rng.uniform(0.5, 1.0))

    def _answered(self, sent: Sent, answer: httpx.Response) -> bool:
        sent.status = answer.status_code
        sent.answered_at = time.monotonic()
        try:
            data = answer.json()
        except ValueError:
            data = None
        if not isinstance(data, dict):
            sent.unexpected = f"{answer.status_code}: {answer.text[:200]}"
            return False
        cart = data.get("cart") if isinstance(data.get("cart"), dict) else None
        sent.code = data.get("code")
        sent.replayed = bool(data.get("replayed"))
        sent.version = cart.get("version") if cart else None
        refused = answer.status_code in (409, 422) and sent.code not in UNEXPECTED_CODES
        if not (200 <= answer.status_code < 300 or refused) or cart is None:
            sent.unexpected = f"{answer.status_code}: {answer.text[:200]}"
            return False
        sent.cart = cart
        with self._lock:
            self.answered += 1
        return True


# ---- checks ------------------------------------------------------------------------------------


def fold_lines(history: Iterable[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """The cart's lines from its history (``GET /api/cart/events``): ``{line_id: (product_id,
    count)}``, folding ``ItemAdded``, ``ItemCountSet``, ``ItemRemoved``, ``Cleared`` and
    ``OrderPlaced`` as ``services/cart/domain.py`` applies them."""
    lines: dict[str, tuple[int, int]] = {}
    for event in history:
        data = event["data"]
        kind = event["type"]
        if kind == "ItemAdded":
            line = data["line"]
            lines[line["line_id"]] = (line["product_id"], line["count"])
        elif kind == "ItemCountSet" and data["line_id"] in lines:
            lines[data["line_id"]] = (lines[data["line_id"]][0], data["count"])
        elif kind == "ItemRemoved":
            lines.pop(data["line_id"], None)
        elif kind in ("Cleared", "OrderPlaced"):
            lines.clear()
    return lines


def expected_counts(log: ClientLog) -> dict[int, int] | None:
    """The count of each of the client's product lines that its answered commands imply
    (``add`` +1 up to 10, ``set_count`` sets; refusals change nothing), or None when one of its
    commands was never answered or the client stopped early (then the count is not known)."""
    if log.error is not None:
        return None
    counts = {product: 0 for product in log.products}
    for sent in log.sent:
        if not sent.answered:
            return None
        if not sent.acknowledged:
            continue
        kind, product, count = sent.step
        counts[product] = min(10, counts[product] + 1) if kind == "add" else count
    return counts


def _own_events(events: list[dict[str, Any]], body: dict[str, Any] | None) -> int:
    """How many times the command ``body`` is recorded in ``events`` (its key's events):
    the events only that command records once per application (see the module docstring)."""
    refused = sum(1 for e in events if e["type"] == "CommandRefused")
    if body is None:
        return refused
    if body["type"] == "add":
        own = sum(
            1
            for e in events
            if e["type"] == "ItemAdded" or (e["type"] == "ItemCountSet" and e["data"]["reason"] == "added")
        )
    elif body["type"] == "set_count":
        own = sum(
            1
            for e in events
            if e["type"] == "ItemCountSet"
            and e["data"]["line_id"] == body["line_id"]
            and e["data"].get("stock") is not None
        )
    else:
        own = 1 if len(events) > refused else 0
    return own + refused


@dataclass
class CartReport:
    """What :func:`check_cart` found on one cart (lists of idempotency keys, or messages)."""

    events: int = 0
    commands: int = 0  # distinct keys in the history
    acknowledged: int = 0
    refused: int = 0
    lost: list[str] = field(default_factory=list)
    applied_twice: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    answer_mismatch: list[str] = field(default_factory=list)
    state_mismatch: list[str] = field(default_factory=list)
    count_mismatch: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        """Every finding as a sentence (empty: the cart is as it should be)."""
        out = []
        for name in (
            "lost",
            "applied_twice",
            "foreign",
            "answer_mismatch",
            "state_mismatch",
            "count_mismatch",
        ):
            values = getattr(self, name)
            if values:
                out.append(f"{name}: {len(values)}: {values[:10]}")
        return out


def check_cart(history: list[dict[str, Any]], state: dict[str, Any], logs: Sequence[ClientLog]) -> CartReport:
    """Check one cart: its history and state (``GET /api/cart/events`` and the ``cart`` of
    ``GET /api/cart``) against what its clients (``logs``) sent and were answered."""
    report = CartReport(events=len(history))
    sent = {s.key: s for log in logs for s in log.sent}
    by_key: dict[str, list[dict[str, Any]]] = {}
    versions = [e["version"] for e in history]
    if versions != list(range(1, len(history) + 1)):
        report.state_mismatch.append(f"versions are not 1..{len(history)}")
    for event in history:
        key = event["data"].get("command_id")
        if key is not None:
            by_key.setdefault(key, []).append(event)
    report.commands = len(by_key)
    for key, events in by_key.items():
        if key not in sent:
            report.foreign.append(key)
        runs = 1 + sum(
            1
            for before, after in zip(events, events[1:], strict=False)
            if after["version"] != before["version"] + 1
        )
        times = max(runs, _own_events(events, sent[key].body if key in sent else None))
        if times > 1:
            report.applied_twice.append(f"{key} x{times}")
    for key, s in sent.items():
        if not s.answered:
            continue
        if s.acknowledged:
            report.acknowledged += 1
        else:
            report.refused += 1
        if key not in by_key:
            report.lost.append(key)
        elif s.version != by_key[key][-1]["version"]:
            report.answer_mismatch.append(
                f"{key}: answered v{s.version}, recorded up to v{by_key[key][-1]['version']}"
            )
    folded = fold_lines(history)
    served = {line["line_id"]: (line["product_id"], line["count"]) for line in state["lines"]}
    if folded != served:
        report.state_mismatch.append(f"GET /api/cart lines {served} != fold of the history {folded}")
    if history and state["version"] != history[-1]["version"]:
        report.state_mismatch.append(
            f"GET /api/cart version {state['version']} != last event {history[-1]['version']}"
        )
    counts: dict[int, int] = {}
    for product, count in folded.values():
        counts[product] = counts.get(product, 0) + count
    for log in logs:
        expected = expected_counts(log)
        if expected is None:
            continue
        for product, count in expected.items():
            if counts.get(product, 0) != count:
                report.count_mismatch.append(
                    f"client {log.client} product {product}: {counts.get(product, 0)} in the cart, "
                    f"{count} from its answered commands"
                )
    return report


def check_carts(base_url: str, load: SharedCartLoad, timeout: float = 30.0) -> list[CartReport]:
    """:func:`check_cart` for every cart of ``load`` (reads each cart's history and state)."""
    reports = []
    with httpx.Client(base_url=base_url, timeout=timeout) as http:
        for number, token in enumerate(load.tokens):
            headers = {"X-Cart-Token": token}
            history = http.get("/api/cart/events", headers=headers)
            state = http.get("/api/cart", headers=headers)
            history.raise_for_status()
            state.raise_for_status()
            logs = [log for log in load.logs if log.cart == number]
            reports.append(check_cart(history.json(), state.json()["cart"], logs))
    return reports
