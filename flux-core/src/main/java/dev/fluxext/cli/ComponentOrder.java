package dev.fluxext.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.StormTopology;

/**
 * Components in the order tuples flow: spouts, then bolts breadth-first downstream (ties by id), then any bolt
 * no stream reaches. Progress lines, summaries and graphs read left to right in this order.
 */
final class ComponentOrder {

    private ComponentOrder() {
    }

    static List<String> of(StormTopology topology) {
        Map<String, Set<String>> downstream = new TreeMap<>();
        new TreeMap<String, Bolt>(topology.get_bolts()).forEach((id, bolt) -> {
            for (GlobalStreamId input : bolt.get_common().get_inputs().keySet()) {
                downstream.computeIfAbsent(input.get_componentId(), source -> new TreeSet<>()).add(id);
            }
        });
        Set<String> order = new LinkedHashSet<>(new TreeSet<>(topology.get_spouts().keySet()));
        Deque<String> queue = new ArrayDeque<>(order);
        while (!queue.isEmpty()) {
            for (String next : downstream.getOrDefault(queue.poll(), Set.of())) {
                if (topology.get_bolts().containsKey(next) && order.add(next)) {
                    queue.add(next);
                }
            }
        }
        order.addAll(new TreeSet<>(topology.get_bolts().keySet()));
        return new ArrayList<>(order);
    }
}
