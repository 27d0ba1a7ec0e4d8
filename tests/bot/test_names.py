"""Issue 54, flaw 11: one normalisation for every name (bot.text_input.normalise_name),
applied once where a name enters: a tournament's settings, a player's name from Discord, the
store's own check."""

from __future__ import annotations

import pytest

from bot.store.records import check_name
from bot.text_input import PLAYER_NAME, normalise_name
from bot.tournaments import TournamentError, TournamentSettings
from bot.tournaments.model import NAME_LENGTH

FAMILY = "👨\u200d👩\u200d👧"  # one emoji made of three, joined by ZWJ
FIRE_HEART = "❤\ufe0f\u200d🔥"


@pytest.mark.parametrize(("raw", "clean"), [
    ("  Ann   Lee  ", "Ann Lee"),
    ("Ann\x00Lee", "AnnLee"),  # NUL: PostgreSQL cannot store it
    ("\u202eeeL nnA", "eeL nnA"),  # the right-to-left override reverses what follows
    ("A\u200bn\u200cn\u2060\ufeff\u00ad", "Ann"),  # zero-width, joiners, BOM, soft hyphen
    ("Ann\nLee\r\n\tBo", "Ann Lee Bo"),  # line breaks and tabs are spaces
    ("Ann\u2028Lee\u2029Bo", "Ann Lee Bo"),  # line and paragraph separators too
    ("Ann\u3000\u00a0Lee", "Ann Lee"),  # ideographic and no-break spaces
    ("Ann\ue000\U000f0000Lee", "AnnLee"),  # private use
    ("Ann\U000e0001\u0378Lee", "AnnLee"),  # a tag character, an unassigned code point
    ("a\u200db", "ab"),  # a joiner between letters joins nothing
    (f"{FAMILY} fam", f"{FAMILY} fam"),  # ... between emoji it makes one: kept
    (FIRE_HEART, FIRE_HEART),
    (f"\u200d{FAMILY}\u200d", FAMILY),  # at the ends: gone
    ("安妮 Lee_2 [x](y)", "安妮 Lee_2 [x](y)"),  # visible text stays as it is (escaped later)
])
def test_normalise_name(raw: str, clean: str) -> None:
    assert normalise_name(raw) == clean
    assert normalise_name(clean) == clean  # once is enough: normalising again changes nothing


def test_the_limit_cuts_after_normalising_and_leaves_no_dangling_joiner() -> None:
    assert normalise_name(" " * 400 + "Spring Cup" + " " * 400, 60) == "Spring Cup"
    assert normalise_name("a" * 200, PLAYER_NAME) == "a" * PLAYER_NAME
    assert normalise_name("abc de", 4) == "abc"  # no trailing space at the cut
    assert normalise_name("x" * 9 + FAMILY, 11) == "x" * 9 + "👨"  # no joiner at the cut
    assert normalise_name("\x00\u200b\u202e", 10) == ""


def test_a_tournament_name_is_normalised_before_it_is_checked() -> None:
    padded = TournamentSettings(" " * 200 + "Spring\u200b Cup\x00" + " " * 200)
    assert padded.name == "Spring Cup"
    assert TournamentSettings.from_json(padded.to_json()).name == "Spring Cup"
    with pytest.raises(TournamentError):
        TournamentSettings("\u200b\u202e\x00   ")
    with pytest.raises(TournamentError):
        TournamentSettings("x" * (NAME_LENGTH + 1))


def test_the_store_check_normalises_the_same_way() -> None:
    assert check_name("\u200b Ann\x00\u202e  Lee\ufeff\n") == "Ann Lee"
