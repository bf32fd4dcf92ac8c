#!/usr/bin/env bash
# A Storm cluster of several hosts on one Linux machine, each host a network namespace with its own address and
# name (docs/many-hosts.md). Root is required (namespaces, links, nftables).
#
#   many-hosts.sh up [--storm 2.8.3|2.6.4] [--supervisors N] [--slots N] [--kafka] [--dir DIR]
#   many-hosts.sh down | status
#   many-hosts.sh exec HOST CMD...                       run a command inside a host
#   many-hosts.sh link HOST rate RATE|loss PCT|cut|heal|clear|bytes
#   many-hosts.sh supervisor HOST kill|start
#   many-hosts.sh topology kill|activate|deactivate NAME
#
# Hosts (all on one switch, 127.0.100.0/24; every host resolves every other by name):
#   zk-nimbus   ZooKeeper (2181) and Nimbus (6627)
#   super1..N   a Supervisor each (slots 6700, 6701, ...), run under a restart loop as an operator's process
#               supervisor would: Storm's Supervisor halts itself when its ZooKeeper session expires
#   kafka       with --kafka: a single-node KRaft broker (9092), topic `records` with 3 partitions
#   client      where `flux submit --remote` runs; holds no TLS stores
#   rogue       a host outside the topology
# Each super host sees its own /etc/fluxext/tls/ (worker.p12, ca.p12, tls.pass from `flux tls init --workers`).
# State, logs and the stores under DIR (default examples/target/many-hosts). Environment: JAVA_HOME selects the
# JDK; FLUX_CLI replaces bin/flux (a command, e.g. `java -cp CP dev.fluxext.cli.FluxCli`).
set -euo pipefail

prefix=fxh-
switch=${prefix}sw
net=127.0.100
zk_port=2181
nimbus_port=6627
kafka_port=9092
first_slot=6700
# Where `down` finds what `up` made (the state directory, whether /etc/fluxext was created).
run_state=/run/fluxext-many-hosts

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
read -r -a flux <<<"${FLUX_CLI:-$root/bin/flux}"

die() { echo "many-hosts: $*" >&2; exit 1; }
say() { echo "many-hosts: $*" >&2; }

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
  exit "${1:-2}"
}

require_root() {
  [ "$(uname -s)" = Linux ] || die "needs Linux (network namespaces)"
  [ "$(id -u)" = 0 ] || die "needs root (network namespaces, links, nftables): run it with sudo"
  for tool in ip nft tc unshare; do
    command -v "$tool" >/dev/null 2>&1 || die "needs '$tool' (iproute2, nftables, util-linux)"
  done
}

# --- hosts -------------------------------------------------------------------------------------------------------

address_of() {
  case "$1" in
    zk-nimbus) echo "$net.1" ;;
    kafka) echo "$net.2" ;;
    client) echo "$net.3" ;;
    rogue) echo "$net.4" ;;
    super[0-9]*) echo "$net.$((10 + ${1#super}))" ;;
    *) die "no host '$1' (hosts: $(all_hosts | tr '\n' ' '))" ;;
  esac
}

# The hosts that are up: one namespace each.
all_hosts() {
  ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix" | grep -v "^$switch\$" | sed "s/^$prefix//" | sort -V
}

supervisor_hosts() { all_hosts | grep '^super' || true; }

host_exists() { ip netns list 2>/dev/null | awk '{print $1}' | grep -qx "$prefix$1"; }

# Runs a command in HOST: its network namespace, its /etc/hosts and /etc/fluxext (ip netns exec binds
# /etc/netns/NS/*), and its own host name (a UTS namespace).
in_host() {
  local host="$1"
  shift
  ip netns exec "$prefix$host" unshare --uts -- sh -c 'hostname "$0" && exec "$@"' "$host" "$@"
}

