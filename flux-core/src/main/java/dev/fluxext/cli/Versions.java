package dev.fluxext.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.apache.storm.utils.VersionInfo;
import picocli.CommandLine.IVersionProvider;

/** The versions {@code flux --version} and {@code flux version} print: fluxext, the Storm on the classpath, Java. */
final class Versions implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "fluxext " + fluxext(),
            "Storm " + VersionInfo.getVersion(),
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
    }

    static String fluxext() {
        try (InputStream in = Versions.class.getResourceAsStream("version.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
