#!/usr/bin/env bash
# The first build of a small app that lints itself with each lint plugin, as a
# team meets it: a clean build folder, `swift build` in the app's package.
#
#   Benchmarks/lint-plugin-build.sh                 (debug, as Xcode and `swift build` build by default)
#   CONFIG=release Benchmarks/lint-plugin-build.sh
#   REPLAY_LINT_BIN=path/to/replay-lint Benchmarks/lint-plugin-build.sh
#
# source    the app depends on TapReplay (by path, this checkout) and applies
#           ReplayLintBuildPlugin: the build compiles replay-lint, with
#           swift-syntax, Yams and the argument parser, before linting.
# prebuilt  the app depends on ReplayLintPlugins rendered by
#           .ci/lint-artifact-bundle around a replay-lint binary (the one built
#           here: the release ships a release build) and applies
#           ReplayLintPrebuiltBuildPlugin: the build unzips the bundle and lints.
# Both apps hold the same one-file target with a hollow row, made a warning by
# its .replay-lint.yml, so both builds succeed and print the same finding.
# Dependencies resolve from SwiftPM's cache (the source app pins what
# Tests/LintPluginSample pins), so the source timing is compiling, not cloning.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
CONFIG=${CONFIG:-debug}
if [ -n "${REPLAY_LINT_BIN:-}" ]; then
  tool="$REPLAY_LINT_BIN"
else
  echo "building replay-lint ($CONFIG)…" >&2
  swift build -c "$CONFIG" --product replay-lint > /dev/null
  tool="$(swift build -c "$CONFIG" --show-bin-path)/replay-lint"
fi
case "$(uname -s)-$(uname -m)" in
  Darwin-*) option=--macos ;;
  Linux-aarch64|Linux-arm64) option=--linux-aarch64 ;;
  *) option=--linux-x86_64 ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.ci/lint-artifact-bundle --version 0.0.0 --out "$work" "$option" "$tool" > /dev/null 2>&1

app() {  # folder dependency plugin package
  mkdir -p "$work/$1/Sources/Rows"
  cat > "$work/$1/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [$2],
    targets: [.target(name: "Rows", plugins: [.plugin(name: "$3", package: "$4")])]
)
EOF
  cp "$root/Tests/LintPluginSample/Sources/Rows/Rows.swift" "$work/$1/Sources/Rows/"
  printf 'severity:\n  L1: warning\n' > "$work/$1/.replay-lint.yml"
}
app source ".package(name: \"TapReplay\", path: \"$root\")" ReplayLintBuildPlugin TapReplay
cp "$root/Tests/LintPluginSample/Package.resolved" "$work/source/"
app prebuilt '.package(path: "../ReplayLintPlugins")' ReplayLintPrebuiltBuildPlugin ReplayLintPlugins

# Resolution first (not timed): what is measured is the build.
for a in source prebuilt; do
  swift package --package-path "$work/$a" --scratch-path "$work/$a/.build" resolve > /dev/null 2>&1
done
seconds() {  # folder
  local start end
  start=$(date +%s.%N)
  swift build -c "$CONFIG" --package-path "$work/$1" --scratch-path "$work/$1/.build" > "$work/$1.log" 2>&1 \
    || { echo "the $1 app did not build:" >&2; tail -20 "$work/$1.log" >&2; exit 1; }
  end=$(date +%s.%N)
  grep -q 'Rows.swift:16:10: warning: hollow tap target' "$work/$1.log" || { echo "the $1 app's build did not lint" >&2; exit 1; }
  echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }'
}
echo "first $CONFIG build, clean build folder, on $(nproc 2>/dev/null || sysctl -n hw.ncpu) cores (load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*averages*: //')):" >&2
prebuilt=$(seconds prebuilt)
echo "prebuilt plugin (ReplayLintPlugins, artifact bundle): ${prebuilt} s"
source=$(seconds source)
echo "source plugin (TapReplay, swift-syntax compiled):   ${source} s"
echo "$source $prebuilt" | awk '{ printf "source ÷ prebuilt = %.0f×\n", $1 / $2 }'
