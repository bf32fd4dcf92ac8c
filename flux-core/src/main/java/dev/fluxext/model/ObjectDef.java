package dev.fluxext.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How to create one object: a component, spout, bolt, worker hook, custom grouping or topology source.
 *
 * @param id              its id (components, spouts, bolts; optional for worker hooks, absent for the others)
 * @param className       the fully qualified class name ({@code $} for nested classes), at its value
 * @param constructorArgs constructor arguments (may contain {@link Value.Ref}/{@link Value.RefList})
 * @param properties      {@code setX(...)} calls or public field assignments, in file order
 * @param configMethods   methods called after construction, in file order
 * @param factory         a static factory method of {@code className} used instead of a constructor
 * @param factoryArgs     the factory's arguments (empty without a factory)
 * @param span            the definition's map, from its first key to the end of its last value
 */
public record ObjectDef(Optional<Located<String>> id, Located<String> className, List<Value> constructorArgs,
                        List<PropertyDef> properties, List<ConfigMethodDef> configMethods,
                        Optional<Located<String>> factory, List<Value> factoryArgs, Span span) {

    /** {@code {name, value}} or {@code {name, ref}}: the value is a {@link Value.Ref} in the second case. */
    public record PropertyDef(Located<String> name, Value value, Span span) {
    }

    /** {@code {name, args}}. */
    public record ConfigMethodDef(Located<String> name, List<Value> args, Span span) {
        public ConfigMethodDef {
            args = List.copyOf(args);
        }
    }

    public ObjectDef {
        Objects.requireNonNull(id);
        Objects.requireNonNull(className);
        constructorArgs = List.copyOf(constructorArgs);
        properties = List.copyOf(properties);
        configMethods = List.copyOf(configMethods);
        Objects.requireNonNull(factory);
        factoryArgs = List.copyOf(factoryArgs);
        Objects.requireNonNull(span);
    }

    /** Where the definition starts (its first key). */
    public Position position() {
        return span.start();
    }

    /** The id, or the empty string for objects that have none. */
    public String idOrEmpty() {
        return id.map(Located::value).orElse("");
    }
}
