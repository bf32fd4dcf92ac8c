#!/usr/bin/env bash
# A single-node Kafka 4.1 broker (KRaft: broker and controller in one JVM) for the Kafka example topology
# (examples/topologies/kafka-records.yaml) and its tests. Usage:
#
#   examples/scripts/kafka-broker.sh DIR HOST:PORT [TOPIC:PARTITIONS ...]
#
# Writes DIR/server.properties (node 1; clients on HOST:PORT, which is also what the broker advertises; its
# controller on HOST:PORT+1; one replica of everything), formats DIR/data the first time (a later run on the same DIR
# keeps its records: stop and start it again to replay), then runs the broker in the foreground: stop it with
# Ctrl-C or a signal. HOST must resolve to an address of this machine (or network namespace): the broker listens
# there. It logs to DIR/logs/server.log (warnings also to stderr).
#
# Each TOPIC:PARTITIONS is created once the broker listens (one replica; an existing topic is left as it is);
# then the script prints "kafka-broker.sh: ready on HOST:PORT" and touches DIR/ready. A topic not named here is
# created on its first use with one partition (the broker's default).
#
# The broker's classpath: the file KAFKA_CLASSPATH_FILE names, by default kafka-broker/target/kafka.classpath in
# this repository (built with Maven when missing). KAFKA_JAVA_OPTS adds JVM options (the heap is 512 MB).
set -euo pipefail

usage() {
  echo "usage: $0 DIR HOST:PORT [TOPIC:PARTITIONS ...]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
dir="$1"
address="$2"
shift 2
host="${address%:*}"
port="${address##*:}"
if [ -z "$host" ] || [ "$host" = "$address" ] || ! [[ "$port" =~ ^[0-9]+$ ]]; then
  echo "kafka-broker.sh: '$address' is not HOST:PORT" >&2
  usage
fi
controller_port=$((port + 1))
topics=("$@")
for topic in "${topics[@]}"; do
  if ! [[ "$topic" =~ ^[A-Za-z0-9._-]+:[1-9][0-9]*$ ]]; then
    echo "kafka-broker.sh: '$topic' is not TOPIC:PARTITIONS (e.g. records:3)" >&2
    usage
  fi
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
classpath_file="${KAFKA_CLASSPATH_FILE:-$root/kafka-broker/target/kafka.classpath}"
if [ ! -f "$classpath_file" ]; then
  if [ -n "${KAFKA_CLASSPATH_FILE:-}" ]; then
    echo "kafka-broker.sh: KAFKA_CLASSPATH_FILE=$classpath_file does not exist" >&2
    exit 1
  fi
  echo "kafka-broker.sh: building the broker's classpath ($classpath_file)" >&2
  mvn -B -q -f "$root/pom.xml" -pl kafka-broker package >&2
fi
classpath="$(cat "$classpath_file")"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"

mkdir -p "$dir/logs" "$dir/data"
dir="$(cd "$dir" && pwd)"
rm -f "$dir/ready"

cat >"$dir/server.properties" <<EOF
# Written by kafka-broker.sh: a single-node KRaft broker and controller.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$host:$controller_port
listeners=PLAINTEXT://$host:$port,CONTROLLER://$host:$controller_port
advertised.listeners=PLAINTEXT://$host:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$dir/data
# One broker: one replica of the internal topics too.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# A consumer group's first member starts at once instead of after 3 s.
group.initial.rebalance.delay.ms=0
EOF

cat >"$dir/log4j2.properties" <<EOF
status = warn
appender.file.type = File
appender.file.name = file
appender.file.fileName = $dir/logs/server.log
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
appender.err.type = Console
appender.err.name = err
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = kafka: [%d] %p %m (%c)%n
appender.err.filter.level.type = ThresholdFilter
appender.err.filter.level.level = warn
rootLogger.level = info
rootLogger.appenderRef.file.ref = file
rootLogger.appenderRef.err.ref = err
EOF

jvm=(-Xmx512m -XX:+UseSerialGC -Djava.awt.headless=true -Dkafka.logs.dir="$dir/logs"
     -Dlog4j2.configurationFile="$dir/log4j2.properties")
# shellcheck disable=SC2206
jvm+=(${KAFKA_JAVA_OPTS:-})

# Formatted once: a DIR that already holds a broker's data keeps it (and its cluster id).
if [ ! -f "$dir/data/meta.properties" ]; then
  # A Kafka cluster id: 16 random bytes, URL-safe Base64 without padding, not starting with '-' (Uuid.randomUuid's rules).
  cluster_id="-"
  while [[ "$cluster_id" == -* ]]; do
    cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  done
  "$java" -Xmx256m -XX:+UseSerialGC -Dlog4j2.configurationFile="$dir/log4j2.properties" -cp "$classpath" \
      kafka.tools.StorageTool format --cluster-id "$cluster_id" --config "$dir/server.properties" \
      >"$dir/logs/format.log" 2>&1 || {
    echo "kafka-broker.sh: formatting $dir/data failed:" >&2
    cat "$dir/logs/format.log" >&2
    exit 1
  }
fi

# Once the broker listens: the topics, then "ready". In the background, as a child of the broker's JVM (which
# replaces this shell below); it gives up when the broker is gone.
(
  until (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; do
    kill -0 $$ 2>/dev/null || exit 0
    sleep 0.2
  done
  for topic in "${topics[@]}"; do
    "$java" -Xmx128m -XX:+UseSerialGC -Dlog4j2.configurationFile="$dir/log4j2.properties" -cp "$classpath" \
        org.apache.kafka.tools.TopicCommand --bootstrap-server "$host:$port" --create --if-not-exists \
        --topic "${topic%:*}" --partitions "${topic##*:}" --replication-factor 1 >>"$dir/logs/topics.log" 2>&1 || {
      echo "kafka-broker.sh: creating topic $topic failed (see $dir/logs/topics.log)" >&2
      exit 1
    }
  done
  touch "$dir/ready"
  echo "kafka-broker.sh: ready on $host:$port${topics[*]:+ (topics ${topics[*]})}"
) </dev/null &

exec "$java" "${jvm[@]}" -cp "$classpath" kafka.Kafka "$dir/server.properties"
