#!/usr/bin/env bash
# End-to-end at steady state: 2-worker topologies raw, compressed a bundle at a time by the transport (zstd at
# several levels) and compressed tuple by tuple, side by side in one invocation, each run with
# `flux submit --local` (real Netty between the workers, one JVM) inside a network namespace of its own (loopback
# only; deleted on exit). Runs of 40-60 s measure the JIT's warm-up (every rate still rising, the compiler threads
# taking 15-17 % of the CPU): each run here lasts DURATION s and only what happens after WARMUP s is measured.
#
#   sudo benchmarks/scripts/steady-state.sh                 # plain loopback, the whole matrix
#   sudo RATE=50mbit TOPOLOGIES=events VARIANTS_events="raw batch1" benchmarks/scripts/steady-state.sh
#
# Figures, over the measured window only (from the first progress line at or after WARMUP s of uptime to the last
# one): acked/s of the spout (flux's exact counters, from the progress lines' cumulative counts); the spread, the
# lowest and highest acked/s of the INTERVAL-s steps inside the window; CPU µs per acked tuple (utime + stime of
# the JVM, from /proc/PID/stat, so both workers, Nimbus, the supervisors and ZooKeeper); wire bytes per acked
# tuple (the namespace's lo tx_bytes: every byte sent over loopback, ZooKeeper and heartbeats included; with RATE
# the same bytes pass the tbf qdisc); the spout's complete latency (the mean of the progress lines' per-interval
# means, each over the tuples Storm sampled in it). The summary's batch ratio is for the whole run. With
# REPEATS > 1 every variant runs that many times, interleaved (round 1: each variant once, then round 2, ...), and a
# second table gives per variant the mean over its runs, the lowest and highest run, and the ratios to raw.
#
# Environment:
#   DURATION (s per run, default 180), WARMUP (s discarded, default 90), INTERVAL (s between progress lines, 10)
#   TOPOLOGIES (default "events paragraphs")
#   VARIANTS_events (default "raw batch1 batch3"), VARIANTS_paragraphs (default "raw batch1 batch3 tuple"):
#     raw; guarded = Storm's Netty behind fluxext's receive guard and tuple serializer (transport: {type: netty}, no
#     compression), what every batch variant also has; guard-transport = only its transport half (the receive
#     guard's header check and the per-tuple count when sending), guard-serializer = only its tuple serializer (set
#     in the topology's config, Storm's Netty as is); sampled = raw with Storm's statistics sampling every tuple (topology.stats.sample.rate 1.0, what
#     `submit --local` forced before issue 20); tuple = the spout compresses tuple by tuple (zstd, threshold 64);
#     batch = the transport at its defaults; batchN = it compresses every bundle (when: always) at zstd level N;
#     backloggedN = only while the link binds (when: backlogged) at zstd level N; batchN-shared = batchN with
#     frames: shared (tasks' tuples in one frame even under TLS, where the default keeps them apart);
#     VARIANT+tls = that variant with TLS between the workers (transport.tls, stores made once per invocation by
#     `flux tls init`), compared with VARIANT in the table over the runs (benchmarks/scripts/tls-cost.sh)
#   REPEATS: runs per variant (default 1), interleaved
#   RATE: empty (default) = plain loopback; e.g. 50mbit = loopback shaped by `tc qdisc ... tbf`
#   KEEP: a directory to keep each run's topology, console output, Storm log, samples and summary JSON in
# Also per run: the uptime of the first progress line with an acked tuple ("first ack by", so at most INTERVAL s
# late), and for TLS runs the engine and negotiated cipher as the run's lines or Storm's log name them.
# Needs root, ip, tc (for RATE), jq and bc.
set -euo pipefail

