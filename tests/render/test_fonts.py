"""The bundled fonts: every string of the catalogues has glyphs (every word a picture
draws in both weights), files and licence are shipped."""

from __future__ import annotations

import threading
import unicodedata

import pytest

from bot.words.catalogue import STRINGS
from bot.words.glyphs import (
    CARD_FACES,
    catalogue_chars,
    catalogue_strings,
    cjk,
    level_names,
    picture_chars,
)
from bot.words.page import page_words
from bot.words.pictures import EN_WORDS, PICTURE_WORDS, TW_WORDS, ZH_WORDS
from render.fonts import (
    EMOJI_MARK,
    clean_text,
    fit_text,
    font,
    font_for,
    font_path,
    has_glyph,
    missing_glyphs,
)
from render.sprites import FACE_MARKS

REQUIRED_CHARS = picture_chars()
WORDS = PICTURE_WORDS


@pytest.mark.parametrize("weight", ["bold", "regular"])
def test_every_required_character_has_a_glyph(weight: str) -> None:
    missing = [ch for ch in sorted(REQUIRED_CHARS) if not has_glyph(ch, weight)]
    assert missing == []


def test_the_glyph_check_can_fail() -> None:
    # the check itself must tell a missing glyph from a drawn one
    assert has_glyph("地") and has_glyph("地", "regular")
    assert not has_glyph("\U0001f600")  # an emoji
    assert not has_glyph("\u0e01")  # Thai is not bundled
    assert not has_glyph("鑫", "regular")  # regular keeps only the fixed strings...
    assert has_glyph("鑫", "bold")  # ...bold keeps every hanzi of the BMP, for names


@pytest.mark.parametrize("name", ["臺灣阿嬤鬥地主", "김민준", "さくら・サクラ", "José Ñúñez",
                                  "Đặng Thị Hương", "王小明", "Владимир", "䶮"])
def test_names_of_every_script_have_every_glyph(name: str) -> None:
    # every character of the name, in the face names are drawn with
    assert [ch for ch in name if not has_glyph(ch)] == []
    assert missing_glyphs(name) == ""


@pytest.mark.parametrize("weight", ["bold", "regular"])
def test_latin_with_accents_has_every_glyph(weight: str) -> None:
    # Latin-1 and all of Latin Extended-A (Noto Sans CJK lacks about half of it: the build
    # copies those from Noto Sans)
    letters = [chr(c) for c in range(0xC0, 0x180) if chr(c).isalpha()]
    assert [ch for ch in letters if not has_glyph(ch, weight)] == []


def test_vietnamese_has_every_glyph_in_bold() -> None:
    letters = [chr(c) for c in range(0x1EA0, 0x1EFA)]  # every Vietnamese letter with a tone
    assert [ch for ch in letters if not has_glyph(ch)] == []


@pytest.mark.parametrize("name", ["Łukasz Dvořák", "Nguyễn Thị Ánh", "Ödön Škoda",
                                  "Kęstutis Ağaoğlu", "Ĳsbrand Ŧ"])
def test_accented_latin_names_draw_whole(name: str) -> None:
    assert missing_glyphs(name) == ""
    if "ễ" not in name:  # regular holds Latin-1 and Extended-A and -B; Vietnamese is bold
        assert missing_glyphs(name, "regular") == ""
        assert font_for(name, 24).path == font(24, "regular").path  # no fallback to bold


def test_a_character_without_glyph_is_kept_and_shown_as_a_box() -> None:
    # Thai is not in the fonts: it stays in the text (drawn as .notdef boxes), an emoji is
    # marked
    assert clean_text("ก\U0001f600Tom") == "ก☆Tom"
    assert missing_glyphs("กTom") == "ก"
    box = font(40).getmask("ก")
    assert box.getbbox() is not None  # the box has ink: a reader sees a character is there


def test_every_language_has_every_word() -> None:
    assert set(WORDS) == {"en", "zh-CN", "zh-TW"}
    assert set(EN_WORDS) == set(ZH_WORDS) == set(TW_WORDS)
    assert TW_WORDS["farmer"] == "農民" and TW_WORDS["bomb"] == "炸彈"
    assert EN_WORDS["pass"] == "Pass"


