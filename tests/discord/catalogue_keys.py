"""No catalogue key ever reaches a user: :func:`assert_no_catalogue_keys` reads every
request the bot sent SimCord (messages and their edits, interaction replies and
follow-ups, embeds, button labels, select options, modals, thread names) and fails on a
text that is a key of :data:`bot.words.catalogue.STRINGS` (``btn.hint``) or holds one as a
word: a key of the catalogue, or a key's shape under one of its namespaces
(``closed.tournament``: :func:`~bot.words.catalogue.t` answers a missing key with itself)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot.words.catalogue import STRINGS

KEYS: frozenset[str] = frozenset(key for texts in STRINGS.values() for key in texts)
# the namespaces of the dotted keys (btn, closed, tour…): a dotless key (``balance``) is an
# ordinary word, found only as a whole text
NAMESPACES: frozenset[str] = frozenset(key.split(".")[0] for key in KEYS if "." in key)
KEY_WORD = re.compile(r"(?<![\w.])(?:" + "|".join(sorted(NAMESPACES, key=len, reverse=True))
                      + r")(?:\.\w+)+(?![\w])")
SAID = frozenset({"content", "title", "description", "name", "value", "label", "placeholder",
                  "text"})  # the fields of a payload a person reads


def key_in(text: str) -> str | None:
    """The catalogue key ``text`` is or holds as a word, or None."""
    if text.strip() in KEYS:
        return text.strip()
    found = KEY_WORD.search(text)
    return found[0] if found else None


def said(payload: Any, parent: str = "") -> Iterator[str]:
    """Every text a person reads in a request's JSON body: an option's or a choice's
    ``value`` goes back to the bot unread; a URL, an id or a file name is not words."""
    if isinstance(payload, dict):
        for field, value in payload.items():
            if isinstance(value, str):
                unread = field == "value" and parent in ("options", "choices")
                if field in SAID and not unread:
                    yield value
            else:
                yield from said(value, field)
    elif isinstance(payload, list):
        for item in payload:
            yield from said(item, parent)


def texts_sent(backend: Any) -> Iterator[tuple[str, str]]:
    """(request, text) for every text the bot sent through SimCord ``backend`` (the
    commands' own registration, names and descriptions, is :mod:`bot.words.commands`')."""
    for request in backend.http_requests:
        if "/applications/" in request.path and "/commands" in request.path:
            continue
        for text in said(request.json):
            yield f"{request.method} {request.path}", text


def keys_sent(backend: Any) -> list[tuple[str, str, str]]:
    """(request, key, text) for every text the bot sent holding a catalogue key."""
    return [(where, key, text) for where, text in texts_sent(backend)
            if (key := key_in(text)) is not None]


def assert_no_catalogue_keys(backend: Any) -> int:
    """Fail when any text the bot sent through SimCord ``backend`` holds a catalogue key;
    returns how many texts were read (a check over nothing is no check)."""
    found = keys_sent(backend)
    assert not found, "catalogue keys sent to users:\n" + "\n".join(
        f"  {where}: {key!r} in {text!r}" for where, key, text in found)
    read = sum(1 for _ in texts_sent(backend))
    assert read > 0, "the bot sent no words at all"
    return read