duration=${DURATION:-180}
warmup=${WARMUP:-90}
interval=${INTERVAL:-10}
repeats=${REPEATS:-1}
topologies=${TOPOLOGIES:-events paragraphs}
rate=${RATE:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
ns="fluxss$$"
work=$(mktemp -d)
clk_tck=$(getconf CLK_TCK)

cleanup() {
  ip netns del "$ns" 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp -r "$work"/. "$KEEP"/; fi
  rm -rf "$work"
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] || { echo "needs root (network namespace, tc)" >&2; exit 2; }
[ "$warmup" -lt "$duration" ] || { echo "WARMUP ($warmup) must be below DURATION ($duration)" >&2; exit 2; }
# bin/flux builds the examples jar when sources changed; the runs then start the JVM directly, so that no
# rebuild can land inside a measured run.
"$root/bin/flux" --version >/dev/null
flux=(java -cp "$root/examples/target/examples-0.1.0-SNAPSHOT.jar:$(cat "$root/examples/target/flux.classpath")"
      dev.fluxext.cli.FluxCli)

# Stores for the +tls variants, made once: every run's workers use the same CA and keys.
tls_block() {
  if [ ! -f "$work/tls/worker.p12" ]; then "${flux[@]}" tls init "$work/tls" >"$work/tls-init.out"; fi
  echo "tls: {keystore: $work/tls/worker.p12, truststore: $work/tls/ca.p12, password: {file: $work/tls/tls.pass}}"
}

# One topology file per run: $1 = events | paragraphs, $2 = raw | guarded | guard-transport | guard-serializer | sampled | tuple | batch | batchN |
# backloggedN, each optionally with +tls.
# Prints its path.
topology() {
  local workload=$1 variant=${2%+tls} transport="" spout_compression="" extra_conf="" tls=""
  if [ "$variant" != "$2" ]; then tls=$(tls_block); fi
  case $variant in
    raw) ;;
    sampled) extra_conf=", topology.stats.sample.rate: 1.0" ;;
    tuple) spout_compression="    compression: {codec: zstd, threshold: 64}" ;;
    guarded) transport="transport: {type: netty}" ;;
    guard-transport) extra_conf=", storm.messaging.transport: dev.fluxext.compression.storm.FrameGuardContext" ;;
    guard-serializer) extra_conf=", topology.tuple.serializer: dev.fluxext.compression.storm.CompressingListDelegateSerializer" ;;
    batch) transport="transport: {type: netty, compression: {codec: zstd}}" ;;
    batch[0-9]*-shared) local level=${variant#batch}
      transport="transport: {type: netty, compression: {codec: zstd, when: always, frames: shared, zstd: {level: ${level%-shared}}}}" ;;
    batch[0-9]*) transport="transport: {type: netty, compression: {codec: zstd, when: always, zstd: {level: ${variant#batch}}}}" ;;
    backlogged[0-9]*) transport="transport: {type: netty, compression: {codec: zstd, when: backlogged, zstd: {level: ${variant#backlogged}}}}" ;;
    *) echo "unknown variant '$variant'" >&2; exit 2 ;;
  esac
  if [ -n "$tls" ]; then
    # Into the transport flow mapping; raw gets Storm's Netty as it is (no guard), which is what TLS needs. Storm's
    # blob keys take no '+': the topology is named VARIANT-tls.
    if [ -z "$transport" ]; then transport="transport: {type: netty, guard: false, $tls}"
    else transport="${transport%\}}, $tls}"; fi
    variant=$2
  fi
  local file="$work/$workload-$variant.yaml"
  case $workload in
    paragraphs) cat >"$file" <<YAML
name: ss-paragraphs-${variant//+/-}
config: {topology.workers: 2, topology.max.spout.pending: 500, topology.disable.loadaware.messaging: true$extra_conf}
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
    ;;
    # The shape of examples/topologies/events-batch-compressed.yaml.
    events) cat >"$file" <<YAML
name: ss-events-${variant//+/-}
config: {topology.workers: 2, topology.max.spout.pending: 2000, topology.disable.loadaware.messaging: true$extra_conf}
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
    ;;
    *) echo "unknown topology '$workload'" >&2; exit 2 ;;
  esac
  echo "$file"
}

lo_tx_bytes() {
  ip -n "$ns" -s -j link show lo | jq '.[0].stats64.tx.bytes'
}

# utime + stime of the whole process (all threads), in clock ticks; the command name ("java") has no spaces.
cpu_ticks() {
  awk '{print $14 + $15}' "/proc/$1/stat"
}

