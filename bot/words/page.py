"""The Activity page's words (issue 35), from the bot's one catalogue: the message table's
button labels as they are, the page's own few sentences beside them, and every card's
spoken name. :func:`page_words` is sent to a page in its language when it connects, so
the page carries no words of its own.
"""

from __future__ import annotations

from typing import Any

from bot.engine import LEVELS, ROOMS, VARIANTS
from bot.engine.cards import RANK_CHARS, SUITS

from .cards import card_name, spoken_card
from .catalogue import STRINGS
from .door import TEXTS as DOOR_TEXTS
from .locales import EN, TW, ZH, spoken, traditional
from .names import KIND_NAMES, kind_name, level_name, variant_name
from .page_access import TEXTS as ACCESS_TEXTS
from .page_effects import TEXTS as EFFECTS_TEXTS
from .page_feedback import TEXTS as FEEDBACK_TEXTS
from .page_people import TEXTS as PEOPLE_TEXTS
from .pictures import PICTURE_WORDS

PAGE_TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "web.play": "Play", "web.open": "Open a table", "web.variant": "Variant",
        "web.room": "Room", "web.ai_seats": "AI players", "web.ai_level": "AI level",
        "web.loading": "Connecting to the table…",
        "web.offline": "Connection lost: reconnecting…",
        "web.error": "Could not open the table: {error}",
        "web.no_table": "No table in this channel yet. Open one for everyone here:",
        "web.spectating": "You are watching this table.",
        "web.seat_free": "Empty seat",
        "web.cards_left": "{n} cards", "web.cards_left_one": "1 card",
        "web.your_turn": "Your turn: {phase}", "web.turn_of": "{name}'s turn: {phase}",
        "web.to_beat": "To beat: {play} from {name}",
        "web.your_play_stands": "Your {play} holds the trick.",
        "web.called": "Called", "web.no_call": "Didn't call", "web.grabbed": "Grabbed",
        "web.no_grab": "Didn't grab", "web.shown": "Shown ×{n}", "web.doubled": "Doubled",
        "web.bottom": "Bottom cards", "web.multiplier": "×{n}", "web.seconds": "{n} s",
        "web.alarm1": "Last card!", "web.alarm2": "Two left!",
        "web.trustee_on": "The AI is playing for you.",
        "web.which": "Which reading?", "web.cancel": "Cancel",
        "web.hand": "Your hand", "web.table": "The table",
        "web.waiting": "Waiting for players: {n} of {total} seats taken.",
        "web.between": "Press Start for the next deal.",
        "web.level": "level {a} → {b}", "web.level_same": "level {a}",
        "web.beans": "{n} beans", "web.points": "{n} points",
        "web.you": "you", "web.close": "Close",
        "web.pip_open": "Open the Activity to play",
        "web.ready": "Every seat is taken: press Start to deal.",
        "web.missing_one": "One more player or an AI seat is needed to start.",
        "web.missing": "{n} more players or AI seats are needed to start.",
        "web.start_waits": "Start needs every seat taken.",
        "web.you_left": "You left this deal.",
        "web.escape_cost": "{name} left the deal: {beans} beans, {points} points.",
        "web.beans_left": "{n} beans", "web.stake_now": "At stake",
        "web.counter": "Card counter", "web.counter_rank": "{rank}: {n} out",
        "web.trick_now": "This trick", "web.trick_last": "Last trick",
        "web.alarm_said1": "{name}: last card!", "web.alarm_said2": "{name}: two cards left!",
        "web.hint_says": "Hint: {text}",
    },
    ZH: {
        "web.play": "出牌", "web.open": "开桌", "web.variant": "玩法", "web.room": "房间",
        "web.ai_seats": "AI 玩家", "web.ai_level": "AI 难度",
        "web.loading": "正在连接牌桌…", "web.offline": "连接中断，正在重连…",
        "web.error": "无法打开牌桌：{error}",
        "web.no_table": "这个频道还没有牌桌。为大家开一桌：",
        "web.spectating": "你正在观战。",
        "web.seat_free": "空位", "web.cards_left": "{n} 张", "web.cards_left_one": "1 张",
        "web.your_turn": "轮到你：{phase}", "web.turn_of": "轮到 {name}：{phase}",
        "web.to_beat": "要管：{name} 出的 {play}", "web.your_play_stands": "桌上是你出的 {play}。",
        "web.called": "叫地主", "web.no_call": "不叫", "web.grabbed": "抢地主",
        "web.no_grab": "不抢", "web.shown": "明牌 ×{n}", "web.doubled": "加倍",
        "web.bottom": "底牌", "web.multiplier": "×{n}", "web.seconds": "{n} 秒",
        "web.alarm1": "报单", "web.alarm2": "报双",
        "web.trustee_on": "托管中：AI 替你出牌。",
        "web.which": "选哪种出法？", "web.cancel": "取消",
        "web.hand": "你的手牌", "web.table": "牌桌",
        "web.waiting": "等待玩家：已坐 {n}/{total}。",
        "web.between": "点「开始」发下一局。",
        "web.level": "等级 {a} → {b}", "web.level_same": "等级 {a}",
        "web.beans": "{n} 欢乐豆", "web.points": "{n} 积分",
        "web.you": "你", "web.close": "关闭",
        "web.pip_open": "打开活动即可出牌",
        "web.ready": "人齐了：点「开始」发牌。",
        "web.missing_one": "还差 1 位玩家或 AI 才能开始。",
        "web.missing": "还差 {n} 位玩家或 AI 才能开始。",
        "web.start_waits": "坐满才能开始。",
        "web.you_left": "你离开了这一局。",
        "web.escape_cost": "{name} 逃跑了：{beans} 欢乐豆，{points} 积分。",
        "web.beans_left": "{n} 豆", "web.stake_now": "输赢",
        "web.counter": "记牌器", "web.counter_rank": "{rank}：还剩 {n} 张",
        "web.trick_now": "本轮出牌", "web.trick_last": "上一轮",
        "web.alarm_said1": "{name} 报单！", "web.alarm_said2": "{name} 报双！",
        "web.hint_says": "提示：{text}",
    },
}
# the words of the page's parts that keep their own module (page_feedback, page_effects,
# page_access, page_people: each a TEXTS dict of en and zh-CN), merged in before zh-TW is
# made from zh-CN
PAGE_PARTS: tuple[dict[str, dict[str, str]], ...] = (FEEDBACK_TEXTS, EFFECTS_TEXTS, ACCESS_TEXTS,
                                                  PEOPLE_TEXTS)
