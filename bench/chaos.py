"""Chaos: live tables in a child process, SIGKILLed at random moments and restarted on the
same SQLite file, the books checked with raw ``sqlite3`` after every kill.

Run: ``python -m bench.chaos --cycles 300`` (a quick form runs in the suite:
``tests/bot/test_chaos.py``).

The child (``python -m bench.chaos --child DB SEED``) recovers every saved table, then
scripted humans play at up to five tables of every variant with one-second turn timers
and AI seats: they act on their turns (some twice at once, a double click), let timers
run out (two in a row: 托管), ask for and leave 托管, escape, close tables, join and open
tables, claim the daily bonus and relief (and a manager's grant when broke). It prints
what the parent needs: each restored game (its id, the number of actions it was rebuilt
from, a digest of its state), and a line just before and just after each settlement (a
kill between the two is a kill inside a settlement).

After each kill the parent checks the file: ``PRAGMA integrity_check``; beans held (every
balance plus every house) equal beans minted; each balance equals its ledger rows; every
settlement is there once, with one set of ledger rows, and equals the settlement of its
game replayed from the stored log; no player holds two live seats in a guild; after the
restart, every restored game equalled the replay of its stored log (none of the actions
stored before the kill missing), every game left live without a table was voided, and
no table stood still for longer than ``STUCK_S`` seconds of the child's running time.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import logging
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.engine import VARIANTS, Action, Game, GameLog, Rules
from bot.engine.errors import CodedError
from bot.store import Settlement, Store
from bot.store.base import MINT_REASONS
from bot.tables import TableEvent, TableManager

from .tables import cheap_decide

ROOT = Path(__file__).resolve().parents[1]
GUILD = 1
HUMANS = tuple(range(1, 9))  # eight scripted people
CHANNELS = tuple(range(100, 105))  # at most five tables, one of each variant
ROOM: dict[str, Any] = {"turn_play_s": 1, "turn_bid_s": 1}  # short timers: idle seats time out fast
STUCK_S = 8.0  # a table that neither moves nor ends for this long (child time) is stuck


# ============================================================================ the child
class Quiet:
    """A presenter that shows nothing (the tables run as they do for Discord)."""

    async def publish(self, event: TableEvent) -> None:
        return None


def say(*parts: object) -> None:
    print(*parts, flush=True)


def digest(game: Game) -> str:
    """What a restored game must equal: phase, turn, every hand and the stakes."""
    players = game.rules.players
    state = [game.phase, game.to_act, game.is_over, len(game.actions),
             [sorted(str(c) for c in game.hand(s)) for s in range(players)],
             [a.to_json() for a in game.actions]]
    return hashlib.sha1(json.dumps(state).encode()).hexdigest()[:16]


class ErrorLines(logging.Handler):
    """Every error the tables log goes to stderr as one ``LOG-ERROR`` line."""

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().replace("\n", " ")
        if record.exc_info and record.exc_info[1] is not None:
            text += f" [{type(record.exc_info[1]).__name__}: {record.exc_info[1]}]"
        print(f"LOG-ERROR {record.name}: {text}", file=sys.stderr, flush=True)


async def child(db: Path, seed: int) -> None:
    logging.getLogger().addHandler(ErrorLines(level=logging.ERROR))
    rng = random.Random(seed)
    store = await Store.open(db)
    settle = store.settle

    async def marked(settlement: Settlement) -> Any:
        say("S+", settlement.game_id)
        done = await settle(settlement)
        say("S-", settlement.game_id)
        return done

    store.settle = marked  # type: ignore[method-assign]
    manager = TableManager(store, Quiet(), decide=cheap_decide, ai_delay=0.01,
                           trustee_delay=0.01, ai_in_thread=False,
                           seed_source=lambda: rng.randrange(2 ** 62))
    manager.turns.autopass_delay = 0.01
    restored = await manager.recover()
    for channel, table in manager._tables.items():  # no await since recover(): as rebuilt
        if table.game is not None and table.game_id is not None:
            say("R", channel, table.game_id, len(table.game.actions), digest(table.game))
    say("ready", restored)
    for user in HUMANS:
        if rng.random() < 0.3:
            await manager.set_autopass(user, True)
    while True:
        await asyncio.sleep(rng.uniform(0.002, 0.03))
        user = rng.choice(HUMANS)
        try:
            await step(manager, store, rng, user)
        except CodedError as refusal:  # a refusal a player would be told
            say("refused", refusal.code)
        except Exception:
            print("BUG " + traceback.format_exc().replace("\n", " | "), file=sys.stderr,
                  flush=True)


async def step(manager: TableManager, store: Store, rng: random.Random, user: int) -> None:
    """One thing a scripted person does."""
    name = f"p{user}"
    table = manager._tables.of_user(user)
    if table is None:
        await _elsewhere(manager, store, rng, user, name)
        return
    channel, seat = table.channel_id, table.seat_of(user)
    assert seat is not None
    if table.status != "playing":
        r = rng.random()
        if r < 0.05:
            await manager.leave(channel, user)
        elif r < 0.07 and user == table.owner_id:
            await manager.close(channel, user)
        elif not table.is_full:
            await manager.add_ai(channel, user)
        else:
            await manager.start(channel, user)
        return
    game, entry = table.game, table.seats[seat]
    assert game is not None and entry is not None
    r = rng.random()
    if r < 0.01:
        await manager.leave(channel, user)  # an escape
    elif r < 0.015 and user == table.owner_id:
        await manager.close(channel, user)
    elif r < 0.03:
        await (manager.resume(channel, user) if entry.trustee else
               manager.trustee(channel, user))
    elif game.to_act == seat and not entry.auto and not game.is_over and r < 0.75:
        action = cheap_decide(game.view(seat), "normal", rng.randrange(2 ** 30))

        def make(s: int, action: Action = action) -> Action:
            return replace(action, seat=s)

        seq = table.seq
        if rng.random() < 0.2:  # a double click: the second is refused as stale
            done = await asyncio.gather(manager.act(channel, user, make, seq=seq),
                                        manager.act(channel, user, make, seq=seq),
                                        return_exceptions=True)
            for outcome in done:
                if isinstance(outcome, BaseException):
                    raise outcome
        else:
            await manager.act(channel, user, make, seq=seq)
    # else: the player is away this time (the turn timer runs; twice in a row: 托管)


async def _elsewhere(manager: TableManager, store: Store, rng: random.Random, user: int,
                     name: str) -> None:
    """A person at no table: claims beans now and then, joins a table or opens one."""
    r = rng.random()
    if r < 0.03:
        await store.claim_daily(GUILD, user)
        return
    player = await store.ensure_player(GUILD, user, name)
    if player.balance < 3_000 and r < 0.2:
        await store.claim_relief(GUILD, user, 3_000)
        return
    if player.balance < 3_000 and r < 0.4:  # a server manager tops a broke player up
        await store.grant(GUILD, user, 5_000, "chaos top-up", 999)
        return
    open_seats = [t for t in manager._tables.values()
                  if t.status != "playing" and not t.is_full and t.may_sit(user)]
    if open_seats and r < 0.7:
        await manager.join(rng.choice(open_seats).channel_id, user, name)
        return
    free = [c for c in CHANNELS if c not in manager._tables]
    if free:
        channel = rng.choice(free)
        rules = Rules.preset(VARIANTS[channel % len(VARIANTS)], **ROOM)
        await manager.create(channel, GUILD, user, name, rules)


# ============================================================================ the parent
@dataclass
class Tally:
    """What the cycles counted."""

    cycles: int = 0
    kills_in_settlement: int = 0  # killed between a settlement's start and its end
    after_settlement: int = 0  # killed just after a settlement, before the table moved on
    committed_before_kill: int = 0  # of those, settlements the file already held
    games_resumed: int = 0  # games rebuilt by a restart
    settled: int = 0
    voided: int = 0
    minted: int = 0
    held: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    # channel -> (its state's signature, child seconds it has stood still)
    still: dict[int, tuple[str, float]] = field(default_factory=dict)
    replayed: set[str] = field(default_factory=set)  # settlements already checked
    ran: float = 0.0  # seconds the last child played

    def line(self) -> str:
        return (f"cycles {self.cycles}, kills inside a settlement {self.kills_in_settlement} "
                f"(committed before the kill: {self.committed_before_kill}), just after one "
                f"{self.after_settlement}, games resumed "
                f"{self.games_resumed}, games settled {self.settled}, voided {self.voided}, "
                f"minted {self.minted} vs held {self.held}, problems {len(self.problems)}")


def run_child(db: Path, seed: int, seconds: float, *, kill_at: str | None,
              tally: Tally, expected: dict[str, int], orphans: set[str]) -> None:
    """Start the child on ``db``, let it play about ``seconds`` (or until a settlement
    starts or ends, with ``kill_at`` "S+" or "S-"), SIGKILL it, and check what the restart
    restored."""
    proc = subprocess.Popen([sys.executable, "-m", "bench.chaos", "--child", str(db),
                             str(seed)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None and proc.stderr is not None
    os.set_blocking(proc.stdout.fileno(), False)
    lines: list[str] = []
    buffer = b""
    ready_at: float | None = None
    deadline = time.monotonic() + 60
    open_settlements: set[str] = set()
    try:
        while True:
            now = time.monotonic()
            if ready_at is None and now > deadline:
                tally.problems.append("the child did not start within 60 s")
                break
            if ready_at is not None and now - ready_at >= seconds:
                break
            ready, _, _ = select.select([proc.stdout], [], [], 0.01)
            if not ready:
                if proc.poll() is not None:
                    tally.problems.append(f"the child exited by itself ({proc.returncode})")
                    break
                continue
            chunk = proc.stdout.read() or b""
            buffer += chunk
            *complete, buffer = buffer.split(b"\n")
            stop = False
            for raw in complete:
                text = raw.decode()
                lines.append(text)
                word, *rest = text.split()
                if word == "ready":
                    ready_at = time.monotonic()
                elif word == "S+":
                    open_settlements.add(rest[0])
                elif word == "S-":
                    open_settlements.discard(rest[0])
                elif word == "refused":
                    tally.refusals[rest[0]] += 1
                stop = stop or (word == kill_at and ready_at is not None)
            if stop:
                tally.after_settlement += kill_at == "S-"
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    ran = time.monotonic() - ready_at if ready_at is not None else 0.0
    for raw in (proc.stdout.read() or b"").split(b"\n"):
        if raw.strip().startswith((b"S+", b"S-")):
            word, gid = raw.decode().split()[:2]
            (open_settlements.add if word == "S+" else open_settlements.discard)(gid)
    errors = [e for e in proc.stderr.read().decode().splitlines()
              if e.startswith(("BUG", "LOG-ERROR", "Traceback"))]
    tally.problems.extend(f"cycle {tally.cycles}: {e[:400]}" for e in errors)
    _check_restored(db, lines, tally, expected, orphans)
    tally.kills_in_settlement += len(open_settlements)
    if open_settlements:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            marks = ",".join("?" * len(open_settlements))
            tally.committed_before_kill += conn.execute(
                f"SELECT COUNT(*) FROM settlements WHERE game_id IN ({marks})",
                sorted(open_settlements)).fetchone()[0]
    tally.ran = ran


def _check_restored(db: Path, lines: list[str], tally: Tally, expected: dict[str, int],
                    orphans: set[str]) -> None:
    """The restart rebuilt each live game from all of its stored actions, equal to its
    replay; the games left live without a table were voided."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        for text in lines:
            word, *rest = text.split()
            if word != "R":
                continue
            _, game_id, count, seen = rest
            tally.games_resumed += 1
            n = int(count)
            if n < expected.get(game_id, 0):
                tally.problems.append(f"game {game_id}: restored from {n} actions, but "
                                      f"{expected[game_id]} were stored before the kill")
            game = replay(conn, game_id, n)
            if game is None or digest(game) != seen:
                tally.problems.append(f"game {game_id}: the restored game differs from the "
                                      f"replay of its first {n} stored actions")
        for game_id in orphans:
            status = conn.execute("SELECT status FROM games WHERE game_id = ?",
                                  (game_id,)).fetchone()
            if status is not None and status[0] == "live" and not _has_table(conn, game_id):
                tally.problems.append(f"game {game_id}: live without a table after a restart")


