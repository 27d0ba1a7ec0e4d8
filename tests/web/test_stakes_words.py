"""Issue 57's words: the header's multiplier reads as the result's (反春, bombs counted),
and the page's words before sign-in exist in every language."""

from __future__ import annotations

import math
import re
from dataclasses import replace

from bot.engine import Game, Phase, Rules
from bot.words.multiplier import deal_factors, multiplier_text, multiplier_words
from bot.words.page import boot_words, page_words


def test_bombs_are_counted_and_the_equation_multiplies_out() -> None:
    parts = (("grab", 2), ("bomb", 2), ("bomb", 2), ("bomb", 2))
    words = multiplier_words(parts, 16, "zh-CN")
    assert words == ("抢×2", "炸弹×2×2×2", "= ×16")
    en = multiplier_text(parts, 16, "en")
    assert "×2×2×2" in en and "×8" not in en.split("=")[0]
    left, total = en.rsplit("= ×", 1)
    assert math.prod(int(x) for x in re.findall(r"×(\d+)", left)) == int(total)


def test_an_anti_spring_is_named_in_the_header_as_in_the_result() -> None:
    game = Game.new(Rules.preset("happy"), seed=3)
    view = replace(game.view(None), phase=Phase.OVER, landlord=0, counts=(5, 0, 3),
                   parts=(("spring", 2, 1),))
    assert dict(deal_factors(view)).get("anti_spring") == 2
    assert "反春×2" in multiplier_text(deal_factors(view), 2, "zh-CN")
    won = replace(view, counts=(0, 4, 3))
    assert "春天×2" in multiplier_text(deal_factors(won), 2, "zh-CN")


def test_the_words_before_sign_in_exist_in_every_language() -> None:
    boot = boot_words()
    assert set(boot) == {"en", "zh-CN", "zh-TW"}
    for locale in ("zh-CN", "zh-TW"):
        assert set(boot[locale]) == set(boot["en"])
        assert boot[locale]["boot.failed"] != boot["en"]["boot.failed"]
        assert boot[locale]["door.not_in_instance"] != boot["en"]["door.not_in_instance"]
    assert "{error}" in boot["zh-CN"]["boot.failed"]
    assert page_words("zh-CN")["t"]["boot.failed"] == boot["zh-CN"]["boot.failed"]


def test_the_lobby_says_what_is_missing() -> None:
    for locale in ("en", "zh-CN", "zh-TW"):
        t = page_words(locale)["t"]
        assert "{n}" in t["web.missing"] and t["web.missing_one"] and t["web.ready"]
    assert "AI" in page_words("en")["t"]["web.missing_one"]
