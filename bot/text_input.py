"""Names as they enter: one normalisation for every user-chosen name (a player's display
name from Discord, a tournament's name), applied once where it enters, before it is checked
or stored.

:func:`normalise_name` strips the name, turns line breaks, tabs and other whitespace into
single spaces, and removes the characters nobody sees but that change how a line reads or
that a database refuses: controls (``Cc``: NUL among them, which PostgreSQL cannot store),
format characters (``Cf``: zero-width spaces, the right-to-left override U+202E, soft
hyphens, byte-order marks), surrogates (``Cs``), private-use (``Co``) and unassigned
(``Cn``) code points, and the line and paragraph separators (``Zl``, ``Zp``). One format
character is kept: the zero-width joiner U+200D *between two emoji*, where it joins them
into one picture (👨‍👩‍👧); anywhere else it goes. Then the name is cut to ``limit``
characters (never leaving a joiner or a space at its end).

The result is plain text: escaping it for Discord's markdown is the Discord front-end's
job (:mod:`cogs.markdown`), at the edge where it is posted.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
PLAYER_NAME = 100  # a player's name: what the store keeps (Discord's own names are <= 32)
# categories removed outright (Zl/Zp and whitespace controls become spaces first)
_REMOVED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# an emoji's neighbours of a joiner: symbols (So), modifiers (Sk: skin tones), the emoji
# presentation selector U+FE0F (Mn) and the keycap U+20E3 (Me)
_EMOJI_SIDE = frozenset({"So", "Sk"})
_EMOJI_MARKS = frozenset({"\ufe0f", "\u20e3"})


def _is_emoji_side(char: str) -> bool:
    return char in _EMOJI_MARKS or unicodedata.category(char) in _EMOJI_SIDE


def _visible(text: str) -> str:
    """``text`` without its invisible characters; whitespace of any kind as a space."""
    kept: list[str] = []  # joiners kept for now: whether they join emoji is seen below
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zl", "Zp"):
            kept.append(" ")
        elif char == ZWJ or category not in _REMOVED:
            kept.append(char)
    out: list[str] = []
    for i, char in enumerate(kept):
        if char != ZWJ or (out and i + 1 < len(kept) and _is_emoji_side(out[-1])
                           and _is_emoji_side(kept[i + 1])):
            out.append(char)
    return "".join(out)


def normalise_name(text: str, limit: int | None = None) -> str:
    """``text`` as a name: visible characters only, whitespace runs as one space, stripped,
    at most ``limit`` characters (None: no cut). May be empty: the caller decides what an
    empty name means (a refusal, or a fallback)."""
    name = " ".join(_visible(str(text)).split())
    if limit is not None and len(name) > limit:
        name = name[:limit].rstrip(" " + ZWJ)
    return name


def player_name_of(user_id: int, *names: object) -> str:
    """A player's name as it enters: the first of ``names`` (a display name, then the
    username) with something left once normalised (:func:`normalise_name`, at most
    :data:`PLAYER_NAME` characters), else ``#`` and the id's last four digits."""
    for name in names:
        if (kept := normalise_name(str(name or ""), PLAYER_NAME)):
            return kept
    return f"#{user_id % 10_000:04d}"


__all__ = ["PLAYER_NAME", "ZWJ", "normalise_name", "player_name_of"]
