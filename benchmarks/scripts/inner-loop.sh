#!/usr/bin/env bash
# The inner loop, timed from outside as a user sees it (issue 37): for the README's word count and the
# batch-compressed events example, `bin/flux submit --local FILE --duration DURATION --interval 1`, RUNS times
# each; then `bin/flux validate` of the 1,000-bolt file against Storm's own `Flux --local --dry-run` 2.8.3 of the
# same file, PAIRS alternating pairs.
#
#   benchmarks/scripts/inner-loop.sh                  # RUNS=5 DURATION=15 PAIRS=10
#   RUNS=3 PAIRS=4 DURATION=8 benchmarks/scripts/inner-loop.sh
#   RUNS=0 benchmarks/scripts/inner-loop.sh           # the validate comparison only
#
# Each output line of a run is stamped with the seconds since the command started (wall time, the launcher
# included). Phases, per run, then the median of the runs:
#   jvm+load      the CLI's first line: JVM started, the file read, checked and built
#   cluster       "starting a local Storm cluster"
#   submitted     "topology ... submitted"
#   workers up    the first progress line after every worker's tasks have prepared ("connecting N workers",
#                 "activating ...", or already "first tuple ...")
#   1st emitted   "first tuple emitted"
#   1st acked     "first tuple acked"
#   summary       "Summary of ..."
#   exit          the process has ended
# The progress lines of the start are looked for every 0.2 s, so the middle phases are within ~0.2 s. Before
# those lines existed (commit aa2e91a and earlier), the first emitted and acked come from the first progress
# report with a count above 0 (the spout's acked for the latter), within --interval 1.
#
# Validate: wall time of each whole process (JVM start included), bin/flux as a user runs it and Storm's Flux as
# `java -cp <its jars and Storm's> org.apache.storm.flux.Flux` with the JVM's defaults; medians and their ratio
# (target <= 0.5).
# Needs: a built clone (bin/flux builds it on first use), benchmarks/target/benchmarks*.jar (for the 1,000-bolt
# file: mvn -B -pl benchmarks -am package -DskipTests), Storm's flux-core and flux-wrappers 2.8.3 jars (from
# flux-core/target/differential after `mvn -pl flux-core -am test-compile`, or from the local Maven repository),
# perl. Timing figures are only worth recording on a quiet machine: state its cores, load, date and commit.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RUNS="${RUNS:-5}"
DURATION="${DURATION:-15}"
PAIRS="${PAIRS:-10}"
work="$(mktemp -d "${TMPDIR:-/tmp}/inner-loop.XXXXXX")"
trap 'rm -rf "$work"' EXIT
flux="$root/bin/flux"
m2="${M2_REPO:-$HOME/.m2/repository}"

# The command's output with each line stamped "SECONDS<TAB>line", and a last line "SECONDS<TAB>(exit N)".
stamped() {
  perl -MTime::HiRes=time -e '
    my $start = time;
    open(my $out, "-|", @ARGV) or die "cannot run $ARGV[0]: $!";
    while (my $line = <$out>) { printf "%.2f\t%s", time - $start, $line; }
    close($out);
    printf "%.2f\t(exit %d)\n", time - $start, $? >> 8;
  ' "$@" 2>&1
}

median() {
  sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "-"; exit } m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f\n", m }'
}

# Seconds of the first line matching the regex $2 in stamped output $1, or "-".
first_at() {
  awk -F'\t' -v re="$2" '$2 ~ re { print $1; found = 1; exit } END { if (!found) print "-" }' "$1"
}

phases=("jvm+load" "cluster" "submitted" "workers up" "1st emitted" "1st acked" "summary" "exit")
patterns=("^flux: " "^flux: starting a local Storm cluster" "^flux: topology .* submitted" \
  "\\] (connecting|activating|first tuple)" "(\\] first tuple (emitted|acked)|emitted [1-9])" \
  "(\\] first tuple acked|^\\[ *[0-9]+s\\] [^ ]+: +emitted [0-9]+ acked [1-9])" \
  "^Summary of " "^\\(exit ")

"$flux" --version >/dev/null # builds the clone first if needed, outside the timings