add_host() {
  local host="$1" ns="$prefix$1" address
  address="$(address_of "$host")"
  ip netns add "$ns"
  # The host's end is eth0; the switch's end is named after the host (at most 15 characters).
  ip -n "$switch" link add "v-$host" type veth peer name eth0 netns "$ns"
  ip -n "$switch" link set "v-$host" master br0 up
  # 127.x on a link: lo keeps 127.0.0.1 only, and the kernel must route loopback-range addresses.
  ip netns exec "$ns" sysctl -qw net.ipv4.conf.all.route_localnet=1 net.ipv4.conf.eth0.route_localnet=1
  ip -n "$ns" addr add 127.0.0.1/32 dev lo
  ip -n "$ns" link set lo up
  ip -n "$ns" addr del 127.0.0.1/8 dev lo
  ip -n "$ns" addr add "$address/24" dev eth0
  ip -n "$ns" link set eth0 up
  mkdir -p "/etc/netns/$ns"
}

write_hosts_files() {
  local hosts_file host
  hosts_file="$(printf '127.0.0.1\tlocalhost\n'; for host in $(all_hosts); do printf '%s\t%s\n' "$(address_of "$host")" "$host"; done)"
  for host in $(all_hosts); do
    printf '%s\n' "$hosts_file" >"/etc/netns/$prefix$host/hosts"
  done
}

# --- Storm -------------------------------------------------------------------------------------------------------

storm_classpath_file() {
  case "$1" in
    2.8.3) echo "$root/storm-lines/storm-2.8/target/storm.classpath" ;;
    2.6.4) echo "$root/storm-lines/storm-2.6/target/storm.classpath" ;;
    *) die "--storm $1: this script runs 2.8.3 or 2.6.4" ;;
  esac
}

# Builds what is missing with Maven (as bin/flux does): a Storm line's classpath, Kafka's, the examples' jars.
ensure_built() {
  local storm="$1" kafka="$2" modules=()
  [ -f "$(storm_classpath_file "$storm")" ] || modules+=("storm-lines/storm-${storm%.*}")
  [ "$kafka" = no ] || [ -f "$root/kafka-broker/target/kafka.classpath" ] || modules+=(kafka-broker)
  [ -f "$(topology_jar)" ] || modules+=(examples)
  [ ${#modules[@]} -gt 0 ] || return 0
  command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is needed to build ${modules[*]}"
  local list
  list="$(IFS=,; echo "${modules[*]}")"
  say "building $list (Maven's output in $state/build.log)"
  (cd "$root" && mvn -B ${FLUX_MAVEN_OPTS:-} -DskipTests -pl "$list" -am package) >"$state/build.log" 2>&1 \
    || die "the build failed: see $state/build.log"
}

topology_jar() { echo "$root/examples/target/examples-0.1.0-SNAPSHOT-topology.jar"; }

# A Storm installation per host, as bin/storm would find it: conf/storm.yaml, lib-worker/, log4j2/, logs/.
lay_out_storm() {
  local host="$1" classpath="$2" slots="$3" home="$state/hosts/$1"
  mkdir -p "$home/conf" "$home/lib-worker" "$home/log4j2" "$home/logs" "$home/storm-local" "$state/metrics"
  local jar
  for jar in $(tr ':' ' ' <"$classpath"); do
    # Workers get storm-client and its libraries; storm-server stays out, as in Storm's own lib-worker/.
    case "$(basename "$jar")" in storm-server-*) ;; *) ln -sf "$jar" "$home/lib-worker/" ;; esac
  done
  local layout='<PatternLayout pattern="%d{ISO8601} %-5p [%t] %c{1.}: %m%n"/>'
  cat >"$home/log4j2/cluster.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<Configuration><Appenders><File name="file" fileName="\${sys:storm.log.dir}/\${sys:logfile.name}">$layout</File></Appenders>
<Loggers><Logger name="org.apache.storm.shade" level="warn"/><Root level="info"><AppenderRef ref="file"/></Root></Loggers></Configuration>
EOF
  local artifacts='${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/'
  cat >"$home/log4j2/worker.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<Configuration><Appenders><File name="file" fileName="${artifacts}\${sys:logfile.name}">$layout</File>
<File name="out" fileName="${artifacts}\${sys:logfile.name}.out">$layout</File></Appenders>
<Loggers><Logger name="STDOUT" level="info" additivity="false"><AppenderRef ref="out"/></Logger>
<Logger name="STDERR" level="info" additivity="false"><AppenderRef ref="out"/></Logger>
<Logger name="org.apache.storm.shade" level="warn"/><Root level="info"><AppenderRef ref="file"/></Root></Loggers></Configuration>
EOF
  local ports=() i
  for ((i = 0; i < slots; i++)); do ports+=($((first_slot + i))); done
  cat >"$home/conf/storm.yaml" <<EOF
storm.zookeeper.servers: ["zk-nimbus"]
storm.zookeeper.port: $zk_port
storm.local.hostname: "$host"
storm.local.dir: "$home/storm-local"
nimbus.seeds: ["zk-nimbus"]
nimbus.thrift.port: $nimbus_port
supervisor.slots.ports: [$(IFS=,; echo "${ports[*]}" | sed 's/,/, /g')]
# Small and fixed: one machine runs every host's JVMs.
worker.childopts: "-Xmx256m -XX:+UseSerialGC -XX:+HeapDumpOnOutOfMemoryError"
# fluxext's figures (compression, TLS) per worker: CSV files in one directory for the cluster (Nimbus's storm.yaml
# reaches every worker through the topology's config; each file names its host and port), and the worker's log.
topology.metrics.reporters:
  - class: "org.apache.storm.metrics2.reporters.CsvStormReporter"
    report.period: 2
    report.period.units: "SECONDS"
    csv.log.dir: "$state/metrics"
    filter:
      class: "org.apache.storm.metrics2.filters.RegexFilter"
      expression: ".*fluxext.*"
  - class: "org.apache.storm.metrics2.reporters.ConsoleStormReporter"
    report.period: 10
    report.period.units: "SECONDS"
    filter:
      class: "org.apache.storm.metrics2.filters.RegexFilter"
      expression: ".*fluxext.*"
EOF
}

