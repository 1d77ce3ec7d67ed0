import GRDB

/// The schema, as named, append-only migrations. Never edit a migration that
/// has shipped; add a new one. `docs/database.md` describes the tables.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1-traces") { db in
            try db.execute(sql: """
                CREATE TABLE trace (
                    id            INTEGER PRIMARY KEY,
                    name          TEXT NOT NULL UNIQUE,   -- the trace id written in the file
                    screen        TEXT NOT NULL,
                    device_model  TEXT,
                    os            TEXT,
                    app_version   TEXT,
                    app_build     TEXT,
                    recorded_at   TEXT,
                    source        TEXT,
                    content_hash  TEXT NOT NULL,          -- SHA-256 of the header and events
                    event_count   INTEGER NOT NULL,
                    imported_from TEXT,
                    imported_at   TEXT NOT NULL
                );
                CREATE INDEX trace_screen ON trace(screen);

                CREATE TABLE event (
                    id       INTEGER PRIMARY KEY,         -- file order within a trace
                    trace_id INTEGER NOT NULL REFERENCES trace(id) ON DELETE CASCADE,
                    t        REAL NOT NULL,
                    touch    INTEGER NOT NULL,
                    phase    TEXT NOT NULL,
                    x        REAL NOT NULL,
                    y        REAL NOT NULL,
                    radius   REAL,
                    expect   TEXT
                );
                CREATE INDEX event_trace ON event(trace_id);

                CREATE TABLE snapshot (
                    id            INTEGER PRIMARY KEY,
                    screen        TEXT NOT NULL,
                    app_id        TEXT,
                    app_version   TEXT,
                    app_build     TEXT,
                    device_model  TEXT,
                    os            TEXT,
                    captured_at   TEXT,
                    node_count    INTEGER NOT NULL,
                    content_hash  TEXT NOT NULL UNIQUE,   -- SHA-256 of the file's bytes
                    json          TEXT NOT NULL,
                    imported_from TEXT,
                    imported_at   TEXT NOT NULL
                );
                CREATE INDEX snapshot_screen ON snapshot(screen);
                """)
        }
        m.registerMigration("v2-runs") { db in
            try db.execute(sql: """
                CREATE TABLE run (
                    id           INTEGER PRIMARY KEY,
                    started_at   TEXT NOT NULL,
                    finished_at  TEXT,
                    revision     TEXT,
                    passed       INTEGER NOT NULL,
                    touch_radius REAL NOT NULL,
                    grid_step    REAL NOT NULL,
                    settings     TEXT NOT NULL,           -- JSON of every tunable
                    regressions  INTEGER NOT NULL DEFAULT 0,
                    improvements INTEGER NOT NULL DEFAULT 0
                );

                CREATE TABLE run_suite (
                    id              INTEGER PRIMARY KEY,
                    run_id          INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    suite           TEXT NOT NULL,        -- the screen
                    snapshot_hash   TEXT NOT NULL,
                    snapshot_source TEXT,                 -- file path, or db:<id>
                    app_version     TEXT,
                    app_build       TEXT,
                    baseline        TEXT,                 -- compared | written | missing | none
                    passed          INTEGER NOT NULL,
                    regressions     INTEGER NOT NULL DEFAULT 0,
                    improvements    INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX run_suite_run ON run_suite(run_id);
                CREATE INDEX run_suite_suite ON run_suite(suite);

                CREATE TABLE press_result (
                    id           INTEGER PRIMARY KEY,
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace        TEXT NOT NULL,
                    press        INTEGER NOT NULL,
                    x            REAL NOT NULL,
                    y            REAL NOT NULL,
                    outcome      TEXT NOT NULL,
                    node         TEXT,
                    action       TEXT,
                    gesture      TEXT,
                    latency_ms   REAL,
                    expect       TEXT,
                    met          INTEGER,                 -- NULL when the press expects nothing
                    part_of      INTEGER                  -- a press consumed by a multi-tap: the press that began it
                );
                CREATE INDEX press_result_suite ON press_result(run_suite_id);
                CREATE INDEX press_result_key ON press_result(trace, press);

                CREATE TABLE target_result (
                    id              INTEGER PRIMARY KEY,
                    run_suite_id    INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    node            TEXT NOT NULL,
                    action          TEXT,
                    own             REAL NOT NULL,
                    stolen          REAL NOT NULL,
                    blocked         REAL NOT NULL,
                    ambiguous       REAL NOT NULL,
                    disabled        REAL NOT NULL,
                    miss            REAL NOT NULL,
                    expected_tries  INTEGER NOT NULL DEFAULT 0,
                    first_try_met   INTEGER NOT NULL DEFAULT 0,
                    p50_latency_ms  REAL,
                    p95_latency_ms  REAL
                );
                CREATE INDEX target_result_suite ON target_result(run_suite_id);
                CREATE INDEX target_result_node ON target_result(node);

                CREATE TABLE finding (
                    id             INTEGER PRIMARY KEY,
                    run_suite_id   INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    kind           TEXT NOT NULL,         -- regression | improvement | new
                    rule           TEXT NOT NULL,         -- R1 ... R6
                    trace          TEXT,
                    press          INTEGER,
                    x              REAL,
                    y              REAL,
                    node           TEXT,
                    before         TEXT,
                    after          TEXT,
                    message        TEXT NOT NULL
                );
                CREATE INDEX finding_suite ON finding(run_suite_id);
                """)
        }
        return m
    }

    /// Migration identifiers this build knows, oldest first.
    static var known: [String] { migrator.migrations }
}