for _part in PAGE_PARTS:
    for _lang in (EN, ZH):
        PAGE_TEXTS[_lang].update(_part[_lang])
PAGE_TEXTS[TW] = {key: traditional(text) for key, text in PAGE_TEXTS[ZH].items()}

# the words a page may need before it is signed in (so before the welcome frame brings the
# rest): its start failing, and the sign-in's refusals (bot.words.door). They are built into
# the page (web/src/wire.ts's BOOT_WORDS, generated by ``python -m bot.web.wire_ts``).
BOOT_TEXTS: dict[str, dict[str, str]] = {
    EN: {"boot.failed": "Dou Dizhu could not start: {error}",
         "boot.http": "the server answered {status}",
         "boot.unreachable": "the server cannot be reached",
         "boot.discord": "Discord did not let the page sign in ({error})",
         "boot.auth_failed": "the sign-in failed",
         "boot.steps": "Starting Dou Dizhu",
         "boot.step_discord": "Connecting to Discord",
         "boot.step_signin": "Signing in",
         "boot.step_table": "Opening the table",
         "boot.retry": "Retry",
         "boot.dev": "Opened outside Discord: playing as the developer {name}",
         "boot.no_dev": "this page opens inside Discord; to open it here, start the bot "
                        "with DDZ_ACTIVITY_DEV_LOGIN=1 and open http://localhost:<port>/"},
    ZH: {"boot.failed": "斗地主无法启动：{error}",
         "boot.http": "服务器返回 {status}",
         "boot.unreachable": "无法连接服务器",
         "boot.discord": "Discord 未允许页面登录（{error}）",
         "boot.auth_failed": "登录失败",
         "boot.steps": "斗地主启动中",
         "boot.step_discord": "正在连接 Discord",
         "boot.step_signin": "正在登录",
         "boot.step_table": "正在打开牌桌",
         "boot.retry": "重试",
         "boot.dev": "在 Discord 之外打开：以开发者 {name} 的身份游戏",
         "boot.no_dev": "这个页面在 Discord 里打开；要在这里打开，请用 DDZ_ACTIVITY_DEV_LOGIN=1 "
                        "启动机器人，再打开 http://localhost:<端口>/"},
}
BOOT_TEXTS[TW] = {key: traditional(text) for key, text in BOOT_TEXTS[ZH].items()}


