#!/usr/bin/env bash
# Predicted first-try success against dead-zone coverage, measured as users run
# them: whole `replay deadzones` processes (release build) on every example
# screen, side by side in one run.
#
#   Benchmarks/predictions.sh            (from anywhere; ~1 min after the release build)
#   RUNS=9 Benchmarks/predictions.sh     (more repetitions; the median is reported)
#
# Per screen, three processes:
#   startup      replay deadzones S --no-predicted --step 100000   (reading, compiling, one sample per target)
#   coverage     replay deadzones S --no-predicted                 (+ the 1-pt coverage map of every target)
#   both         replay deadzones S                                (+ every target's predicted first-try success)
# coverage cost = coverage − startup; prediction cost = both − coverage.
# Target (issue 22): predictions for every target of the example screens cost at
# most as much as their coverage maps (ratio ≤ 1.0, summed over the screens).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
echo "building replay (release)…" >&2
swift build -c release --product replay >/dev/null
replay="$(swift build -c release --show-bin-path)/replay"
screens=(Traces/snapshots/Settings.json Traces/snapshots/Checkout.json
         Traces/builds/Settings.no-content-shape.json Traces/builds/Settings.shape-after.json)

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc -l; }
timed() { for _ in $(seq "$RUNS"); do seconds "$@"; done | median; }

printf '%-48s %9s %9s %9s %11s %11s %7s\n' screen startup coverage both "coverage Δ" "predict Δ" ratio
total_cov=0; total_pred=0
for s in "${screens[@]}"; do
  start=$(timed "$replay" deadzones "$s" --no-predicted --step 100000)
  cov=$(timed "$replay" deadzones "$s" --no-predicted)
  both=$(timed "$replay" deadzones "$s")
  dc=$(echo "$cov - $start" | bc -l); dp=$(echo "$both - $cov" | bc -l)
  total_cov=$(echo "$total_cov + $dc" | bc -l); total_pred=$(echo "$total_pred + $dp" | bc -l)
  printf '%-48s %8.3fs %8.3fs %8.3fs %10.3fs %10.3fs %6.2f×\n' "$s" "$start" "$cov" "$both" "$dc" "$dp" "$(echo "$dp / $dc" | bc -l)"
done
ratio=$(echo "$total_pred / $total_cov" | bc -l)
printf 'all screens: coverage %.3f s, predictions %.3f s: predictions ÷ coverage = %.2f× (target ≤ 1.0×)\n' "$total_cov" "$total_pred" "$ratio"
