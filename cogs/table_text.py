"""The words of a table message: whose turn it is under the picture, and the lobby's
embed. Names are escaped (:mod:`cogs.markdown`); a person is named by a mention, which
pings nobody there (the client's default ``allowed_mentions``): turn pings are messages of
their own (:mod:`cogs.pings`)."""

from __future__ import annotations

import discord

from bot.tables import TableSnapshot
from bot.words.catalogue import t
from bot.words.names import variant_name

from .handtext import ends_words, table_state
from .markdown import FIELD_VALUE, clip, safe_seat
from .private import lobby_lines


def turn_lines(table: TableSnapshot, locale: str) -> list[str]:
    """Whose turn it is and the deal in words, under the table picture."""
    game = table.game
    assert game is not None
    seat = game.to_act
    lines = []
    if seat is not None:
        entry = table.seats[seat]
        name = safe_seat(entry, locale) if entry else "?"
        if entry is not None and entry.is_ai:
            lines.append(t(locale, "turn.ai", name=name))
        elif entry is not None and (entry.auto or seat in game.escaped):
            how = "escaped" if seat in game.escaped else "trustee"
            lines.append(t(locale, "turn.auto", name=name, how=t(locale, f"how.{how}")))
        else:
            mention = f"<@{entry.user_id}>" if entry and entry.user_id else name
            lines.append(t(locale, "turn.who", name=mention,
                           phase=t(locale, f"phase.{game.phase}"),
                           ends=ends_words(locale, table.deadline)))
    lines.extend(table_state(table, locale))
    return lines

def lobby_embed(table: TableSnapshot, locale: str) -> discord.Embed:
    """The lobby's embed: the variant, each seat (a mention, an AI's name escaped), the room."""
    rules = table.rules
    embed = discord.Embed(title=t(locale, "lobby.title",
                                  variant=variant_name(locale, rules.variant)),
                          colour=discord.Colour.dark_green())
    lines = []
    for i, seat in enumerate(table.seats):
        if seat is None:
            lines.append(f"{i + 1}. {t(locale, 'lobby.empty')}")
        elif seat.user_id is None:
            lines.append(f"{i + 1}. {safe_seat(seat, locale)}")
        else:
            lines.append(f"{i + 1}. <@{seat.user_id}>")
    if table.private:
        embed.description = "\n".join(lobby_lines(table, locale))
    embed.add_field(name=t(locale, "lobby.seats"), value=clip("\n".join(lines), FIELD_VALUE),
                    inline=False)
    embed.set_footer(text=t(locale, "lobby.room", n=rules.beans_per_point,
                            a=rules.table_fee, min=rules.min_balance))
    return embed


__all__ = ["lobby_embed", "turn_lines"]
