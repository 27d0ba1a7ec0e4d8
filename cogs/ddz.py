"""The ``/ddz`` commands and the callbacks of the table's buttons and card selects.

Thin adapters: every rule lives in the engine and every table decision in
:class:`bot.tables.TableManager`; this cog turns interactions into manager calls and
answers each one within Discord's 3 seconds (deferring before anything slow). Errors from
all commands and components go through :func:`cogs.errors.send_error`.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.engine import ROOMS, VARIANTS, Phase, PlayCards, Rules, parse_cards
from bot.store.bonus import claim_daily, claim_relief
from bot.store.errors import InvalidSettingError
from bot.store.reports import MIN_GAMES
from bot.store.settings import KEYS as SETTING_KEYS
from bot.store.settings import check_setting
from bot.tables import PlayStatus, TableError
from bot.words.cards import play_text
from bot.words.catalogue import t
from bot.words.errors import error_text
from bot.words.names import level_name, variant_name
from bot.words.rules import rules_summary
from render import ORDERS, render_leaderboard, render_profile

from .controls import ask_leave, ask_reading, hint_text, remember, send_hand
from .entry_point import EntryPointKept
from .errors import reply
from .history import HistoryPages, stats_line
from .i18n import locale_of
from .markdown import safe
from .names import shown_name
from .play_choices import PlayChoices
from .readers import BotSettings
from .replay import Replays
from .review import Reviews
from .scenes import leaderboard_scene, profile_scene
from .tournament import TournamentGroup
from .tournament_desk import TournamentDesk

if TYPE_CHECKING:
    from bot.store import Player, Store
    from bot.tables import TableManager, TableSnapshot

    from .presenter import DiscordPresenter

log = logging.getLogger("ddz.cog")

VARIANT_CHOICES = [app_commands.Choice(name=v, value=v) for v in VARIANTS]
ROOM_CHOICES = [app_commands.Choice(name=r, value=r) for r in ROOMS]
BOARD_CHOICES = [app_commands.Choice(name=b, value=b)
                 for b in ("balance", "points", "winrate", "streak", "springs")]
ORDER_CHOICES = [app_commands.Choice(name=o, value=o) for o in ORDERS]
CONFIG_KEYS = tuple(SETTING_KEYS)


def _png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def _setting_shown(key: str, value: object, locale: str) -> str:
    """A setting's value as ``/ddz config`` shows it (a role as its mention)."""
    if SETTING_KEYS[key].role:
        return f"<@&{value}>" if value else t(locale, "tour.no_role")
    return str(value)


def _split_declared(text: str) -> tuple[str, str | None, str | None]:
    """``"333F|trio_single|3"`` (autocomplete) or ``"333F as trio_single"``."""
    if "|" in text:
        cards, kind, main = [*text.split("|"), "", ""][:3]
        return cards, kind or None, main or None
    cards, sep, kind = text.partition(" as ")
    return cards, (kind.strip() or None) if sep else None, None


PLAY_CHOICES = PlayChoices()  # each turn's ranked plays, for /ddz play's autocomplete


