#!/usr/bin/env bash
# Peak memory of `replay import` for 100k and 10M events, CSV and JSON Lines,
# each import in its own process (peak resident set size from /usr/bin/time).
# Target: peak for 10M events ≤ 2× peak for 100k (memory stays flat).
#
#   Benchmarks/import-memory.sh          (from the repository root or anywhere; ~2 min, ~2 GB of temporary files)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product replay >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys, random
work = sys.argv[1]
random.seed(11)
for name, taps in (("100k", 50_000), ("10M", 5_000_000)):
    with open(f"{work}/{name}.csv", "w") as c, open(f"{work}/{name}.jsonl", "w") as j:
        c.write("trace,screen,t,touch,phase,x,y\n")
        j.write('{"format":"tapreplay-trace","version":1,"trace":"mem","screen":"Settings"}\n')
        cs, js = [], []
        for i in range(taps):
            x, y = round(random.uniform(0, 393), 2), round(random.uniform(0, 852), 2)
            for t, phase in ((i * 0.4, "began"), (i * 0.4 + 0.08, "ended")):
                cs.append(f"mem,Settings,{t:.3f},1,{phase},{x},{y}\n")
                js.append(f'{{"t":{t:.3f},"touch":1,"phase":"{phase}","x":{x},"y":{y}}}\n')
            if len(cs) >= 100_000:
                c.write("".join(cs)); j.write("".join(js)); cs, js = [], []
        c.write("".join(cs)); j.write("".join(js))
PY

printf "%-6s %-6s %10s %14s\n" events format "time (s)" "peak RSS (MB)"
declare -A peak
for n in 100k 10M; do
  for fmt in csv jsonl; do
    out=$( { /usr/bin/time -f "%e %M" .build/release/replay import "$work/$n.$fmt" --db "$work/$n-$fmt.sqlite" >/dev/null; } 2>&1 | tail -1 )
    secs=${out% *}; kb=${out#* }
    peak[$n-$fmt]=$kb
    printf "%-6s %-6s %10s %14s\n" "$n" "$fmt" "$secs" "$((kb / 1024))"
  done
done
for fmt in csv jsonl; do
  python3 -c "print(f'$fmt: peak(10M) / peak(100k) = {${peak[10M-$fmt]} / ${peak[100k-$fmt]}:.2f} (target <= 2)')"
done
