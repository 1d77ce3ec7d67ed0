#!/usr/bin/env bash
# A sharded nightly run at a fleet's volume, measured as CI runs it: whole `replay`
# processes (release build). 10M events over 20 screens (one of them a regressed build,
# so the merge has hundreds of thousands of findings to put back in order), then
#   1. the unsharded run:              replay run --json
#   2. for n in $SHARDS (2 4 8): n shards and their merge:
#        replay run --shard i/n --shard-out …  (one process after another, as n CI runners
#        would each run one) ; replay merge … --json
# and prints, for each n, whether the merged JSON equals the unsharded one (the start time
# aside), each shard's wall time and share of the events, the merge's cost and peak memory,
# the speed-up of n runners (slowest shard + merge) over one, and whether each target of
# docs/nightly-ci.md ("When to shard") is met at 4 shards.
#
#   Benchmarks/shards.sh          (from anywhere; ~6 min on 2 cores after the release build, ~3 GB of temporary files)
#   EVENTS=2000000 Benchmarks/shards.sh               (a smaller trial)
#   EVENTS=100000000 SHARDS=4 Benchmarks/shards.sh    (the fleet's tenfold night: ~30 min, ~25 GB, ~10 GB of memory)
#   REPLAY=path/to/replay WORK=/tmp/bench Benchmarks/shards.sh   (a given build; keep the files)
#   RUNS=3 Benchmarks/shards.sh                       (each process run 3 times, its median time and highest peak kept: this machine's
#                                                      speed drifts by 15-25 % between minutes, so one run can mislead)
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${EVENTS:-10000000}
SCREENS=${SCREENS:-20}
SHARDS=${SHARDS:-"2 4 8"}
RUNS=${RUNS:-1}
if [ -z "${REPLAY:-}" ]; then
    echo "building replay (release)…" >&2
    swift build -c release --product replay >/dev/null
