"""What leaving means, as the page is told it: before the first deal the frame already
says (no offers yet, and whether leaving asks), and the ``cost`` action answers the one
``Leaving`` value in the Discord Leave button's words: at a tournament's table a seat
steps away (no escape, nothing lost), asked first as on Discord."""

from __future__ import annotations

from bot.engine import Rules
from bot.tables import LeaveKind
from bot.tables.place import TournamentPlace
from bot.words.catalogue import t
from bot.words.leaving import leave_text

from .pages import CHANNEL, GUILD

ANN, BOB = 101, 102


async def test_before_the_first_deal_the_frame_says_what_leaving_means(activity) -> None:
    ann = await activity.page(ANN, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=1))["ok"]
    you = (await ann.wait(lambda: ann.table and ann.table["you"]))
    assert you["phase"] is None  # no deal yet
    assert you["offers"] == [] and you["leaving"] == {"kind": "free", "asks": False}
    assert activity.manager.leaving(CHANNEL, ANN).kind == LeaveKind.FREE
    assert (await ann.act("cost"))["code"] == "no_game"  # nothing to ask before a deal
    left = await ann.act("leave")  # free: nothing to ask
    assert left["ok"] and left["left"] == "left"


async def _tournament_table(activity) -> None:
    for user in (ANN, BOB):
        await activity.store.ensure_player(GUILD, user, f"p{user}")
    place = TournamentPlace(1, 1, 1, (ANN, BOB, None), 2, 7)
    await activity.manager.tournaments.open(CHANNEL, GUILD, Rules.preset("classic"), place,
                                            ["Ann", "Bob", "AI"])


async def test_a_tournament_seat_is_asked_before_it_steps_away(activity) -> None:
    await _tournament_table(activity)
    ann = await activity.page(ANN, "Ann")
    bob = await activity.page(BOB, "Bob", locale="zh-CN")
    # the tournament's table before its first deal: leaving asks, nothing to do yet
    for page in (ann, bob):
        you = page.table["you"]
        assert you["phase"] is None and you["offers"] == []
        assert you["leaving"] == {"kind": "away", "asks": True}
    # the cost answer says stepping away, in the words the Discord Leave button says
    away = t("zh-CN", "leave.ask_away")
    answer = await bob.act("cost")
    assert answer["ok"] and answer["text"] == leave_text("zh-CN", "away") == away
    assert "逃跑" not in answer["text"]  # not an escape
    assert answer["cost"] == {"beans": 0, "points": 0, "final": False}
    # leaving unasked is refused with the question; asked, the seat steps away
    refused = await ann.act("leave")
    assert (refused["ok"], refused["code"]) == (False, "cost_first")
    assert refused["error"] == refused["text"] == t("en", "leave.ask_away")
    assert activity.manager.snapshot(CHANNEL).tournament
    assert ANN not in activity.manager.tournaments.place(CHANNEL).away  # still playing
    assert (await ann.act("cost"))["ok"]
    left = await ann.act("leave")
    assert left["ok"] and left["left"] == "away", left
    assert ANN in activity.manager.tournaments.place(CHANNEL).away  # the AI plays on


async def test_an_escapes_cost_answer_is_unchanged(activity) -> None:
    ann = await activity.page(ANN, "Ann")
    bob = await activity.page(BOB, "Bob")
    assert (await ann.act("open", variant="classic", ai_seats=1))["ok"]
    assert (await bob.act("join"))["ok"] and (await bob.act("start"))["ok"]
    await bob.wait(lambda: bob.table["you"]["phase"] is not None)
    leaving = activity.manager.leaving(CHANNEL, BOB)
    assert leaving.kind == LeaveKind.ESCAPE and leaving.cost is not None
    answer = await bob.act("cost")
    assert answer["text"] == leave_text("en", "escape", leaving.cost)
    assert answer["cost"] == {"beans": leaving.cost.beans, "points": leaving.cost.points,
                              "final": leaving.cost.final}
    assert answer["cost"]["beans"] > 0 and "escape" in answer["text"]
