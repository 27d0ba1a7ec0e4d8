"""The simulated people of ``bench/discord_load.py``: gateway payloads of their clicks and
commands, and what each person does next from what the Discord stand-in received (the
table message's auction buttons, the hand DM's Play hint / Pass / Can't beat buttons and
select options).

A person acts at a human pace: when the latest table message or hand DM shows it is their
turn, they wait 2–6 s (random), look again, and act on what they see then. Each action is
recorded with what is needed afterwards to find the table message and the hand DM that
show it (:class:`Action`).
"""

from __future__ import annotations

import itertools
import random
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

APP_ID = 900_000_000_000_000_001  # the stand-in's bot and application
AUCTION = ("bid", "call", "grab", "show", "double")
_ids = itertools.count(700_000_000_000_000_000 + secrets.randbelow(10 ** 15))


# ---------------------------------------------------------------------------- payloads
def _base(kind: int) -> dict[str, Any]:
    return {"id": str(next(_ids)), "application_id": str(APP_ID), "type": kind,
            "token": "tok" + secrets.token_hex(12), "version": 1, "locale": "en-US",
            "app_permissions": "0", "entitlements": [], "attachment_size_limit": 10 << 20,
            "authorizing_integration_owners": {"0": "1"}}


def _user(user_id: int, name: str) -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None}


def _member(user_id: int, name: str) -> dict[str, Any]:
    return {"user": _user(user_id, name), "roles": [], "deaf": False, "mute": False,
            "joined_at": "2026-01-01T00:00:00+00:00", "permissions": "32", "flags": 0}


def _channel(guild_id: int, channel_id: int) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": "ddz",
            "position": 0, "permission_overwrites": []}


def _message(message_id: str | None, channel_id: str, custom_id: str) -> dict[str, Any]:
    """The bot's message the button is on (a DynamicItem is rebuilt from its copy)."""
    return {"id": message_id or str(next(_ids)), "channel_id": channel_id,
            "author": _user(APP_ID, "ddz"), "content": "", "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 0,
            "components": [{"type": 1, "components": [
                {"type": 2, "custom_id": custom_id, "label": "x", "style": 2}]}]}


def table_click(guild_id: int, channel_id: int, user_id: int, name: str, custom_id: str,
                message_id: str | None) -> dict[str, Any]:
    """A click on the table message's button ``custom_id``."""
    data = _base(3)
    data.update(guild_id=str(guild_id), member=_member(user_id, name), context=0,
                channel=_channel(guild_id, channel_id), channel_id=str(channel_id),
                data={"custom_id": custom_id, "component_type": 2},
                message=_message(message_id, str(channel_id), custom_id))
    return data


def dm_click(user_id: int, name: str, custom_id: str, message_id: str | None
             ) -> dict[str, Any]:
    """A click on the hand DM's button ``custom_id``."""
    user = _user(user_id, name)
    data = _base(3)
    dm: dict[str, Any] = {"id": str(user_id + 1), "type": 1, "recipients": [user]}
    data.update(user=user, channel=dm, channel_id=dm["id"], context=1,
                data={"custom_id": custom_id, "component_type": 2},
                message=_message(message_id, dm["id"], custom_id))
    return data


