#!/usr/bin/env bash
# The nightly job at a fleet's volume, measured as users run it: whole `replay`
# processes (release build) side by side with the sqlite3 CLI on the same data,
# in one run, printed as ratios against their targets.
#
#   Benchmarks/nightly.sh            (from anywhere; ~1–2 min after the release build, ~1.5 GB of temporary files)
#   RUNS=1 Benchmarks/nightly.sh     (one repetition of each timing; the default, 3, reports medians of 3)
#   REPLAY_BIN=… Benchmarks/nightly.sh   (measure a release replay built elsewhere)
#
# Every row of the speed table (issue 25) is printed with its target and a pass/fail
# mark, then the rows kept for the record (run peak memory, baseline size).
#
# Data: one CSV per size, 2 events per press, 500 presses per trace, taps spread
# over the example settings screen (most fire, some land in gaps), screen "Settings";
# the 1M-event data also as 1,000 JSON Lines files (one per trace, same events).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
command -v sqlite3 >/dev/null || { echo "needs the sqlite3 command-line tool (apt-get install sqlite3)"; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)"; exit 2; }
if [ -n "${REPLAY_BIN:-}" ]; then
  replay="$REPLAY_BIN"   # a release build made elsewhere (REPLAY_BIN=path/to/replay Benchmarks/nightly.sh)
else
  echo "building replay (release)…" >&2
  swift build -c release --product replay >/dev/null
  replay="$(swift build -c release --show-bin-path)/replay"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
snapshot="Traces/snapshots/Settings.json"

echo "generating traces…" >&2
python3 - "$work" <<'PY'
import sys, random
work = sys.argv[1]
random.seed(7)
# Row frames of the example settings screen: taps anywhere in a row, some outside.
rows = [(16, 100, 361, 44), (16, 144, 361, 44), (16, 188, 361, 44), (16, 232, 361, 44), (16, 276, 361, 44)]
def write(name, traces, presses=500):
    with open(f"{work}/{name}.csv", "w") as f:
        f.write("trace,screen,t,touch,phase,x,y\n")
        for k in range(traces):
            out = []
            t = 0.0
            for i in range(presses):
                x0, y0, w, h = random.choice(rows)
                x, y = round(x0 + random.random() * w, 2), round(y0 + random.random() * h, 2)
                t += 0.4 + random.random()
                out.append(f"{name}-{k:05d},Settings,{t:.3f},1,began,{x},{y}\n")
                out.append(f"{name}-{k:05d},Settings,{t + 0.08:.3f},1,ended,{x},{y}\n")
            f.write("".join(out))
def write_jsonl(name):
    # The same events as name.csv, one JSON Lines file per trace.
    import os
    os.makedirs(f"{work}/{name}-jsonl", exist_ok=True)
    files = {}
    with open(f"{work}/{name}.csv") as f:
        next(f)
        for line in f:
            trace, screen, t, touch, phase, x, y = line.rstrip("\n").split(",")
            if trace not in files:
                files[trace] = ['{"format":"tapreplay-trace","version":1,"trace":"%s","screen":"%s"}\n' % (trace, screen)]
            files[trace].append('{"t":%s,"touch":%s,"phase":"%s","x":%s,"y":%s}\n' % (t, touch, phase, x, y))
    for trace, out in files.items():
        with open(f"{work}/{name}-jsonl/{trace}.jsonl", "w") as f:
            f.write("".join(out))