# $1 = link label, $2 = topology, $3 = variant, $4 = round. Runs it, samples at each of the spout's progress lines,
# prints a row and adds it to $work/rows.
run() {
  local link=$1 workload=$2 variant=$3 round=$4 file name pid line uptime=0 acked latency first_ack=-
  file=$(topology "$workload" "$variant")
  name="$workload-$variant-$round"
  local summary="$work/$name.json" samples="$work/$name.samples" fifo="$work/$name.fifo"
  mkfifo "$fifo"
  : >"$samples"
  ip netns exec "$ns" "${flux[@]}" submit --local "$file" --duration "$duration" --interval "$interval" \
    --summary-json "$summary" --log-file "$work/$name.log" >"$fifo" 2>&1 &
  pid=$!   # ip netns exec execs the command: this is the JVM
  # Each progress report starts with "[  NNs]"; the spout's line carries its cumulative acked count. Sampled as
  # soon as the line arrives (flux prints it right after reading its counters).
  while IFS= read -r line; do
    printf '%s\n' "$line" >>"$work/$name.out"
    if [[ $line =~ ^\[\ *([0-9]+)s\] ]]; then uptime=${BASH_REMATCH[1]}; fi
    if [[ $line =~ ^(\[\ *[0-9]+s\])?\ *$workload:\ +emitted\ [0-9]+\ acked\ ([0-9]+) ]]; then
      acked=${BASH_REMATCH[2]} latency=-
      if [ "$first_ack" = - ] && [ "$acked" -gt 0 ]; then first_ack=$uptime; fi
      if [[ $line =~ \ latency\ ([0-9.]+)\ ms ]]; then latency=${BASH_REMATCH[1]}; fi
      echo "$EPOCHREALTIME $uptime $acked $(cpu_ticks "$pid" 2>/dev/null || echo -) $(lo_tx_bytes) $latency" \
        >>"$samples"
    fi
  done <"$fifo"
  wait "$pid" || { echo "run $link $name failed, see its output:" >&2; tail -20 "$work/$name.out" >&2; return 1; }
  local tls=-
  if [[ $variant == *+tls ]]; then tls="$(tls_engine "$work/$name.out" "$work/$name.log")"; fi
  # Window: from the first sample at or after WARMUP s of uptime to the last sample. The latency of the window is
  # the mean of the samples' interval latencies after its start.
  awk -v warmup="$warmup" -v tck="$clk_tck" -v link="$link" -v wl="$workload" -v var="$variant" -v round="$round" \
      -v rows="$work/rows" -v first="$first_ack" -v tls="$tls" \
      -v ratio="$(batch_ratio "$summary")" -v total="$(jq -r ".components[\"$workload\"].acked" "$summary")" '
    $4 == "-" { next }
    $2 >= warmup && !started { started = 1; t0 = $1; a0 = $3; c0 = $4; b0 = $5; pt = $1; pa = $3; next }
    started {
      r = ($3 - pa) / ($1 - pt); if (!steps || r < lo) lo = r; if (!steps || r > hi) hi = r; steps++
      pt = $1; pa = $3; t1 = $1; a1 = $3; c1 = $4; b1 = $5
      if ($6 != "-") { lsum += $6; ln++ }
    }
    END {
      if (steps == 0) { printf "| %s | %s | %s | %s | no window (fewer than 2 progress lines after %d s) |\n", link, wl, var, round, warmup; exit }
      acked = a1 - a0; rate = acked / (t1 - t0); cpu = (c1 - c0) * 1e6 / tck / acked; wire = (b1 - b0) / acked
      lat = ln ? sprintf("%.1f", lsum / ln) : "-"
      printf "| %s | %s | %s | %s | %.0f | %d | %.0f | %.0f-%.0f | %.1f | %.0f | %s | %s | %s | %s | %s |\n", link, wl,
        var, round, t1 - t0, acked, rate, lo, hi, cpu, wire, lat, total, ratio, first, tls
      printf "%s %s %.3f %.3f %.3f %s\n", wl, var, rate, cpu, wire, lat >> rows
    }' "$samples"
}