def _has_table(conn: sqlite3.Connection, game_id: str) -> bool:
    return any(json.loads(d).get("game_id") == game_id
               for (d,) in conn.execute("SELECT data_json FROM live_tables"))


def replay(conn: sqlite3.Connection, game_id: str, count: int | None = None) -> Game | None:
    """The game rebuilt from its stored log (its first ``count`` actions)."""
    row = conn.execute("SELECT rules_json, seed_json, balances_json, first_seat FROM games "
                       "WHERE game_id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    actions = [Action.from_json(a) for (a,) in conn.execute(
        "SELECT action_json FROM game_actions WHERE game_id = ? ORDER BY seq", (game_id,))]
    if count is not None:
        actions = actions[:count]
    log = GameLog(Rules.from_json(row[0]), json.loads(row[1]), tuple(json.loads(row[2])),
                  row[3], tuple(actions))
    return Game.from_log(log)


def check_file(db: Path, tally: Tally, ran: float) -> tuple[dict[str, int], set[str]]:
    """The raw checks after a kill. Returns each live game's stored action count and the
    live games no table refers to (the next restart must void them)."""
    problems = tally.problems
    where = f"cycle {tally.cycles}"
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        conn.execute("BEGIN")  # one consistent view
        integrity = [r[0] for r in conn.execute("PRAGMA integrity_check")]
        if integrity != ["ok"]:
            problems.append(f"{where}: integrity_check says {integrity[:3]}")
        reasons = ",".join(f"'{r}'" for r in MINT_REASONS)
        minted = conn.execute(f"SELECT COALESCE(SUM(amount), 0) FROM ledger "
                              f"WHERE reason IN ({reasons})").fetchone()[0]
        held = conn.execute("SELECT (SELECT COALESCE(SUM(balance), 0) FROM players) + "
                            "(SELECT COALESCE(SUM(house_balance), 0) FROM guilds)").fetchone()[0]
        tally.minted, tally.held = int(minted), int(held)
        if minted != held:
            problems.append(f"{where}: {held} beans held but {minted} minted")
        for user, balance, booked in conn.execute(
                "SELECT p.user_id, p.balance, COALESCE(SUM(l.amount), 0) FROM players p "
                "LEFT JOIN ledger l ON l.guild_id = p.guild_id AND l.user_id = p.user_id "
                "GROUP BY p.guild_id, p.user_id HAVING p.balance <> COALESCE(SUM(l.amount), 0)"):
            problems.append(f"{where}: player {user} has {balance} but the ledger {booked}")
        _check_settlements(conn, tally)
        _check_seats(conn, tally)
        live = {g: n for g, n in conn.execute(
            "SELECT game_id, next_seq FROM games WHERE status = 'live'")}
        tables = {c: json.loads(d) for c, d in conn.execute(
            "SELECT channel_id, data_json FROM live_tables")}
        _check_stuck(conn, tables, tally, ran)
        referenced = {d.get("game_id") for d in tables.values()}
        tally.voided = conn.execute(
            "SELECT COUNT(*) FROM games WHERE status = 'abandoned'").fetchone()[0]
        return live, {g for g in live if g not in referenced}
    finally:
        conn.close()