def test_the_fixed_words_are_covered() -> None:
    for word in ("地主", "农民", "不出", "春天", "反春", "明牌", "加倍", "抢地主", "炸弹", "王炸",
                 "癞子", "花", "王", "×"):
        assert set(word) <= REQUIRED_CHARS, word
    names = list(level_names())
    assert "帝王" in names and "長工" in names and "短工" in names
    assert set("".join(names)) <= REQUIRED_CHARS
    assert set("".join(ZH_WORDS.values())) <= REQUIRED_CHARS
    assert "帝" in cjk(REQUIRED_CHARS) and "A" not in cjk(REQUIRED_CHARS)


def test_the_card_faces_are_covered() -> None:
    # the Chinese printed on the cards is the sprites' own (the cards' look), in the list too
    assert set("".join(FACE_MARKS.values())) == set(CARD_FACES)
    assert set(CARD_FACES) <= REQUIRED_CHARS


def test_the_coverage_list_is_read_from_the_catalogues() -> None:
    # a sentence of any language, a page word, a picture word: each is in the list read
    sentences = set(catalogue_strings())
    assert STRINGS["zh-TW"]["hand.title"] in sentences
    assert page_words("zh-TW")["t"]["web.play"] in sentences
    assert TW_WORDS["laizi_coef"] in sentences
    assert set(STRINGS["zh-TW"]["hand.title"]) <= catalogue_chars()
    assert catalogue_chars() >= REQUIRED_CHARS


def test_every_character_of_every_catalogue_string_is_drawable() -> None:
    # what a picture draws, both weights draw; every other word of the catalogues (in the
    # messages, the page, the terminal) at least in bold, which names are drawn in too:
    # every letter and ideograph, whatever the language
    drawable = [ch for ch in sorted(catalogue_chars())
                if not ch.isspace() and unicodedata.category(ch)[0] in "LN"]
    assert len(drawable) > 600
    assert [ch for ch in drawable if not has_glyph(ch)] == []


def test_font_files_and_licence_are_shipped() -> None:
    bold, regular = font_path("bold"), font_path("regular")
    assert bold.stat().st_size + regular.stat().st_size < 12_000_000  # the budget is 20 MB
    assert regular.stat().st_size < 200_000
    licence = (bold.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    with pytest.raises(ValueError):
        font_path("italic")


def test_fonts_are_cached_per_thread() -> None:
    assert font(30) is font(30)
    assert font(30) is not font(31)
    other: list[object] = []
    thread = threading.Thread(target=lambda: other.append(font(30)))
    thread.start()
    thread.join()
    assert other[0] is not font(30)  # a FreeType face is never shared between threads


def test_clean_and_fit_text() -> None:
    assert clean_text("\U0001f525Tom  张三\U0001f525") == "☆Tom 张三☆"
    assert clean_text("\u200b") == "?"
    # one mark per emoji: with its skin tone, a joined family, a flag's two letters
    assert clean_text("김민준🃏") == "김민준☆"
    assert clean_text("Ann👍🏽") == "Ann☆"
    assert clean_text("👨\u200d👩\u200d👧 fam") == "☆ fam"
    assert clean_text("🇨🇳🇫🇷") == "☆☆"
    assert clean_text("❤️Bo") == "☆Bo"
    assert has_glyph(EMOJI_MARK) and has_glyph(EMOJI_MARK, "regular")
    assert clean_text("a\nb") == "ab"
    face = font(24)
    assert fit_text("short", face, 500) == "short"
    cut = fit_text("a rather long player name indeed", face, 120)
    assert cut.endswith("…") and face.getlength(cut) <= 120
    assert font_for("Pass", 20).path == font(20, "regular").path
    assert font_for("鑫", 20).path == font(20, "bold").path


def test_the_rocket_is_wang_zha_in_chinese_pictures_and_stats() -> None:
    # one word for the rocket in each language: 王炸, as the app says (never 火箭)
    from bot.words.history import TEXTS

    assert WORDS["zh-CN"]["rocket"] == "王炸" and WORDS["zh-TW"]["rocket"] == "王炸"
    for locale in ("zh-CN", "zh-TW"):
        assert "火箭" not in "".join(WORDS[locale].values())
        assert "火箭" not in "".join(TEXTS.get(locale, {}).values()), locale


def test_an_avatars_initial_is_a_letter_not_an_emojis_mark() -> None:
    from render.avatar import initial_of

    assert [initial_of(n) for n in ("🇨🇳 Lin", "김민준🃏", "ann", "🃏")] == ["L", "김", "A", "☆"]
