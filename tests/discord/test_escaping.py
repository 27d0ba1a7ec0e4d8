"""Issue 54, flaw 9: names are text, not markdown, and no message pings anyone it does not
mean to. Players named like a masked link, ``@everyone`` and a role mention play a whole
deal; every message, reply, DM, embed and edit the bot sent shows the names escaped, and
every one that carries text says ``allowed_mentions``: nobody, or exactly the players it
calls (a turn ping). A tournament's name is escaped in its embeds and announcements too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cogs.markdown import TITLE, clip, code_safe, safe

from .helpers import open_table, play_to_the_end, setup, table_of
from .test_tournament import admin_and_players, signup_message, with_runner

LINK = "[Claim beans](https://evil.example/x)"
EVERYONE = "@everyone"
ROLE = "<@&123456789012345678>"
HOSTILE = (LINK, EVERYONE, ROLE)
ORDINARY = "Ann_Lee"  # escaped as Ann\_Lee, which Discord shows as Ann_Lee
CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
# a name shown raw: the link's brackets, or a mention not preceded by its escape
RAW = re.compile(r"(?<!\\)\[Claim beans(?<!\\)\]|(?<!\\)@everyone|(?<![\\])<@&123456789012345678>")


def _texts(body: Any) -> Iterator[str]:
    """Every text of a message payload that Discord renders as markdown: its content, and
    its embeds' titles, descriptions and fields."""
    if not isinstance(body, dict):
        return
    if isinstance(body.get("content"), str):
        yield body["content"]
    embeds = list(body.get("embeds") or []) + ([body["embed"]] if body.get("embed") else [])
    for embed in embeds:
        for key in ("title", "description"):
            if isinstance(embed.get(key), str):
                yield embed[key]
        for field in embed.get("fields") or []:
            yield str(field.get("name", ""))
            yield str(field.get("value", ""))


