"""The words of server tournaments (``/ddz tournament``, the sign-up message, the round
messages, the standings), in English and 简体中文; 繁體中文 is converted from 简体. Merged
into :mod:`bot.words.catalogue` (sentences) and :mod:`bot.words.commands` (command names).
"""

from __future__ import annotations

from .locales import EN, TW, ZH, traditional

_EN: dict[str, str] = {
    "tour.created": "Tournament **{name}** created: the sign-up message is in the channel.",
    "tour.no_permission": ("Creating a tournament needs Manage Server, or the server's "
                           "tournament role ({role})."),
    "tour.no_role": "none set",
    "tour.not_organiser": "Only the tournament's creator or a server manager can do that.",
    "tour.signup_title": "🏆 {name}",
    "tour.settings": ("{variant} · {rounds} round(s) of {deals} deal(s) · entry: {entry} · "
                      "prizes: {split}"),
    "tour.free": "free", "tour.buy_in": "{amount:,} beans",
    "tour.split": "{places}", "tour.no_pool": "no prize pool",
    "tour.ai_fill": "AI players fill short tables", "tour.no_ai_fill":
        "no AI: players left over sit a round out",
    "tour.duplicate": "duplicate deals: every table plays the same cards",
    "tour.starts": "Starts {when} (the creator may start earlier).",
    "tour.entrants": "Entrants ({n})", "tour.nobody": "Nobody yet: press Join.",
    "tour.more": "… and {n} more",
    "tour.needs": "At least {n} entrants are needed.",
    "tour.status.signup": "Sign-up open",
    "tour.status.running": "Running: round {round} of {rounds}",
    "tour.status.finished": "Finished", "tour.status.cancelled": "Cancelled: buy-ins returned",
    "tour.btn.join": "Join", "tour.btn.leave": "Leave", "tour.btn.start": "Start now",
    "tour.btn.cancel": "Cancel",
    "tour.joined": "You are in **{name}** ({n} entrants).",
    "tour.joined_paid": "You are in **{name}** ({n} entrants); the buy-in of {amount:,} "
                        "beans is held in the prize pool.",
    "tour.left": "You left **{name}**.", "tour.left_refund": "You left **{name}**; your "
                                                            "buy-in of {amount:,} beans is back.",
    "tour.not_in": "You are not signed up for **{name}**.",
    "tour.started": "**{name}** has started: round 1 is being seated.",
    "tour.cancelled": "**{name}** was cancelled; {n} buy-in(s) returned.",
    "tour.cancelled_few": ("**{name}** was cancelled at its start time: {n} entrant(s), at "
                           "least {needed} needed. Buy-ins returned."),
    "tour.table_here": "{mentions}: **{name}**, round {round}, table {table}. Your table "
                       "plays here; your hands come by DM.",
    "tour.table_channel": ("(This server does not let me open threads here: the table has "
                           "its own channel.)"),
    "tour.round_over": "**{name}**: round {round} of {rounds} is over. Standings:",
    "tour.final": "**{name}** is over. Final ranking:",
    "tour.prizes": "Prizes: {lines}", "tour.prize_line": "{rank}. {name} +{amount:,}",
    "tour.no_prizes": "No prizes (free entry).",
    "tour.standings_title": "{name} · round {round}/{rounds}",
    "tour.final_title": "{name} · final ranking",
    "tour.col.rank": "#", "tour.col.player": "Player", "tour.col.points": "Points",
    "tour.col.landlord_wins": "Landlord\nwins", "tour.col.farmer_wins": "Farmer\nwins",
    "tour.col.deals": "Deals",
    "tour.tie_breaks": ("Ties: points, then deals won as landlord, then as farmer, then "
                        "fewer deals as landlord; still equal shares the place."),
    "tour.no_standings": "No deal has been counted yet.",
    "tour.show_status": "Status: {status}",
    "tour.show_prizes": "Prize pool {pool:,} beans: {places}",
    "tour.place": "{rank}. {amount:,}",
    "tour.history_title": "Tournaments",
    "tour.history_line": "🏆 **{name}** · {status}",
    "tour.history_rank": "rank {rank}/{of} · {points:+} pts",
    "tour.leader": "Leading: {names} ({points:+} pts)",
    "tour.winners": "Winners: {lines}", "tour.winner_line": "{rank}. {name}",
    "tour.table_stopped": ("A server manager closed table {table} of round {round} of "
                           "**{name}**. The tournament goes on: the AI plays that table's "
                           "seats and their points count; a player who acts at the table "
                           "takes their seat back."),
    "closed.tournament": ("This tournament table is closed; the standings and what comes "
                          "next are in the tournament's channel."),
}

