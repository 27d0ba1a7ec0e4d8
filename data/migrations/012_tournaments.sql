-- 012: server tournaments (issue 38; bot/store/tournaments.py, bot/tournaments/).
--
-- A tournament of a guild, run in a channel (one open tournament per channel), its
-- entrants, each round's tables, and each deal's result (idempotent per game id) with its
-- seats' points. Its beans: a buy-in moves from the player to the house, which holds the
-- pool; prizes (or, on a cancel, the buy-ins) move back from the house in one transaction,
-- once: ``paid_at`` is set in it. The house keeps its take. Ledger rows of a tournament
-- carry its id and the reasons buy_in, prize or refund: the ledger is rebuilt to allow them
-- (SQLite cannot change a CHECK in place); its rows, ids, indexes and triggers stay.

CREATE TABLE tournaments (
    tournament_id INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id    INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    settings_json TEXT    NOT NULL,
    seed          INTEGER NOT NULL,  -- every deal's seed comes from it
    status        TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished',
                                                     'cancelled')),
    round_no      INTEGER NOT NULL DEFAULT 0,  -- the round being played (0: not started)
    pool          INTEGER NOT NULL DEFAULT 0 CHECK (pool >= 0),  -- buy-ins the house holds
    house_take    INTEGER,  -- set when paid
    paid_at       TEXT,     -- prizes paid or buy-ins returned (once)
    created_at    TEXT    NOT NULL,
    started_at    TEXT,
    finished_at   TEXT
);

CREATE UNIQUE INDEX tournaments_open_in_channel ON tournaments (channel_id)
    WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, tournament_id);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    entry_no      INTEGER NOT NULL,  -- order of sign-up (the last tie-break's listing)
    buy_in        INTEGER NOT NULL CHECK (buy_in >= 0),  -- paid into the pool
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, entry_no),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round_no      INTEGER NOT NULL CHECK (round_no >= 1),
    table_no      INTEGER NOT NULL CHECK (table_no >= 1),
    seats_json    TEXT    NOT NULL,  -- the players by position, null: an AI seat
    channel_id    INTEGER,           -- where the table plays, once opened
    PRIMARY KEY (tournament_id, round_no, table_no)
) WITHOUT ROWID;

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round_no      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round_no, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_results (
    game_id       TEXT    PRIMARY KEY,
    tournament_id INTEGER NOT NULL,
    round_no      INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    deal_no       INTEGER NOT NULL CHECK (deal_no >= 1),
    content       TEXT    NOT NULL,  -- canonical JSON: a second record must match
    recorded_at   TEXT    NOT NULL,
    UNIQUE (tournament_id, round_no, table_no, deal_no),
    FOREIGN KEY (tournament_id, round_no, table_no)
        REFERENCES tournament_tables (tournament_id, round_no, table_no)
);

CREATE TABLE tournament_scores (
    game_id       TEXT    NOT NULL REFERENCES tournament_results (game_id),
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    tournament_id INTEGER NOT NULL,
    user_id       INTEGER,  -- NULL: an AI filling the table
    points        INTEGER NOT NULL,
    role          TEXT    NOT NULL CHECK (role IN ('landlord', 'farmer', '')),
    won           INTEGER NOT NULL CHECK (won IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX tournament_scores_by_entrant ON tournament_scores (tournament_id, user_id);

CREATE TABLE ledger_012 (
    entry_id      INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL REFERENCES guilds (guild_id),
    user_id       INTEGER,
    amount        INTEGER NOT NULL CHECK (amount <> 0),
    balance_after INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN (
                      'start', 'transfer', 'fee', 'escape_penalty', 'ai_seat',
                      'daily', 'relief', 'grant', 'take', 'buy_in', 'prize', 'refund')),
    game_id       TEXT    REFERENCES settlements (game_id),
    seat          INTEGER,
    note          TEXT,
    by_user_id    INTEGER,
    created_at    TEXT    NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (tournament_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
);

INSERT INTO ledger_012 (entry_id, guild_id, user_id, amount, balance_after, reason, game_id,
                        seat, note, by_user_id, created_at)
SELECT entry_id, guild_id, user_id, amount, balance_after, reason, game_id, seat, note,
       by_user_id, created_at FROM ledger;

DROP TABLE ledger;

ALTER TABLE ledger_012 RENAME TO ledger;

CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, entry_id);
CREATE INDEX ledger_by_game ON ledger (game_id) WHERE game_id IS NOT NULL;
CREATE INDEX ledger_by_tournament ON ledger (tournament_id) WHERE tournament_id IS NOT NULL;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
