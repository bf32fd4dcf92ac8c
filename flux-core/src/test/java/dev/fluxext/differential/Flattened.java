package dev.fluxext.differential;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An object graph as a sorted map from path to leaf text ({@code .mode = FOO}, {@code .times[1] = PT5S}), so that two
 * graphs compare field by field and a difference names its path. Random ids (UUIDs, which many components draw in
 * their constructor) are masked; Java serialization's own fields and transient fields (not serialized, so default
 * after reading back) are left out.
 */
final class Flattened {

    private static final Pattern RANDOM_ID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern IDENTITY = Pattern.compile("@[0-9a-f]{1,8}\\b");
    private static final int MAX_DEPTH = 24;

    private final Map<String, String> leaves = new TreeMap<>();
    private final IdentityHashMap<Object, String> seen = new IdentityHashMap<>();

    private Flattened() {
    }

    static Map<String, String> of(Object value) {
        Flattened flat = new Flattened();
        flat.add("", value, 0);
        return flat.leaves;
    }

    /**
     * The Java-serialized object read back with {@code loader}, flattened; bytes that cannot be read back (a class
     * missing from the corpus's classpath) by their digest, so that only the same bytes compare equal.
     */
    static Map<String, String> ofSerialized(byte[] bytes, ClassLoader loader) {
        try (ObjectInputStream in = new LoaderInput(bytes, loader)) {
            return of(in.readObject());
        } catch (IOException | ClassNotFoundException | LinkageError e) {
            try {
                return Map.of("", "unreadable (" + e + "), " + bytes.length + " bytes, SHA-256 "
                        + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
            } catch (NoSuchAlgorithmException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }

    private void add(String path, Object value, int depth) {
        if (value == null) {
            leaves.put(path, "null");
            return;
        }
        Class<?> type = value.getClass();
        if (value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof Character || value instanceof Enum<?> || value instanceof Class<?>) {
            String text = value instanceof Class<?> c ? c.getName() : value.toString();
            leaves.put(path, type.getSimpleName() + " " + RANDOM_ID.matcher(text).replaceAll("<random id>"));
            return;
        }
        String first = seen.putIfAbsent(value, path);
        if (first != null) {
            leaves.put(path, "same object as " + (first.isEmpty() ? "(root)" : first));
            return;
        }
        if (depth > MAX_DEPTH) {
            leaves.put(path, "(deeper than " + MAX_DEPTH + ")");
        } else if (type.isArray()) {
            int length = Array.getLength(value);
            leaves.put(path, type.getComponentType().getSimpleName() + "[" + length + "]");
            for (int i = 0; i < length; i++) {
                add(path + "[" + i + "]", Array.get(value, i), depth + 1);
            }
        } else if (value instanceof Map<?, ?> map) {
            leaves.put(path, "map of " + map.size());
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
            sorted.forEach((k, v) -> add(path + "{" + k + "}", v, depth + 1));
        } else if (value instanceof Collection<?> collection) {
            leaves.put(path, (value instanceof Set<?> ? "set of " : "list of ") + collection.size());
            List<Object> items = new ArrayList<>(collection);
            if (value instanceof Set<?>) {
                items.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            }
            for (int i = 0; i < items.size(); i++) {
                add(path + "[" + i + "]", items.get(i), depth + 1);
            }
        } else if (type.getName().startsWith("java.") || type.getName().startsWith("javax.")) {
            // The JDK's own value types (Duration, URI, ...) keep their fields to themselves; their text is their value.
            // Objects without a value text (locks, ...) print their identity hash, which no two runs share.
            leaves.put(path, type.getSimpleName() + " " + IDENTITY.matcher(value.toString()).replaceAll("@<identity>"));
        } else {
            leaves.put(path, type.getName());
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    int modifiers = field.getModifiers();
                    if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isSynthetic()) {
                        continue;
                    }
                    String name = path + "." + (c == type ? "" : c.getSimpleName() + ":") + field.getName();
                    if (!field.trySetAccessible()) {
                        leaves.put(name, "(not readable)");
                        continue;
                    }
                    try {
                        add(name, field.get(value), depth + 1);
                    } catch (IllegalAccessException e) {
                        leaves.put(name, "(not readable)");
                    }
                }
            }
        }
    }

    /** Reads classes through the corpus's loader: the objects are the topology's, not the test's. */
    private static final class LoaderInput extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInput(byte[] bytes, ClassLoader loader) throws IOException {
            super(new ByteArrayInputStream(bytes));
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
