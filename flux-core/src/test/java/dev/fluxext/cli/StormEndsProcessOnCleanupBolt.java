package dev.fluxext.cli;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.Utils;

/**
 * Does in its worker's shutdown what Storm 2.8's own shutdown race does: a thread ends the process with Storm's
 * {@code Utils.exitProcess(20, ...)} and the shutting-down thread waits for it (Storm joins the halting
 * {@code backpressure-check-timer} that failed to reschedule itself, "Timer is not active").
 */
public class StormEndsProcessOnCleanupBolt extends BaseBasicBolt {

    private static final AtomicBoolean ENDED = new AtomicBoolean();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
    }

    @Override
    public void cleanup() {
        if (!ENDED.compareAndSet(false, true)) {
            return;
        }
        Thread timer = new Thread(() -> Utils.exitProcess(20, "Error when processing an event"), "test-halting-timer");
        timer.start();
        try {
            timer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
