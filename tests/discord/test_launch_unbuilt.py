"""Play in the app is offered only when the Activity's page is served: the Activity on and
``web/dist/index.html`` built; a click on an older message's button when the page is gone
is one private sentence in the user's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.process.config import Settings
from bot.words.catalogue import t

from .helpers import buttons, open_table, setup, speak, table_message
from .test_launch import LABEL, entry_points  # noqa: F401 (a fixture SimCord needs here)


@pytest.fixture
def page(tmp_path: Path) -> Path:
    """The folder the Activity's page is served from (built or not, as the test says)."""
    folder = tmp_path / "dist"
    folder.mkdir()
    return folder


@pytest.fixture
def settings(tmp_path: Path, page: Path, monkeypatch: pytest.MonkeyPatch,
             request: pytest.FixtureRequest) -> Settings:
    """The Activity on; its page built with ``indirect`` param True, else not."""
    if getattr(request, "param", False):
        (page / "index.html").write_text("<!doctype html><p>the table</p>", encoding="utf-8")
    monkeypatch.setattr("bot.web.server.PAGE_DIR", page)
    return Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None, turn_seconds=30,
                    ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False,
                    ping_budget=False, activity_port=0, client_id="1", client_secret="s3cret")


def _labels(message: Any) -> list[str | None]:
    return [getattr(c, "label", None) for c in buttons(message)]


async def test_no_app_button_while_the_page_is_not_built(simcord_env: Any) -> None:
    env = simcord_env
    assert env.bot.activity_server is not None  # the Activity is on: only its page is missing
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    assert "Join" in _labels(table_message(env, channel))
    assert LABEL not in _labels(table_message(env, channel))
    await open_table(env, channel, alice, "classic", [alice])
    await env.bot.presenter.drain()
    labels = _labels(table_message(env, channel))
    assert "My hand" in labels and LABEL not in labels


@pytest.mark.parametrize("settings", [True], indirect=True)
@pytest.mark.parametrize("locale", ["en-US", "zh-CN", "zh-TW"])
async def test_a_click_when_the_page_is_gone_is_said_in_the_users_language(
        simcord_env: Any, page: Path, monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    speak(monkeypatch, {bob.id: locale})
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    lobby = table_message(env, channel)
    assert LABEL in _labels(lobby)  # the page is built: offered
    (page / "index.html").unlink()  # and then removed (a rebuild under way)
    result = await bob.click(lobby, label=LABEL)
    ours = {"en-US": "en"}.get(locale, locale)
    assert result.ephemeral and result.response.content.endswith(t(ours, "launch.off"))
