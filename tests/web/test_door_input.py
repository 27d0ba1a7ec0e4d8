"""Issue 54, flaws 8, 10 and 12: hostile input gets a clear 4xx or error frame (never a
traceback), only this application's Activity and Discord's clients may call or frame the
server, and its answers are not stored and name no software version."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.web.server import SERVER
from tests.cluster.standin import APP_ID, OTHER_APP_ID

from .doors import asked, auth_frame, knock, post_code

NESTED = "[" * 2000 + "]" * 2000  # under MAX_FRAME bytes, deeper than the parser goes
NESTED_OBJECT = '{"type": "action", "x": ' + "[" * 1500 + "]" * 1500 + "}"


def _no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


async def test_deeply_nested_json_in_a_frame_is_a_clear_error(activity, caplog) -> None:
    caplog.set_level(logging.INFO)
    ann = await activity.page(101, "Ann")
    for frame in (NESTED, NESTED_OBJECT):
        ann.frames.clear()
        await ann.send(frame)
        error = await ann.wait(lambda: ann.of_type("error") and ann.of_type("error")[-1])
        assert error["code"] == "bad_frame" and "nested" in error["error"]
    assert not ann.closed and (await ann.act("cost"))["type"] == "answer"  # it plays on
    first = await knock(activity, NESTED)  # as the first frame: refused, closed
    assert first.of_type("error")[-1]["code"] == "bad_frame"
    await first.wait(lambda: first.closed)
    _no_traceback(caplog)


async def test_hostile_bodies_at_the_token_exchange_are_a_4xx(activity, caplog) -> None:
    caplog.set_level(logging.INFO)
    for body in (NESTED, '{"code": ' + "[" * 2000 + "]" * 2000 + "}", "{" * 4000,
                 "\x00\xff", '{"code": "' + "a" * 5000 + '"}'):
        async with activity.http.post(f"{activity.url}/api/token", data=body.encode(),
                                      headers={"Origin": activity.url}) as response:
            assert response.status == 400, body[:20]
            assert (await response.json())["code"] == "bad_request"
    async with activity.http.post(f"{activity.url}/api/token", data=b"[" * 100_000,
                                  headers={"Origin": activity.url}) as response:
        assert response.status in (400, 413)
    assert asked(activity) == 0
    _no_traceback(caplog)


async def test_a_token_with_a_line_break_is_refused_as_malformed(activity, caplog) -> None:
    caplog.set_level(logging.INFO)
    activity.member(101)
    for token in ("abcdefghijklmnop\r\nX-Injected: 1", "abcdefghijklmnopqrst\n",
                  "abcdefghijklmnopqrst\r", "abcdefghij\x00klmnopqrst"):
        page = await knock(activity, auth_frame(token))
        assert page.of_type("error")[-1]["code"] == "bad_token"
        await page.wait(lambda page=page: page.closed)
    for code in ("abcdefghijklmnop\r\nX: 1", "abcdefghijklmnopqrst\n"):
        assert (await post_code(activity, code))[0] == 400
    page = await knock(activity, auth_frame(await activity.token(101), "i-1\r\nX: 1"))
    assert page.of_type("error")[-1]["code"] == "bad_instance"
    assert asked(activity, "/activity-instances/") == 0
    _no_traceback(caplog)


@pytest.mark.parametrize(("origin", "allowed"), [
    (f"https://{APP_ID}.discordsays.com", True),
    ("https://discord.com", True),
    ("https://ptb.discord.com", True),
    ("https://canary.discord.com", True),
    (f"https://{OTHER_APP_ID}.discordsays.com", False),  # another application's Activity
    ("https://evil.discordsays.com", False),
    (f"http://{APP_ID}.discordsays.com", False),
    ("https://evil.discord.com", False),
    ("https://discord.com.evil.example", False),
    ("null", False),
])
async def test_only_this_applications_activity_may_call(activity, origin: str,
                                                         allowed: bool) -> None:
    code = activity.stand.grant(101, "Ann")
    status, _ = await post_code(activity, code, origin=origin)
    assert status == (200 if allowed else 403)
    async with activity.http.get(f"{activity.url}/api/ws", headers={"Origin": origin}
                                 ) as response:
        assert (response.status != 403) is allowed  # allowed: refused only as no socket


async def test_only_discord_and_this_activity_may_frame_the_page(activity) -> None:
    async with activity.http.get(f"{activity.url}/") as response:
        policy = response.headers["Content-Security-Policy"]
    ancestors = policy.removeprefix("frame-ancestors ").split()
    assert set(ancestors) == {"'self'", "https://discord.com", "https://ptb.discord.com",
                              "https://canary.discord.com",
                              f"https://{APP_ID}.discordsays.com"}


async def test_token_answers_are_never_stored(activity) -> None:
    code = activity.stand.grant(101, "Ann")
    assert (await post_code(activity, code))[0] == 200
    for body, origin in (({"code": code}, activity.url), ({"x": 1}, activity.url),
                         ({"code": code}, "https://evil.example")):
        async with activity.http.post(f"{activity.url}/api/token", json=body,
                                      headers={"Origin": origin}) as response:
            assert response.status in (401, 400, 403)
            assert response.headers["Cache-Control"] == "no-store"
    async with activity.http.post(f"{activity.url}/api/token",
                                  json={"code": activity.stand.grant(102)},
                                  headers={"Origin": activity.url}) as response:
        assert response.status == 200 and response.headers["Cache-Control"] == "no-store"


async def test_no_answer_names_a_software_version(activity) -> None:
    for method, path in (("GET", "/"), ("GET", "/api/config"), ("POST", "/api/token"),
                         ("GET", "/api/ws"), ("GET", "/nothing-here"), ("PUT", "/api/token")):
        async with activity.http.request(method, f"{activity.url}{path}",
                                         headers={"Origin": activity.url}) as response:
            server = response.headers.get("Server", "")
            assert server == SERVER, (path, server)
            assert "python" not in server.lower() and "aiohttp" not in server.lower()


async def test_malformed_http_writes_one_quiet_line(activity, caplog) -> None:
    caplog.set_level(logging.INFO)
    for _ in range(30):
        reader, writer = await asyncio.open_connection("127.0.0.1", activity.server.port)
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n")
        await writer.drain()
        answer = await reader.read(1000)
        assert answer.startswith(b"HTTP/1.0 400")
        assert b"aiohttp" not in answer.lower() and b"python" not in answer.lower(), answer
        writer.close()
    lines = [r for r in caplog.records if r.name == "ddz.web.http"]
    assert len(lines) == 1 and lines[0].levelno == logging.INFO, lines
    _no_traceback(caplog)
