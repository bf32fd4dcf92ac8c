#!/usr/bin/env bash
# What TLS between workers costs, at steady state: plaintext and TLS side by side in one invocation, for the events
# (200 B JSON) and the paragraphs (1-2 KB text), each without the batch transport (raw), with it at its defaults
# (batch: compresses only while a link binds, so not on loopback) and compressing every bundle (batch1: zstd level
# 1, when: always). Each TLS variant (VARIANT+tls) uses stores `flux tls init` makes once per invocation, and is
# compared with VARIANT in plaintext in the table over the runs. 180-s runs with the first 90 s discarded, in a
# network namespace of its own (loopback only), by steady-state.sh, which describes every column; this adds the
# uptime by which the first tuple was acked and the TLS engine and negotiated cipher of each TLS run.
#
#   sudo benchmarks/scripts/tls-cost.sh                     # the whole matrix: 12 runs, about 40 minutes
#   sudo REPEATS=3 benchmarks/scripts/tls-cost.sh           # three interleaved rounds
#   sudo TOPOLOGIES=events DURATION=60 WARMUP=30 benchmarks/scripts/tls-cost.sh   # a quick check, not a figure
#
# Environment: as steady-state.sh; VARIANTS (default "raw raw+tls batch batch+tls batch1 batch1+tls") sets both
# topologies' variants. Under TLS the batch transport keeps each task's tuples in frames of their own (frames: auto,
# docs/tls.md); add "batch1-shared batch1-shared+tls" to tell that cost from TLS's. State the machine's cores next
# to any figure (the output's header line has them).
set -euo pipefail
variants=${VARIANTS:-raw raw+tls batch batch+tls batch1 batch1+tls}
export DURATION=${DURATION:-180} WARMUP=${WARMUP:-90} INTERVAL=${INTERVAL:-5}
export TOPOLOGIES=${TOPOLOGIES:-events paragraphs}
export VARIANTS_events=${VARIANTS_events:-$variants} VARIANTS_paragraphs=${VARIANTS_paragraphs:-$variants}
exec "$(dirname "$0")/steady-state.sh"
