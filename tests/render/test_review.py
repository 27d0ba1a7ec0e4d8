"""The picture of a reviewed decision: the table above, the two choices below."""

from __future__ import annotations

import dataclasses

import pytest

from render import ReviewChoice, ReviewScene, SeatScene, TableScene, render_review
from render.canvas import GOLD
from render.review import WIDTH
from render.table import table_image

from .helpers import count_near, decode, picture_words, said_word, text_sizes

TABLE = TableScene(seats=(SeatScene("Alice", "landlord", 12, shown="3456789TJQKA", own_hand=True,
                                    turn=True),
                          SeatScene("Bo", "farmer", 17, last_play="33", bot=True),
                          SeatScene("Cy", "farmer", 17, passed=True, bot=True)),
                   phase="play", title="Review · play 4", words=picture_words("en"))


def scene(made: ReviewChoice, best: ReviewChoice, locale: str = "en") -> ReviewScene:
    table = dataclasses.replace(TABLE, words=picture_words(locale))
    return ReviewScene(table, made, best, rank=1, heading="play 4")


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_the_table_then_both_choices_readable_on_a_phone(locale: str) -> None:
    s = scene(ReviewChoice(cards="44", win=0.2, points=-1.1),
              ReviewChoice(cards="T", win=1.0, points=2.0), locale)
    image = decode(render_review(s))
    table = table_image(TABLE)
    assert image.width == WIDTH and image.height > table.height + 200
    # the AI's choice is framed in gold, under the table
    footer = (0, table.height, WIDTH, image.height)
    assert count_near(image, footer, GOLD, 30) > 400
    assert min(text_sizes(lambda: render_review(s), WIDTH)) * 400 / WIDTH >= 12


def test_long_plays_wrap_and_words_draw() -> None:
    short = decode(render_review(scene(ReviewChoice(cards="3", win=0.5, points=0.0),
                                       ReviewChoice(word=said_word("pass", "en"), passed=True,
                                                    win=0.6, points=0.4))))
    long = decode(render_review(scene(ReviewChoice(cards="33344455566677789TJQ", win=0.5),
                                      ReviewChoice(word=said_word("no_call", "en"), win=0.6,
                                                   points=0.4))))
    assert long.height > short.height


def test_a_choice_is_cards_or_a_word() -> None:
    with pytest.raises(ValueError):
        ReviewChoice()
    with pytest.raises(ValueError):
        ReviewChoice(cards="3", word="pass")
    with pytest.raises(ValueError):
        ReviewChoice(word="pass", win=1.5)
