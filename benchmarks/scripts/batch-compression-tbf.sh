#!/usr/bin/env bash
# End-to-end: the same 2-worker topology raw, compressed tuple by tuple, and compressed a bundle at a time by the
# transport, each run with `flux submit --local` (real Netty between the workers) inside a network namespace of
# its own whose loopback is shaped with `tc qdisc ... tbf`; then raw and batch again on the unshaped loopback.
# Prints acked tuples/s, the bytes the qdisc sent, and the CPU seconds of the whole run (one JVM: both workers,
# Nimbus, ZooKeeper) as a Markdown table.
#
#   sudo [DURATION=40] [RATE=100mbit] benchmarks/scripts/batch-compression-tbf.sh [paragraphs|events]
#
# Environment: DURATION (s per run, default 40), RATE (tbf rate, default 100mbit), RUNS (default "raw tuple
# batch"), PLAIN (runs on the unshaped loopback, default "raw batch"; empty for none).
# Needs root, ip, tc, jq, bc and /usr/bin/time. Only the namespace this script creates is touched; it is
# deleted on exit.
set -euo pipefail

workload=${1:-paragraphs}
duration=${DURATION:-40}
rate=${RATE:-100mbit}
runs=${RUNS:-raw tuple batch}
plain=${PLAIN-raw batch}
root=$(cd "$(dirname "$0")/../.." && pwd)
ns="fluxbw$$"
work=$(mktemp -d)

cleanup() {
  ip netns del "$ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] || { echo "needs root (network namespace, tc)" >&2; exit 2; }
# bin/flux builds the examples jar when sources changed; the runs then start the JVM directly, so that no
# rebuild can land inside a measured run.
"$root/bin/flux" --version >/dev/null
flux=(java -cp "$root/examples/target/examples-0.1.0-SNAPSHOT.jar:$(cat "$root/examples/target/flux.classpath")"
      dev.fluxext.cli.FluxCli)

# One topology file per variant: $1 = raw | tuple | batch.
topology() {
  local variant=$1 transport="" spout_compression=""
  case $variant in
    tuple) spout_compression="    compression: {codec: zstd, threshold: 64}" ;;
    batch) transport="transport: {type: netty, compression: {codec: zstd, zstd: {level: 3}}}" ;;
  esac
  local file="$work/$workload-$variant.yaml"
  if [ "$workload" = paragraphs ]; then
    cat >"$file" <<YAML
name: tbf-paragraphs-$variant
config: {topology.workers: 2, topology.max.spout.pending: 500, topology.disable.loadaware.messaging: true}
$transport
spouts:
  - id: paragraphs
    className: dev.fluxext.examples.ParagraphSpout
    parallelism: 1
$spout_compression
bolts:
  - {id: split, className: dev.fluxext.examples.SplitSentenceBolt, parallelism: 2}
  - {id: count, className: dev.fluxext.examples.WordCountBolt, parallelism: 2}
streams:
  - {from: paragraphs, to: split, grouping: {type: SHUFFLE}}
  - {from: split, to: count, grouping: {type: FIELDS, args: [word]}}
YAML
  else
    cat >"$file" <<YAML
name: tbf-events-$variant
config: {topology.workers: 2, topology.max.spout.pending: 5000, topology.disable.loadaware.messaging: true}
$transport
spouts:
  - id: events
    className: dev.fluxext.examples.EventSpout
    parallelism: 1
$spout_compression
bolts:
  - {id: parse, className: dev.fluxext.examples.EventTypeBolt, parallelism: 2}
  - {id: count, className: dev.fluxext.examples.WordCountBolt, parallelism: 2}
streams:
  - {from: events, to: parse, grouping: {type: SHUFFLE}}
  - {from: parse, to: count, grouping: {type: FIELDS, args: [type]}}
YAML
  fi
  echo "$file"
}

sent_bytes() {
  tc -n "$ns" -s qdisc show dev lo | awk '/Sent/ {print $2; exit}'
}

# $1 = link label, $2 = variant
run() {
  local link=$1 variant=$2 file before after summary
  file=$(topology "$variant")
  summary="$work/$link-$variant.json"
  before=$(sent_bytes)
  ip netns exec "$ns" /usr/bin/time -f "%U %S" -o "$work/time" \
    "${flux[@]}" submit --local "$file" --duration "$duration" --interval 10 --summary-json "$summary" \
    --log-file "$work/$link-$variant.log" >"$work/$link-$variant.out" 2>&1
  after=$(sent_bytes)
  local spout acked uptime cpu ratio
  spout=$(jq -r '.components | to_entries[] | select(.value.type == "spout") | .key' "$summary")
  acked=$(jq -r ".components[\"$spout\"].acked" "$summary")
  uptime=$(jq -r '.uptimeSecs' "$summary")
  cpu=$(awk '{printf "%.1f", $1 + $2}' "$work/time")
  ratio=$(jq -r '[.batchCompression // {} | .[] | select(.batches > 0) | .bytesAfter] as $a
                 | [.batchCompression // {} | .[] | select(.batches > 0) | .bytesBefore] as $b
                 | if ($b | add // 0) > 0 then (($a | add) / ($b | add) * 1000 | round / 1000) else "-" end' "$summary")
  printf '| %s | %s | %s | %d | %.0f | %d | %s | %s |\n' "$link" "$variant" "$uptime" "$acked" \
    "$(echo "$acked / $uptime" | bc -l)" "$(( (after - before) / 1000000 ))" "$cpu" "$ratio"
}

ip netns add "$ns"
ip -n "$ns" link set lo up
echo "# $workload, $duration s per run, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| link | variant | uptime s | acked | acked/s | qdisc MB sent | CPU s | batch ratio |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
# tbf: burst above lo's 64 KB segments (else they are dropped), queue bounded by 50 ms of latency.
tc -n "$ns" qdisc add dev lo root tbf rate "$rate" burst 256kb latency 50ms
for v in $runs; do run "tbf $rate" "$v"; done
tc -n "$ns" qdisc replace dev lo root pfifo limit 100000   # unshaped, but counting
for v in $plain; do run "loopback" "$v"; done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
