"""Chaos in the suite (issue 12): live tables in a child process (AI and scripted human
seats: double clicks, timeouts and 托管, escapes, closes, joins, relief), SIGKILLed at
random moments (a third of them just as a settlement starts) and restarted on the same
file, the books checked with raw sqlite3 after every kill (bench/chaos.py; its long run is
``python -m bench.chaos --cycles 300``)."""

from __future__ import annotations

import sqlite3

import pytest

from bench.chaos import Tally, check_file, run

pytestmark = pytest.mark.chaos  # not deselected anywhere: CI runs it with the rest


def test_kill_and_restart_cycles_keep_every_bean_and_game(tmp_path) -> None:
    tally = run(tmp_path / "chaos.db", 8, seed=12, low=0.3, high=1.2, settle_kills=0.4)
    assert not tally.problems, tally.problems[:5]
    assert tally.cycles == 8 and tally.games_resumed > 0
    assert tally.held == tally.minted > 0


def test_the_checks_see_broken_books(tmp_path) -> None:
    """The raw checks can fail: a bean out of nowhere, a settlement that is not its
    game's replay, a player seated at two tables."""
    db = tmp_path / "chaos.db"
    for seed in range(10):  # until a deal was settled (about one a cycle)
        good = run(db, 1, seed=seed, low=1.5, high=2.0, settle_kills=1.0)
        assert not good.problems, good.problems[:5]
        if good.settled:
            break
    assert good.settled > 0
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("UPDATE players SET balance = balance + 1 WHERE user_id = "
                 "(SELECT MIN(user_id) FROM players)")
    game_id, content = conn.execute("SELECT game_id, content FROM settlements").fetchone()
    conn.execute("UPDATE settlements SET content = ? WHERE game_id = ?",
                 (content[:-1] + ',"x":1}', game_id))
    conn.execute("INSERT INTO live_tables VALUES (999, 1, ?, 'now')",
                 ('{"status": "lobby", "seats": [{"user_id": 50}, {"user_id": 51}]}',))
    conn.execute("INSERT INTO live_tables VALUES (998, 1, ?, 'now')",
                 ('{"status": "lobby", "seats": [{"user_id": 50}]}',))
    conn.close()
    tally = Tally()
    check_file(db, tally, 0.0)
    said = "\n".join(tally.problems)
    assert "held but" in said and "has" in said  # the balance and the books disagree
    assert f"game {game_id}: the settlement differs from its replay" in said
    assert "player 50 seated at tables 998 and 999" in said
