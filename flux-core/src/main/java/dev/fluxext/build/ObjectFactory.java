package dev.fluxext.build;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.Span;
import dev.fluxext.model.Value;
import dev.fluxext.reflect.ClassFinder;
import dev.fluxext.reflect.Invoker;
import dev.fluxext.reflect.ReflectException;
import dev.fluxext.reflect.Unbuilt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Creates the objects a topology file defines (components, spouts, bolts, groupings, hooks, topology sources):
 * constructor or static factory, then properties, then config methods. Every failure becomes a diagnostic at the
 * class name, argument, property or method it concerns; creation goes on with the next object.
 *
 * <p>Statically ({@code create} false) nothing is created and no user code runs: classes are loaded without being
 * initialized, constructors, factories, setters and config methods are found by signature, and every "object" is an
 * {@link Unbuilt} of its class (for a factory, of its declared result type).
 */
final class ObjectFactory {

    /** Why an object could not be made; already reported, so callers just skip what depends on it. */
    private static final class Unavailable extends Exception {
        private static final long serialVersionUID = 1L;

        Unavailable() {
            super(null, null, false, false);
        }
    }

    private final ClassFinder classes;
    private final Diagnostics diagnostics;
    private final Map<String, Object> components = new HashMap<>();
    /** Components that failed: references to them are skipped without a second, misleading error. */
    private final Set<String> failed = new HashSet<>();

    private final boolean create;

    ObjectFactory(ClassFinder classes, Diagnostics diagnostics, boolean create) {
        this.classes = classes;
        this.diagnostics = diagnostics;
        this.create = create;
    }

    /** False for a static check: nothing is created. */
    boolean creates() {
        return create;
    }

    /** Creates a shared component and remembers it (or its failure) for references. */
    void addComponent(ObjectDef def) {
        String id = def.idOrEmpty();
        Optional<Object> built = create(def, "a component", List.of(Object.class));
        built.ifPresentOrElse(o -> components.put(id, o), () -> failed.add(id));
    }