fi
replay=${REPLAY:-"$(swift build -c release --show-bin-path)/replay"}
work=${WORK:-$(mktemp -d)}
[ -n "${WORK:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/snapshots" "$work/good" "$work/traces"

echo "generating $EVENTS events over $SCREENS screens…" >&2
python3 - "$work" "$EVENTS" "$SCREENS" <<'PY'
import sys, random, json
work, events, screens = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(11)
good = json.load(open("Traces/snapshots/Settings.json"))
regressed = json.load(open("Traces/builds/Settings.no-content-shape.json"))
# Row frames of the example settings screen: taps anywhere in a row, some in its gaps.
rows = [("row.flowMeter", 16, 100), ("row.units", 16, 144), ("row.alerts", 16, 188), ("row.about", 16, 232)]
for s in range(screens):
    name = f"Screen{s + 1:02d}"
    for folder, doc in (("good", good), ("snapshots", regressed if s == screens - 1 else good)):
        d = dict(doc); d["screen"] = name
        json.dump(d, open(f"{work}/{folder}/{name}.json", "w"))
    budget = events // screens
    with open(f"{work}/traces/{name}.csv", "w") as f:
        f.write("trace,screen,t,touch,phase,x,y,radius,expect\n")
        k = 0
        while budget > 0:
            # Sessions of very different lengths (50 to 2,500 presses): balance by trace count would fail.
            presses = min(budget // 2, random.choice([50, 200, 500, 1000, 2500]))
            budget -= 2 * presses
            out, t = [], 0.0
            trace = f"{name}-{k:05d}"
            for _ in range(presses):
                node, x0, y0 = random.choice(rows)
                x, y = round(x0 + random.random() * 361, 2), round(y0 + random.random() * 44, 2)
                expect = node if random.random() < 0.25 else ""
                t += 0.4 + random.random()
                out.append(f"{trace},{name},{t:.3f},1,began,{x},{y},,{expect}\n{trace},{name},{t + 0.08:.3f},1,ended,{x},{y},,\n")
            f.write("".join(out))
            k += 1
PY

# timed OUT ERR command…: runs it, stdout to OUT and stderr to ERR; prints its wall time (s) and exit status.
timed() {
    local out=$1 err=$2 start end rc=0
    shift 2
    start=$(date +%s.%N); "$@" >"$out" 2>"$err" || rc=$?; end=$(date +%s.%N)
    echo "$(echo "$end - $start" | bc -l) $rc"
}
# peak FILE: the peak resident memory (MB) GNU time -v (Linux) or BSD time -l (macOS) wrote to FILE.
peak() {
    awk '/Maximum resident set size/ { printf "%.0f", $NF / 1024; exit }
         /maximum resident set size/ { printf "%.0f", $1 / 1048576; exit }' "$1"
}
if /usr/bin/time -v true >/dev/null 2>&1; then measure=(/usr/bin/time -v -o); else measure=(/usr/bin/time -l -o); fi
# median LIST…: the middle of the numbers given (the lower middle of an even count).
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
timeless() { grep -v '"startedAt"' "$1"; }
same() { if diff -q <(timeless "$1") <(timeless "$2") >/dev/null; then echo "yes"; else echo "NO"; fi; }

db="$work/replay.sqlite"
echo "importing…" >&2
read -r t_import _ < <(timed /dev/null "$work/import.log" "$replay" import "$work/traces" --db "$db")
timed /dev/null /dev/null "$replay" run --snapshots "$work/good" --baseline "$work/Baselines" --record --db "$work/empty.sqlite" >/dev/null
cp "$db" "$work/pristine.sqlite"
run=(--snapshots "$work/snapshots" --baseline "$work/Baselines" --revision bench)

echo "the unsharded run…" >&2
times=(); peaks=()
for r in $(seq "$RUNS"); do
    cp "$work/pristine.sqlite" "$db"  # each run records into the database as it was
    read -r t status < <(timed "$work/whole.json" "$work/whole.log" "${measure[@]}" "$work/whole.time" "$replay" run "${run[@]}" --db "$db" --json)
    times+=("$t"); peaks+=("$(peak "$work/whole.time")")
    rm -f "$db"-*
done
t_whole=$(median "${times[@]}"); whole_peak=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
total=$(sqlite3 "$db" 'SELECT sum(event_count) FROM trace')
findings=$(grep -c '"rule"' "$work/whole.json" || true)
rm -f "$db" "$db"-*

echo
echo "TapReplay sharded run ($(nproc) cores, release build, $(date -u +%Y-%m-%d), the median of $RUNS run(s) each): $total events in $(sqlite3 "$work/pristine.sqlite" 'SELECT count(*) FROM trace') traces over $SCREENS screens, $findings findings"
printf '%-52s %9.2fs\n' "import (once, for reference)" "$t_import"
printf '%-52s %9.2fs   %.2f s per million events (exit %s), peak %s MB\n' "unsharded: replay run --json" "$t_whole" "$(echo "$t_whole * 1000000 / $total" | bc -l)" "$status" "$whole_peak"
met() { if [ "$(echo "$1" | bc -l)" = 1 ]; then echo "met"; else echo "MISSED"; fi; }
for n in $SHARDS; do
    echo "$n shards and their merge…" >&2
    cp "$work/pristine.sqlite" "$work/n$n.sqlite"
    mkdir -p "$work/n$n"
    t_shard=(); events=(); peaks=()
    for i in $(seq "$n"); do
        times=()
        for r in $(seq "$RUNS"); do  # a shard records nothing: run again as it is
            read -r t _ < <(timed /dev/null "$work/n$n/$i.log" "${measure[@]}" "$work/n$n/$i.time" "$replay" run "${run[@]}" --db "$work/n$n.sqlite" --shard "$i/$n" --shard-out "$work/n$n/$i.sqlite")
            times+=("$t"); peaks+=("$(peak "$work/n$n/$i.time")")
        done
        t_shard+=("$(median "${times[@]}")")
        events+=("$(sqlite3 "$work/n$n/$i.sqlite" 'SELECT events FROM shard')")
    done
    times=(); m_peaks=()
    for r in $(seq "$RUNS"); do  # each merge into the database as the shards left it (a second merge would record nothing)
        cp "$work/pristine.sqlite" "$work/n$n.sqlite"; rm -f "$work/n$n.sqlite"-*
        read -r t m_status < <(timed "$work/n$n.json" "$work/n$n/merge.log" "${measure[@]}" "$work/n$n/merge.time" "$replay" merge "$work/n$n"/*.sqlite --db "$work/n$n.sqlite" --json)
        times+=("$t"); m_peaks+=("$(peak "$work/n$n/merge.time")")
    done
    t_merge=$(median "${times[@]}")
    largest=$(printf '%s\n' "${events[@]}" | sort -n | tail -1)
    slowest=$(printf '%s\n' "${t_shard[@]}" | sort -n | tail -1)
    fastest=$(printf '%s\n' "${t_shard[@]}" | sort -n | head -1)
    speedup=$(echo "$t_whole / ($slowest + $t_merge)" | bc -l)
    ratio=$(echo "100 * $t_merge / $t_whole" | bc -l)
    printf '%-52s %5.2f–%.2fs   largest share %.1f %% of the events, peak %s MB\n' "$n shards: replay run --shard i/$n --shard-out" "$fastest" "$slowest" \
        "$(echo "100 * $largest / $total" | bc -l)" "$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)"
    printf '%-52s %9.2fs   %.1f %% of the unsharded run, peak %s MB; merged JSON equals unsharded: %s (exit %s)\n' "$n shards: replay merge --json" "$t_merge" \
        "$ratio" "$(printf '%s\n' "${m_peaks[@]}" | sort -n | tail -1)" "$(same "$work/whole.json" "$work/n$n.json")" "$m_status"
    printf '%-52s %9.2fs   %.2f × the speed of one runner\n' "$n runners: slowest shard + merge" "$(echo "$slowest + $t_merge" | bc -l)" "$speedup"
    printf '%-52s %9s\n' "$n shard files" "$(du -ch "$work/n$n"/*.sqlite | tail -1 | cut -f1)"
    if [ "$n" = 4 ]; then
        printf '%-52s %9.1f %%   target ≤ 30 %%: %s\n' "largest shard's share of the events (4 shards)" "$(echo "100 * $largest / $total" | bc -l)" "$(met "100 * $largest / $total <= 30")"
        printf '%-52s %9.1f %%   target ≤ 10 %%: %s\n' "merge ÷ unsharded run (4 shards)" "$ratio" "$(met "$ratio <= 10")"
        printf '%-52s %9.2f ×   target ≥ 3 ×: %s\n' "4 runners' speed-up over one" "$speedup" "$(met "$speedup >= 3")"
    fi
    rm -f "$work/n$n.sqlite" "$work/n$n.sqlite"-* "$work/n$n.json"
done