daemon_command() {
  local host="$1" name="$2" main="$3" classpath="$4" home="$state/hosts/$1"
  echo "$java" -Xmx256m -XX:+UseSerialGC -Dstorm.home="$home" -Dstorm.log.dir="$home/logs" \
    -Dlogfile.name="$name.log" -Dlog4j.configurationFile="$home/log4j2/cluster.xml" \
    -cp "$home/conf:$(cat "$classpath")" "$main"
}

# Starts CMD in HOST in the background, detached, its output to the host's logs/NAME.out.
start_in_host() {
  local host="$1" name="$2"
  shift 2
  local logs="$state/hosts/$host/logs"
  mkdir -p "$logs"
  JAVA_HOME="$java_home" setsid nohup ip netns exec "$prefix$host" unshare --uts -- \
    sh -c 'hostname "$0" && exec "$@"' "$host" "$@" >>"$logs/$name.out" 2>&1 </dev/null &
}

start_supervisor() {
  local host="$1" home="$state/hosts/$1"
  # The operator's process supervisor: restarts the Supervisor 5 s after it exits, until `supervisor HOST kill`.
  start_in_host "$host" supervisor-loop bash -c '
    while :; do
      echo "$(date -u +%FT%TZ) starting the supervisor"
      '"$(daemon_command "$host" supervisor org.apache.storm.daemon.supervisor.Supervisor "$(cat "$state/storm.classpath.file")")"'
      echo "$(date -u +%FT%TZ) the supervisor exited with $?; restarting in 5 s"
      sleep 5
    done'
}

# Pids of processes in HOST whose command line contains WORD.
pids_in() {
  local host="$1" word="$2" pid
  for pid in $(ip netns pids "$prefix$host" 2>/dev/null); do
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$word"; then echo "$pid"; fi
  done
}

wait_for_port() {
  local host="$1" port="$2" what="$3" seconds="$4" waited=0
  until in_host client bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null; do
    waited=$((waited + 1))
    [ "$waited" -lt "$seconds" ] || die "$what did not listen on $host:$port within $seconds s (logs: $state/hosts/$host/logs)"
    sleep 1
  done
}

