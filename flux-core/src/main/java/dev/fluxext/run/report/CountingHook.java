package dev.fluxext.run.report;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.storm.daemon.Acker;
import org.apache.storm.hooks.BaseTaskHook;
import org.apache.storm.hooks.info.BoltAckInfo;
import org.apache.storm.hooks.info.BoltExecuteInfo;
import org.apache.storm.hooks.info.BoltFailInfo;
import org.apache.storm.hooks.info.EmitInfo;
import org.apache.storm.hooks.info.SpoutAckInfo;
import org.apache.storm.hooks.info.SpoutFailInfo;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Tuple;

/**
 * The task hook of a local run ({@link RunCounters#install}): hands each task's events to its {@link RunCounters}.
 * Storm calls a task's hooks for every tuple, sampled or not, on the task's executor thread. Public, with a public
 * constructor, because Storm creates it by class name.
 */
public final class CountingHook extends BaseTaskHook {

    /** Null when no local run reads this task's counts: every event is then ignored. */
    private RunCounters.TaskCounts counts;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        counts = RunCounters.forTask(conf.get(RunCounters.RUN_KEY), context.getThisComponentId(),
            !context.getComponentTasks(Acker.ACKER_COMPONENT_ID).isEmpty(), context.getThisWorkerPort());
    }

    @Override
    public void emit(EmitInfo info) {
        if (counts != null) {
            counts.emitted(info.stream, targets(info.outTasks));
        }
    }

    /** Storm calls it in the executor's shutdown, just before the task's own cleanup() or close(). */
    @Override
    public void cleanup() {
        if (counts != null) {
            counts.stopping();
        }
    }

    /** Storm hands a direct emit to a component that does not consume the stream as a list of one null task. */
    static int targets(Collection<Integer> outTasks) {
        int size = outTasks.size();
        return size == 1 && outTasks instanceof List<Integer> list && list.get(0) == null ? 0 : size;
    }

    @Override
    public void spoutAck(SpoutAckInfo info) {
        if (counts != null) {
            counts.spoutAcked(info.completeLatencyMs);
        }
    }

    @Override
    public void spoutFail(SpoutFailInfo info) {
        if (counts != null) {
            counts.spoutFailed();
        }
    }

    @Override
    public void boltExecute(BoltExecuteInfo info) {
        if (counts != null) {
            Tuple tuple = info.tuple;
            counts.boltExecuted(tuple.getSourceComponent(), tuple.getSourceStreamId());
        }
    }

    @Override
    public void boltAck(BoltAckInfo info) {
        if (counts != null) {
            Tuple tuple = info.tuple;
            counts.boltAcked(tuple.getSourceComponent(), tuple.getSourceStreamId());
        }
    }

    @Override
    public void boltFail(BoltFailInfo info) {
        if (counts != null) {
            Tuple tuple = info.tuple;
            counts.boltFailed(tuple.getSourceComponent(), tuple.getSourceStreamId());
        }
    }
}
