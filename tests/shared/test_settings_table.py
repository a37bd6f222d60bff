"""The settings table of docs/operations.md ("Settings") against services/shared/settings.py:
every environment variable a setting is read from is in the table, every name in the table is
a setting, and each documented default is the one in the code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from pydantic_settings import BaseSettings

from services.shared.settings import REPO_ROOT, SECTIONS, Settings, env_names

OPERATIONS = Path(__file__).resolve().parents[2] / "docs" / "operations.md"
HEADING = "## Settings (environment variables)"
NAME = re.compile(r"`([A-Z][A-Z0-9_]*)`")
# Defaults the code computes from other settings, documented as what they become.
COMPUTED = {
    "DATABASE_URL": "sqlite:///<repo>/data/shop.sqlite3",  # Settings.effective_database_url
    "SUPPORT_EMAIL": "support@{SITE_HOST}",  # ContactSettings.support_address
}


def table_rows(markdown: str) -> list[tuple[list[str], str]]:
    """``[(names, default cell)]`` of the first table after :data:`HEADING`: the backquoted
    capitalised names of each row's first cell and its second cell as written."""
    section = markdown.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows: list[tuple[list[str], str]] = []
    for line in section.splitlines():
        if not line.startswith("|"):
            if rows:
                break  # the table ended
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        names = NAME.findall(cells[0])
        if names:
            rows.append((names, cells[1]))
    return rows


def documented_names() -> list[str]:
    """Every name in the table, once per row it is in."""
    return [name for names, _ in table_rows(OPERATIONS.read_text(encoding="utf-8")) for name in names]


def code_defaults() -> dict[str, Any]:
    """``{ENV_NAME: default}`` of every field of ``Settings`` and its sections."""
    classes: tuple[type[BaseSettings], ...] = (Settings, *SECTIONS)
    return {
        f"{cls.model_config.get('env_prefix', '')}{name}".upper(): field.default
        for cls in classes
        for name, field in cls.model_fields.items()
    }


def as_documented(value: Any) -> str:
    """How the table writes a default: ``true``/``false``, ``unset`` for an empty text or
    secret, paths under the repository as ``<repo>/...``, numbers and text as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, SecretStr):
        value = value.get_secret_value()
    if isinstance(value, Path):
        return "<repo>/" + value.relative_to(REPO_ROOT).as_posix()
    if value == "":
        return "unset"
    return str(value)


def test_the_table_lists_every_setting_and_only_settings() -> None:
    documented = set(documented_names())
    missing_from_the_table = sorted(env_names() - documented)
    not_a_setting = sorted(documented - env_names())
    assert (missing_from_the_table, not_a_setting) == ([], [])


def test_each_setting_is_in_one_row_only() -> None:
    names = documented_names()
    assert sorted({name for name in names if names.count(name) > 1}) == []


def test_the_documented_defaults_are_the_code_defaults() -> None:
    defaults = code_defaults()
    wrong = {}
    for names, cell in table_rows(OPERATIONS.read_text(encoding="utf-8")):
        written = [part.strip().strip("`") for part in cell.split("`, `")] if len(names) > 1 else [cell]
        if cell == "unset":
            written = ["unset"] * len(names)
        for name, text in zip(names, written, strict=True):
            expected = COMPUTED.get(name) or as_documented(defaults[name])
            if text.strip("`") != expected:
                wrong[name] = (text, expected)
    assert wrong == {}


@pytest.mark.parametrize(
    ("markdown", "rows"),
    [
        (
            f"{HEADING}\n\nintro\n\n| variable | default | meaning |\n|---|---|---|\n"
            "| `A_B`, `C` | `1`, `2` | x |\n| `D` | unset | y |\n\nafter\n\n| `E` | `3` | z |\n",
            [(["A_B", "C"], "`1`, `2`"), (["D"], "unset")],
        ),
        (f"{HEADING}\n\n| `A` | `1` | x |\n\n## Next\n\n| `B` | `2` | y |\n", [(["A"], "`1`")]),
    ],
)
def test_the_parser_reads_the_first_table_of_the_section_only(
    markdown: str, rows: list[tuple[list[str], str]]
) -> None:
    assert table_rows(markdown) == rows
