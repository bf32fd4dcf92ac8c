#!/usr/bin/env bash
# Soak run (not part of CI): runs the compressed word count on an embedded cluster for a given time and
# samples the JVM's heap (in use at the sample, garbage not yet collected included, and committed) and its
# resident set size every INTERVAL seconds, as CSV. Usage:
#
#   examples/scripts/soak.sh [MINUTES=30] [INTERVAL_SECONDS=30] [OUT_DIR=examples/target/soak]
#
# Writes OUT_DIR/samples.csv (elapsed_s,heap_used_mb,heap_committed_mb,rss_mb), OUT_DIR/flux.out (the
# progress lines) and OUT_DIR/summary.json; prints the first, last and peak samples at the end.
# The JVM gets -Xmx1g unless SOAK_JAVA_OPTS says otherwise. Heap figures come from
# `jstat -gc` (the JDK's own tool), RSS from /proc/PID/status (Linux).
set -euo pipefail

minutes="${1:-30}"
interval="${2:-30}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${3:-$root/examples/target/soak}"
mkdir -p "$out"
samples="$out/samples.csv"

# The launcher builds first if needed; the build is not part of the soak. The project's jars are copied aside so
# that a rebuild during the soak does not rewrite jars under the running JVM.
"$root/bin/flux" validate "$root/examples/topologies/wordcount-compressed.yaml" >/dev/null
mkdir -p "$out/jars"
classpath="$out/jars/examples.jar"
cp "$root/examples/target/examples-0.1.0-SNAPSHOT.jar" "$classpath"
for entry in $(tr ':' ' ' <"$root/examples/target/flux.classpath"); do
  case "$entry" in
    "$root"/*) cp "$entry" "$out/jars/" && classpath="$classpath:$out/jars/$(basename "$entry")" ;;
    *) classpath="$classpath:$entry" ;;
  esac
done

# A fixed heap ceiling, as a deployment would set one (SOAK_JAVA_OPTS replaces it); without one the JVM takes
# a quarter of the machine's memory and the heap figures say more about the machine than about the topology.
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# shellcheck disable=SC2086
"$java" ${SOAK_JAVA_OPTS:--Xmx1g} -cp "$classpath" dev.fluxext.cli.FluxCli \
    submit --local "$root/examples/topologies/wordcount-compressed.yaml" \
    --duration $((minutes * 60)) --interval 60 \
    --summary-json "$out/summary.json" --log-file "$out/storm.log" >"$out/flux.out" 2>&1 &
launcher=$!
trap 'kill "$launcher" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do
  jstat -gc "$launcher" >/dev/null 2>&1 && break
  sleep 1
done

echo "elapsed_s,heap_used_mb,heap_committed_mb,rss_mb" >"$samples"
start=$(date +%s)
while kill -0 "$launcher" 2>/dev/null; do
  # jstat -gc columns (JDK 17): S0C S1C S0U S1U EC EU OC OU MC MU ... in KB.
  if gc=$(jstat -gc "$launcher" 2>/dev/null | tail -n 1) && rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$launcher/status" 2>/dev/null); then
    echo "$gc" | awk -v t=$(( $(date +%s) - start )) -v rss="$rss" \
      '{ printf "%d,%.1f,%.1f,%.1f\n", t, ($3+$4+$6+$8)/1024, ($1+$2+$5+$7)/1024, rss/1024 }' >>"$samples"
  fi
  sleep "$interval"
done
wait "$launcher" || { echo "soak: flux exited with $?; see $out/flux.out" >&2; exit 1; }
trap - EXIT

echo "soak: ${minutes} min, samples in $samples"
sed -n '2p;$p' "$samples" | sed 's/^/soak: first\/last: /'
sort -t, -k4 -n "$samples" | tail -n 1 | sed 's/^/soak: peak RSS sample: /'
sort -t, -k2 -n "$samples" | tail -n 1 | sed 's/^/soak: peak heap sample: /'
grep -E '^\[' "$out/flux.out" | tail -n 1 | sed 's/^/soak: last progress: /'
