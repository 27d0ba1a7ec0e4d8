"""Issue 54, flaws 2 and 3 and the revoked token: a token is proven for this application,
garbage never turns into requests to Discord one for one, and a revoked token stops
working within minutes, closing its user's pages."""

from __future__ import annotations

import asyncio

from bot.web.auth import TOKEN_TTL
from bot.web.server import RECHECK
from tests.cluster.standin import OTHER_APP_ID

from .doors import OAUTH, activity_with, asked, auth_frame, knock, post_code, refused_4xx

PROXY = {"trusted_proxies": ("127.0.0.1",)}  # the tests name their client's address


async def test_a_token_of_another_application_is_refused(activity) -> None:
    activity.member(101)
    foreign = activity.stand.mint_token(101, "Ann", application_id=OTHER_APP_ID)
    page = await knock(activity, auth_frame(foreign))
    error = page.of_type("error")[-1]
    assert error["code"] == "foreign_token" and "another application" in error["error"]
    await page.wait(lambda: page.closed)
    assert not page.of_type("welcome")
    assert asked(activity, "/oauth2/@me") == 1  # the token's application was asked
    # the same token again is refused without asking
    again = await knock(activity, auth_frame(foreign))
    assert again.of_type("error")[-1]["code"] == "foreign_token"
    assert asked(activity, *OAUTH) == 1
    # a token of this application signs in as before
    ann = await activity.page(101, "Ann")
    assert ann.of_type("welcome")[0]["user_id"] == "101"


async def test_malformed_codes_and_tokens_never_reach_discord(tmp_path) -> None:
    junk = ["", "x", "short", "a" * 129, "token with spaces here", "tok\r\nX-Evil: 1" + "a" * 20,
            "tökén-" + "a" * 20, "a/b?c=d&e#f" + "a" * 10, "%0d%0a" + "a" * 20]
    async with activity_with(tmp_path, failures_per_address=0) as act:  # shapes alone
        act.member(101)
        for token in junk:
            page = await knock(act, auth_frame(token))
            assert page.of_type("error")[-1]["code"] == "bad_token", token
        for code in junk[1:]:
            status, answer = await post_code(act, code)
            assert (status, answer["code"]) == (400, "bad_code"), code
        assert asked(act) == 0  # not one request to Discord
    async with activity_with(tmp_path / "limited") as act:  # nor lock the address out
        for _ in range(30):
            await post_code(act, "x")
        assert (await post_code(act, act.stand.grant(101)))[0] == 200


async def test_a_refused_token_or_code_is_refused_again_without_asking(activity) -> None:
    activity.member(101)
    made_up = "madeUpToken0123456789abcdef"
    for _ in range(5):
        page = await knock(activity, auth_frame(made_up))
        assert page.of_type("error")[-1]["code"] == "bad_token"
    assert asked(activity, "/oauth2/@me") == 1
    for _ in range(3):
        assert (await post_code(activity, "madeUpCode0123456789abcdef"))[0] == 401
    assert asked(activity, "/oauth2/token") == 1


