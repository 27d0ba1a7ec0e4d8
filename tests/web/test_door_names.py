"""A name that enters through the Activity's sign-in is normalised as one entering through
Discord's messages (bot.text_input): no NUL, no right-to-left override, no zero-width
characters, stripped; and the table seats it that way."""

from __future__ import annotations

from .pages import CHANNEL


async def test_a_signed_in_name_is_normalised_before_it_is_shown_or_seated(activity) -> None:
    raw = "  \u202eAnn\u200b\x00 \n Lee  "
    ann = await activity.page(101, raw)
    welcome = ann.of_type("welcome")[0]
    assert welcome["name"] == "Ann Lee", welcome
    assert (await ann.act("open", variant="classic", ai_seats=0))["ok"]
    seats = activity.manager.snapshot(CHANNEL).seats
    assert seats[0] is not None and seats[0].name == "Ann Lee"


async def test_a_name_of_nothing_visible_gets_a_stand_in(activity) -> None:
    page = await activity.page(4321, "\u200b\u202e ")
    assert page.of_type("welcome")[0]["name"] == "#4321"