wait_for_file() {
  local file="$1" what="$2" seconds="$3" waited=0
  until [ -e "$file" ]; do
    waited=$((waited + 1))
    [ "$waited" -lt "$seconds" ] || die "$what not ready within $seconds s (logs: $(dirname "$file"))"
    sleep 1
  done
}

# --- TLS ---------------------------------------------------------------------------------------------------------

make_stores() {
  local hosts="$1" dir="$state/tls" host
  rm -rf "$dir"
  "${flux[@]}" tls init "$dir" --workers "$hosts" --install-dir /etc/fluxext/tls >"$state/tls-init.out" 2>&1 \
    || die "flux tls init failed: $(cat "$state/tls-init.out")"
  for host in ${hosts//,/ }; do
    [ -f "$dir/$host/worker.p12" ] || die "flux tls init wrote no $dir/$host/worker.p12"
    mkdir -p "/etc/netns/$prefix$host/fluxext"
    cp -r "$dir/$host" "/etc/netns/$prefix$host/fluxext/tls"
    chmod 700 "/etc/netns/$prefix$host/fluxext/tls"
  done
  # ip netns exec binds /etc/netns/NS/fluxext over /etc/fluxext, which must exist.
  if [ ! -e /etc/fluxext ]; then
    mkdir /etc/fluxext
    touch "$run_state/created-etc-fluxext"
  fi
}

# --- commands ----------------------------------------------------------------------------------------------------

cmd_up() {
  local storm=2.8.3 supervisors=3 slots=2 kafka=no dir="$root/examples/target/many-hosts"
  while [ $# -gt 0 ]; do
    case "$1" in
      --storm) storm="$2"; shift 2 ;;
      --supervisors) supervisors="$2"; shift 2 ;;
      --slots) slots="$2"; shift 2 ;;
      --kafka) kafka=yes; shift ;;
      --dir) dir="$2"; shift 2 ;;
      *) usage ;;
    esac
  done
  [[ "$supervisors" =~ ^[1-9]$ ]] || die "--supervisors: 1 to 9"
  [[ "$slots" =~ ^[1-4]$ ]] || die "--slots: 1 to 4"
  require_root
  if ip netns list | grep -q "^$prefix"; then
    # A cluster whose namespaces hold no process is what a killed run leaves behind: take it down.
    # One with live processes belongs to someone: leave it.
    if [ -n "$(live_pids)" ]; then die "a cluster is up already (many-hosts.sh down first)"; fi
    say "a cluster left with no process running (by a run that was killed) is taken down first"
    cmd_down >/dev/null
  fi
  mkdir -p "$dir"
  state="$(cd "$dir" && pwd)"
  # A fresh cluster: the previous run's state and logs go.
  rm -rf "$state/hosts" "$state/tls" "$state/metrics"
  mkdir -p "$state/hosts" "$run_state"
  echo "$state" >"$run_state/dir"
  # Whatever fails from here, `down` cleans up what was made.
  trap 'say "up failed (logs: $state); cleaning up"; cmd_down >/dev/null 2>&1 || true' EXIT

  # bin/flux builds the examples (and itself) on first use; then what else is missing.
  "${flux[@]}" version >/dev/null || die "flux does not run: ${flux[*]} version"
  ensure_built "$storm" "$kafka"
  local classpath
  classpath="$(storm_classpath_file "$storm")"
  echo "$classpath" >"$state/storm.classpath.file"

  [ -d /etc/netns ] || { mkdir /etc/netns && touch "$run_state/created-etc-netns"; }
  ip netns add "$switch"
  ip -n "$switch" link add br0 type bridge
  ip -n "$switch" link set br0 up
  local hosts=(zk-nimbus client rogue) supers=() i
  for ((i = 1; i <= supervisors; i++)); do supers+=("super$i"); done
  [ "$kafka" = no ] || hosts+=(kafka)
  hosts+=("${supers[@]}")
  local host
  for host in "${hosts[@]}"; do add_host "$host"; done
  write_hosts_files
  make_stores "$(IFS=,; echo "${supers[*]}")"

  for host in zk-nimbus "${supers[@]}"; do lay_out_storm "$host" "$classpath" "$slots"; done
  local zk_home="$state/hosts/zk-nimbus"
  mkdir -p "$zk_home/zookeeper"
  start_in_host zk-nimbus zookeeper "$java" -Xmx128m -XX:+UseSerialGC -Dzookeeper.admin.enableServer=false \
    -cp "$(cat "$classpath")" org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain \
    "$zk_port" "$zk_home/zookeeper"
  wait_for_port zk-nimbus "$zk_port" ZooKeeper 90
  # shellcheck disable=SC2046
  start_in_host zk-nimbus nimbus $(daemon_command zk-nimbus nimbus org.apache.storm.daemon.nimbus.Nimbus "$classpath")
  for host in "${supers[@]}"; do start_supervisor "$host"; done
  if [ "$kafka" = yes ]; then
    mkdir -p "$state/hosts/kafka/logs"
    printf '%s\n' "# kafka-records.yaml's placeholders on this cluster (many-hosts.sh)" "kafka.bootstrap=kafka:$kafka_port" \
      "kafka.topic=records" "tls.dir=/etc/fluxext/tls" >"$state/kafka-records.properties"
    start_in_host kafka broker "$root/examples/scripts/kafka-broker.sh" "$state/hosts/kafka/broker" \
      "kafka:$kafka_port" records:3
  fi
  wait_for_port zk-nimbus "$nimbus_port" Nimbus 180
  [ "$kafka" = no ] || wait_for_file "$state/hosts/kafka/broker/ready" "the Kafka broker (topic records)" 240
  wait_for_supervisors "$supervisors" 240
  trap - EXIT
  print_how_to "$kafka"
}