async def test_failed_sign_ins_are_limited_per_address(tmp_path) -> None:
    async with activity_with(tmp_path, failures_per_address=5, **PROXY) as act:
        for i in range(5):
            status, answer = await post_code(act, f"madeUpCode-{i:04d}-abcdefgh",
                                             address="203.0.113.7")
            assert (status, answer["code"]) == (401, "bad_code")
        status, answer = await post_code(act, "madeUpCode-9999-abcdefgh",
                                         address="203.0.113.7")
        assert (status, answer["code"]) == (429, "auth_limited")
        assert "try again" in answer["error"]
        act.member(101)
        page = await knock(act, auth_frame("madeUpToken-0001-abcdefgh"),
                           address="203.0.113.7")
        assert page.of_type("error")[-1]["code"] == "auth_limited"
        assert asked(act, *OAUTH) == 5  # the refused ones never reached Discord
        # another address is not held back, nor is this one once a minute has passed
        assert (await post_code(act, "madeUpCode-0005-abcdefgh", address="198.51.100.1")
                )[0] == 401
        act.clock.advance(60)
        assert (await post_code(act, "madeUpCode-0006-abcdefgh", address="203.0.113.7")
                )[0] == 401
        # questions in flight count: a burst from a new address asks Discord 5 times
        before = asked(act, *OAUTH)
        burst = await asyncio.gather(*(post_code(act, f"madeUpCode-3{i:03d}-abcdefgh",
                                                 address="192.0.2.77") for i in range(20)))
        assert asked(act, *OAUTH) - before == 5
        assert sorted(status for status, _ in burst) == [401] * 5 + [429] * 15
        # a user already signed in is not held back by what others at the address do
        token = await act.token(101, "Ann", address="198.51.100.2")
        ann = await act.page(101, "Ann", token=token, address="198.51.100.2")
        for i in range(5):
            await post_code(act, f"madeUpCode-1{i:03d}-abcdefgh", address="198.51.100.2")
        assert (await post_code(act, "madeUpCode-2000-abcdefgh", address="198.51.100.2")
                )[1]["code"] == "auth_limited"
        assert (await ann.act("cost"))["code"] != "auth_limited"
        tab = await act.page(101, "Ann", token=token, address="198.51.100.2")
        assert tab.of_type("welcome")  # token and instance remembered: nothing asked


async def test_the_invalid_requests_a_minute_are_capped_whatever_arrives(tmp_path) -> None:
    async with activity_with(tmp_path, invalid_per_minute=5, failures_per_address=0) as act:
        act.member(101)
        codes = [post_code(act, f"madeUpCode-{i:04d}-abcdefgh") for i in range(30)]
        tokens = [knock(act, auth_frame(f"madeUpToken-{i:04d}-abcdefgh")) for i in range(30)]
        answers = await asyncio.gather(*codes)
        pages = await asyncio.gather(*tokens)
        assert refused_4xx(act) == 5 and asked(act) == 5
        busy = [a for status, a in answers if status == 429]
        assert len(busy) >= 25 and all(a["code"] == "discord_busy" for a in busy)
        assert "try again in a moment" in busy[0]["error"]
        assert sum(p.of_type("error")[-1]["code"] == "discord_busy" for p in pages) >= 25
        # a real sign-in waits for the budget too (Discord is not asked), then works
        status, answer = await post_code(act, act.stand.grant(101, "Ann"))
        assert (status, answer["code"]) == (429, "discord_busy") and asked(act) == 5
        act.clock.advance(61)
        ann = await act.page(101, "Ann")
        assert ann.of_type("welcome") and refused_4xx(act) == 5


async def test_a_revoked_token_stops_working_and_closes_its_users_pages(activity) -> None:
    assert TOKEN_TTL <= 300  # a proof is remembered minutes, not an hour
    token = await activity.token(101, "Ann")
    ann = await activity.page(101, "Ann", token=token)
    tab = await activity.page(101, "Ann", token=token)
    bob = await activity.page(102, "Bob")
    assert (await ann.act("open", variant="classic"))["ok"]
    activity.stand.revoke(token)  # Ann took the app's authorization back
    activity.clock.advance(RECHECK + 1)  # within the proof's time: nothing asked yet
    assert (await ann.act("cost"))["code"] != "token_revoked"
    assert asked(activity, "/oauth2/@me") == 2  # Ann's and Bob's sign-ins only
    activity.clock.advance(TOKEN_TTL)
    await ann.send({"type": "action", "id": 7, "action": "join"})
    for page in (ann, tab):
        await page.wait(lambda page=page: page.closed)
        assert page.of_type("error")[-1]["code"] == "token_revoked"
        assert "open the Activity again" in page.of_type("error")[-1]["error"]
    assert not [a for a in ann.of_type("answer") if a["id"] == 7]  # not acted on
    again = await knock(activity, auth_frame(token))
    assert again.of_type("error")[-1]["code"] == "bad_token"
    assert (await bob.act("join"))["ok"] and not bob.closed  # Bob plays on
