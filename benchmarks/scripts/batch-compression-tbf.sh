#!/usr/bin/env bash
# The steady-state benchmark (steady-state.sh, which documents the figures) for one topology on a loopback shaped
# with `tc qdisc ... tbf`: pick RATE below what raw moves on plain loopback (its wire B / acked times its acked/s),
# so that the link binds raw.
#
#   sudo [RATE=50mbit] [REPEATS=2] [RUNS="raw batch1"] benchmarks/scripts/batch-compression-tbf.sh [events|paragraphs]
#
# Environment: RATE (tbf rate, default 50mbit), RUNS (variants, default "raw batch1"; see steady-state.sh),
# DURATION, WARMUP, INTERVAL, REPEATS, KEEP as for steady-state.sh.
set -euo pipefail
workload=${1:-events}
export RATE=${RATE:-50mbit} TOPOLOGIES=$workload "VARIANTS_$workload=${RUNS:-raw batch1}"
exec "$(dirname "$0")/steady-state.sh"
