package dev.fluxext.reflect;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Constructor and method signatures as a Java programmer writes them, for error messages. */
final class Signatures {

    private Signatures() {
    }

    static String of(Executable executable) {
        String params = Arrays.stream(executable.getParameterTypes()).map(Signatures::typeName)
                .collect(Collectors.joining(", "));
        String owner = executable.getDeclaringClass().getSimpleName();
        if (executable instanceof Constructor<?>) {
            return owner + "(" + params + ")";
        }
        return (Modifier.isStatic(executable.getModifiers()) ? "static " : "") + owner + "." + executable.getName()
                + "(" + params + ")";
    }

    /** {@code int}, {@code String[]}, {@code List}: simple names, as in source code. */
    static String typeName(Class<?> type) {
        return type.getSimpleName();
    }
}
