"""The page's start-up inside the test host, as Discord runs it: the SDK's handshake and
READY, AUTHORIZE → the code exchange → AUTHENTICATE, the user's locale, then the table's
socket; a code Discord refuses ends in a readable error."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_handshake_signs_in_and_offers_a_table(players, activity) -> None:
    ann = await players(101, "Ann")
    await ann.wait_state("no_table")
    sent = await ann.commands()
    assert sent[:3] == ["AUTHORIZE", "AUTHENTICATE", "USER_SETTINGS_GET_LOCALE"], sent
    assert "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS" in sent
    handshakes = await ann.page.evaluate("window.__handshakes")
    assert handshakes[0]["client_id"] == activity.server.auth.client_id
    assert handshakes[0]["frame_id"] == "frame-101"
    authorize = (await ann.page.evaluate("window.__commands"))[0]["args"]
    assert authorize["client_id"] == activity.server.auth.client_id
    assert authorize["scope"] == ["identify"] and authorize["response_type"] == "code"
    # the code was exchanged: the stand-in saw the form-encoded OAuth2 call
    assert activity.stand.find(lambda c: c.path == "/oauth2/token"
                               and c.content_type == "application/x-www-form-urlencoded")
    await ann.button("Open a table").wait_for()
    for name in ("Variant", "Room", "AI players"):
        assert await ann.frame.get_by_role("combobox", name=name).count() == 1
    welcome = ann.of_type("welcome")[0]
    assert welcome["user_id"] == "101" and welcome["words"]["locale"] == "en"
    assert await ann.page.evaluate("document.querySelector('iframe').contentDocument"
                                   ".documentElement.lang") == "en"


async def test_the_page_speaks_the_locale_the_sdk_reports(players) -> None:
    li = await players(102, "Li", locale="zh-CN")
    await li.wait_state("no_table")
    await li.button("开桌").wait_for()
    assert await li.frame.get_by_role("combobox", name="玩法").count() == 1
    assert li.of_type("welcome")[0]["words"]["locale"] == "zh-CN"


async def test_when_the_locale_command_fails_the_page_speaks_english(players) -> None:
    kim = await players(106, "Kim", locale=None, browser_locale="zh-CN")
    await kim.wait_state("no_table")
    assert "USER_SETTINGS_GET_LOCALE" in await kim.commands()  # refused by the host
    assert kim.of_type("welcome")[0]["words"]["locale"] == "en"
    await kim.button("Open a table").wait_for()


async def test_a_refused_code_shows_a_readable_error(players, activity) -> None:
    eve = await players(103, "Eve", code="code-nobody-granted")
    data = await eve.wait_state("error")
    assert data["state"] == "error"
    alert = eve.frame.get_by_role("alert")
    text = (await alert.inner_text()).strip()
    assert text.startswith("Dou Dizhu could not start:") and len(text) > 30, text
    assert "undefined" not in text and "[object" not in text
    assert await eve.commands() == ["AUTHORIZE"]  # not authenticated with a refused code
    assert eve.sockets == 0  # no table socket without a token
