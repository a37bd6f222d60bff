"""Citations a reader of the repo can follow: every
``docs/spec.md section N`` names a section that docs/spec.md has, every ``docs/targets.md section
N`` one that docs/targets.md has, and nothing cites tracker issue numbers or documents that live
outside the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (".py", ".md", ".ts", ".tsx", ".sh", ".mjs", ".js", ".css", ".toml", ".yml", ".yaml")


def _tracked_files() -> list[Path]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / f for f in out.split() if f.endswith(SOURCES) and (ROOT / f).is_file()]


def _sections(doc: str) -> set[str]:
    """Numbers of the headings of ``doc`` ("## 2. Screens" -> "2", "### 2.1 Route" -> "2.1")."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"^#+ (\d+(?:\.\d+)*)\.? ", text, re.M)}


def _citations(doc: str) -> list[tuple[str, str]]:
    pat = re.compile(re.escape(doc) + r" sections? (\d+(?:\.\d+)*)((?:(?:, | and | or )\d+(?:\.\d+)*)*)")
    found = []
    for path in _tracked_files():
        for m in pat.finditer(path.read_text(encoding="utf-8", errors="replace")):
            numbers = [m.group(1), *re.findall(r"\d+(?:\.\d+)*", m.group(2))]
            found += [(str(path.relative_to(ROOT)), n) for n in numbers]
    return found


@pytest.mark.parametrize("doc", ["docs/spec.md", "docs/targets.md"])
def test_every_section_citation_names_a_section_that_exists(doc: str) -> None:
    sections = _sections(doc)
    citations = _citations(doc)
    assert citations, f"no citations of {doc} found: the pattern is wrong"
    missing = sorted({(f, n) for f, n in citations if n not in sections})
    assert not missing, f"citations of {doc} sections it does not have: {missing[:20]}"


def test_nothing_cites_issue_numbers_or_documents_outside_the_repo() -> None:
    bad = re.compile(r"\b[Ii]ssues? #?\d+\b|\bdesign\.md\b|storefront-spec\.md|\.\./shared/")
    me = Path(__file__).resolve()
    hits = [
        f"{p.relative_to(ROOT)}:{i}: {line.strip()}"
        for p in _tracked_files()
        if p != me and "node_modules" not in p.parts
        for i, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if bad.search(line)
    ]
    assert not hits, "\n".join(hits[:20])


def test_the_section_parser_reads_headings() -> None:
    assert {"1", "2", "2.1", "9"} <= _sections("docs/spec.md")