def _messages(env: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every message payload the bot sent or edited (channel messages and DMs, interaction
    responses, follow-ups and edits): (route, body)."""
    out = []
    for entry in env.http_requests:
        body = entry.json
        if not isinstance(body, dict):
            continue
        if "/callback" in entry.path:  # an interaction response: its message is in data
            body = body.get("data")
            if not isinstance(body, dict) or ("content" not in body and "embeds" not in body):
                continue
        if "content" in body or "embeds" in body or "embed" in body:
            out.append((f"{entry.method} {entry.path}", body))
    return out


def _check_mentions(route: str, body: dict[str, Any], people: set[int]) -> None:
    """A message with text names its mentions: never @everyone or a role, and a user only
    when the text calls them."""
    if "content" not in body:
        return  # an edit of embeds or files alone: Discord parses no mention there
    mentions = body.get("allowed_mentions")
    assert isinstance(mentions, dict), f"{route} sent no allowed_mentions: {body!r}"
    assert "everyone" not in mentions.get("parse", []), (route, mentions)
    assert "roles" not in mentions.get("parse", []), (route, mentions)
    assert "users" not in mentions.get("parse", []), (route, mentions)
    assert not mentions.get("roles"), (route, mentions)
    assert not mentions.get("replied_user"), (route, mentions)
    for user in mentions.get("users", []):
        assert int(user) in people, (route, mentions)
        assert f"<@{user}>" in (body.get("content") or ""), (route, body)


async def test_a_deal_of_hostile_names_is_shown_escaped_and_pings_no_one_else(
        simcord_env: Any) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(f"u{k}"), nick=nick)
               for k, nick in enumerate((*HOSTILE, ORDINARY))]
    table = await open_table(env, channel, members[0], "four", members)
    assert [s.name for s in table.seats] == [*HOSTILE, ORDINARY]  # kept as typed
    await play_to_the_end(env, channel, dict(enumerate(members)))
    await env.settle()
    await env.bot.presenter.drain()
    assert table_of(env, channel) is None or table_of(env, channel).status != "playing"

    people = {m.id for m in members}
    sent = _messages(env)
    assert len(sent) > 20
    shown = "\n".join(text for _, body in sent for text in _texts(body))
    for name in (*HOSTILE, ORDINARY):
        assert safe(name) in shown, f"{name!r} never shown (escaped)"
    assert ORDINARY in ESCAPE.sub(r"\1", shown)  # as Discord shows it: as it was typed
    for route, body in sent:
        for text in _texts(body):
            assert RAW.search(text) is None, f"{route}: a raw name in {text!r}"
            for span in CODE.findall(text):  # a backslash shows in code: no escape there
                assert "\\" not in span, f"{route}: an escape in code {span!r}"
        _check_mentions(route, body, people)
    pinged = {int(u) for _, b in sent for u in (b.get("allowed_mentions") or {}).get("users", [])}
    assert pinged == people, "each player's turn pings them, and only them"


async def test_a_tournament_name_is_escaped_in_its_embeds_and_words(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, boss, (ann, bo, cy) = await admin_and_players(env)
    with_runner(env.bot)
    name = "[Cup](https://evil.example/x) @everyone"
    made = await boss.slash(channel, "ddz tournament new", name=name, start_in=10)
    assert "❌" not in made.response.content, made.response.content
    assert safe(name) in made.response.content
    title = signup_message(channel).embeds[0].title or ""
    assert safe(name) in title and "[Cup]" not in title.replace("\\[Cup\\]", "")
    for member in (ann, bo, cy):
        joined = await member.click(signup_message(channel), label="Join")
        assert safe(name) in joined.response.content
    await boss.click(signup_message(channel), label="Cancel")
    await env.settle()
    sent = _messages(env)
    for route, body in sent:
        for text in _texts(body):
            assert "[Cup](" not in text and re.search(r"(?<!\\)@everyone", text) is None, \
                (route, text)
        _check_mentions(route, body, set())


async def test_a_tournament_name_is_stored_and_shown_stripped(simcord_env: Any) -> None:
    """Flaw 11: 400 spaces around 10 letters are checked, stored and shown as the letters."""
    env = simcord_env
    _, channel, boss, _ = await admin_and_players(env)
    padded = " " * 200 + "Spring Cup" + " " * 200
    made = await boss.slash(channel, "ddz tournament new", name=padded, start_in=10)
    assert "❌" not in made.response.content, made.response.content
    tour = await env.bot.store.channel_tournament(channel.id)
    assert tour is not None and tour.settings.name == "Spring Cup"
    title = signup_message(channel).embeds[0].title or ""
    assert "Spring Cup" in title and "  " not in title and len(title) <= TITLE


def test_safe_escapes_markdown_mentions_and_links() -> None:
    assert safe(LINK) == r"\[Claim beans\]\(https\://evil.example/x\)"
    assert safe("@everyone") == r"\@everyone"
    for raw in ("<@123>", "<@!123>", "<@&123>", "<#123>", "<t:1700000000:R>", "</ddz new:1>"):
        assert safe(raw).startswith("\\<"), raw
    assert safe("# Big") == r"\# Big" and safe("-# small") == r"\-\# small"
    assert safe("> quote") == r"\> quote"
    assert safe("`x`") == r"\`x\`" and safe("**b** __u__ ~~s~~ ||p||") == \
        r"\*\*b\*\* \_\_u\_\_ \~\~s\~\~ \|\|p\|\|"
    assert safe("Ann Lee 安妮") == "Ann Lee 安妮"  # an ordinary name is untouched
    assert safe("Ann_Lee") == r"Ann\_Lee"  # Discord shows Ann_Lee
    assert safe("back\\slash") == "back\\\\slash"


def test_code_spans_and_clipping_keep_escapes_whole() -> None:
    assert code_safe("a`b") == "aˋb" and code_safe("Ann_Lee") == "Ann_Lee"
    text = "x" * 254 + safe("__")  # ends with \_\_ across the limit
    cut = clip(text, 256)
    assert len(cut) <= 256 and cut.endswith("…")
    body = cut[:-1]
    assert (len(body) - len(body.rstrip("\\"))) % 2 == 0  # no lone escape at the cut
    assert clip("short", 256) == "short"


async def test_refusals_and_history_quote_a_name_escaped(simcord_env: Any) -> None:
    """A refusal that names another player (``/ddz rank``), a history's title and its empty
    page quote the name as text, and ping no one."""
    env = simcord_env
    guild, channel = await setup(env)
    asker = guild.add_member(env.create_user("asker"))
    stranger = guild.add_member(env.create_user("stranger"), nick=LINK)
    ranked = await asker.slash(channel, "ddz rank", user=stranger)
    said = ranked.followups[-1] if ranked.followups else ranked.response
    # quoted as text (a quote of user text is cut at 40 characters, escapes included)
    assert safe(LINK)[:30] in said.content and "has not played here yet" in said.content
    assert RAW.search(said.content) is None and "](" not in said.content, said.content
    history = await asker.slash(channel, "ddz history", user=stranger)
    shown = history.response.embeds[0].description or ""
    assert safe(LINK) in shown and RAW.search(shown) is None, shown
    for route, body in _messages(env):
        for text in _texts(body):
            assert RAW.search(text) is None, (route, text)
        _check_mentions(route, body, set())
