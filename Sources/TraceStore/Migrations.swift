import GRDB

/// The schema, as named, append-only migrations. Never edit a migration that
/// has shipped; add a new one. `docs/traces-and-database.md` describes the tables.
enum Migrations {
    static var migrator: DatabaseMigrator { migrator(skipping: []) }

    /// The migrator without the migrations named: a database as a build that lacked them
    /// migrated it (tests: branches that each added a migration, merged in either order).
    static func migrator(skipping: Set<String>) -> DatabaseMigrator {
        var m = DatabaseMigrator()
        func register(_ identifier: String, _ migrate: @escaping @Sendable (Database) throws -> Void) {
            if !skipping.contains(identifier) { m.registerMigration(identifier, migrate: migrate) }
        }
        register("v1-traces") { db in
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
        register("v2-runs") { db in
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
        register("v3-compact-history") { db in
            // Per-press history only where it carries information (presses that did not fire, or
            // changed against the baseline), as integers: traces by id, names interned in `label`,
            // outcomes as codes. Which traces a suite replayed is kept, so a press with no row
            // fired as on the baseline; trace and snapshot ids reproduce everything else.
            try db.execute(sql: """
                CREATE TABLE label (
                    id   INTEGER PRIMARY KEY,
                    text TEXT NOT NULL UNIQUE
                );
                ALTER TABLE run_suite ADD COLUMN traces INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE run_suite ADD COLUMN presses INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE run_suite ADD COLUMN fired INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE run_suite ADD COLUMN first_tries INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE run_suite ADD COLUMN first_tries_met INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE run_trace (
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id     INTEGER NOT NULL,        -- trace.id
                    PRIMARY KEY (run_suite_id, trace_id)
                ) WITHOUT ROWID;
                CREATE TABLE press_outcome (
                    run_suite_id       INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id           INTEGER NOT NULL,  -- trace.id
                    press              INTEGER NOT NULL,
                    outcome            INTEGER NOT NULL,  -- 0 hit, 1 expanded, 2 ambiguous, 3 blocked, 4 disabled, 5 miss
                    node_id            INTEGER,           -- label.id
                    action_id          INTEGER,           -- label.id
                    latency_ms         REAL,
                    baseline_outcome   INTEGER,           -- against the baseline's snapshot; NULL without one
                    baseline_node_id   INTEGER,
                    baseline_action_id INTEGER,
                    baseline_latency_ms REAL,
                    met                INTEGER,           -- NULL when the press expects nothing
                    PRIMARY KEY (run_suite_id, trace_id, press)
                ) WITHOUT ROWID;
                INSERT OR IGNORE INTO label (text)
                    SELECT node FROM press_result WHERE node IS NOT NULL UNION SELECT action FROM press_result WHERE action IS NOT NULL;
                INSERT OR IGNORE INTO run_trace (run_suite_id, trace_id)
                    SELECT DISTINCT p.run_suite_id, t.id FROM press_result p JOIN trace t ON t.name = p.trace;
                INSERT OR IGNORE INTO press_outcome (run_suite_id, trace_id, press, outcome, node_id, action_id, latency_ms, met)
                    SELECT p.run_suite_id, t.id, p.press,
                           \(OutcomeCode.sqlCode(of: "p.outcome")),
                           (SELECT id FROM label WHERE text = p.node), (SELECT id FROM label WHERE text = p.action), p.latency_ms, p.met
                    FROM press_result p JOIN trace t ON t.name = p.trace
                    WHERE p.outcome NOT IN ('hit', 'expanded') OR p.met = 0;
                UPDATE run_suite SET presses = (SELECT count(*) FROM press_result p WHERE p.run_suite_id = run_suite.id AND p.part_of IS NULL),
                                     fired = (SELECT count(*) FROM press_result p WHERE p.run_suite_id = run_suite.id AND p.part_of IS NULL
                                                                                   AND p.outcome IN ('hit', 'expanded')),
                                     traces = (SELECT count(DISTINCT trace) FROM press_result p WHERE p.run_suite_id = run_suite.id);
                DROP TABLE press_result;
                \(Migrations.pressHistoryView)
                """)
        }
        register("v4-file-hash") { db in
            // Every trace file imported, by the SHA-256 of its bytes: importing the same file
            // again is recognised from the hash alone, before any parsing.
            try db.execute(sql: """
                CREATE TABLE imported_file (
                    id          INTEGER PRIMARY KEY,
                    file_hash   TEXT NOT NULL UNIQUE,     -- SHA-256 of the whole file's bytes
                    path        TEXT NOT NULL,            -- as given to the import that stored it
                    bytes       INTEGER NOT NULL,
                    traces      TEXT NOT NULL,            -- JSON array of the trace ids the file holds
                    events      INTEGER NOT NULL,
                    imported_at TEXT NOT NULL
                );
                """)
        }
        register("v5-shards") { db in
            // Sharded runs (docs/nightly-ci.md): a shard file is a database of this schema
            // holding one shard's part of a run; `replay merge` adds the parts up exactly.
            // Findings keep everything a report shows of them (history's findings too);
            // the shard_* tables are filled only in shard files; a merged run keeps the
            // shards' run key so that merging the same shards twice records one run.
            try db.execute(sql: """
                ALTER TABLE finding ADD COLUMN action TEXT;
                ALTER TABLE finding ADD COLUMN expect TEXT;
                ALTER TABLE finding ADD COLUMN probe INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE finding ADD COLUMN reason_id INTEGER;      -- label.id: the engine's reason for what the press does now
                ALTER TABLE finding ADD COLUMN part_of INTEGER;        -- a press consumed by a multi-tap: the press that began it
                ALTER TABLE run ADD COLUMN shard_key TEXT;             -- a merged run: the key its shards share
                CREATE UNIQUE INDEX run_shard_key ON run(shard_key) WHERE shard_key IS NOT NULL;
                CREATE TABLE shard (
                    id          INTEGER PRIMARY KEY CHECK (id = 1),
                    run_key     TEXT NOT NULL,                 -- SHA-256 of identity: every shard of one run has it
                    shard_index INTEGER NOT NULL,              -- 1-based
                    shard_count INTEGER NOT NULL,
                    identity    TEXT NOT NULL,                 -- JSON: snapshots, baselines, settings, traces of the run
                    traces      INTEGER NOT NULL,              -- replayed by this shard
                    events      INTEGER NOT NULL
                );
                CREATE TABLE shard_suite (
                    run_suite_id     INTEGER PRIMARY KEY REFERENCES run_suite(id) ON DELETE CASCADE,
                    events           INTEGER NOT NULL,
                    fit              TEXT NOT NULL,            -- JSON: presses outside the snapshot, devices, unknown expects, known problems' traces seen
                    new_presses      INTEGER NOT NULL DEFAULT 0,   -- version-1 baselines: presses they do not have
                    new_press_traces TEXT                      -- JSON array of their traces
                );
                CREATE TABLE shard_target (
                    run_suite_id   INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    node_id        INTEGER NOT NULL,           -- label.id
                    expected_tries INTEGER NOT NULL,
                    first_try_met  INTEGER NOT NULL,
                    firings        INTEGER NOT NULL,
                    PRIMARY KEY (run_suite_id, node_id)
                ) WITHOUT ROWID;
                CREATE TABLE shard_latency (                    -- exact latency histogram: each distinct value and its count
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    node_id      INTEGER NOT NULL,             -- label.id
                    action_id    INTEGER,                      -- label.id
                    latency_ms   REAL NOT NULL,
                    count        INTEGER NOT NULL
                );
                CREATE TABLE shard_burst (
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id     INTEGER NOT NULL,             -- trace.id
                    presses      TEXT NOT NULL,                -- JSON array of press numbers
                    x            REAL NOT NULL,
                    y            REAL NOT NULL,
                    resolved     INTEGER NOT NULL,
                    target_id    INTEGER                       -- label.id
                );
                CREATE TABLE shard_expectation (
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id     INTEGER NOT NULL,
                    press        INTEGER NOT NULL,
                    expect_id    INTEGER NOT NULL,             -- label.id
                    PRIMARY KEY (run_suite_id, trace_id, press)
                ) WITHOUT ROWID;
                CREATE TABLE shard_mark (                       -- presses drawn on a picture that did not regress (at most 3,000 a suite)
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id     INTEGER NOT NULL,
                    press        INTEGER NOT NULL,
                    x            REAL NOT NULL,
                    y            REAL NOT NULL,
                    outcome      INTEGER NOT NULL,
                    action_id    INTEGER,
                    reason_id    INTEGER,
                    PRIMARY KEY (run_suite_id, trace_id, press)
                ) WITHOUT ROWID;
                """)
        }
        register("v6-press-groups") { db in
            // The presses of a trace that carry nothing but their outcome and the baseline's (most
            // often: missed on both builds) are stored as one row per trace and outcome pair, their
            // press numbers a JSON array; `press_outcome` becomes the view that expands them, so
            // every query over it, and `press_history`, reads as before. A nightly run writes one
            // row per trace instead of one per missed press.
            try db.execute(sql: """
                DROP VIEW press_history;
                ALTER TABLE press_outcome RENAME TO press_detail;
                CREATE TABLE press_group (
                    run_suite_id     INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    trace_id         INTEGER NOT NULL,        -- trace.id
                    outcome          INTEGER NOT NULL,        -- as press_outcome.outcome
                    baseline_outcome INTEGER,                 -- NULL without a baseline
                    presses          TEXT NOT NULL            -- JSON array of press numbers, ascending
                );
                CREATE INDEX press_group_suite ON press_group(run_suite_id);
                CREATE VIEW press_outcome AS
                    SELECT run_suite_id, trace_id, press, outcome, node_id, action_id, latency_ms,
                           baseline_outcome, baseline_node_id, baseline_action_id, baseline_latency_ms, met
                    FROM press_detail
                    UNION ALL
                    SELECT g.run_suite_id, g.trace_id, j.value, g.outcome, NULL, NULL, NULL,
                           g.baseline_outcome, NULL, NULL, NULL, NULL
                    FROM press_group g, json_each(g.presses) j;
                \(Migrations.pressHistoryView)
                """)
        }
        register("v7-finding-labels") { db in
            // A finding's message and its two sides as JSON repeat across the presses of one cause
            // (a regressed run: 250,000 findings, 1,780 distinct messages, 10 distinct sides), so
            // they are interned in `label` like node names; `finding` becomes the view that reads
            // them back, with the columns it had. Rows written before keep their text.
            try db.execute(sql: """
                ALTER TABLE finding RENAME TO finding_row;
                ALTER TABLE finding_row ADD COLUMN message_id INTEGER;   -- label.id (then message is '')
                ALTER TABLE finding_row ADD COLUMN before_id INTEGER;    -- label.id (then before is NULL)
                ALTER TABLE finding_row ADD COLUMN after_id INTEGER;     -- label.id (then after is NULL)
                CREATE VIEW finding AS
                    \(Migrations.findingRows);
                """)
        }
        register("v8-event-ranges") { db in
            // A trace's events lie between its first and last event id (only an interleaving CSV puts
            // other traces' rows between them), so a trace is read by a range of the table's own key
            // and the index on event(trace_id) goes: it cost a quarter of an import's time (1M events:
            // 1.49 s with it, 1.13 s without). Ad-hoc queries on trace_id scan the table (≈ 0.1 s per
            // million events).
            try db.execute(sql: """
                ALTER TABLE trace ADD COLUMN first_event INTEGER;   -- event.id of its first event (NULL: none)
                ALTER TABLE trace ADD COLUMN last_event INTEGER;    -- event.id of its last event
                UPDATE trace SET first_event = (SELECT min(id) FROM event WHERE trace_id = trace.id),
                                 last_event = (SELECT max(id) FROM event WHERE trace_id = trace.id);
                DROP INDEX event_trace;
                """)
        }
        register("v9-grouped-history") { db in
            // A regressed run wrote a row per changed press twice over (250,000 `press_detail` rows and
            // 250,000 `finding_row` rows: 2.0 of its 2.8 s of history). Presses and findings that share
            // everything but the press (the presses of a trace that a hollow row no longer fires) now go
            // in one row: `press_group` gains the columns of `press_detail`, and `finding_group` keeps a
            // trace's findings of one message with their presses as a JSON array. The views
            // `press_outcome` and `finding` expand both, under the columns they had; rows written
            // before stay where they are and read as before.
            try db.execute(sql: """
                DROP VIEW press_history;
                DROP VIEW press_outcome;
                DROP VIEW finding;
                ALTER TABLE press_group ADD COLUMN node_id INTEGER;   -- label.id, as in press_detail
                ALTER TABLE press_group ADD COLUMN action_id INTEGER;
                ALTER TABLE press_group ADD COLUMN latency_ms REAL;
                ALTER TABLE press_group ADD COLUMN baseline_node_id INTEGER;
                ALTER TABLE press_group ADD COLUMN baseline_action_id INTEGER;
                ALTER TABLE press_group ADD COLUMN baseline_latency_ms REAL;
                ALTER TABLE press_group ADD COLUMN met INTEGER;
                CREATE VIEW press_outcome AS
                    SELECT run_suite_id, trace_id, press, outcome, node_id, action_id, latency_ms,
                           baseline_outcome, baseline_node_id, baseline_action_id, baseline_latency_ms, met
                    FROM press_detail
                    UNION ALL
                    SELECT g.run_suite_id, g.trace_id, j.value, g.outcome, g.node_id, g.action_id, g.latency_ms,
                           g.baseline_outcome, g.baseline_node_id, g.baseline_action_id, g.baseline_latency_ms, g.met
                    FROM press_group g, json_each(g.presses) j;
                \(Migrations.pressHistoryView)
                CREATE TABLE finding_group (
                    id           INTEGER PRIMARY KEY,
                    run_suite_id INTEGER NOT NULL REFERENCES run_suite(id) ON DELETE CASCADE,
                    first_id     INTEGER NOT NULL,   -- the id its first finding has in the view finding
                    last_id      INTEGER NOT NULL,   -- and its last
                    kind         TEXT NOT NULL,
                    rule         TEXT NOT NULL,
                    trace        TEXT NOT NULL,
                    node         TEXT,
                    action       TEXT,
                    expect       TEXT,
                    probe        INTEGER NOT NULL,
                    reason_id    INTEGER,            -- label.id, as in finding_row
                    message_id   INTEGER NOT NULL,
                    before_id    INTEGER,
                    after_id     INTEGER,
                    presses      TEXT NOT NULL       -- JSON: [[id - first_id, press, x, y, part_of or absent], ...]
                );
                CREATE INDEX finding_group_suite ON finding_group(run_suite_id);
                CREATE VIEW finding AS
                    \(Migrations.findingRows)
                    UNION ALL
                    SELECT g.first_id + json_extract(j.value, '$[0]'), g.run_suite_id, g.kind, g.rule, g.trace,
                           json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), json_extract(j.value, '$[3]'), g.node,
                           b.text, a.text, m.text, g.action, g.expect, g.probe, g.reason_id, json_extract(j.value, '$[4]')
                    FROM finding_group g JOIN json_each(g.presses) j LEFT JOIN label m ON m.id = g.message_id
                    LEFT JOIN label b ON b.id = g.before_id LEFT JOIN label a ON a.id = g.after_id;
                """)
        }
        // A production recording's screen visits (docs/field-report.md): which SDK, the screen size it
        // recorded, and the snapshot inferred from its wireframes — kept apart from `snapshot`, so that
        // `replay run` never takes one for a baseline.
        register("v10-recording-visits") { db in
            try db.execute(sql: """
                CREATE TABLE recording_visit (
                    trace_id          INTEGER PRIMARY KEY REFERENCES trace(id) ON DELETE CASCADE,
                    format            TEXT NOT NULL,   -- posthog, datadog, measure
                    width             REAL,            -- the recorded screen, points
                    height            REAL,
                    inferred_snapshot TEXT             -- canonical snapshot JSON, capture.from "session-replay"
                );
                """)
        }
        return m
    }

    /// `press_outcome` with names (v3, and again over the v6 view).
    static let pressHistoryView = """
        CREATE VIEW press_history AS
            SELECT s.run_id, s.suite, s.snapshot_hash, t.name AS trace, p.press,
                   \(OutcomeCode.sqlName(of: "p.outcome", otherwise: "'miss'")) AS outcome,
                   n.text AS node, a.text AS action, p.latency_ms,
                   \(OutcomeCode.sqlName(of: "p.baseline_outcome")) AS baseline_outcome,
                   bn.text AS baseline_node, ba.text AS baseline_action, p.baseline_latency_ms, p.met
            FROM press_outcome p JOIN run_suite s ON s.id = p.run_suite_id JOIN trace t ON t.id = p.trace_id
            LEFT JOIN label n ON n.id = p.node_id LEFT JOIN label a ON a.id = p.action_id
            LEFT JOIN label bn ON bn.id = p.baseline_node_id LEFT JOIN label ba ON ba.id = p.baseline_action_id;
        """

    /// `finding_row` with its text read back from `label` (the view `finding` of v7, and its first half since v9).
    static let findingRows = """
        SELECT f.id, f.run_suite_id, f.kind, f.rule, f.trace, f.press, f.x, f.y, f.node,
               CASE WHEN f.before_id IS NULL THEN f.before ELSE b.text END AS before,
               CASE WHEN f.after_id IS NULL THEN f.after ELSE a.text END AS after,
               CASE WHEN f.message_id IS NULL THEN f.message ELSE m.text END AS message,
               f.action, f.expect, f.probe, f.reason_id, f.part_of
        FROM finding_row f LEFT JOIN label m ON m.id = f.message_id
        LEFT JOIN label b ON b.id = f.before_id LEFT JOIN label a ON a.id = f.after_id
        """

    /// Migration identifiers this build knows, oldest first.
    static var known: [String] { migrator.migrations }
}