# Waits until Nimbus reports every Supervisor.
wait_for_supervisors() {
  local want="$1" seconds="$2" waited=0 have
  while :; do
    have="$(nimbus_summary | grep -c '^supervisor ' || true)"
    [ "$have" -ge "$want" ] && return 0
    waited=$((waited + 5))
    [ "$waited" -lt "$seconds" ] || die "Nimbus reports $have of $want supervisors after $seconds s (logs: $state/hosts/*/logs)"
    sleep 5
  done
}

# Nimbus's view or a topology action (NimbusCommand.java, run as a source file from the client host).
nimbus_command() {
  local out status=0
  out="$(in_host client "$java" -Xmx128m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Dlog4j2.level=warn \
    -cp "$state/hosts/zk-nimbus/conf:$(cat "$(cat "$state/storm.classpath.file")")" \
    "$root/examples/scripts/NimbusCommand.java" "$@" 2>&1)" || status=$?
  # javac's notes and the client's log lines are noise here.
  grep -vE '^(Note: |[0-9:.]+ \[main\] )' <<<"$out" || true
  return "$status"
}

nimbus_summary() { nimbus_command summary | grep -E '^(supervisor|topology) ' || true; }

print_how_to() {
  local self="examples/scripts/many-hosts.sh" jar="examples/target/examples-0.1.0-SNAPSHOT-topology.jar"
  cat <<EOF
many-hosts: up. Hosts: $(all_hosts | tr '\n' ' ')
  Nimbus zk-nimbus:$nimbus_port$([ "$1" = no ] || echo ", Kafka kafka:$kafka_port (topic records, 3 partitions)")
  state and logs under $state/hosts/HOST/logs; each super host holds its own /etc/fluxext/tls/
  (the transport.tls block naming it: $state/tls-init.out)
From the repository's root, submit a topology from the client host (which holds no stores) and wait until it runs:
  $self exec client bin/flux submit --remote TOPOLOGY.yaml --jar $jar \\
      --nimbus zk-nimbus:$nimbus_port --wait-running 240
EOF
  if [ "$1" = yes ]; then
    cat <<EOF
The Kafka example (records with ids and checksums; the sink writes each id it sees to the ledger directory):
  $self exec client java -cp "examples/target/classes:\$(cat examples/target/flux.classpath)" \\
      dev.fluxext.examples.kafka.RecordProducer --bootstrap kafka:$kafka_port --topic records --from 0 --count 6000 --rate 100
  $self exec client bin/flux submit --remote examples/topologies/kafka-records.yaml \\
      --filter $state/kafka-records.properties --jar $jar --nimbus zk-nimbus:$nimbus_port --wait-running 240 \\
      -c examples.ledger.dir=$state/ledger
EOF
  fi
  cat <<EOF
Watch: $self status (Nimbus's view, each host's processes); worker logs under $state/hosts/superN/logs/workers-artifacts/
Faults: $self link super2 cut|heal|loss 5|rate 20mbit|clear|bytes; $self supervisor super1 kill|start;
        kill -9 a worker (pids in status); $self topology kill NAME
Stop: $self down
EOF
}

