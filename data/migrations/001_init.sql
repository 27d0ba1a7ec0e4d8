-- 001 (init): the economy. Guilds (each Discord server its own economy, with its
-- house account), players, settlements of finished games, and the append-only ledger of
-- every bean movement.
-- Invariant: a balance (a player's, or a guild's house_balance) equals the sum of its ledger
-- rows; bot/store checks it with Store.check_invariants().

CREATE TABLE guilds (
    guild_id      INTEGER PRIMARY KEY,
    house_balance INTEGER NOT NULL DEFAULT 0,  -- may go below 0: the house bankrolls AI seats
    created_at    TEXT    NOT NULL
);

CREATE TABLE players (
    guild_id       INTEGER NOT NULL REFERENCES guilds (guild_id),
    user_id        INTEGER NOT NULL CHECK (user_id > 0),
    name           TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    balance        INTEGER NOT NULL CHECK (balance >= 0),
    points         INTEGER NOT NULL DEFAULT 0,  -- lifetime 积分 (RULES.md §7)
    games          INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
    wins           INTEGER NOT NULL DEFAULT 0 CHECK (wins BETWEEN 0 AND games),
    landlord_games INTEGER NOT NULL DEFAULT 0 CHECK (landlord_games >= 0),
    landlord_wins  INTEGER NOT NULL DEFAULT 0 CHECK (landlord_wins BETWEEN 0 AND landlord_games),
    farmer_games   INTEGER NOT NULL DEFAULT 0 CHECK (farmer_games >= 0),
    farmer_wins    INTEGER NOT NULL DEFAULT 0 CHECK (farmer_wins BETWEEN 0 AND farmer_games),
    last_daily     TEXT,  -- ISO date (UTC) of the last daily bonus
    last_relief    TEXT,  -- ISO date (UTC) of the last relief
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE INDEX players_by_balance ON players (guild_id, balance DESC, user_id);
CREATE INDEX players_by_points ON players (guild_id, points DESC, user_id);

-- One row per settled game: the idempotence key. ``content`` is the canonical JSON of the
-- Settlement; a second settlement with the same game id must carry the same content.
CREATE TABLE settlements (
    game_id     TEXT    PRIMARY KEY,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    content     TEXT    NOT NULL,
    result_json TEXT    NOT NULL,
    house_delta INTEGER NOT NULL,  -- what the house gained (fees, penalties, AI seats)
    settled_at  TEXT    NOT NULL
);

CREATE TABLE settlement_seats (
    game_id  TEXT    NOT NULL REFERENCES settlements (game_id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    guild_id INTEGER NOT NULL,
    user_id  INTEGER,  -- NULL: an AI seat, booked against the house
    transfer INTEGER NOT NULL,
    fee      INTEGER NOT NULL CHECK (fee >= 0),
    penalty  INTEGER NOT NULL CHECK (penalty BETWEEN 0 AND fee),
    points   INTEGER NOT NULL,
    role     TEXT    NOT NULL CHECK (role IN ('landlord', 'farmer', '')),
    won      INTEGER NOT NULL CHECK (won IN (0, 1)),
    counted  INTEGER NOT NULL CHECK (counted IN (0, 1)),  -- 0: a void deal for this seat
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX settlement_seats_by_player ON settlement_seats (guild_id, user_id)
    WHERE user_id IS NOT NULL;

-- Every bean movement, in order. user_id NULL is the guild's house account.
CREATE TABLE ledger (
    entry_id      INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL REFERENCES guilds (guild_id),
    user_id       INTEGER,
    amount        INTEGER NOT NULL CHECK (amount <> 0),
    balance_after INTEGER NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN (
                      'start', 'transfer', 'fee', 'escape_penalty', 'ai_seat',
                      'daily', 'relief', 'grant', 'take')),
    game_id       TEXT    REFERENCES settlements (game_id),
    seat          INTEGER,
    note          TEXT,
    by_user_id    INTEGER,
    created_at    TEXT    NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
);

CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, entry_id);
CREATE INDEX ledger_by_game ON ledger (game_id) WHERE game_id IS NOT NULL;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
