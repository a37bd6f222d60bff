"""What a search query means: its words, their typo corrections and the kind of product it names
(docs/spec.md section 2.10, "Typos" and "Ranking").

Pure functions (:func:`query_terms`, :func:`close_words`, :func:`kind_grade`, ...) plus two lookups
that read the catalogue (:func:`known_terms`, :func:`vocabulary`); ``services/catalog/search.py``
turns the result into one SQL statement per engine.

- **Words.** The visitor's text is split into words of letters and digits (at most
  ``MAX_TERMS``); everything else is a separator, so no full-text syntax ever reaches an engine.
  Stop words are dropped except the last word (still being typed).
- **Typos.** A word that matches nothing in the index (not as a stemmed word, nor as a prefix
  when it is the last word) is compared with the words of product, category and tag names;
  words at least ``FUZZY_MIN_SCORE`` similar (rapidfuzz's normalised Indel similarity, 0..100)
  become alternatives ("keybord" -> "keyboard", "keyboards"). A correctly spelled word is never
  replaced. Words typed apart are also tried as one word ("mose pad" -> "mousepad").
  On PostgreSQL the candidate names come from the ``pg_trgm`` trigram indexes (migration 0019);
  on SQLite from all names (a catalogue holds thousands of names, not millions).
- **Completions.** The last word also stands for the name words it starts ("key" ->
  "keyboards", "keycap"): the engines' own prefix search sees stems, and SQLite's Porter
  stemmer turns "key" into "kei".
- **Kind.** A category is the searched kind when its head word (the last word of its name:
  "Keyboards", not "Keyboard accessories") is one of the query's words or corrections, ignoring
  a plural "s" ("mouse" and "mice" are one kind); less so when it only starts with the word
  being typed ("key" -> "Keyboards", "mouse" -> "Mousepads").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

MAX_TERMS = 8
_WORD = re.compile(r"[^\W_]+")
# Shortest word that is corrected (shorter ones have too many near neighbours: "pad" ~ "pas").
FUZZY_MIN_LENGTH = 4
# rapidfuzz ``fuzz.ratio`` (0..100) a name word needs to count as the typed word misspelled:
# "keybord"/"keyboard" 93, "headst"/"headset" 92, "mose"/"mouse" 89, "skald"/"skadi" 80.
FUZZY_MIN_SCORE = 82.0
# Alternatives kept per typed word, most similar first.
FUZZY_MAX_ALTERNATIVES = 4
# English nouns whose plural is not the singular plus "s" (the head word of a category name).
_IRREGULAR_KINDS = {"mouse": "mice", "mice": "mouse"}

# PostgreSQL's ``english`` stop words (tsearch_data/english.stop). PostgreSQL leaves them out of
# the index and out of queries; dropping them here (except the last, still-typed word) makes
# SQLite answer the same way ("headset for streaming" needs "headset" and "streaming" only).
STOP_WORDS = frozenset(
    """
    i me my myself we our ours ourselves you your yours yourself yourselves he him his himself
    she her hers herself it its itself they them their theirs themselves what which who whom
    this that these those am is are was were be been being have has had having do does did
    doing a an the and but if or because as until while of at by for with about against between
    into through during before after above below to from up down in out on off over under again
    further then once here there when where why how all any both each few more most other some
    such no nor not only own same so than too very s t can will just don should now
    """.split()
)


def query_terms(query: str) -> list[str]:
    """The lower-cased words of ``query`` (letters and digits only) without stop words, except
    the last word (a prefix still being typed), at most ``MAX_TERMS``."""
    words = [word.lower() for word in _WORD.findall(query)]
    if not words:
        return []
    kept = [word for word in words[:-1] if word not in STOP_WORDS]
    return [*kept, words[-1]][-MAX_TERMS:]


def words_of(names: Iterable[str]) -> set[str]:
    """The distinct lower-cased words (letters and digits) of ``names`` that can stand for a
    typed word: three characters or more, not a stop word, not a number."""
    return {
        word
        for name in names
        for word in _WORD.findall(name.lower())
        if len(word) >= 3 and word not in STOP_WORDS and not word.isdigit()
    }


def close_words(term: str, vocabulary: Iterable[str]) -> list[str]:
    """Words of ``vocabulary`` similar enough to ``term`` to be what was meant, most similar
    first (ties alphabetical), at most ``FUZZY_MAX_ALTERNATIVES``; ``[]`` for a term shorter
    than ``FUZZY_MIN_LENGTH`` or made of digits."""
    if len(term) < FUZZY_MIN_LENGTH or term.isdigit():
        return []
    found = process.extract(
        term, sorted(vocabulary), scorer=fuzz.ratio, score_cutoff=FUZZY_MIN_SCORE, limit=None
    )
    ranked = sorted(found, key=lambda hit: (-hit[1], hit[0]))
    return [word for word, _score, _index in ranked[:FUZZY_MAX_ALTERNATIVES] if word != term]


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def kind_grade(category_name: str, exact: Iterable[str], prefixes: Iterable[str]) -> int | None:
    """How well a category named ``category_name`` is the kind of product a query asks for:
    ``0`` when its head word (the last word of the name) is one of ``exact`` (typed words, their
    corrections and the joined forms), singular or plural alike ("mouse" and "mice" are one);
    ``1`` when it starts with one of ``prefixes`` (the word being typed and its completions) of
    at least three characters; else None."""
    names = _WORD.findall(category_name.lower())
    if not names:
        return None
    head = _singular(names[-1])
    heads = {head, _IRREGULAR_KINDS.get(head, head)}
    for word in exact:
        one = _singular(word)
        if one in heads or _IRREGULAR_KINDS.get(one) in heads:
            return 0
    for word in prefixes:
        if len(word) >= 3 and any(h.startswith(word) or names[-1].startswith(word) for h in heads):
            return 1
    return None


def kind_aliases(term: str) -> list[str]:
    """Other words for the same kind of product (an irregular plural: "mouse" -> "mice")."""
    alias = _IRREGULAR_KINDS.get(_singular(term))
    return [alias] if alias and alias != term else []


@dataclass(frozen=True)
class Expansion:
    """A query's meaning, all lower case: ``terms`` (every one must match, the last as a prefix),
    ``alternatives`` (per term, corrected spellings and kind aliases that may stand for it),
    ``completions`` (name words the last term starts, which the engines' stemmers may not find
    by prefix: SQLite's Porter stems "key" to "kei") and ``joined`` (corrections of all terms
    written as one word, which match on their own)."""

    terms: list[str]
    alternatives: list[list[str]] = field(default_factory=list)
    completions: list[str] = field(default_factory=list)
    joined: list[str] = field(default_factory=list)

    @property
    def exact_words(self) -> list[str]:
        """The words the query names in full: terms, alternatives, joined forms."""
        return [*self.terms, *(w for alts in self.alternatives for w in alts), *self.joined]

    @property
    def prefix_words(self) -> list[str]:
        """The word being typed and its completions."""
        return [*self.terms[-1:], *self.completions]

    @property
    def words(self) -> list[str]:
        """Every word the query may mean."""
        return [*self.exact_words, *self.completions]


# Completions kept for the word being typed, shortest first.
MAX_COMPLETIONS = 12


def completions_of(prefix: str, vocabulary: Iterable[str]) -> list[str]:
    """Words of ``vocabulary`` that ``prefix`` (two characters or more) starts, shortest first
    (then alphabetical), at most ``MAX_COMPLETIONS``, ``prefix`` itself left out."""
    if len(prefix) < 2:
        return []
    found = sorted((w for w in vocabulary if w.startswith(prefix) and w != prefix), key=lambda w: (len(w), w))
    return found[:MAX_COMPLETIONS]


def expand(terms: Sequence[str], known: Sequence[bool], vocabulary: Iterable[str]) -> Expansion:
    """The :class:`Expansion` of ``terms``: each term not ``known`` (matching nothing in the index)
    gets its :func:`close_words`, every term its :func:`kind_aliases`; the last term its
    :func:`completions_of`; with two or more terms, the terms written together get theirs, only
    words about as long (a joined form that is itself a vocabulary word counts too: "mouse pad"
    -> "mousepad"; "keyboard case" is not "keyboards")."""
    vocab = set(vocabulary)
    alternatives = [
        ([] if is_known else close_words(term, vocab)) + kind_aliases(term)
        for term, is_known in zip(terms, known, strict=True)
    ]
    completions = completions_of(terms[-1], vocab) if terms else []
    joined: list[str] = []
    if len(terms) > 1:
        together = "".join(terms)
        near = [w for w in close_words(together, vocab) if len(w) >= len(together) - 1]
        joined = ([together] if together in vocab else []) + near
    return Expansion(list(terms), alternatives, completions, joined)


__all__ = [
    "FUZZY_MIN_LENGTH",
    "FUZZY_MIN_SCORE",
    "MAX_TERMS",
    "STOP_WORDS",
    "Expansion",
    "close_words",
    "completions_of",
    "expand",
    "kind_aliases",
    "kind_grade",
    "query_terms",
    "words_of",
]