examples=(wordcount events-batch-compressed)
[ "$RUNS" -gt 0 ] || examples=()
for example in ${examples[@]+"${examples[@]}"}; do
  file="$root/examples/topologies/$example.yaml"
  echo "== $example.yaml: bin/flux submit --local --duration $DURATION --interval 1, $RUNS runs (s since start)"
  printf '%-4s' "run"; printf ' %12s' "${phases[@]}"; printf '\n'
  for run in $(seq 1 "$RUNS"); do
    out="$work/$example-$run.txt"
    stamped "$flux" submit --local "$file" --duration "$DURATION" --interval 1 >"$out"
    if ! grep -q $'\t(exit 0)' "$out"; then
      echo "run $run failed; its output:" >&2
      cat "$out" >&2
      exit 1
    fi
    printf '%-4s' "$run"
    for i in "${!phases[@]}"; do
      at="$(first_at "$out" "${patterns[$i]}")"
      echo "$at" >>"$work/$example-phase-$i"
      printf ' %12s' "$at"
    done
    printf '\n'
  done
  printf '%-4s' "med"
  for i in "${!phases[@]}"; do printf ' %12s' "$(grep -v '^-$' "$work/$example-phase-$i" | median)"; done
  printf '\n'
  summary="$(grep -v '^-$' "$work/$example-phase-6" | median)"
  exit_at="$(grep -v '^-$' "$work/$example-phase-7" | median)"
  echo "   exit after the summary (median): $(echo "$exit_at - $summary" | bc) s"
done

# --- validate: fluxext against Storm's Flux, on the 1,000-bolt file ---
bench_jar="$(ls "$root"/benchmarks/target/benchmarks*.jar 2>/dev/null | head -n 1)"
[ -n "$bench_jar" ] || { echo "no benchmarks/target/benchmarks*.jar: mvn -B -pl benchmarks -am package -DskipTests" >&2; exit 2; }
java -cp "$bench_jar" dev.fluxext.benchmarks.load.LargeTopology "$work/large-full.yaml" >/dev/null
# Storm's Flux 2.8.3 reads neither a component's `config:` nor a fractional cpuLoad (its field is an int): both
# tools get the file without them (10 spouts, 1,000 bolts, 2,000 streams, 16,053 lines).
large="$work/large-topology.yaml"
perl -ne 'if (/^    config:$/) { $skip = 1; next } next if $skip && /^      /; $skip = 0; s/cpuLoad: 12\.5/cpuLoad: 12/; print' \
  "$work/large-full.yaml" >"$large"
storm_flux=""
for name in flux-core flux-wrappers; do
  jar="$root/flux-core/target/differential/$([ $name = flux-core ] && echo flux || echo storm)/$name-2.8.3.jar"
  [ -f "$jar" ] || jar="$m2/org/apache/storm/$name/2.8.3/$name-2.8.3.jar"
  [ -f "$jar" ] || { echo "Storm's $name 2.8.3 jar not found: mvn -pl flux-core -am test-compile" >&2; exit 2; }
  storm_flux="$storm_flux$jar:"
done
storm_cp="$storm_flux$(cat "$root/examples/target/storm.classpath")"
ours=("$flux" validate "$large")
theirs=(java -cp "$storm_cp" org.apache.storm.flux.Flux --local --dry-run "$large")
"${ours[@]}" >/dev/null 2>&1 || { echo "bin/flux validate failed on the 1,000-bolt file" >&2; exit 1; }
"${theirs[@]}" >/dev/null 2>&1 || { echo "Storm's Flux --local --dry-run failed on the 1,000-bolt file" >&2; exit 1; }

# Appends the wall time of the command "$2..." to file $1; the command's output is discarded.
wall() {
  perl -MTime::HiRes=time -e '
    my $file = shift;
    my $start = time;
    open(STDOUT, ">", "/dev/null"); open(STDERR, ">", "/dev/null");
    my $rc = system(@ARGV);
    open(my $out, ">>", $file) or die;
    printf $out "%.3f\n", time - $start;
    exit($rc == 0 ? 0 : 1);
  ' "$@"
}
echo "== validate, 1,000-bolt file: $PAIRS alternating pairs (s, whole process)"
for pair in $(seq 1 "$PAIRS"); do
  wall "$work/ours" "${ours[@]}" || { echo "bin/flux validate failed in pair $pair" >&2; exit 1; }
  wall "$work/theirs" "${theirs[@]}" || { echo "Storm's Flux failed in pair $pair" >&2; exit 1; }
done
ours_median="$(median <"$work/ours")"
theirs_median="$(median <"$work/theirs")"
echo "   bin/flux validate:                 median $ours_median ($(tr '\n' ' ' <"$work/ours"))"
echo "   Storm Flux --local --dry-run:      median $theirs_median ($(tr '\n' ' ' <"$work/theirs"))"
echo "   ratio (fluxext / Storm's Flux):    $(echo "scale=2; $ours_median / $theirs_median" | bc)"