_ZH: dict[str, str] = {
    "tour.created": "比赛 **{name}** 已创建：报名消息已发到本频道。",
    "tour.no_permission": "创建比赛需要“管理服务器”权限，或本服务器的比赛身份组（{role}）。",
    "tour.no_role": "未设置",
    "tour.not_organiser": "只有比赛的创建者或服务器管理员可以这样做。",
    "tour.signup_title": "🏆 {name}",
    "tour.settings": "{variant} · {rounds} 轮，每轮 {deals} 局 · 报名费：{entry} · 奖金：{split}",
    "tour.free": "免费", "tour.buy_in": "{amount:,} 豆",
    "tour.split": "{places}", "tour.no_pool": "无奖池",
    "tour.ai_fill": "人数不足的桌由 AI 补位", "tour.no_ai_fill": "不用 AI：多出的玩家轮空一轮",
    "tour.duplicate": "复式赛：每桌打同样的牌",
    "tour.starts": "{when}开始（创建者可以提前开始）。",
    "tour.entrants": "报名玩家（{n}）", "tour.nobody": "还没有人报名：点“报名”。",
    "tour.more": "……还有 {n} 人",
    "tour.needs": "至少需要 {n} 人报名。",
    "tour.status.signup": "报名中",
    "tour.status.running": "进行中：第 {round}/{rounds} 轮",
    "tour.status.finished": "已结束", "tour.status.cancelled": "已取消：报名费已退还",
    "tour.btn.join": "报名", "tour.btn.leave": "退出", "tour.btn.start": "立即开始",
    "tour.btn.cancel": "取消比赛",
    "tour.joined": "你已报名 **{name}**（共 {n} 人）。",
    "tour.joined_paid": "你已报名 **{name}**（共 {n} 人）；{amount:,} 豆报名费存入奖池。",
    "tour.left": "你已退出 **{name}**。",
    "tour.left_refund": "你已退出 **{name}**；{amount:,} 豆报名费已退还。",
    "tour.not_in": "你没有报名 **{name}**。",
    "tour.started": "**{name}** 开始了：正在安排第 1 轮的座位。",
    "tour.cancelled": "**{name}** 已取消；退还了 {n} 份报名费。",
    "tour.cancelled_few": "**{name}** 到开始时间只有 {n} 人报名，至少需要 {needed} 人，比赛取消，"
                          "报名费已退还。",
    "tour.table_here": ("{mentions}：**{name}** 第 {round} 轮第 {table} 桌就在这个子区，"
                        "手牌会私信给你。"),
    "tour.table_channel": "（本服务器不允许我开子区：这张桌有自己的频道。）",
    "tour.round_over": "**{name}**：第 {round}/{rounds} 轮结束。积分榜：",
    "tour.final": "**{name}** 结束了。最终排名：",
    "tour.prizes": "奖金：{lines}", "tour.prize_line": "{rank}. {name} +{amount:,}",
    "tour.no_prizes": "没有奖金（免费报名）。",
    "tour.standings_title": "{name} · 第 {round}/{rounds} 轮",
    "tour.final_title": "{name} · 最终排名",
    "tour.col.rank": "名次", "tour.col.player": "玩家", "tour.col.points": "积分",
    "tour.col.landlord_wins": "地主胜", "tour.col.farmer_wins": "农民胜",
    "tour.col.deals": "局数",
    "tour.tie_breaks": "同分时依次比较：地主胜局多、农民胜局多、当地主局数少；仍相同则并列。",
    "tour.no_standings": "还没有计分的牌局。",
    "tour.show_status": "状态：{status}",
    "tour.show_prizes": "奖池 {pool:,} 豆：{places}",
    "tour.place": "第 {rank} 名 {amount:,}",
    "tour.history_title": "比赛",
    "tour.history_line": "🏆 **{name}** · {status}",
    "tour.history_rank": "第 {rank}/{of} 名 · {points:+} 积分",
    "tour.leader": "领先：{names}（{points:+} 积分）",
    "tour.winners": "获胜者：{lines}", "tour.winner_line": "第 {rank} 名 {name}",
    "tour.table_stopped": ("服务器管理员关闭了 **{name}** 第 {round} 轮第 {table} 桌。比赛继续："
                           "这张桌的座位由 AI 代打，积分照常计算；玩家在桌上操作即可收回座位。"),
    "closed.tournament": "这张比赛桌已关闭；积分榜和接下来的安排见比赛频道。",
}

TEXTS: dict[str, dict[str, str]] = {
    EN: _EN, ZH: _ZH, TW: {key: traditional(value) for key, value in _ZH.items()},
}

COMMANDS: dict[str, dict[str, str]] = {
    "tournament": {ZH: "比赛"},
    "Server tournaments: sign-up, rounds, standings": {ZH: "服务器比赛：报名、轮次、积分榜"},
    "Create a tournament in this channel": {ZH: "在本频道创建比赛"},
    "Sign up for this channel's tournament": {ZH: "报名本频道的比赛"},
    "Leave this channel's tournament before it starts": {ZH: "开始前退出本频道的比赛"},
    "Start this channel's tournament now": {ZH: "立即开始本频道的比赛"},
    "Cancel this channel's tournament (buy-ins returned)": {ZH: "取消本频道的比赛（退还报名费）"},
    "A tournament's status, standings and prizes": {ZH: "比赛的状态、积分榜和奖金"},
    "join": {ZH: "报名"},
    "start": {ZH: "开始"},
    "cancel": {ZH: "取消"},
    "show": {ZH: "查看"},
}

__all__ = ["COMMANDS", "TEXTS"]