class Ddz(commands.GroupCog, group_name=_("ddz"),
          group_description=_("Dou Dizhu tables, beans and ranks")):
    """Dou Dizhu: tables, plays, beans and ranks. The history, replay and review commands
    answer through objects made with what they read (:class:`HistoryPages`,
    :class:`Replays`, :class:`Reviews`); ``/ddz tournament`` is a subgroup of its own
    (:class:`TournamentGroup`)."""

    def __init__(self, bot: commands.Bot, *, manager: TableManager, store: Store,
                 presenter: DiscordPresenter, settings: BotSettings,
                 tournaments: TournamentDesk) -> None:
        self.bot = bot
        self.manager = manager
        self.store = store
        self.presenter = presenter
        self.settings = settings
        self.tournaments = tournaments
        self.history_pages = HistoryPages(store)
        self.replays = Replays(store=store, drawing=presenter)
        self.reviewer = Reviews(store=store, ai_pool=manager.ai_pool, drawing=presenter)
        self.tournament = TournamentGroup(store=store, desk=self.tournaments,
                                          drawing=presenter)
        super().__init__()
        group = self.app_command
        assert group is not None
        # the subgroup first, where Discord has always been sent it
        others = group.commands
        for command in others:
            group.remove_command(command.name)
        for command in (self.tournament, *others):
            group.add_command(command)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every click on a message may later edit it outside the global rate limit."""
        self.presenter.edits.note(interaction)

    # ================================================================= helpers
    def _remember(self, interaction: discord.Interaction) -> str:
        return remember(self, interaction)

    def _user_table(self, interaction: discord.Interaction) -> TableSnapshot:
        table = self.manager.table_of(interaction.user.id) or \
            self.manager.find(interaction.channel_id)
        if table is None:
            raise TableError("you are not seated at a table", code="not_seated",
                             user_id=interaction.user.id)
        return table

    async def _rules_for(self, interaction: discord.Interaction, variant: str | None,
                         room: str | None) -> tuple[Rules, str]:
        assert interaction.guild_id is not None
        settings = await self.store.get_settings(interaction.guild_id, interaction.channel_id)
        rules = settings.rules(variant, room or "normal", turn_seconds=self.settings.turn_seconds)
        return rules, settings.ai_level

    # ================================================================= finished deals
    @app_commands.command(name=_("review"),
                          description=_("The AI reviews your decisions in a finished deal"))
    @app_commands.describe(deal=_("The deal to review (its id; pick one of yours)"))
    @app_commands.guild_only()
    async def review(self, interaction: discord.Interaction, deal: str) -> None:
        await self.reviewer.show(interaction, deal)

    @review.autocomplete("deal")
    async def review_deals(self, interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self.reviewer.deals(interaction, current)

    @app_commands.command(name=_("replay"), description=_("Watch a finished deal again"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, deal: str) -> None:
        await self.replays.show(interaction, deal)

    @replay.autocomplete("deal")
    async def replay_deals(self, interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await self.replays.deals(interaction, current)

    @app_commands.command(name=_("history"),
                          description=_("A player's last deals in this server"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction,
                      user: discord.Member | None = None,
                      page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        await self.history_pages.show(interaction, user, page)

    # ================================================================= table commands
    @app_commands.command(name=_("new"), description=_("Open a table in this channel"))
    @app_commands.guild_only()
    @app_commands.choices(variant=VARIANT_CHOICES, room=ROOM_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  variant: app_commands.Choice[str] | None = None,
                  room: app_commands.Choice[str] | None = None,
                  private: bool = False) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        rules, ai_level = await self._rules_for(
            interaction, variant.value if variant else None, room.value if room else None)
        # the table speaks its creator's language (saved with the table)
        await self.manager.create(interaction.channel_id, interaction.guild_id,
                                  interaction.user.id, shown_name(interaction.user),
                                  rules, ai_level=ai_level, private=private, locale=locale)
        await reply(interaction, "✅ " + t(locale, "ok.created") + "\n\n"
                    + rules_summary(rules.variant, locale).split("\n\n")[0])

    @app_commands.command(name=_("play"), description=_("Play cards from your hand"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.describe(cards="e.g. 33344, 10 j q k a, 小王 大王")
    async def play(self, interaction: discord.Interaction, cards: str) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        text, kind, main = _split_declared(cards)
        # answered at once: the play waits for its turn to be stored, which under load
        # can take longer than a player should see nothing (the words follow)
        await interaction.response.defer(ephemeral=True, thinking=True)
        status, options = await self.manager.play(table.channel_id, interaction.user.id, text,
                                                  kind=kind, main=main)
        if status == PlayStatus.READING:
            await ask_reading(interaction, table.channel_id, locale, options)
            return
        await reply(interaction, "✅ " + t(locale, "ok.played",
                                          cards=play_text(locale, options[0])))

    @play.autocomplete("cards")
    async def play_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        table = self.manager.table_of(interaction.user.id)
        if table is None or table.game is None or table.game.phase != Phase.PLAY:
            return []
        seat = table.seat_of(interaction.user.id)
        game = table.game
        if seat is None or game.to_act != seat:
            return []
        locale = locale_of(interaction)
        view = self.manager.seat_view(table.channel_id, interaction.user.id)[1]
        try:
            typed = parse_cards(current) if current.strip() else ""
        except Exception:
            typed = ""
        hint = await self.manager.hint(table.channel_id, interaction.user.id)
        first = hint.cards if isinstance(hint, PlayCards) else None
        # ranked once a turn and filtered in a thread (a 癞子 lead: 10,000 plays)
        return [app_commands.Choice(name=label, value=value) for label, value in
                await PLAY_CHOICES.choices(view, first, typed, locale)]

    @app_commands.command(name=_("pass"), description=_("Pass this turn"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def pass_(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # as /ddz play
        await self.manager.pass_turn(table.channel_id, interaction.user.id)
        await reply(interaction, t(locale, "ok.passed"))

    @app_commands.command(name=_("hint"), description=_("Ask the AI for a suggestion"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def hint(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await reply(interaction, await hint_text(self.manager, table.channel_id,
                                                 interaction.user.id, locale,
                                                 self.presenter.tables.get(table.channel_id)))

    @app_commands.command(name=_("hand"), description=_("See your hand (only you)"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def hand(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        await send_hand(self, interaction, table.channel_id, locale)

    @app_commands.command(name=_("sort"), description=_("How your hand is ordered"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.choices(order=ORDER_CHOICES)
    async def sort(self, interaction: discord.Interaction,
                   order: app_commands.Choice[str]) -> None:
        locale = self._remember(interaction)
        await self.presenter.preferences.set_order(interaction.user.id, order.value)
        await reply(interaction, t(locale, "sort.set", how=t(locale, f"sort.{order.value}")))
        table = self.manager.table_of(interaction.user.id)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is not None and table.game is not None and seat is not None:
            self.presenter.resend_hand(table.channel_id, seat)  # the DM in the new order

    @app_commands.command(name=_("leave"), description=_("Leave the table"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def leave(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        await ask_leave(self.manager, interaction, table.channel_id, locale)

    @app_commands.command(name=_("autopass"),
                          description=_("Pass by itself when nothing beats the play"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.choices(mode=[app_commands.Choice(name="on", value="on"),
                                app_commands.Choice(name="off", value="off")])
    async def autopass(self, interaction: discord.Interaction,
                       mode: app_commands.Choice[str]) -> None:
        locale = self._remember(interaction)
        on = mode.value == "on"
        # a seated player's table takes it under its lock (an AI may be thinking there)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.manager.set_autopass(interaction.user.id, on)
        await reply(interaction, t(locale, "ok.autopass_on" if on else "ok.autopass_off"))

    @app_commands.command(name=_("resume"), description=_("Take back control from the AI"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def resume(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        table = self._user_table(interaction)
        # the table's lock may be held by an AI thinking there: answered first
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.manager.resume(table.channel_id, interaction.user.id)
        await reply(interaction, t(locale, "ok.resumed"))

    @app_commands.command(name=_("stop"), description=_("Close this channel's table"))
    @app_commands.guild_only()
    async def stop(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        assert interaction.channel_id is not None
        admin = bool(interaction.permissions.manage_guild)
        await interaction.response.defer(ephemeral=True, thinking=True)  # as /ddz resume
        await self.manager.close(interaction.channel_id, interaction.user.id, admin=admin)
        # the table message itself announces the closing to the channel
        await reply(interaction, t(locale, "ok.stopped"))

    # ================================================================= beans and ranks
    @app_commands.command(name=_("balance"), description=_("Your beans, points and level"))
    @app_commands.guild_only()
    async def balance(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        player = await self.store.ensure_player(interaction.guild_id, interaction.user.id,
                                                shown_name(interaction.user))
        await reply(interaction, t(locale, "balance", name=safe(player.name),
                                   balance=f"{player.balance:,}", points=player.points,
                                   level=player.level.number,
                                   level_name=level_name(locale, player.level.number,
                                                         chinese=True)))

    @app_commands.command(name=_("rank"), description=_("A player's level and progress"))
    @app_commands.guild_only()
    async def rank(self, interaction: discord.Interaction,
                   user: discord.Member | None = None) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        target = user or interaction.user
        # private like /ddz balance: one's beans and record are shown to the one who asks
        await interaction.response.defer(ephemeral=True, thinking=True)
        player: Player | None
        if target.id == interaction.user.id:
            player = await self.store.ensure_player(interaction.guild_id, target.id,
                                                    shown_name(target))
        else:
            player = await self.store.get_player(interaction.guild_id, target.id)
            if player is None:
                raise TableError(f"{shown_name(target)} has not played here yet",
                                 code="never_played", name=shown_name(target))
        stats = await self.store.player_stats(player.guild_id, player.user_id)
        png = await self.presenter.draw(render_profile, profile_scene(player, locale, stats))
        await interaction.followup.send(stats_line(stats, locale),
                                        file=_png(png, "profile.png"), ephemeral=True)

    @app_commands.command(name=_("leaderboard"), description=_("The server's best players"))
    @app_commands.guild_only()
    @app_commands.choices(by=BOARD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction,
                          by: app_commands.Choice[str] | None = None,
                          page: app_commands.Range[int, 1, 1000] = 1) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        kind = by.value if by else "balance"
        board = await self.store.leaderboard(interaction.guild_id, by=kind, page=page)
        if not board.entries:
            await reply(interaction, t(locale, "lb.empty.winrate", n=MIN_GAMES) if
                        kind == "winrate" else t(locale, "lb.empty"))
            return
        await interaction.response.defer(thinking=True)
        scene = leaderboard_scene(board, t(locale, f"lb.title.{kind}"), interaction.user.id,
                                  locale)
        png = await self.presenter.draw(render_leaderboard, scene)
        await interaction.followup.send(file=_png(png, "leaderboard.png"))

    @app_commands.command(name=_("daily"), description=_("Claim today's bonus beans"))
    @app_commands.guild_only()
    async def daily(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        got = await claim_daily(self.store, interaction.guild_id, interaction.user.id,
                                shown_name(interaction.user))
        await reply(interaction, t(locale, "daily.ok", amount=got.amount,
                                   balance=f"{got.balance:,}"))

    @app_commands.command(name=_("relief"), description=_("Claim relief beans when you are short"))
    @app_commands.guild_only()
    async def relief(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        got = await claim_relief(self.store, interaction.guild_id, interaction.channel_id,
                                 interaction.user.id, shown_name(interaction.user))
        await reply(interaction, t(locale, "relief.ok", amount=got.amount,
                                   balance=f"{got.balance:,}"))

    @app_commands.command(name=_("rules"), description=_("How a variant is played"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def rules(self, interaction: discord.Interaction,
                    variant: app_commands.Choice[str] | None = None) -> None:
        locale = self._remember(interaction)
        table = self.manager.find(interaction.channel_id) if variant is None else None
        name = variant.value if variant else table.rules.variant if table else "classic"
        embed = discord.Embed(title=variant_name(locale, name),
                              description=rules_summary(name, locale),
                              colour=discord.Colour.dark_green())
        await reply(interaction, embed=embed)

    # ================================================================= administration
    @app_commands.command(name=_("config"), description=_("Server settings (Manage Server)"))
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.choices(key=[app_commands.Choice(name=k, value=k) for k in CONFIG_KEYS])
    async def config(self, interaction: discord.Interaction,
                     key: app_commands.Choice[str] | None = None,
                     value: str | None = None) -> None:
        locale = self._remember(interaction)
        assert interaction.guild_id is not None
        if not interaction.permissions.manage_guild:
            raise app_commands.CheckFailure(t(locale, "err.no_permission"))
        if key is None or value is None:
            settings = await self.store.get_settings(interaction.guild_id)
            lines = [f"`{k}` = {_setting_shown(k, getattr(settings, k), locale)}"
                     for k in CONFIG_KEYS]
            await reply(interaction, t(locale, "config.show") + "\n" + "\n".join(lines))
            return
        if SETTING_KEYS[key.value].role:  # a role of this server, or none
            role_id = check_setting(key.value, value)
            if role_id and (interaction.guild is None or
                            interaction.guild.get_role(int(role_id)) is None):
                raise InvalidSettingError(f"no role {value!r} here", key=key.value,
                                          value=value)
        settings = await self.store.set_guild_setting(interaction.guild_id, key.value, value)
        await reply(interaction, t(locale, "config.ok", key=key.value, value=_setting_shown(
            key.value, getattr(settings, key.value), locale)))

    @app_commands.command(name=_("sync"), description=_("Sync commands globally (bot owner)"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def sync(self, interaction: discord.Interaction) -> None:
        locale = self._remember(interaction)
        if not await self.bot.is_owner(interaction.user):
            raise app_commands.CheckFailure(t(locale, "err.owner_only"))
        if not self.settings.shards.is_primary:  # owner commands run once, on shard 0
            raise app_commands.CheckFailure(t(locale, "err.owner_on_shard0"))
        await interaction.response.defer(ephemeral=True, thinking=True)
        synced = await self.bot.tree.sync()
        await reply(interaction, t(locale, "sync.ok", n=len(synced)))

    @commands.command(name="sync", hidden=True)
    @commands.is_owner()
    async def sync_text(self, ctx: commands.Context[Any], where: str = "global") -> None:
        """``@bot sync`` (owner only): the first global sync, before any slash command
        exists; ``@bot sync here`` syncs to this server at once. Mentions carry their
        text without the message-content intent."""
        if not self.settings.shards.is_primary:
            await ctx.reply(t(self.settings.default_locale, "err.owner_on_shard0"))
            return
        locale = self.settings.default_locale
        try:
            if where == "here" and ctx.guild is not None:
                self.bot.tree.copy_global_to(guild=ctx.guild)
                synced = await self.bot.tree.sync(guild=ctx.guild)
            else:
                synced = await self.bot.tree.sync()
        except EntryPointKept as refused:  # Discord keeps an Entry Point; no Activity here
            await ctx.reply(error_text(refused, locale) or str(refused))
            return
        await ctx.reply(t(locale, "sync.ok", n=len(synced)))
