"""The Activity's HTTP side: the token exchange, the page, the framing headers, origins."""

from __future__ import annotations

import pytest

from tests.cluster.standin import APP_ID

from .pages import SECRET

FRAMED = ("frame-ancestors 'self' https://discord.com https://ptb.discord.com "
          f"https://canary.discord.com https://{APP_ID}.discordsays.com")


@pytest.mark.parametrize("prefix", ["/api", "/.proxy/api"])
async def test_the_token_exchange_is_form_encoded_with_the_right_fields(activity,
                                                                        prefix: str) -> None:
    code = activity.stand.grant(101, "Ann")
    async with activity.http.post(f"{activity.url}{prefix}/token", json={"code": code},
                                  headers={"Origin": activity.url}) as response:
        assert response.status == 200
        assert response.headers["Content-Security-Policy"] == FRAMED
        answer = await response.json()
    exchange = activity.stand.find(lambda c: c.path == "/oauth2/token")
    assert len(exchange) == 1
    assert exchange[0].content_type == "application/x-www-form-urlencoded"
    assert exchange[0].body == {"client_id": str(APP_ID), "client_secret": SECRET,
                                "grant_type": "authorization_code", "code": code}
    assert set(answer) == {"access_token"} and answer["access_token"] in \
        activity.stand.user_tokens
    # the server remembers which user the token proved
    user = await activity.server.auth.user_of(answer["access_token"])
    assert (user.user_id, user.name) == (101, "Ann")


async def test_a_bad_code_answers_a_clear_error_and_never_the_secret(activity) -> None:
    async with activity.http.post(f"{activity.url}/api/token", json={"code": "n0pe" * 8},
                                  headers={"Origin": activity.url}) as response:
        assert response.status == 401
        text = await response.text()
    assert SECRET not in text
    assert (await response.json())["code"] == "bad_code"
    async with activity.http.post(f"{activity.url}/api/token", json={"code": "nope"},
                                  headers={"Origin": activity.url}) as response:
        assert response.status == 400  # not shaped like a code: Discord is not asked
        assert (await response.json())["code"] == "bad_code"
    for body in ({"code": 5}, {"x": 1}, [1]):
        async with activity.http.post(f"{activity.url}/api/token", json=body,
                                      headers={"Origin": activity.url}) as response:
            assert response.status == 400 and (await response.json())["code"] == "bad_request"


async def test_a_bad_origin_is_refused(activity) -> None:
    code = activity.stand.grant(101, "Ann")
    for origin in ("https://evil.example", "http://x.discordsays.com", None):
        headers = {"Origin": origin} if origin else {}
        async with activity.http.post(f"{activity.url}/api/token", json={"code": code},
                                      headers=headers) as response:
            assert response.status == 403
            assert response.headers["Content-Security-Policy"] == FRAMED
        async with activity.http.get(f"{activity.url}/api/ws", headers=headers) as response:
            assert response.status == 403
    assert not activity.stand.find(lambda c: c.path == "/oauth2/token")  # nothing asked
    async with activity.http.post(f"{activity.url}/.proxy/api/token", json={"code": code},
                                  headers={"Origin": f"https://{APP_ID}.discordsays.com"}
                                  ) as response:
        assert response.status == 200  # Discord's proxy origin of this app is welcome


async def test_the_page_may_be_framed_by_discord_and_says_it_is_not_built(activity,
                                                                          tmp_path) -> None:
    activity.server.page_dir = tmp_path  # nothing built there
    async with activity.http.get(f"{activity.url}/") as response:
        assert response.status == 200
        assert response.headers["Content-Security-Policy"] == FRAMED
        assert "X-Frame-Options" not in response.headers
        text = await response.text()
    assert "not built" in text and "npm run build" in text


async def test_a_built_page_is_served(tmp_path, activity) -> None:
    from bot.web import ActivityServer

    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><p>the table</p>", encoding="utf-8")
    (dist / "app.js").write_text("console.log(1)", encoding="utf-8")
    server = ActivityServer(host="127.0.0.1", port=0, auth=activity.server.auth,
                            store=activity.store, manager=activity.manager,
                            presenter=activity.server.presenter, page_dir=dist)
    await server.start()
    try:
        async with activity.http.get(f"{server.url}/") as response:
            assert "the table" in await response.text()
        async with activity.http.get(f"{server.url}/app.js") as response:
            assert response.status == 200
            assert response.headers["Content-Security-Policy"] == FRAMED
    finally:
        await server.stop()
