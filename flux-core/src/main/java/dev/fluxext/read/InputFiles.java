package dev.fluxext.read;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one place that opens a file the user names (the topology, an include, the {@code --filter} properties, the
 * source lines {@code --show-source} prints, Storm's config file): only a regular file (after symlinks) is opened,
 * never a FIFO, which would block forever, or a device such as {@code /dev/zero}, which never ends; and no more than
 * {@code maxBytes} is read, whatever the size the file system reports (a file may grow while it is read).
 */
public final class InputFiles {

    private InputFiles() {
    }

    /** Why a file was not read; the message names the file's role and path and says what to give instead. */
    public static final class Refused extends IOException {

        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /**
     * The file's text (UTF-8, malformed bytes replaced).
     *
     * @param what how messages name the file, e.g. "--filter properties file"
     * @throws Refused when it is missing, not a regular file, larger than {@code maxBytes} or unreadable
     */
    public static String readText(Path path, String what, long maxBytes) throws Refused {
        return new String(readBytes(path, what, maxBytes), StandardCharsets.UTF_8);
    }

    /** As {@link #readText}, the bytes. */
    public static byte[] readBytes(Path path, String what, long maxBytes) throws Refused {
        checkRegular(path, what, maxBytes);
        // Checked before opening, as opening a FIFO blocks; bounded while reading, as the file may change meanwhile.
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw tooLarge(path, what, maxBytes);
            }
            return bytes;
        } catch (Refused e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new Refused("cannot read " + what + " '" + path + "': " + reason(e));
        }
    }

    /**
     * Refuses what {@link #readBytes} would refuse before opening the file: missing, a directory, not a regular file
     * (a FIFO, a device, a socket) or larger than {@code maxBytes}.
     */
    public static void checkRegular(Path path, String what, long maxBytes) throws Refused {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class); // follows symlinks
        } catch (NoSuchFileException e) {
            throw new Refused(what + " '" + path + "' not found");
        } catch (IOException | RuntimeException e) {
            throw new Refused("cannot read " + what + " '" + path + "': " + reason(e));
        }
        if (attributes.isDirectory()) {
            throw new Refused(what + " '" + path + "' is a directory; give a file");
        }
        if (!attributes.isRegularFile()) {
            throw new Refused(what + " '" + path + "' is not a regular file (a FIFO, device or socket, which may "
                    + "never end); give a regular file");
        }
        if (attributes.size() > maxBytes) {
            throw tooLarge(path, what, maxBytes);
        }
    }

    private static Refused tooLarge(Path path, String what, long maxBytes) {
        return new Refused(what + " '" + path + "' is larger than " + maxBytes + " bytes; these files are far smaller "
                + "(is this the right file?)");
    }

    private static String reason(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