state_dir() {
  [ -f "$run_state/dir" ] || die "no cluster is up (nothing in $run_state)"
  state="$(cat "$run_state/dir")"
}

# Every process in our namespaces, space-separated (empty when none).
live_pids() {
  local ns pids=""
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix" || true); do
    pids="$pids $(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')"
  done
  echo "$pids" | xargs
}

cmd_down() {
  require_root
  local ns pass pids
  # Every process in our namespaces (restart loops first: they would start new ones), until none is left.
  for pass in 1 2 3 4 5 6 7 8 9 10; do
    pids="$(live_pids)"
    [ -n "$pids" ] || break
    # shellcheck disable=SC2086
    kill -9 $pids 2>/dev/null || true
    sleep 1
  done
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix" || true); do
    ip netns del "$ns"
  done
  rm -rf /etc/netns/"$prefix"*
  if [ -f "$run_state/created-etc-fluxext" ]; then rmdir /etc/fluxext 2>/dev/null || true; fi
  if [ -f "$run_state/created-etc-netns" ]; then rmdir /etc/netns 2>/dev/null || true; fi
  if [ -f "$run_state/dir" ]; then
    state="$(cat "$run_state/dir")"
    # Scratch state goes; logs stay for a post-mortem.
    rm -rf "$state"/hosts/*/storm-local "$state"/hosts/*/lib-worker "$state"/hosts/zk-nimbus/zookeeper \
      "$state"/hosts/kafka/broker/data
  fi
  rm -rf "$run_state"
  say "down"
}

cmd_status() {
  require_root
  state_dir
  local host pid port
  nimbus_summary | sed 's/^/nimbus: /'
  for host in $(all_hosts); do
    printf '%-10s %s' "$host" "$(address_of "$host")"
    case "$host" in
      zk-nimbus) printf '  zookeeper %s  nimbus %s' "$(pids_in "$host" ZooKeeperServerMain | head -1)" \
        "$(pids_in "$host" daemon.nimbus.Nimbus | head -1)" ;;
      kafka) printf '  broker %s' "$(pids_in "$host" kafka | tail -1)" ;;
      super*)
        printf '  supervisor %s' "$(supervisor_pid "$host")"
        for pid in $(worker_pids "$host"); do
          port="$(tr '\0' '\n' <"/proc/$pid/cmdline" | sed -n 's/^-Dworker.port=//p')"
          printf '  worker:%s %s' "$port" "$pid"
        done ;;
    esac
    local rules
    rules="$(ip netns exec "$prefix$host" nft list table inet fxh-link 2>/dev/null | grep -cE 'drop|numgen' || true)"
    [ "${rules:-0}" = 0 ] || printf '  [link: %s]' "$(link_state "$host")"
    echo
  done
}

supervisor_pid() { pids_in "$1" daemon.supervisor.Supervisor | while read -r p; do
  tr '\0' ' ' <"/proc/$p/cmdline" | grep -q '^bash' || echo "$p"; done | head -1; }

worker_pids() { pids_in "$1" org.apache.storm.daemon.worker.Worker | while read -r p; do
  tr '\0' ' ' <"/proc/$p/cmdline" | grep -q 'org.apache.storm.LogWriter' || echo "$p"; done; }