    /**
     * Creates the object; it must be an instance of one of {@code anyOf} ({@code what} names that for the error,
     * e.g. "a spout").
     */
    Optional<Object> create(ObjectDef def, String what, List<Class<?>> anyOf) {
        Located<String> className = def.className();
        try {
            Class<?> type = find(className);
            if (def.factory().isEmpty()) { // a factory may return a subtype: checked once it has
                requireType(type, anyOf, what, className.span());
            }
            Object object = def.factory().isPresent()
                    ? viaFactory(type, def.factory().get(), def.factoryArgs())
                    : viaConstructor(type, className.span(), def.constructorArgs());
            if (object instanceof Unbuilt unbuilt && def.factory().isPresent()) {
                // Only the declared result type is known: it fails only if no subtype of it could fit.
                requireTypeFits(unbuilt.type(), anyOf, what, def.factory().get().span());
            } else {
                requireType(classOf(object), anyOf, what, className.span());
            }
            configure(object, def);
            return Optional.of(object);
        } catch (Unavailable e) {
            return Optional.empty();
        } catch (ExceptionInInitializerError e) { // creating it ran its static initializer, which threw
            Throwable cause = e.getCause() == null ? e : e.getCause();
            diagnostics.error(Code.CLASS, className.span(), "class " + className.value() + " cannot be created: its static "
                    + "initializer failed: " + cause.getClass().getName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
            return Optional.empty();
        } catch (LinkageError e) { // its constructors or methods name a class that cannot be loaded
            diagnostics.error(Code.CLASS, className.span(), ClassFinder.cannotLoad(className.value(), e));
            return Optional.empty();
        }
    }

    private void requireType(Class<?> type, List<Class<?>> anyOf, String what, Span at) throws Unavailable {
        if (anyOf.stream().noneMatch(c -> c.isAssignableFrom(type))) {
            diagnostics.error(Code.CLASS, at, type.getName() + " is not " + what + ": it " + (anyOf.size() == 1
                    ? "does not " + (anyOf.get(0).isInterface() ? "implement " : "extend ") + anyOf.get(0).getName()
                    : "implements none of " + anyOf.stream().map(Class::getName).collect(Collectors.joining(", "))));
            throw new Unavailable();
        }
    }

    private void requireTypeFits(Class<?> declared, List<Class<?>> anyOf, String what, Span at) throws Unavailable {
        if (anyOf.stream().noneMatch(c -> c.isAssignableFrom(declared) || declared.isAssignableFrom(c))) {
            requireType(declared, anyOf, what, at);
        }
    }

    /** The class of a created object, or of the one a static check stands for. */
    static Class<?> classOf(Object object) {
        return object instanceof Unbuilt u ? u.type() : object.getClass();
    }

    /**
     * The checks of {@link #create} that need only the class (it exists, and is of the kind needed: for a factory,
     * only the result can tell), for a model whose other errors keep it from being built. Runs none of its code.
     */
    void checkClass(ObjectDef def, String what, List<Class<?>> anyOf) {
        try {
            Class<?> type = find(def.className());
            if (def.factory().isEmpty()) {
                requireType(type, anyOf, what, def.className().span());
            }
        } catch (Unavailable e) {
            // reported
        }
    }

    /** Loads a class, reporting a missing one (with the nearest existing name) at {@code name}'s position. */
    Optional<Class<?>> findClass(Located<String> name) {
        try {
            return Optional.of(find(name));
        } catch (Unavailable e) {
            return Optional.empty();
        }
    }

    private Class<?> find(Located<String> name) throws Unavailable {
        try {
            return classes.find(name.value());
        } catch (ReflectException e) {
            diagnostics.add(Diagnostic.error(e.packageMissing() ? Code.MISSING_JAR : Code.CLASS, name.span(),
                    e.getMessage()).withSuggestion(e.suggestion()));
            throw new Unavailable();
        }
    }

    private Object viaConstructor(Class<?> type, Span at, List<Value> args) throws Unavailable {
        List<Object> resolved = resolveAll(args);
        try {
            if (!create) {
                Invoker.checkConstruct(type, resolved);
                return new Unbuilt(type);
            }
            return Invoker.construct(type, resolved);
        } catch (ReflectException e) {
            report(e, at, args);
            throw new Unavailable();
        }
    }

    private Object viaFactory(Class<?> type, Located<String> factory, List<Value> args) throws Unavailable {
        List<Object> resolved = resolveAll(args);
        try {
            if (!create) {
                return new Unbuilt(Invoker.checkCallStatic(type, factory.value(), resolved));
            }
            Object made = Invoker.callStatic(type, factory.value(), resolved);
            if (made == null) {
                diagnostics.error(Code.MEMBER, factory.span(), "factory " + type.getSimpleName() + "."
                        + factory.value()
                        + " returned null");
                throw new Unavailable();
            }
            return made;
        } catch (ReflectException e) {
            report(e, factory.span(), args);
            throw new Unavailable();
        }
    }

    private void configure(Object object, ObjectDef def) throws Unavailable {
        boolean ok = true;
        for (ObjectDef.PropertyDef property : def.properties()) {
            try {
                if (object instanceof Unbuilt u) {
                    Invoker.checkProperty(u.type(), property.name().value(), resolve(property.value()));
                } else {
                    Invoker.setProperty(object, property.name().value(), resolve(property.value()));
                }
            } catch (ReflectException e) {
                diagnostics.error(Code.MEMBER, e.argument().isPresent() ? property.value().span()
                        : property.name().span(), "property '" + property.name().value() + "': " + e.getMessage());
                ok = false;
            } catch (Unavailable e) {
                ok = false;
            }
        }
        for (ObjectDef.ConfigMethodDef method : def.configMethods()) {
            try {
                if (object instanceof Unbuilt u) {
                    Invoker.checkCall(u.type(), method.name().value(), resolveAll(method.args()));
                } else {
                    Invoker.call(object, method.name().value(), resolveAll(method.args()));
                }
            } catch (ReflectException e) {
                report(e, method.name().span(), method.args());
                ok = false;
            } catch (Unavailable e) {
                ok = false;
            }
        }
        if (!ok) {
            throw new Unavailable();
        }
    }

    private void report(ReflectException e, Span fallback, List<Value> args) {
        boolean atArgument = e.argument().isPresent() && e.argument().getAsInt() < args.size();
        Span at = atArgument ? args.get(e.argument().getAsInt()).span() : fallback;
        // A method's name suggested for the name written at the fallback (a factory's, a config method's).
        diagnostics.add(Diagnostic.error(Code.MEMBER, at, e.getMessage())
                .withSuggestion(atArgument ? Optional.empty() : e.suggestion()));
    }

    private List<Object> resolveAll(List<Value> values) throws Unavailable {
        List<Object> out = new ArrayList<>(values.size());
        boolean ok = true;
        for (Value v : values) {
            try {
                out.add(resolve(v));
            } catch (Unavailable e) {
                ok = false; // keep going: each reference to a failed component is skipped alike
            }
        }
        if (!ok) {
            throw new Unavailable();
        }
        return out;
    }

    /** The Java value of an argument: plain YAML values as they are, references as the components they name. */
    private Object resolve(Value value) throws Unavailable {
        if (value instanceof Value.Ref ref) {
            return component(ref);
        }
        if (value instanceof Value.RefList refs) {
            List<Object> out = new ArrayList<>(refs.refs().size());
            for (Value.Ref ref : refs.refs()) {
                out.add(component(ref));
            }
            return out;
        }
        if (value instanceof Value.ListValue list) {
            return resolveAll(list.items());
        }
        if (value instanceof Value.MapValue map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Value> e : map.entries().entrySet()) {
                out.put(e.getKey(), resolve(e.getValue()));
            }
            return out;
        }
        return ((Value.Scalar) value).value();
    }

    private Object component(Value.Ref ref) throws Unavailable {
        Object built = components.get(ref.id());
        if (built != null) {
            return built;
        }
        if (!failed.contains(ref.id())) { // the check stage guarantees declared ids; be explicit if not
            diagnostics.error(Code.UNKNOWN_REFERENCE, ref.span(), "no component '" + ref.id()
                    + "' is declared before this reference");
        }
        throw new Unavailable();
    }
}