write("1M", 1000)
write("100k", 100)
write("2M", 2000)
write("50k", 50)
write_jsonl("1M")
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Each timing starts with nothing waiting to be written back: the files the previous command wrote
# (a 60 MB database) would otherwise be flushed by the kernel during the next one.
seconds() { local start end; sync; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
peak_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
ratio() { echo "scale=2; $1 / $2" | bc -l; }
cli_import() {  # the sqlite3 CLI into a plain 7-column table, same page size and journal settings as the store
    rm -f "$1"*
    sqlite3 "$1" "PRAGMA page_size=16384; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; CREATE TABLE event(trace TEXT, screen TEXT, t REAL, touch INTEGER, phase TEXT, x REAL, y REAL);" >/dev/null
    sqlite3 "$1" ".import --csv --skip 1 $2 event"
}
replay_import() { rm -f "$1"*; "$replay" import "$2" --db "$1"; }

echo "import: replay vs sqlite3 CLI, 1M events ($RUNS runs each, alternating)…" >&2
ri=(); ci=()
for _ in $(seq "$RUNS"); do
    ri+=("$(seconds replay_import "$work/imp.sqlite" "$work/1M.csv")")
    ci+=("$(seconds cli_import "$work/cli.sqlite" "$work/1M.csv")")
done
r_imp=$(printf '%s\n' "${ri[@]}" | median); c_imp=$(printf '%s\n' "${ci[@]}" | median)

echo "import: JSON Lines (1,000 files, the same 1M events) vs the sqlite3 CLI's CSV import…" >&2
rj=(); for _ in $(seq "$RUNS"); do rj+=("$(seconds replay_import "$work/impj.sqlite" "$work/1M-jsonl")"); done
r_impj=$(printf '%s\n' "${rj[@]}" | median)

echo "import peak memory: 2M vs 50k events…" >&2
rm -f "$work/m"*; m_big=$(peak_kb "$replay" import "$work/2M.csv" --db "$work/m2.sqlite")
m_small=$(peak_kb "$replay" import "$work/50k.csv" --db "$work/m1.sqlite")

echo "run: replay run --json (with a version-2 baseline) vs sqlite3 SELECT * FROM event…" >&2
db="$work/run.sqlite"; small="$work/run100k.sqlite"
rm -f "$db"* "$small"*
"$replay" import "$work/1M.csv" --db "$db" >/dev/null
"$replay" import "$work/100k.csv" --db "$small" >/dev/null
"$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --record --db "$db" >/dev/null 2>&1 || true
rr=(); cr=(); hist=()
for _ in $(seq "$RUNS"); do
    rr+=("$(seconds "$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --db "$db" --json)")
    cr+=("$(seconds sqlite3 "$db" "SELECT * FROM event")")
    hist+=("$("$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --db "$db" --json 2>&1 >/dev/null \
              | sed -n 's/.*recorded run #[0-9]* in .* in \([0-9.]*\) \(m\{0,1\}s\)$/\1 \2/p' \
              | awk '{ print ($2 == "ms") ? $1 / 1000 : $1 }')")
done
r_run=$(printf '%s\n' "${rr[@]}" | median); c_run=$(printf '%s\n' "${cr[@]}" | median)
# A changed build against the same baseline: every press is replayed against both view trees,
# and the hollow rows turn a third of the presses into regressions (a worst case, not a nightly norm).
changed="Traces/builds/Settings.no-content-shape.json"
rc=(); for _ in $(seq "$RUNS"); do rc+=("$(seconds "$replay" run --snapshots "$changed" --baseline "$work/Baselines" --db "$db" --json)"); done
r_changed=$(printf '%s\n' "${rc[@]}" | median)
h_run=$(printf '%s\n' "${hist[@]}" | median)
baseline_kb=$(( $(wc -c < "$work/Baselines/Settings.json") / 1024 ))

echo "run peak memory: 1M vs 100k events…" >&2
"$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --db "$small" >/dev/null 2>&1 || true
rm_big=$(peak_kb "$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --db "$db" --json)
rm_small=$(peak_kb "$replay" run --snapshots "$snapshot" --baseline "$work/Baselines" --db "$small" --json)

# pass/fail: "le" — the ratio must be at most the target; "ge" — at least.
mark() { if [ "$(echo "$1 $2 $3" | awk '{ r = ($2 == "le") ? ($1 <= $3) : ($1 >= $3); print r }')" = 1 ]; then echo "pass"; else echo "FAIL"; fi; }
row() {  # what, replay figure, reference figure, ratio, le|ge, target, unit
    printf '%-66s %10s %10s %7.2f×  %s %-5s %s\n' "$1" "$2" "$3" "$4" "$([ "$5" = le ] && echo "≤" || echo "≥")" "$6×" "$(mark "$4" "$5" "$6")"
}

echo
echo "TapReplay nightly benchmark ($(nproc) cores, median of $RUNS, release build; load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime))"
printf '%-66s %10s %10s %8s  %-7s %s\n' "what (issue 25's table)" "replay" "reference" "ratio" "target" ""
row "replay run --json vs sqlite3 'SELECT * FROM event', 1M events" "$(printf '%.2fs' "$r_run")" "$(printf '%.2fs' "$c_run")" "$(ratio "$r_run" "$c_run")" le 1.0
row "  the same against a regressed build (both trees, ~250k findings)" "$(printf '%.2fs' "$r_changed")" "$(printf '%.2fs' "$c_run")" "$(ratio "$r_changed" "$c_run")" le 2.0
row "import one CSV of 1,000 traces: sqlite3 CLI time ÷ replay time" "$(printf '%.2fs' "$r_imp")" "$(printf '%.2fs' "$c_imp")" "$(ratio "$c_imp" "$r_imp")" ge 1.5
row "  the same as JSON Lines (1,000 files): CLI's CSV time ÷ replay" "$(printf '%.2fs' "$r_impj")" "$(printf '%.2fs' "$c_imp")" "$(ratio "$c_imp" "$r_impj")" ge 1.0
row "import peak RSS: 2M events ÷ 50k events" "$((m_big / 1024))MB" "$((m_small / 1024))MB" "$(ratio "$m_big" "$m_small")" le 1.5
row "history write of the 1M-event run ÷ reading its events (sqlite3)" "$(printf '%.3fs' "$h_run")" "$(printf '%.2fs' "$c_run")" "$(ratio "$h_run" "$c_run")" le 0.1
echo
echo "for the record"
row "run --json peak RSS: 1M events ÷ 100k events" "$((rm_big / 1024))MB" "$((rm_small / 1024))MB" "$(ratio "$rm_big" "$rm_small")" le 3
printf '%-66s %8dKB %10s %8s  %s\n' "baseline file for 500,000 presses" "$baseline_kb" "" "" "independent of presses"
