package dev.fluxext.describe;

import dev.fluxext.describe.TopologyView.Component;
import dev.fluxext.describe.TopologyView.Input;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one order in which flux lists a topology's components ({@code show}, {@code graph}, progress lines, the run
 * summary and {@code --summary-json}): the order tuples flow.
 * <ol>
 *   <li>spouts, in the order given;</li>
 *   <li>then bolts breadth-first downstream of them: a component's consumers follow, in the order given, once all
 *       components before it are placed;</li>
 *   <li>then bolts no stream from a spout reaches, in the order given.</li>
 * </ol>
 * The order given is the file's (spouts, then bolts, as declared) for components of the file, followed by those
 * Storm added; for components only Storm's topology object knows (a {@code topologySource}), it is by id.
 */
final class FlowOrder {

    private FlowOrder() {
    }

    static List<Component> sort(List<Component> given) {
        Map<String, Component> byId = new LinkedHashMap<>();
        given.stream().filter(Component::isSpout).forEach(c -> byId.put(c.id(), c));
        Deque<String> queue = new ArrayDeque<>(byId.keySet());
        while (!queue.isEmpty()) {
            String from = queue.poll();
            for (Component c : given) {
                if (!byId.containsKey(c.id()) && c.inputs().stream().map(Input::from).anyMatch(from::equals)) {
                    byId.put(c.id(), c);
                    queue.add(c.id());
                }
            }
        }
        given.forEach(c -> byId.putIfAbsent(c.id(), c));
        return new ArrayList<>(byId.values());
    }
}
