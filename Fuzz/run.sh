#!/usr/bin/env bash
# Runs TapReplay's libFuzzer targets: each parser for a number of executions,
# keeping every crash, hang (timeout) or out-of-memory input as a file.
#
#   Fuzz/run.sh                          # every target, 1,000,000 executions each
#   Fuzz/run.sh -n 3000                  # a smoke run (what .ci/run does)
#   Fuzz/run.sh -n 5000000 -j 2 wda lint # some targets, two worker processes each
#   Fuzz/run.sh -t 600 bundle            # stop after 600 s (or the executions, whichever comes first)
#
# Seeds come from the repository (Traces/, Baselines/, the test fixtures and the
# inputs that once crashed a target, Tests/ConvertersTests/Fixtures/crashes/) and
# Fuzz/Corpus/<target>/; the inputs libFuzzer finds on the way go to
# Fuzz/.build/corpus/<target>/ (kept between runs, not committed). Crashes go to
# Fuzz/Crashes/<target>/: turn each into a regression test in the main suite
# (copy it to Tests/ConvertersTests/Fixtures/crashes/<name>.<format>, which
# FuzzRegressionTests reads), fix the cause, then delete it here.
# Exit status: 0 when no target failed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")"
root=..

runs=1000000
jobs=1
config=release
seconds_limit=0
while getopts "n:j:c:t:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    c) config=$OPTARG ;;
    t) seconds_limit=$OPTARG ;;
    *) echo "usage: $0 [-n executions] [-t seconds] [-j workers] [-c release|debug] [target...]" >&2; exit 64 ;;
  esac
done
shift $((OPTIND - 1))
all=(snapshot trace-jsonl trace-csv baseline bundle swiftui recursive xcuitest wda lint)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

# The seeds of each target: repository files (globs relative to the repository root).
seeds() {
  case $1 in
    snapshot) echo "Traces/snapshots/*.json Traces/builds/Settings.no-content-shape.json Traces/builds/Settings.shape-after.json" ;;
    trace-jsonl) echo "Traces/*.jsonl" ;;
    trace-csv) echo "Traces/*.csv" ;;
    baseline) echo "Baselines/*.json" ;;
    bundle) echo "Traces/builds/*.capture.json Tests/ConvertersTests/Fixtures/crashes/*.capture.json" ;;
    swiftui) echo "Tests/ConvertersTests/Fixtures/*.swiftui.json Tests/ConvertersTests/Fixtures/crashes/*.swiftui.json" ;;
    recursive) echo "Tests/ConvertersTests/Fixtures/*.recursive.txt Tests/ConvertersTests/Fixtures/crashes/*.recursive.txt" ;;
    xcuitest) echo "Tests/ConvertersTests/Fixtures/*.xcuitest.txt Tests/ConvertersTests/Fixtures/wda-description.json Tests/ConvertersTests/Fixtures/crashes/*.xcuitest.txt" ;;
    wda) echo "Tests/ConvertersTests/Fixtures/*.wda.xml Tests/ConvertersTests/Fixtures/crashes/*.wda.xml" ;;
    lint) echo "Traces/source/*.swift" ;;
  esac
}

for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "unknown target '$t' (known: ${all[*]})" >&2; exit 64; }
done

echo "== building the fuzz targets ($config, -sanitize=fuzzer)"
build_start=$(date +%s)
# SwiftPM keeps the build plan of this package's path dependency (the main package) and does not
# see source files added to it since; drop the plan so a kept .build/ builds today's sources.
rm -f ".build/$config.yaml" .build/*/"$config"/description.json
swift build -c "$config" --sanitize=fuzzer
bin=$(cd "$(pwd)" && swift build -c "$config" --sanitize=fuzzer --show-bin-path)
echo "built in $(( $(date +%s) - build_start )) s"

# Swift's own crash reporter would take the signal first and exit without libFuzzer
# writing the crashing input: leave crashes to libFuzzer.
export SWIFT_BACKTRACE=enable=no

failed=0
summary=()
here=$(pwd)
for t in "${targets[@]}"; do
  corpus=$here/.build/corpus/$t
  crashes=$here/Crashes/$t
  work=$here/.build/work/$t      # libFuzzer's worker logs (fuzz-N.log) land in the directory it runs in
  mkdir -p "$corpus" "$crashes" "$work"
  rm -f "$work"/fuzz-*.log
  for pattern in $(seeds "$t"); do
    for f in $root/$pattern; do [ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"; done
  done
  if [ -d "Corpus/$t" ]; then cp Corpus/"$t"/* "$corpus"/ 2>/dev/null || true; fi
  log=$work/run.log
  echo "== fuzz-$t: $runs executions$( [ "$seconds_limit" -gt 0 ] && echo " or $seconds_limit s")"
  start=$(date +%s)
  # -timeout: an input that takes longer is a hang; -rss_limit_mb: more memory is an out-of-memory.
  args=(-dict="$here/Dictionaries/$t.dict" -artifact_prefix="$crashes/" -timeout=10 -rss_limit_mb=2048
        -max_len=16384 -print_final_stats=1)
  [ "$seconds_limit" -gt 0 ] && args+=(-max_total_time="$seconds_limit")
  if [ "$jobs" -gt 1 ]; then
    # Workers share the corpus; each runs its share of the executions.
    args+=(-runs=$(( runs / jobs )) -jobs="$jobs" -workers="$jobs")
  else
    args+=(-runs="$runs")
  fi
  set +e
  (cd "$work" && "$bin/fuzz-$t" "${args[@]}" "$corpus" > "$log" 2>&1)
  status=$?
  set -e
  seconds=$(( $(date +%s) - start ))
  done_runs=$(cat "$log" "$work"/fuzz-*.log 2>/dev/null | grep "stat::number_of_executed_units" | awk '{s += $2} END {print s + 0}' || true)
  found=$(find "$crashes" -type f | wc -l | tr -d ' ')
  if [ "$status" -eq 0 ] && [ "$found" -eq 0 ]; then result=ok; else result="FAILED (exit $status, $found input(s) in Fuzz/Crashes/$t)"; failed=1; fi
  line=$(printf '%-12s %12s executions %6s s  %s' "$t" "$done_runs" "$seconds" "$result")
  summary+=("$line")
  echo "$line"
  [ "$result" = ok ] || tail -n 30 "$log" "$work"/fuzz-*.log 2>/dev/null | tail -n 40
done

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $failed
