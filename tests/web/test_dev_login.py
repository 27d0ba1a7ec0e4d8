"""The developer's door (bot/web/devlogin.py): shut by default, refused unless the server
listens on the loopback, shut to anything that passed through a proxy or came from another
page, and, when on, a developer plays at the dev table without Discord."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest
from aiohttp.test_utils import make_mocked_request

from bot.process.config import ConfigError, Settings
from bot.web import ActivityServer, DiscordAuth, WebPresenter
from bot.web.devlogin import DEV_CHANNEL, DEV_PREFIX, DevLogin, DevLoginRefused, loopback
from bot.web.signin import RECHECK
from tests.bot.helpers import open_store

from .devdoor import dev_activity, dev_token, quick_manager
from .doors import asked, auth_frame, knock
from .pages import Activity

DEV_ENV = ("DDZ_ACTIVITY_DEV_LOGIN", "DDZ_ACTIVITY_PORT", "DDZ_ACTIVITY_HOST",
           "DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET")


def _settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for name in DEV_ENV:
        monkeypatch.delenv(name, raising=False)
    base = {"DDZ_ACTIVITY_PORT": "8080", "DISCORD_CLIENT_ID": "1",
            "DISCORD_CLIENT_SECRET": "s"}
    for name, value in (base | env).items():
        monkeypatch.setenv(name, value)
    return Settings.from_env(env_file=None)


# ---------------------------------------------------------------- off unless asked for
async def test_the_door_is_shut_by_default(activity: Activity) -> None:
    """The ordinary server: no such route, and a token shaped like the door's is only a
    token Discord refuses."""
    assert activity.server.dev is None
    async with activity.http.post(f"{activity.url}/api/dev-token", json={"name": "Ann"},
                                  headers={"Origin": activity.url}) as response:
        assert response.status in (404, 405)
    activity.member(101)
    page = await knock(activity, auth_frame(DEV_PREFIX + "a" * 32))
    assert page.of_type("error")[-1]["code"] == "bad_token"
    assert not page.of_type("welcome")
    assert asked(activity, "/oauth2/@me") == 1  # it went to Discord like any token


def test_the_setting_is_off_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _settings(monkeypatch).activity_dev_login is False
    assert _settings(monkeypatch, DDZ_ACTIVITY_DEV_LOGIN="0").activity_dev_login is False
    assert _settings(monkeypatch, DDZ_ACTIVITY_DEV_LOGIN="1").activity_dev_login is True
    with pytest.raises(ConfigError, match="DDZ_ACTIVITY_DEV_LOGIN is 1"):
        _settings(monkeypatch, DDZ_ACTIVITY_DEV_LOGIN="maybe")


# ---------------------------------------------------------------- the loopback only
@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.10", "ddz.example.com"])
def test_settings_refuse_the_door_off_the_loopback(monkeypatch: pytest.MonkeyPatch,
                                                   host: str) -> None:
    with pytest.raises(ConfigError, match=r"loopback|this machine"):
        _settings(monkeypatch, DDZ_ACTIVITY_DEV_LOGIN="1", DDZ_ACTIVITY_HOST=host)
    # the same host without the door is an ordinary setting
    assert _settings(monkeypatch, DDZ_ACTIVITY_HOST=host).activity_host == host


def test_settings_refuse_the_door_without_the_activity(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.delenv("DDZ_ACTIVITY_PORT", raising=False)
    with pytest.raises(ConfigError, match="DDZ_ACTIVITY_PORT"):
        _settings(monkeypatch, DDZ_ACTIVITY_DEV_LOGIN="1", DDZ_ACTIVITY_PORT="")


async def test_the_server_refuses_to_start_with_the_door_off_the_loopback(tmp_path: Path) -> None:
    store = await open_store(tmp_path)
    try:
        presenter = WebPresenter()
        manager = quick_manager(store)(presenter)
        auth = DiscordAuth(api="http://127.0.0.1:9", client_id="1", client_secret="s",
                           bot_token=None)
        for host in ("0.0.0.0", "10.1.2.3", "::"):
            with pytest.raises(DevLoginRefused, match="loopback"):
                ActivityServer(host=host, port=0, auth=auth, store=store, manager=manager,
                               presenter=presenter, dev_login=True)
        # the same server without the door is made as ever
        assert ActivityServer(host="0.0.0.0", port=0, auth=auth, store=store,
                              manager=manager, presenter=presenter).dev is None
        await manager.shutdown()
    finally:
        await store.close()


def test_loopback_names() -> None:
    for host in ("127.0.0.1", "127.8.9.10", "::1", "[::1]", "localhost", "LOCALHOST"):
        assert loopback(host), host
    for other in ("", None, "0.0.0.0", "::", "192.168.1.2", "localhost.example.com",
                 "127.0.0.1.nip.io"):
        assert not loopback(other), other


# ---------------------------------------------------------------- who may use it
def _request(remote: str, headers: dict[str, str]) -> object:
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: \
        (remote, 50000) if name == "peername" else default
    return make_mocked_request("POST", "/api/dev-token", headers=headers,
                               transport=transport)


def test_only_this_machine_passes() -> None:
    door = DevLogin("127.0.0.1")
    own = {"http://127.0.0.1:8080", "http://localhost:8080"}
    local = {"Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"}
    assert door.admits(_request("127.0.0.1", local), own) is None  # type: ignore[arg-type]
    assert door.admits(_request("::1", {"Host": "localhost:8080"}),  # type: ignore[arg-type]
                       own) is None
    refused = [
        _request("203.0.113.5", local),  # another machine
        _request("127.0.0.1", local | {"X-Forwarded-For": "203.0.113.5"}),  # a proxy
        _request("127.0.0.1", local | {"CF-Connecting-IP": "203.0.113.5"}),  # a tunnel
        _request("127.0.0.1", local | {"Forwarded": "for=203.0.113.5"}),
        _request("127.0.0.1", {"Host": "ddz.example.com", "Origin": "http://127.0.0.1:8080"}),
        _request("127.0.0.1", {"Host": "127.0.0.1:8080",
                               "Origin": "https://1.discordsays.com"}),  # another page
        _request("127.0.0.1", {"Host": "127.0.0.1:8080", "Origin": "http://evil.test"}),
    ]
    for request in refused:
        assert door.admits(request, own) is not None  # type: ignore[arg-type]


async def test_a_request_through_a_proxy_or_from_another_page_is_refused(tmp_path: Path) -> None:
    async with dev_activity(tmp_path) as act:
        for headers in ({"Origin": act.url, "X-Forwarded-For": "203.0.113.5"},
                        {"Origin": "https://1.discordsays.com"},
                        {"Origin": act.url, "Host": "ddz.example.com"}):
            status, answer = await dev_token(act, "Ann", headers)
            assert (status, answer["code"]) == (403, "dev_login_refused"), headers
        # never at Discord's proxy path: the door is for the page opened at localhost
        async with act.http.post(f"{act.url}/.proxy/api/dev-token", json={"name": "Ann"},
                                 headers={"Origin": act.url}) as response:
            assert response.status in (404, 405)
        # a token of the door, used by a socket through a proxy: not a developer's then
        status, answer = await dev_token(act, "Ann")
        assert status == 200
        ws = await act.http.ws_connect(f"{act.url}/api/ws", headers={
            "Origin": act.url, "X-Forwarded-For": "203.0.113.5"})
        await ws.send_str(json.dumps(auth_frame(answer["access_token"])))
        frame = json.loads((await ws.receive(timeout=10)).data)
        assert (frame["type"], frame["code"]) == ("error", "bad_token")  # Discord's no
        await ws.close()


# ---------------------------------------------------------------- on: a developer plays
async def test_a_developer_signs_in_and_opens_a_table_without_discord(tmp_path: Path) -> None:
    async with dev_activity(tmp_path) as act:
        async with act.http.post(f"{act.url}/api/dev-token", json={"name": "Ann\u202e"},
                                 headers={"Origin": act.url}) as response:
            status, answer = response.status, await response.json()
            assert response.headers["Cache-Control"] == "no-store"  # a token: never kept
        assert status == 200, answer
        assert answer["name"] == "Ann" and answer["channel_id"] == str(DEV_CHANNEL)
        token = answer["access_token"]
        assert token.startswith(DEV_PREFIX)
        page = await knock(act, auth_frame(token, "123456789012345678",
                                           channel_id=answer["channel_id"]))
        welcome = page.of_type("welcome")[0]
        assert (welcome["user_id"], welcome["name"]) == (answer["user_id"], "Ann")
        await page.wait(lambda: page.of_type("no_table"))
        assert (await page.act("open", variant="classic", ai_seats=2))["ok"]
        table = await page.wait(lambda: page.table)
        assert table["table"]["seats"][0]["user_id"] == answer["user_id"]
        # a second developer joins the same table
        _, bob = await dev_token(act, "Bob")
        assert bob["user_id"] != answer["user_id"]
        other = await knock(act, auth_frame(bob["access_token"], "123456789012345678"))
        await other.wait(lambda: other.table is not None)
        assert not asked(act)  # Discord was never asked anything
        # a claimed channel other than the dev table's is refused
        wrong = await knock(act, auth_frame(token, "123456789012345678", channel_id="5"))
        assert wrong.of_type("error")[-1]["code"] == "wrong_channel"
        for p in (page, other, wrong):
            await p.close()


async def test_a_developers_page_is_never_checked_with_discord(tmp_path: Path) -> None:
    """An action after the re-check's interval: nothing to ask Discord about a developer."""
    async with dev_activity(tmp_path) as act:
        _, answer = await dev_token(act, "Ann")
        page = await knock(act, auth_frame(answer["access_token"]))
        await page.wait(lambda: page.of_type("no_table"))
        act.clock.advance(RECHECK + 1)
        assert (await page.act("open", variant="classic", ai_seats=2))["ok"]
        assert not page.closed and not asked(act)
        await page.close()


def test_a_name_is_the_same_player_every_time() -> None:
    door = DevLogin("::1")
    first, ann = door.issue("Ann")
    second, again = door.issue("  Ann ")
    assert first != second and ann == again
    assert door.who(first) == ann and door.who(second) == ann
    assert door.issue("Bob")[1].user_id != ann.user_id
    assert door.issue("")[1].name == door.issue(None)[1].name == "Developer"
    assert len(door.issue("x" * 500)[1].name) == 32
    assert door.who("dev-unknown") is None and door.who(123) is None
    assert door.instance().users == {ann.user_id, door.user("Bob").user_id,
                                     door.user("").user_id, door.user("x" * 500).user_id}
