"""The Activity page's words for its motion and sound: the sound toggle's names (its state
said in words) and the stamp a spring or an anti-spring puts on the result, which are the
pictures' own words for them (``bot.words.pictures``)."""

from __future__ import annotations

from .locales import EN, ZH
from .pictures import PICTURE_WORDS

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "effects.sound_on": "Sound on",
        "effects.sound_off": "Sound off",
        "effects.spring": PICTURE_WORDS[EN]["spring"],
        "effects.anti_spring": PICTURE_WORDS[EN]["anti_spring"],
    },
    ZH: {
        "effects.sound_on": "音效：开",
        "effects.sound_off": "音效：关",
        "effects.spring": PICTURE_WORDS[ZH]["spring"],
        "effects.anti_spring": PICTURE_WORDS[ZH]["anti_spring"],
    },
}

__all__ = ["TEXTS"]
