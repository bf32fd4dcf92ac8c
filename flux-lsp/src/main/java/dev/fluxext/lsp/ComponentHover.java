package dev.fluxext.lsp;

import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.Value;
import dev.fluxext.reflect.Invoker;
import dev.fluxext.reflect.ReflectException;
import dev.fluxext.reflect.Unbuilt;
import java.lang.reflect.Executable;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What hover says about a component beyond the file's text: its class as the classpath resolves it (a class is
 * looked up without being initialized: no static initializer runs) and the constructor or factory method that its
 * arguments select, chosen as {@code validate --static} chooses it (by signature, nothing is created). Runs on the
 * thread whose context class loader sees the user's classes.
 */
final class ComponentHover {

    private final Map<String, ObjectDef> byId = new LinkedHashMap<>();
    private final ClassLoader loader;

    private ComponentHover(TopologyDef model, ClassLoader loader) {
        this.loader = loader;
        model.components().forEach(o -> o.id().ifPresent(id -> byId.putIfAbsent(id.value(), o)));
        Stream.concat(model.spouts().stream(), model.bolts().stream()).map(ComponentDef::object)
            .forEach(o -> o.id().ifPresent(id -> byId.putIfAbsent(id.value(), o)));
    }

    static ComponentHover of(TopologyDef model) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return new ComponentHover(model, context != null ? context : ComponentHover.class.getClassLoader());
    }

    /** Markdown lines on the component {@code id}: its class and constructor; empty when the model has no such id. */
    Optional<String> describe(String id) {
        ObjectDef def = byId.get(id);
        if (def == null) {
            return Optional.empty();
        }
        String name = def.className().value();
        Optional<Class<?>> type = load(name);
        if (type.isEmpty()) {
            return Optional.of("Class `" + name + "`: not found on the server's classpath");
        }
        StringBuilder text = new StringBuilder("Class `").append(type.get().getName()).append("`")
            .append(kinds(type.get()));
        try {
            List<Object> args = resolveAll(def.factory().isPresent() ? def.factoryArgs() : def.constructorArgs(),
                new HashSet<>(Set.of(id)));
            if (def.factory().isPresent()) {
                String factory = def.factory().get().value();
                Class<?> made = Invoker.checkCallStatic(type.get(), factory, args);
                text.append("\n\nFactory: `").append(type.get().getSimpleName()).append('.').append(factory)
                    .append("(...)` returning `").append(made.getName()).append('`');
            } else {
                Executable constructor = Invoker.checkConstructor(type.get(), args);
                text.append("\n\nConstructor: `").append(signature(constructor)).append('`');
            }
        } catch (ReflectException e) {
            text.append("\n\nNo ").append(def.factory().isPresent() ? "factory method" : "constructor")
                .append(" accepts the arguments: ").append(e.getMessage());
        } catch (Unresolved e) {
            text.append("\n\n(the constructor is not chosen: an argument refers to a component whose class is unknown)");
        }
        return Optional.of(text.toString());
    }

    private static String kinds(Class<?> type) {
        List<String> parts = new ArrayList<>();
        if (type.getSuperclass() != null && type.getSuperclass() != Object.class) {
            parts.add("extends `" + type.getSuperclass().getSimpleName() + "`");
        }
        List<String> interfaces = Arrays.stream(type.getInterfaces()).map(Class::getSimpleName).toList();
        if (!interfaces.isEmpty()) {
            parts.add("implements " + interfaces.stream().map(i -> "`" + i + "`").collect(Collectors.joining(", ")));
        }
        String modifiers = Modifier.isAbstract(type.getModifiers()) ? "abstract " : "";
        return parts.isEmpty() && modifiers.isEmpty() ? "" : " (" + modifiers + String.join(", ", parts) + ")";
    }

    static String signature(Executable e) {
        return e.getDeclaringClass().getSimpleName() + "(" + Arrays.stream(e.getParameterTypes())
            .map(Class::getSimpleName).collect(Collectors.joining(", ")) + ")";
    }

    private Optional<Class<?>> load(String name) {
        try {
            return Optional.of(Class.forName(name, false, loader)); // not initialized: no code of the class runs
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    private static final class Unresolved extends Exception {
        private static final long serialVersionUID = 1L;

        Unresolved() {
            super(null, null, false, false);
        }
    }

    private List<Object> resolveAll(List<Value> values, Set<String> seen) throws Unresolved {
        List<Object> out = new ArrayList<>();
        for (Value v : values) {
            out.add(resolve(v, seen));
        }
        return out;
    }

    /** An argument as {@code validate --static} passes it: a referenced component as its class ({@link Unbuilt}). */
    private Object resolve(Value value, Set<String> seen) throws Unresolved {
        if (value instanceof Value.Ref ref) {
            return new Unbuilt(typeOf(ref.id(), seen));
        }
        if (value instanceof Value.RefList refs) {
            List<Object> out = new ArrayList<>();
            for (Value.Ref ref : refs.refs()) {
                out.add(new Unbuilt(typeOf(ref.id(), seen)));
            }
            return out;
        }
        if (value instanceof Value.ListValue list) {
            return resolveAll(list.items(), seen);
        }
        if (value instanceof Value.MapValue map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Value> e : map.entries().entrySet()) {
                out.put(e.getKey(), resolve(e.getValue(), seen));
            }
            return out;
        }
        return ((Value.Scalar) value).value();
    }

    /** The class of the object component {@code id} makes: its class, or its factory method's return type. */
    private Class<?> typeOf(String id, Set<String> seen) throws Unresolved {
        ObjectDef def = byId.get(id);
        if (def == null || !seen.add(id)) {
            throw new Unresolved();
        }
        Class<?> type = load(def.className().value()).orElseThrow(Unresolved::new);
        if (def.factory().isEmpty()) {
            return type;
        }
        try {
            return Invoker.checkCallStatic(type, def.factory().get().value(), resolveAll(def.factoryArgs(), seen));
        } catch (ReflectException e) {
            throw new Unresolved();
        }
    }
}
