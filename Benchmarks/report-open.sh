#!/usr/bin/env bash
# How fast the HTML report of a screen with 100,000 presses opens in Chromium,
# measured as users open it: whole headless Chromium processes on the page,
# beside the same on the example's report (19 presses), in one run.
#
#   Benchmarks/report-open.sh                      (release build of replay first; ~2 min after it)
#   REPLAY_BIN=path/to/replay RUNS=9 Benchmarks/report-open.sh
#
# Data: 100 traces of 1,000 presses (100,000 presses, 200,000 events) over the
# rows of the example settings screen, replayed against the regressed build
# with the baseline: every press counted in the heat, the regressed ones and
# 3,000 others played back. Per page, RUNS times (median):
#   ready     the page's own clock: navigation start → its script has drawn the
#             marks and heat (`data-ready-ms` on <body>, read from --dump-dom)
#   process   the whole `chromium --headless --dump-dom` process
# Target (issue 47): the 100,000-press page ready within 3 s on this machine.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$chromium" ] || { echo "needs Chromium (apt-get install chromium)"; exit 2; }
if [ -n "${REPLAY_BIN:-}" ]; then
  replay="$REPLAY_BIN"
else
  echo "building replay (release)…" >&2
  swift build -c release --product replay >/dev/null
  replay="$(swift build -c release --show-bin-path)/replay"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "generating 100,000 presses…" >&2
python3 - "$work" <<'PY'
import sys, random
work = sys.argv[1]
random.seed(47)
rows = [(0, 100, 393, 44), (0, 144.5, 393, 44), (0, 189, 393, 44), (0, 233.5, 393, 44), (16, 770, 361, 50)]
with open(f"{work}/100k.csv", "w") as f:
    f.write("trace,screen,t,touch,phase,x,y\n")
    for k in range(100):
        out, t = [], 0.0
        for i in range(1000):
            x0, y0, w, h = random.choice(rows)
            x, y = round(x0 + random.random() * w, 2), round(y0 + random.random() * h, 2)
            t += 0.4 + random.random()
            out.append(f"field-{k:03d},Settings,{t:.3f},1,began,{x},{y}\n")
            out.append(f"field-{k:03d},Settings,{t + 0.08:.3f},1,ended,{x},{y}\n")
        f.write("".join(out))
PY
"$replay" import "$work/100k.csv" --db "$work/big.sqlite" >/dev/null 2>&1
"$replay" import Traces --db "$work/example.sqlite" >/dev/null 2>&1 || true
echo "writing the reports…" >&2
start=$(date +%s.%N)
"$replay" report Traces/builds/Settings.no-content-shape.json --baseline Baselines --html "$work/big.html" --db "$work/big.sqlite" 2>/dev/null
end=$(date +%s.%N)
"$replay" report Traces/builds/Settings.no-content-shape.json --baseline Baselines --html "$work/example.html" --db "$work/example.sqlite" 2>/dev/null

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
open_page() {  # prints "ready_ms process_s"
  local s e dom
  s=$(date +%s.%N)
  dom=$("$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$1" 2>/dev/null)
  e=$(date +%s.%N)
  echo "$(echo "$dom" | grep -o 'data-ready-ms="[0-9]*"' | grep -o '[0-9]*' || echo -1) $(echo "$e - $s" | bc -l)"
}
measure() {
  local page=$1 out
  out=$(for _ in $(seq "$RUNS"); do open_page "$page"; done)
  echo "$(echo "$out" | awk '{print $1}' | median) $(echo "$out" | awk '{print $2}' | median)"
}
read -r big_ready big_process < <(measure "$work/big.html")
read -r ex_ready ex_process < <(measure "$work/example.html")
presses=$(grep -o '"total":[0-9]*' "$work/big.html" | head -1 | grep -o '[0-9]*')
printf 'report of %s presses: %s MB of HTML, written in %.1f s\n' "$presses" "$(echo "scale=1; $(stat -c %s "$work/big.html") / 1048576" | bc -l)" "$(echo "$end - $start" | bc -l)"
printf '%-34s %10s %12s\n' page ready process
printf '%-34s %8s ms %10.2f s\n' "100,000 presses" "$big_ready" "$big_process"
printf '%-34s %8s ms %10.2f s\n' "the example (19 presses)" "$ex_ready" "$ex_process"
printf 'ready: %s ms (target ≤ 3000 ms): %s; process ÷ example process = %.2f×\n' "$big_ready" \
  "$([ "$big_ready" -ge 0 ] && [ "$big_ready" -le 3000 ] && echo pass || echo FAIL)" "$(echo "$big_process / $ex_process" | bc -l)"
