"""The door's refusals speak the page's language: a page that says zh-CN in its auth frame
is refused in Chinese, in English otherwise; every refusal a page of ours can meet has
words in each language."""

from __future__ import annotations

import pytest

from bot.words.catalogue import STRINGS
from bot.words.door import TEXTS
from bot.words.locales import EN, TW, ZH

from .doors import auth_frame, knock

CODES = ("not_authenticated", "bad_token", "foreign_token", "token_revoked", "bad_instance",
         "not_in_instance", "wrong_channel", "too_many_sockets", "discord_busy",
         "auth_limited", "discord_unreachable", "rate_limited", "starting")


@pytest.mark.parametrize("locale", [EN, ZH, TW])
def test_every_refusal_of_the_door_has_words(locale: str) -> None:
    assert set(TEXTS[locale]) == {f"door.{c}" for c in CODES}
    for code in CODES:
        assert STRINGS[locale][f"door.{code}"].strip()


async def test_a_foreign_token_is_refused_in_the_pages_language(activity) -> None:
    activity.member(101)
    for locale, words in ((ZH, "另一个应用"), (EN, "another application")):
        foreign = activity.stand.mint_token(101, "Ann", application_id=42)
        page = await knock(activity, {**auth_frame(foreign), "locale": locale})
        error = page.of_type("error")[-1]
        assert error["code"] == "foreign_token" and words in error["error"], error


async def test_too_many_pages_are_refused_in_chinese(activity) -> None:
    cap = activity.server.limits.sockets_per_user
    token = await activity.token(101, "Ann")
    pages = [await activity.page(101, "Ann", token=token, locale=ZH) for _ in range(cap)]
    extra = await activity.page(101, "Ann", token=token, locale=ZH)
    error = extra.of_type("error")[-1]
    assert error["code"] == "too_many_sockets" and f"{cap} 个牌桌" in error["error"], error
    for page in pages:
        await page.close()