link_state() {
  local rules
  rules="$(ip netns exec "$prefix$1" nft list table inet fxh-link 2>/dev/null || true)"
  if grep -q 'numgen' <<<"$rules"; then echo "loss"; elif grep -q 'drop' <<<"$rules"; then echo "cut"; fi
}

cmd_exec() {
  [ $# -ge 2 ] || usage
  require_root
  local host="$1"
  shift
  host_exists "$host" || die "no host '$host' is up"
  in_host "$host" "$@"
}

# Shapes or cuts HOST's link. The filter (nftables) is in the host's namespace, on eth0 only (its own loopback
# traffic is untouched); the rate limit (tbf) is on both ends of the link, so both directions are limited.
cmd_link() {
  [ $# -ge 2 ] || usage
  require_root
  local host="$1" what="$2" ns="$prefix$1"
  host_exists "$host" || die "no host '$host' is up"
  case "$what" in
    rate)
      [ $# -eq 3 ] || die "link HOST rate RATE (e.g. 20mbit)"
      tc -n "$ns" qdisc replace dev eth0 root tbf rate "$3" burst 64kb latency 200ms
      tc -n "$switch" qdisc replace dev "v-$host" root tbf rate "$3" burst 64kb latency 200ms ;;
    loss)
      [ $# -eq 3 ] && [[ "$3" =~ ^[0-9]+$ ]] && [ "$3" -le 100 ] || die "link HOST loss PERCENT (0-100)"
      filter "$ns" "numgen random mod 100 < $3 drop" ;;
    cut) filter "$ns" "drop" ;;
    heal) ip netns exec "$ns" nft delete table inet fxh-link 2>/dev/null || true ;;
    clear)
      ip netns exec "$ns" nft delete table inet fxh-link 2>/dev/null || true
      tc -n "$ns" qdisc del dev eth0 root 2>/dev/null || true
      tc -n "$switch" qdisc del dev "v-$host" root 2>/dev/null || true ;;
    bytes)
      # The switch's end of the link: rx is what the host sent, tx what it received.
      ip netns exec "$switch" cat "/sys/class/net/v-$host/statistics/rx_bytes" \
        "/sys/class/net/v-$host/statistics/tx_bytes" | paste -sd' ' | sed 's/^/sent_by_host received_by_host: /' ;;
    *) usage ;;
  esac
}

filter() {
  local ns="$1" rule="$2"
  ip netns exec "$ns" nft delete table inet fxh-link 2>/dev/null || true
  ip netns exec "$ns" nft -f - <<EOF
table inet fxh-link {
  chain in { type filter hook input priority 0; iifname "eth0" $rule; }
  chain out { type filter hook output priority 0; oifname "eth0" $rule; }
}
EOF
}

cmd_supervisor() {
  [ $# -eq 2 ] || usage
  require_root
  state_dir
  local host="$1" pid
  host_exists "$host" && [[ "$host" == super* ]] || die "no supervisor host '$host' is up"
  case "$2" in
    # The restart loop and the Supervisor, as a crash would leave the host; its workers keep running.
    kill)
      for pid in $(pids_in "$host" daemon.supervisor.Supervisor); do
        kill -9 "$pid" 2>/dev/null || true
      done ;;
    start)
      [ -z "$(supervisor_pid "$host")" ] || die "the supervisor on $host runs already"
      start_supervisor "$host" ;;
    *) usage ;;
  esac
}

cmd_topology() {
  [ $# -eq 2 ] || usage
  case "$1" in kill | activate | deactivate) ;; *) usage ;; esac
  require_root
  state_dir
  nimbus_command "$1" "$2"
}

case "${1:-}" in
  up) shift; cmd_up "$@" ;;
  down) cmd_down ;;
  status) cmd_status ;;
  exec) shift; cmd_exec "$@" ;;
  link) shift; cmd_link "$@" ;;
  supervisor) shift; cmd_supervisor "$@" ;;
  topology) shift; cmd_topology "$@" ;;
  -h | --help | help) usage 0 ;;
  *) usage ;;
esac