# Per topology and variant over its runs: mean acked/s with the lowest and highest run, mean CPU, wire and latency,
# and the means' ratios to raw's (rows: topology variant acked/s cpu wire latency, in run order).
aggregate() {
  awk '
    !(($1 SUBSEP $2) in n) { order[++k] = $1 SUBSEP $2 }
    {
      key = $1 SUBSEP $2; n[key]++; rate[key] += $3; cpu[key] += $4; wire[key] += $5
      if (n[key] == 1 || $3 < lo[key]) lo[key] = $3; if (n[key] == 1 || $3 > hi[key]) hi[key] = $3
      if ($6 != "-") { lat[key] += $6; ln[key]++ }
    }
    END {
      for (i = 1; i <= k; i++) {
        key = order[i]; split(key, p, SUBSEP); base = p[2]
        # A TLS variant against the same variant in plaintext; every other against raw.
        if (!sub(/\+tls$/, "", base)) base = "raw"
        raw = p[1] SUBSEP base
        m = rate[key] / n[key]; c = cpu[key] / n[key]; w = wire[key] / n[key]
        l = ln[key] ? sprintf("%.1f", lat[key] / ln[key]) : "-"
        if (raw in n) {
          vs = sprintf(" (%.2fx)", m / (rate[raw] / n[raw])); cvs = sprintf(" (%.2fx)", c / (cpu[raw] / n[raw]))
          wvs = sprintf(" (%.2f)", w / (wire[raw] / n[raw]))
        } else { vs = cvs = wvs = "" }
        printf "| %s | %s | %d | %.0f%s | %.0f-%.0f | %.1f%s | %.0f%s | %s |\n", p[1], p[2], n[key], m, vs,
          lo[key], hi[key], c, cvs, w, wvs, l
      }
    }' "$work/rows"
}

# "ENGINE, CIPHER" of a TLS run, as its console output or Storm's log name them ("?" for what neither says).
tls_engine() {
  local engine cipher
  engine=$(grep -hiE 'tls.*engine|engine.*tls' "$@" 2>/dev/null | grep -oE 'OpenSSL|BoringSSL|JDK' | head -1 || true)
  cipher=$(grep -hiE 'negotiat|cipher' "$@" 2>/dev/null | grep -v 'storm.messaging.netty.tls.ciphers' \
    | grep -oE 'TLS_[A-Z0-9_]+' | head -1 || true)
  echo "${engine:-?}, ${cipher:-?}"
}

# bytesAfter / bytesBefore over all connections of the batch transport, whole run; "-" without it.
batch_ratio() {
  jq -r '[.batchCompression // {} | .[] | select(.batches > 0)] as $c
         | ($c | map(.bytesBefore) | add // 0) as $b
         | if $b > 0 then (($c | map(.bytesAfter) | add) / $b * 1000 | round / 1000) else "-" end' "$1"
}

ip netns add "$ns"
ip -n "$ns" link set lo up
link="loopback"
if [ -n "$rate" ]; then
  # tbf: burst above lo's 64 KB segments (else they are dropped), queue bounded by 50 ms of latency.
  tc -n "$ns" qdisc add dev lo root tbf rate "$rate" burst 256kb latency 50ms
  link="tbf $rate"
fi
echo "# steady state: $duration s per run, the first $warmup s discarded (JIT warm-up), progress every $interval s;"
echo "# $repeats run(s) per variant, interleaved; $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| link | topology | variant | run | window s | acked in window | acked/s | spread of ${interval}-s acked/s | CPU µs / acked | wire B / acked | latency ms | acked (whole run) | batch ratio (whole run) | first ack by s | TLS engine, cipher |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
: >"$work/rows"
for round in $(seq 1 "$repeats"); do
  for t in $topologies; do
    case $t in
      events) variants=${VARIANTS_events:-raw batch1 batch3} ;;
      paragraphs) variants=${VARIANTS_paragraphs:-raw batch1 batch3 tuple} ;;
      *) variants=raw ;;
    esac
    for v in $variants; do run "$link" "$t" "$v" "$round"; done
  done
done
echo
echo "Over the runs ($link):"
echo
echo "| topology | variant | runs | acked/s, mean (vs raw; VARIANT+tls: vs VARIANT) | lowest-highest run | CPU µs / acked (vs raw) | wire B / acked (vs raw) | latency ms |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
aggregate
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
