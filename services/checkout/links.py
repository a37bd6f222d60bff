"""Signed order links (docs/spec.md section 2.12; docs/checkout.md "Order links").

The confirmation mail links to ``{SHOP_URL}/order/{id}#key=<signed>``. ``<signed>`` is
HMAC-SHA256 over a purpose string and the order id with the key ``ORDER_LINK_SECRET`` (empty:
a random key kept in ``DATA_DIR/order-link-secret``, like the CSRF key), base64url without
padding and prefixed ``ol_``: it reads that one order and nothing else, from any browser.

The key sits in the URL *fragment*, which browsers never send, so it reaches no server or
proxy log; the order page reads it from ``location.hash`` and sends it in the ``X-Order-Key``
header of ``GET /api/wc/orders/{id}`` (``service.read_order`` accepts it there, as it accepts
the checkout's ``order_key``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from functools import lru_cache
from pathlib import Path

from services.shared.settings import get_settings
from services.staff.csrf import load_secret

# Binds a signature to its use: a key signed for another purpose never opens an order.
PURPOSE = b"halvard.order-link.v1"
PREFIX = "ol_"
SECRET_FILE = "order-link-secret"


@lru_cache(maxsize=8)
def _secret(configured: str, data_dir: Path) -> bytes:
    return load_secret(configured, data_dir, SECRET_FILE).encode()


def link_secret() -> bytes:
    """The signing key: ``ORDER_LINK_SECRET``, or the random one in ``DATA_DIR/order-link-secret``
    (created, mode 0600, on first use; shared by the workers of one machine)."""
    settings = get_settings()
    return _secret(settings.order_link_secret, settings.data_dir)


def signed_key(order_id: int) -> str:
    """The link key of order ``order_id``: ``ol_`` + base64url(HMAC-SHA256(secret,
    purpose + ":" + id)) without padding (46 characters)."""
    digest = hmac.new(link_secret(), PURPOSE + b":" + str(int(order_id)).encode(), hashlib.sha256).digest()
    return PREFIX + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def is_signed_key(order_id: int, key: str) -> bool:
    """Whether ``key`` is order ``order_id``'s link key (constant-time comparison; another
    order's key, or anything else, is False)."""
    return hmac.compare_digest(signed_key(order_id).encode(), key.encode("utf-8", "replace"))


def order_link(order_id: int) -> str:
    """The order page of order ``order_id`` that opens in any browser:
    ``{SHOP_URL}/order/{id}#key=<signed>`` (``SHOP_URL`` follows ``serve``'s address unless
    set; docs/operations.md "Settings")."""
    base = get_settings().mail.shop_url.rstrip("/")
    return f"{base}/order/{int(order_id)}#key={signed_key(order_id)}"
