"""The words of the page's start-up (built in: the page has them before sign-in) and of
its people (the Invite button), in every language."""

from __future__ import annotations

from bot.words.page import boot_words, page_words

BOOT = {"boot.steps", "boot.step_discord", "boot.step_signin", "boot.step_table",
        "boot.retry", "boot.dev", "boot.no_dev"}
PEOPLE = {"people.invite", "people.invite_label", "people.invite_failed",
          "people.invite_unknown"}


def test_every_start_up_and_invite_word_is_in_every_language() -> None:
    english = page_words("en")["t"]
    assert set(english) >= (BOOT | PEOPLE)
    for locale in ("zh-CN", "zh-TW"):
        words = page_words(locale)["t"]
        assert set(words) >= (BOOT | PEOPLE), locale
        assert all(words[k] != english[k] for k in BOOT | PEOPLE), locale


def test_the_start_up_words_are_built_into_the_page() -> None:
    """Before sign-in the page has only what wire_ts builds in (BOOT_WORDS)."""
    built = boot_words()
    for locale in ("en", "zh-CN", "zh-TW"):
        assert set(built[locale]) >= BOOT, locale
    assert built["zh-TW"]["boot.retry"] == "重試" and built["zh-CN"]["boot.retry"] == "重试"
