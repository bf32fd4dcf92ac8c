#!/usr/bin/env bash
# The entropy floor of the steady-state topologies' traffic (docs/measurements/2026-11-26-entropy-floor.md): runs each
# 2-worker topology of steady-state.sh for DURATION s with `flux submit --local` over Storm's Netty, recording the
# bundles the workers hand their connections (dev.fluxext.benchmarks.compression.RecordingContext: a window of
# MAX_MB MB starting SKIP s after the workers start), then WireFloor computes per acked tuple: raw message bytes,
# the batch transport's bytes at zstd level 1 as shipped and with other settings, and the floor. Each run is inside
# a network namespace of its own (loopback only, deleted on exit), whose lo counters give the whole loopback's
# bytes and packets per acked tuple; a last run of the same shape with a spout that emits nothing gives what the
# loopback carries without tuples (ZooKeeper, heartbeats).
#
#   sudo benchmarks/scripts/wire-floor.sh
#
# Environment: DURATION (s per run, default 60), SKIP (s before the window, default 30), MAX_MB (default 24),
# TOPOLOGIES (default "events paragraphs"), IDLE (s of the idle run, default 60; 0 = none), KEEP (directory to
# keep the runs' files in). Needs root, ip, jq; builds the benchmarks' classes with Maven (offline).
set -euo pipefail

duration=${DURATION:-60}
skip=${SKIP:-30}
max_mb=${MAX_MB:-24}
idle=${IDLE:-60}
topologies=${TOPOLOGIES:-events paragraphs}
root=$(cd "$(dirname "$0")/../.." && pwd)
ns="fluxwf$$"
work=$(mktemp -d)

cleanup() {
  ip netns del "$ns" 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp -r "$work"/. "$KEEP"/; fi
  rm -rf "$work"
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] || { echo "needs root (network namespace)" >&2; exit 2; }
"$root/bin/flux" --version >/dev/null
(cd "$root" && mvn -B -o -q -pl benchmarks -am compile)
cp="$root/benchmarks/target/classes:$root/examples/target/examples-0.1.0-SNAPSHOT.jar:$(cat "$root/examples/target/flux.classpath")"

topology() {   # $1 = events | paragraphs | idle; prints the file's path
  local file="$work/$1.yaml" spout split pending key
  case $1 in
    events) spout=dev.fluxext.examples.EventSpout; split=dev.fluxext.examples.EventTypeBolt; pending=2000; key=type ;;
    idle) spout=dev.fluxext.benchmarks.compression.IdleSpout; split=dev.fluxext.examples.EventTypeBolt; pending=2000; key=type ;;
    paragraphs) spout=dev.fluxext.examples.ParagraphSpout; split=dev.fluxext.examples.SplitSentenceBolt; pending=500; key=word ;;
  esac
  cat >"$file" <<YAML
name: wf-$1
config:
  topology.workers: 2
  topology.max.spout.pending: $pending
  topology.disable.loadaware.messaging: true
  fluxext.wirefloor.file: "$work/$1.capture"
  fluxext.wirefloor.skip.secs: $skip
  fluxext.wirefloor.max.bytes: $((max_mb << 20))
transport: {type: dev.fluxext.benchmarks.compression.RecordingContext, guard: false}
spouts:
  - {id: spout, className: $spout, parallelism: 1}
bolts:
  - {id: split, className: $split, parallelism: 2}
  - {id: count, className: dev.fluxext.examples.WordCountBolt, parallelism: 2}
streams:
  - {from: spout, to: split, grouping: {type: SHUFFLE}}
  - {from: split, to: count, grouping: {type: FIELDS, args: [$key]}}
YAML
  echo "$file"
}

lo() { ip -n "$ns" -s -j link show lo | jq -r '.[0].stats64.tx | "\(.bytes) \(.packets)"'; }

ip netns add "$ns"
ip -n "$ns" link set lo up
echo "# wire floor: $duration s per run, window of $max_mb MB from $skip s; $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for t in $topologies; do
  file=$(topology "$t")
  read -r b0 p0 < <(lo)
  ip netns exec "$ns" java -cp "$cp" dev.fluxext.cli.FluxCli submit --local "$file" --duration "$duration" \
    --interval 10 --summary-json "$work/$t.json" --log-file "$work/$t.log" >"$work/$t.out" 2>&1 \
    || { echo "run $t failed:" >&2; tail -20 "$work/$t.out" >&2; exit 1; }
  read -r b1 p1 < <(lo)
  acked=$(jq -r '.components.spout.acked' "$work/$t.json")
  echo
  echo "## $t"
  echo "# loopback: $(( (b1 - b0) / acked )) B and $(echo "scale=3; ($p1 - $p0) / $acked" | bc) packets per acked tuple;" \
       "$acked acked in $duration s; recorder totals: $(tr '\n' ' ' <"$work/$t.capture.totals")"
  java -cp "$cp" dev.fluxext.benchmarks.compression.WireFloor "$work/$t.capture" "$acked" "$t"
done
if [ "$idle" -gt 0 ]; then
  file=$(topology idle)
  read -r b0 p0 < <(lo)
  ip netns exec "$ns" java -cp "$cp" dev.fluxext.cli.FluxCli submit --local "$file" --duration "$idle" \
    --interval 10 --log-file "$work/idle.log" >"$work/idle.out" 2>&1 || true
  read -r b1 p1 < <(lo)
  echo
  echo "## idle ($idle s, same shape, nothing emitted)"
  echo "# loopback: $(( (b1 - b0) / idle )) B/s, $(( (p1 - p0) / idle )) packets/s"
fi
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
