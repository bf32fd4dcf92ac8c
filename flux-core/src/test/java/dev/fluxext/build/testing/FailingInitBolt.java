package dev.fluxext.build.testing;

import org.apache.storm.testing.TestWordCounter;

/** A bolt whose static initializer throws, as one reading a missing resource or an unset variable would. */
public class FailingInitBolt extends TestWordCounter {

    static {
        if (Boolean.parseBoolean("true")) { // javac refuses an initializer that always throws
            throw new IllegalStateException("static initializer ran");
        }
    }
}