def boot_words() -> dict[str, dict[str, str]]:
    """By language (en, zh-CN, zh-TW): the page's words before sign-in, with the door's
    refusals by code (``door.bad_token``…)."""
    return {lang: {**BOOT_TEXTS[lang], **DOOR_TEXTS[lang]} for lang in (EN, ZH, TW)}


ROOM_NAMES = {
    EN: {"novice": "Novice", "normal": "Normal", "high": "High stakes"},
    ZH: {"novice": "新手场", "normal": "普通场", "high": "高倍场"},
    TW: {"novice": "新手場", "normal": "普通場", "high": "高倍場"},
}
# the page's words that are sentences of the catalogue already: its key -> the catalogue's
# (the page keeps its keys; the sentence has one home)
SHARED_TEXTS = {
    "web.closed": "ok.stopped", "web.landlord": "hist.landlord", "web.farmer": "hist.farmer",
    "web.you_lead": "hand.lead", "web.passed": "btn.pass", "web.bid_n": "btn.bid",
    "web.no_bid": "btn.bid0", "web.laizi": "hand.laizi",
}
SHARED_PICTURE_WORDS = {"web.ai": "bot"}  # the pictures' words (bot.words.pictures)
# the message table's words the page uses as they are (its buttons and phases)
CATALOGUE_KEYS = (
    "btn.join", "btn.leave", "btn.addai", "btn.start", "btn.hint", "btn.pass", "btn.bid0",
    "btn.bid", "btn.call", "btn.nocall", "btn.grab", "btn.nograb", "btn.show", "btn.noshow",
    "btn.double", "btn.nodouble", "btn.resume", "btn.cannot_beat", "btn.trustee",
    "btn.leaveok", "btn.stay", "leave.ask_away", "phase.show_start", "phase.show_deal",
    "phase.show_landlord", "phase.bid", "phase.call", "phase.grab", "phase.double",
    "phase.play", "result.title", "result.landlord", "result.farmers", "result.escape",
    "result.row", "level.easy", "level.normal", "level.hard", "ai.name", "lobby.empty",
)


def page_text(locale: str, key: str, **params: object) -> str:
    """One of the page's own sentences in ``locale``, filled in (the server's words of a
    frame: an escape's cost)."""
    lang = spoken(locale)
    text = PAGE_TEXTS[lang].get(key) or PAGE_TEXTS[EN][key]
    return text.format(**params)


def card_names(locale: str) -> dict[str, str]:
    """Every card's spoken name by its notation and suit (``"7S"``: 7 of spades, 黑桃7;
    ``"R"``: Big Joker, 大王)."""
    names = {f"{char}{suit}": spoken_card(locale, char, suit)
             for char in RANK_CHARS[:13] for suit in SUITS}
    names.update({char: card_name(locale, char) for char in RANK_CHARS[13:]})
    return names


def page_words(locale: str) -> dict[str, Any]:
    """What a page shows, in ``locale`` (zh-CN, zh-TW, otherwise en)."""
    lang = spoken(locale)
    texts = {key: STRINGS.get(lang, {}).get(key) or STRINGS[EN][key]
             for key in CATALOGUE_KEYS}  # {placeholders} kept: the page fills them in
    texts.update(PAGE_TEXTS[lang])
    texts.update(BOOT_TEXTS[lang])
    texts.update({key: STRINGS[lang].get(shared) or STRINGS[EN][shared]
                  for key, shared in SHARED_TEXTS.items()})
    texts.update({key: PICTURE_WORDS[lang][word] for key, word in SHARED_PICTURE_WORDS.items()})
    return {
        "locale": lang, "t": texts, "cards": card_names(lang),
        "ranks": {char: card_name(lang, char) for char in RANK_CHARS},
        "kinds": {kind: kind_name(lang, kind) for kind in KIND_NAMES},
        "variants": {v: variant_name(lang, v) for v in VARIANTS},
        "rooms": {r: ROOM_NAMES[lang][r] for r in ROOMS},
        "levels": [level_name(lang, n) for n in range(1, len(LEVELS) + 1)],
    }


__all__ = ["BOOT_TEXTS", "PAGE_TEXTS", "ROOM_NAMES", "SHARED_PICTURE_WORDS", "SHARED_TEXTS",
           "boot_words", "card_names", "page_text", "page_words"]
