#!/usr/bin/env bash
# A production recording of 1M touch records (500k taps over 1,000 screen visits,
# a PostHog export, docs/field-report.md) against the same 1M events as our CSV:
# each `replay import` in its own process, wall time and peak memory.
# Target (issue 45): the recording imports at least as fast as the CSV (ratio ≤ 1).
#
#   Benchmarks/recording-import.sh                          (release build first; ~1 GB of temporary files)
#   REPLAY_BIN=.build/debug/replay Benchmarks/recording-import.sh   (a build you already have; figures 3–5× slower)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${REPLAY_BIN:-}
if [ -z "$bin" ]; then swift build -c release --product replay >/dev/null; bin=.build/release/replay; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys, random, json
work = sys.argv[1]
random.seed(45)
visits, taps_per_visit = 1000, 500
base = 1764320000000
events, rows = [], ["trace,screen,t,touch,phase,x,y\n"]
for v in range(visits):
    start = base + v * 600_000
    screen = f"Screen{v % 20}"
    events.append({"type": 4, "timestamp": start, "data": {"href": screen, "width": 393, "height": 852}})
    events.append({"type": 2, "timestamp": start + 1, "data": {"initialOffset": {"top": 0, "left": 0}, "wireframes": [
        {"id": 1, "type": "div", "x": 0, "y": 0, "width": 393, "height": 852, "childWireframes": [
            {"id": 2, "type": "input", "inputType": "button", "x": 16, "y": 770, "width": 361, "height": 50, "disabled": False}]}]}})
    trace = f"posthog-bench-{v + 1:03d}"
    for i in range(taps_per_visit):
        x, y = random.randint(0, 392), random.randint(0, 851)
        t0 = 1000 + i * 400
        for dt, kind, phase in ((0, 7, "began"), (80, 9, "ended")):
            events.append({"type": 3, "timestamp": start + t0 + dt, "data": {"source": 2, "type": kind, "id": 0, "x": x, "y": y, "pointerType": 2}})
            rows.append(f"{trace},{screen},{(t0 + dt) / 1000:.3f},1,{phase},{x},{y}\n")
with open(f"{work}/bench.ph-recording.json", "w") as f:
    json.dump({"version": "2023-04-28", "data": {"id": "bench", "person": None, "snapshots": events}}, f, separators=(",", ":"))
with open(f"{work}/bench.csv", "w") as f:
    f.write("".join(rows))
PY

printf "%-10s %10s %10s %14s\n" format "MB" "time (s)" "peak RSS (MB)"
declare -A secs
for f in bench.csv bench.ph-recording.json; do
  /usr/bin/time -f "%e %M" -o "$work/$f.time" "$bin" import "$work/$f" --db "$work/$f.sqlite" >/dev/null 2>"$work/$f.err" \
    || { echo "import of $f failed:"; cat "$work/$f.err"; exit 1; }
  out=$(tail -1 "$work/$f.time")
  secs[$f]=${out% *}; kb=${out#* }
  printf "%-10s %10s %10s %14s\n" "${f#bench.}" "$(( $(wc -c < "$work/$f") / 1048576 ))" "${secs[$f]}" "$((kb / 1024))"
done
python3 -c "print(f'recording / CSV = {${secs[bench.ph-recording.json]} / ${secs[bench.csv]}:.2f} (target <= 1)')"
