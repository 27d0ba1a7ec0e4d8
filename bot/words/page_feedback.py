"""The Activity page's words for feedback where the eye is: a refusal beside the button
that met it, why a selection cannot be played, the page offline (its paused clock and
Retry), and the daily bonus or relief offered to a player short of a room's beans (the
server answers a claim with ``feedback.daily_ok`` / ``feedback.relief_ok``)."""

from __future__ import annotations

from .locales import EN, ZH

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "feedback.offline": "Connection lost: the table is paused until it is back.",
        "feedback.retry": "Retry now",
        "feedback.paused": "{n} s (paused)",
        "feedback.not_sent": "Not sent: the connection is down. Press Retry now.",
        "feedback.timeout": "The server did not answer: try again.",
        "feedback.why_not": "Can't play this: {reason}",
        "feedback.short": "You can claim beans here, then try again:",
        "feedback.claim_daily": "Claim daily bonus",
        "feedback.claim_relief": "Claim relief",
        "feedback.daily_ok": "Daily bonus: +{amount} beans. You have {balance}.",
        "feedback.relief_ok": "Relief: +{amount} beans. You have {balance}.",
    },
    ZH: {
        "feedback.offline": "连接中断：牌桌暂停，恢复后继续。",
        "feedback.retry": "立即重连",
        "feedback.paused": "{n} 秒（暂停）",
        "feedback.not_sent": "未发送：连接已断开。请点「立即重连」。",
        "feedback.timeout": "服务器没有回应，请再试一次。",
        "feedback.why_not": "不能这样出：{reason}",
        "feedback.short": "你可以在这里领取欢乐豆，然后再试：",
        "feedback.claim_daily": "领取每日奖励",
        "feedback.claim_relief": "领取救济金",
        "feedback.daily_ok": "每日奖励：+{amount} 欢乐豆。你现在有 {balance}。",
        "feedback.relief_ok": "救济金：+{amount} 欢乐豆。你现在有 {balance}。",
    },
}

__all__ = ["TEXTS"]