def _check_settlements(conn: sqlite3.Connection, tally: Tally) -> None:
    """Each settlement once, one ledger row per movement, equal to its game's replay."""
    settled = conn.execute("SELECT game_id, guild_id, content FROM settlements").fetchall()
    tally.settled = len(settled)
    for game_id, seat, reason, n in conn.execute(
            "SELECT game_id, seat, reason, COUNT(*) FROM ledger WHERE game_id IS NOT NULL "
            "GROUP BY game_id, seat, reason, user_id IS NULL HAVING COUNT(*) > 1"):
        tally.problems.append(f"game {game_id}: seat {seat} booked {n} × {reason}")
    for game_id, status in conn.execute(
            "SELECT g.game_id, g.status FROM games g JOIN settlements s USING (game_id) "
            "WHERE g.status <> 'settled'"):
        tally.problems.append(f"game {game_id}: settled but its record says {status}")
    known = {g for (g,) in conn.execute("SELECT game_id FROM games WHERE status = 'settled'")}
    checked = tally.replayed
    for game_id, guild_id, content in settled:
        if game_id in checked or game_id not in known:
            continue
        game = replay(conn, game_id)
        users = [u for (u,) in conn.execute(
            "SELECT user_id FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        if game is None or game.result is None:
            tally.problems.append(f"game {game_id}: settled, but its log does not finish it")
            continue
        again = Settlement.from_result(game_id, guild_id, game.result, users,
                                       plays=game.history).canonical()
        if again != content:
            tally.problems.append(f"game {game_id}: the settlement differs from its replay")
        checked.add(game_id)


def _check_seats(conn: sqlite3.Connection, tally: Tally) -> None:
    """Nobody sits at two live tables of a guild (escaped seats do not count)."""
    seen: dict[tuple[int, int], int] = {}
    for channel, guild, data_json in conn.execute(
            "SELECT channel_id, guild_id, data_json FROM live_tables"):
        data = json.loads(data_json)
        escaped = set()
        if data.get("status") == "playing" and data.get("game_id"):
            for (a,) in conn.execute("SELECT action_json FROM game_actions WHERE game_id = ?",
                                     (data["game_id"],)):
                action = json.loads(a)
                if action.get("t") == "escape":
                    escaped.add(action["seat"])
        for i, seat in enumerate(data.get("seats", [])):
            if seat is None or seat.get("user_id") is None or i in escaped:
                continue
            key = (guild, seat["user_id"])
            if key in seen and seen[key] != channel:
                tally.problems.append(f"player {key[1]} seated at tables {seen[key]} and "
                                      f"{channel}")
            seen[key] = channel


def _check_stuck(conn: sqlite3.Connection, tables: dict[int, Any], tally: Tally,
                 ran: float) -> None:
    """A table whose state did not change while the child ran ``STUCK_S`` seconds."""
    for channel, data in tables.items():
        game_id = data.get("game_id")
        seq = conn.execute("SELECT next_seq, status FROM games WHERE game_id = ?",
                           (game_id,)).fetchone() if game_id else None
        signature = json.dumps([data, seq], sort_keys=True)
        before, still = tally.still.get(channel, ("", 0.0))
        still = still + ran if signature == before else 0.0
        tally.still[channel] = (signature, still)
        if still > STUCK_S and data.get("status") == "playing":
            tally.problems.append(f"table {channel}: stood still for {still:.1f} s of play")
    for channel in [c for c in tally.still if c not in tables]:
        del tally.still[channel]


def run(db: Path, cycles: int, *, seed: int = 1, low: float = 0.3, high: float = 2.0,
        settle_kills: float = 0.3) -> Tally:
    """``cycles`` kill-and-restart cycles on ``db``; returns what they counted."""
    rng = random.Random(seed)
    tally = Tally()
    expected: dict[str, int] = {}
    orphans: set[str] = set()
    for cycle in range(cycles):
        tally.cycles = cycle + 1
        run_child(db, rng.randrange(2 ** 31), rng.uniform(low, high),
                  kill_at=rng.choice(("S+", "S-")) if rng.random() < settle_kills else None,
                  tally=tally,
                  expected=expected, orphans=orphans)
        expected, orphans = check_file(db, tally, tally.ran)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.chaos", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", type=Path, help="the SQLite file (default: a new temp file)")
    parser.add_argument("--child", nargs=2, metavar=("DB", "SEED"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        asyncio.run(child(Path(args.child[0]), int(args.child[1])))
        return 0
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "chaos.db"
        start = time.monotonic()
        tally = run(db, args.cycles, seed=args.seed)
        print(tally.line())
        print(f"refusals told to players: {sum(tally.refusals.values())} "
              f"({', '.join(f'{k} {v}' for k, v in tally.refusals.most_common(8))})")
        print(f"{time.monotonic() - start:.0f} s")
        for problem in tally.problems[:20]:
            print("PROBLEM", problem)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
