"""The settings of order links (docs/operations.md "Settings"): ``SHOP_URL`` follows the address
``serve`` listens on unless set, and ``ORDER_LINK_SECRET`` (or the random key kept in
``DATA_DIR/order-link-secret``) signs the links; the branded mail layout escapes what it is
given. No database needed."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from services.api.cli import app
from services.checkout.links import is_signed_key, order_link, signed_key
from services.mail.layout import Section, branded_mail
from services.shared.settings import get_settings, serve_url


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[pytest.MonkeyPatch]:
    """A clean environment for the settings: its own ``DATA_DIR``, no ``SHOP_URL`` and no
    ``ORDER_LINK_SECRET``; the settings are re-read before and after."""
    monkeypatch.setenv("DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SHOP_URL", raising=False)
    monkeypatch.delenv("ORDER_LINK_SECRET", raising=False)
    get_settings.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    get_settings.cache_clear()


def _serve(monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """Run ``shop serve ARGS`` with uvicorn replaced; the ``SHOP_URL`` the server would see."""
    seen: dict[str, Any] = {}

    def fake_run(target: str, **options: Any) -> None:
        seen.update(options, shop_url=get_settings().mail.shop_url, link=order_link(482913570))

    monkeypatch.setattr("uvicorn.run", fake_run)
    result = CliRunner().invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    return str(seen["shop_url"]) + " " + str(seen["link"])


def test_serve_makes_links_point_to_the_port_it_listens_on(env: pytest.MonkeyPatch) -> None:
    shop_url, link = _serve(env, "--port", "8123").split()
    assert shop_url == "http://127.0.0.1:8123"
    assert link.startswith("http://127.0.0.1:8123/order/482913570#key=ol_")


def test_a_shop_url_set_by_the_operator_wins_over_the_serve_address(env: pytest.MonkeyPatch) -> None:
    env.setenv("SHOP_URL", "https://shop.example")
    get_settings.cache_clear()
    shop_url, link = _serve(env, "--port", "8123").split()
    assert shop_url == "https://shop.example" and link.startswith("https://shop.example/order/482913570#key=")


def test_without_serve_the_default_is_serves_default_address(env: pytest.MonkeyPatch) -> None:
    assert get_settings().mail.shop_url == "http://127.0.0.1:8000"


def test_a_wildcard_or_ipv6_host_gives_a_usable_url() -> None:
    assert serve_url("0.0.0.0", 9000) == "http://127.0.0.1:9000"
    assert serve_url("::1", 9000) == "http://[::1]:9000"
    assert serve_url("shop.local", 80) == "http://shop.local:80"


def test_without_a_secret_setting_a_random_key_is_kept_in_the_data_dir(
    env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    key = signed_key(482913570)
    secret_file = tmp_path / "order-link-secret"
    assert secret_file.exists() and stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    assert signed_key(482913570) == key and is_signed_key(482913570, key)
    assert not is_signed_key(482913571, key) and not is_signed_key(482913570, key.upper())


def test_the_order_link_secret_setting_signs_instead(env: pytest.MonkeyPatch) -> None:
    random_key = signed_key(482913570)
    env.setenv("ORDER_LINK_SECRET", "a configured secret for every machine")
    get_settings.cache_clear()
    configured = signed_key(482913570)
    assert configured != random_key and is_signed_key(482913570, configured)
    assert not is_signed_key(482913570, random_key)


def test_the_branded_layout_escapes_every_value_and_has_a_text_part(env: pytest.MonkeyPatch) -> None:
    mail = branded_mail(
        "ada@example.com",
        "Your order",
        heading="Shipped <now>",
        paragraphs=["Hi <script>x</script>,"],
        details=[("Carrier", "D&H <L>")],
        button=("View your order", "https://shop.example/order/1#key=a&b"),
        preheader="Order #1 <shipped>",
        sections=[Section("Address", lines=["<Ada>", "Berlin"], rows=[("a", "<b>")], paragraphs=["<p>"])],
    )
    for raw in ("<script>", "<now>", "<L>", "<Ada>", "<b>", "<shipped>", "<p>"):
        assert raw not in mail.html
    for escaped in ("&lt;script&gt;", "Shipped &lt;now&gt;", "D&amp;H &lt;L&gt;", "&lt;Ada&gt;<br>Berlin"):
        assert escaped in mail.html
    assert 'href="https://shop.example/order/1#key=a&amp;b"' in mail.html
    assert "View your order: https://shop.example/order/1#key=a&b" in mail.text
    assert "Hi <script>x</script>," in mail.text and "Carrier: D&H <L>" in mail.text
    assert "support@halvard.gg" in mail.text and "support@halvard.gg" in mail.html


def test_a_mail_button_must_be_a_web_link(env: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="http"):
        branded_mail("ada@example.com", "x", heading="x", button=("Click", "javascript:alert(1)"))
