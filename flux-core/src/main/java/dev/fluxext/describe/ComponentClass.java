package dev.fluxext.describe;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Optional;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.Grouping;

/**
 * The user's class behind a serialized spout, bolt or custom grouping. TopologyBuilder wraps some bolts in its own
 * executors (BasicBoltExecutor, WindowedBoltExecutor, StatefulBoltExecutor...): those are unwrapped, so the name is
 * the class the YAML named.
 */
final class ComponentClass {

    /** Storm's wrapper executors keep the user's bolt in one of these fields. */
    private static final List<String> WRAPPED_FIELDS = List.of("statefulWindowedBolt", "bolt");

    private ComponentClass() {
    }

    /** The class name, or empty for a shell component (a command and script, no Java class). */
    static Optional<String> of(ComponentObject object) {
        return switch (object.getSetField()) {
            case SERIALIZED_JAVA -> Optional.of(fromSerialized(object.get_serialized_java()));
            case JAVA_OBJECT -> Optional.of(object.get_java_object().get_full_class_name());
            case SHELL -> Optional.empty();
        };
    }

    static Optional<String> ofGrouping(Grouping grouping) {
        if (grouping.is_set_custom_serialized()) {
            return Optional.of(fromSerialized(grouping.get_custom_serialized()));
        }
        if (grouping.is_set_custom_object()) {
            return Optional.of(grouping.get_custom_object().get_full_class_name());
        }
        return Optional.empty();
    }

    private static String fromSerialized(byte[] bytes) {
        FirstClassRecorder in = null;
        try {
            in = new FirstClassRecorder(bytes);
            return unwrap(in.readObject()).getClass().getName();
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            // The class is not on this classpath: the stream still names it.
            return in != null && in.first != null ? in.first : "(unreadable serialized object)";
        }
    }

    private static Object unwrap(Object object) {
        Object current = object;
        for (int depth = 0; depth < 4 && current.getClass().getName().startsWith("org.apache.storm.topology."); depth++) {
            Object inner = wrapped(current);
            if (inner == null) {
                break;
            }
            current = inner;
        }
        return current;
    }

    private static Object wrapped(Object wrapper) {
        for (Class<?> c = wrapper.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (String name : WRAPPED_FIELDS) {
                try {
                    Field field = c.getDeclaredField(name);
                    if (!Modifier.isStatic(field.getModifiers()) && field.trySetAccessible()) {
                        Object value = field.get(wrapper);
                        if (value != null) {
                            return value;
                        }
                    }
                } catch (NoSuchFieldException | IllegalAccessException e) {
                    // not this class's field; look further up
                }
            }
        }
        return null;
    }

    /** Remembers the first class the stream names, for when that class cannot be loaded here. */
    private static final class FirstClassRecorder extends ObjectInputStream {
        private String first;

        FirstClassRecorder(byte[] bytes) throws IOException {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (first == null) {
                first = desc.getName();
            }
            try {
                return Class.forName(desc.getName(), false, Thread.currentThread().getContextClassLoader());
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