def command(name: str, user_id: int, user_name: str, *, guild_id: int | None = None,
            channel_id: int | None = None, options: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    """``/ddz <name>`` in a guild channel (``guild_id``) or in the user's DM."""
    user = _user(user_id, user_name)
    data = _base(2)
    sub = {"name": name, "type": 1, "options": [
        {"name": k, "type": 3, "value": v} for k, v in (options or {}).items()]}
    data["data"] = {"id": str(next(_ids)), "name": "ddz", "type": 1, "options": [sub]}
    if guild_id is None:
        dm = {"id": str(user_id + 1), "type": 1, "recipients": [user]}
        data.update(user=user, channel=dm, channel_id=dm["id"], context=1)
    else:
        data.update(guild_id=str(guild_id), member=_member(user_id, user_name), context=0,
                    channel=_channel(guild_id, channel_id or 0), channel_id=str(channel_id))
    return data


# ---------------------------------------------------------------------------- reading
COUNTS = re.compile(r"^Cards left: (.*)$", re.M)
RECENT = re.compile(r"^Last plays: (.*)$", re.M)
RANKS = {"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"}


def cards_left(content: str) -> int | None:
    """The cards left in every hand, from a message's "Cards left" line."""
    line = COUNTS.search(content)
    if line is None:
        return None
    total = 0
    for entry in line.group(1).split(" · "):
        found = re.search(r" (\d+)(?: \(.*\))?$", entry)
        if found is None:
            return None
        total += int(found.group(1))
    return total


def pass_shown(content: str, name: str) -> bool:
    """Does the "Last plays" line show ``name``'s pass as the newest play, or followed by
    passes alone (the next seats passed before the message was edited)? Between two turns
    of one seat somebody plays cards, so a pass of ``name`` followed only by passes, with
    no fewer cards left, is that seat's latest pass."""
    line = RECENT.search(content)
    if line is None:
        return False
    entries = line.group(1).split(" · ")
    mine = f"{name} passes"
    if mine not in entries:
        return False
    after = entries[len(entries) - entries[::-1].index(mine):]
    return all(entry.endswith(" passes") for entry in after)


def seq_of(custom_id: str) -> int | None:
    """The turn an auction button was drawn for (``ddz:<table>:bid:2:<seq>``)."""
    parts = custom_id.split(":")
    return int(parts[4]) if len(parts) == 5 and parts[2] in AUCTION else None


def lowest_single(selects: list[list[str]]) -> str | None:
    """The lowest plain card of the hand DM's select options, as ``/ddz play`` takes it."""
    labels = [label for options in selects for label in options]
    for label in reversed(labels):  # the hand is shown high to low
        text = label.split(". ", 1)[-1].lstrip("♠♥♣♦")
        if text in RANKS:
            return text
    return None


# ---------------------------------------------------------------------------- people
@dataclass
class Seen:
    """The latest message the stand-in received for a channel."""

    t: float
    message_id: str
    content: str
    buttons: dict[str, bool]
    selects: list[list[str]]
    files: list[str] | None
    via: str = ""  # how it came: post, edit (as the bot), orig (through a click's token)


@dataclass
class Action:
    """One gateway event a person wrote, and what shows it was done."""

    table: int  # the table's channel
    user: int
    name: str
    kind: str  # bid, call, ..., playhint, pass, play, next, resume, setup
    interaction: str
    token: str
    written: float = 0.0
    seq: int | None = None  # an auction button's turn
    left: int | None = None  # cards left in all hands when the person decided
    hand: int | None = None  # the person's own cards then


@dataclass
class Person:
    user: int
    name: str
    table: int
    guild: int
    first: bool  # the table's creator: starts the next deal
    rng: random.Random
    dm: Seen | None = None
    acted_after: float = 0.0  # ignore states the stand-in received before this
    trustee_after: int | None = None  # hand the seat to the AI after so many plays a deal
    acted_in_deal: int = 0
    deal_message: str = ""  # the hand DM of this deal (a new deal posts a new one)

    def turn_in(self, content: str) -> bool:
        """Does the table message say it is this person's turn?"""
        mention = f"<@{self.user}>"
        return any(line.startswith("Turn: ") and mention in line
                   for line in content.split("\n"))

    def options(self) -> int:
        return sum(len(o) for o in self.dm.selects) if self.dm else 0

    def next_move(self, table: Seen | None) -> tuple[dict[str, Any], Action] | None:
        """The person's move on what they see now (None: nothing to do)."""
        cid = self.table
        if table is not None and table.t >= self.acted_after:
            buttons = table.buttons
            for start in (f"ddz:{cid}:next", f"ddz:{cid}:start"):
                if self.first and buttons.get(start) is False:
                    return self._table(table, start, "next")
            auction = [b for b, off in buttons.items() if not off and seq_of(b) is not None]
            if auction and self.turn_in(table.content):
                choice = self._auction_choice(auction)
                move = self._table(table, choice, choice.split(":")[2])
                move[1].seq = seq_of(choice)
                return move
        dm = self.dm
        if dm is None or dm.t < self.acted_after or not dm.buttons:
            return None
        buttons = dm.buttons
        if dm.message_id != self.deal_message:
            self.deal_message, self.acted_in_deal = dm.message_id, 0
        handing_over = self.trustee_after is not None and \
            self.acted_in_deal >= self.trustee_after
        if buttons.get(f"ddzh:{cid}:resume") is False:
            return None if handing_over else self._dm(dm, f"ddzh:{cid}:resume", "resume")
        if handing_over and buttons.get(f"ddzh:{cid}:trustee") is False:
            return self._dm(dm, f"ddzh:{cid}:trustee", "trustee")
        playhint, passing = buttons.get(f"ddzh:{cid}:playhint"), buttons.get(f"ddzh:{cid}:pass")
        if playhint is None and passing is False:  # Can't beat
            return self._dm(dm, f"ddzh:{cid}:pass", "pass")
        if playhint is not False:
            return None  # not this person's turn to play
        leading = passing is not False
        roll = self.rng.random()
        if leading and roll < 0.3 and (card := lowest_single(dm.selects)) is not None:
            data = command("play", self.user, self.name, options={"cards": card})
            return data, self._action(data, "play")
        if not leading and roll < 0.2:
            return self._dm(dm, f"ddzh:{cid}:pass", "pass")
        return self._dm(dm, f"ddzh:{cid}:playhint", "playhint")

    def _auction_choice(self, auction: list[str]) -> str:
        kind = auction[0].split(":")[2]
        if kind == "bid":
            return self.rng.choice(auction)
        yes = [b for b in auction if b.split(":")[3] == "y"]
        no = [b for b in auction if b.split(":")[3] == "n"]
        wants = {"call": 0.5, "grab": 0.2, "double": 0.3}.get(kind, 0.0)  # show: no
        return (yes if yes and self.rng.random() < wants else no or yes)[0]

    def _table(self, table: Seen, custom_id: str, kind: str
               ) -> tuple[dict[str, Any], Action]:
        data = table_click(self.guild, self.table, self.user, self.name, custom_id,
                           table.message_id)
        return data, self._action(data, kind)

    def _dm(self, dm: Seen, custom_id: str, kind: str) -> tuple[dict[str, Any], Action]:
        data = dm_click(self.user, self.name, custom_id, dm.message_id)
        return data, self._action(data, kind)

    def _action(self, data: dict[str, Any], kind: str) -> Action:
        dm = self.dm
        return Action(self.table, self.user, self.name, kind, data["id"], data["token"],
                      left=cards_left(dm.content) if dm else None,
                      hand=self.options() if dm else None)


@dataclass
class Table:
    channel: int
    guild: int
    people: list[Person]
    seen: Seen | None = None  # the table message as last seen
    history: list[Seen] = field(default_factory=list)  # every table message, in order
    messages: dict[str, Seen] = field(default_factory=dict)  # every message, as last seen


__all__ = ["AUCTION", "Action", "Person", "Seen", "Table", "cards_left", "command",
           "dm_click", "lowest_single", "pass_shown", "seq_of", "table_click"]
