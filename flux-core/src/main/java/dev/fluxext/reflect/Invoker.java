package dev.fluxext.reflect;

import dev.fluxext.diag.Suggestions;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Creates objects and calls methods the way a topology file describes them: picks the one public constructor or
 * method whose parameters accept the arguments (converted by {@link Conversion}), preferring exact matches, then the
 * most specific overload. Several equally good candidates are an error listing them, never an arbitrary pick.
 */
public final class Invoker {

    private Invoker() {
    }

    /** {@code new type(args...)}. */
    public static Object construct(Class<?> type, List<?> args) throws ReflectException {
        return invoke(constructor(type, args, true), null);
    }

    /** Whether {@code new type(args...)} would find its constructor, without calling it or initializing the class. */
    public static void checkConstruct(Class<?> type, List<?> args) throws ReflectException {
        constructor(type, args, false);
    }

    /** {@code type.name(args...)} for a public static method: a {@code factory}. */
    public static Object callStatic(Class<?> type, String name, List<?> args) throws ReflectException {
        return invoke(staticMethod(type, name, args, true), null);
    }

    /** The declared result type of {@code type.name(args...)}, found without calling it. */
    public static Class<?> checkCallStatic(Class<?> type, String name, List<?> args) throws ReflectException {
        return ((Method) staticMethod(type, name, args, false).executable()).getReturnType();
    }

    /** {@code target.name(args...)} for a public instance method: a {@code configMethod}; returns its result. */
    public static Object call(Object target, String name, List<?> args) throws ReflectException {
        return invoke(method(target.getClass(), name, args, true), target);
    }

    /** The declared result type of {@code name(args...)} on an object of class {@code type}, found without calling it. */
    public static Class<?> checkCall(Class<?> type, String name, List<?> args) throws ReflectException {
        return ((Method) method(type, name, args, false).executable()).getReturnType();
    }

    /** Sets property {@code name}: through its public setter {@code setName(value)}, else its public field. */
    public static void setProperty(Object target, String name, Object value) throws ReflectException {
        Class<?> type = target.getClass();
        Object property = property(type, name, value, true);
        if (property instanceof Match setter) {
            invoke(setter, target);
            return;
        }
        Field field = (Field) property;
        try {
            field.set(target, Conversion.convert(value, field.getType()).value());
        } catch (IllegalAccessException e) {
            throw new ReflectException("cannot set field " + type.getSimpleName() + "." + name + ": " + e.getMessage());
        }
    }

    /** Whether property {@code name} of class {@code type} could be set to {@code value}, setting nothing. */
    public static void checkProperty(Class<?> type, String name, Object value) throws ReflectException {
        property(type, name, value, false);
    }

    private static Match constructor(Class<?> type, List<?> args, boolean create) throws ReflectException {
        if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
            throw new ReflectException(type.getName() + " is " + (type.isInterface() ? "an interface" : "abstract")
                    + " and cannot be created; name a concrete class");
        }
        Constructor<?>[] constructors = type.getConstructors();
        if (constructors.length == 0) {
            throw new ReflectException(type.getName() + " has no public constructor");
        }
        return choose(Arrays.asList(constructors), args, "constructor of " + type.getName(), create);
    }

    private static Match staticMethod(Class<?> type, String name, List<?> args, boolean create)
            throws ReflectException {
        List<Executable> methods = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name) && Modifier.isStatic(m.getModifiers()) && !m.isBridge())
                .map(Executable.class::cast).toList();
        if (methods.isEmpty()) {
            throw new ReflectException(type.getName() + " has no public static method '" + name + "'"
                    + nearestMethod(type, name, true)).suggesting(nearestMethodName(type, name, true));
        }
        return choose(methods, args, "static method " + type.getSimpleName() + "." + name, create);
    }

    private static Match method(Class<?> type, String name, List<?> args, boolean create) throws ReflectException {
        List<Executable> methods = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(name) && !Modifier.isStatic(m.getModifiers()) && !m.isBridge())
                .map(Executable.class::cast).toList();
        if (methods.isEmpty()) {
            throw new ReflectException(type.getName() + " has no public method '" + name + "'"
                    + nearestMethod(type, name, false)).suggesting(nearestMethodName(type, name, false));
        }
        return choose(methods, args, "method " + type.getSimpleName() + "." + name, create);
    }

    /** The setter's match, or the public field (its value checked), for property {@code name}. */
    private static Object property(Class<?> type, String name, Object value, boolean create) throws ReflectException {
        if (name.isEmpty()) {
            throw new ReflectException("a property needs a name");
        }
        String setter = "set" + name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
        List<Executable> setters = Arrays.stream(type.getMethods())
                .filter(m -> m.getName().equals(setter) && m.getParameterCount() == 1
                        && !Modifier.isStatic(m.getModifiers()) && !m.isBridge())
                .map(Executable.class::cast).toList();
        if (!setters.isEmpty()) {
            return choose(setters, List.of(value), "setter " + type.getSimpleName() + "." + setter, create);
        }
        Field field;
        try {
            field = type.getField(name);
        } catch (NoSuchFieldException e) {
            field = null;
        }
        if (field == null || Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())) {
            throw new ReflectException(type.getName() + " has no public method " + setter + "(...) and no public "
                    + "non-final field '" + name + "'");
        }
        Conversion.Result converted = Conversion.convert(value, field.getType(), create);
        if (!converted.ok()) {
            throw new ReflectException("field " + type.getSimpleName() + "." + name + ": " + converted.problem(), 0,
                    null);
        }
        return field;
    }

    /** A candidate whose parameters accept the arguments, with the converted arguments. */
    private record Match(Executable executable, Object[] args, Conversion.Cost cost) {
    }

    private static Match choose(List<Executable> candidates, List<?> args, String what, boolean create)
            throws ReflectException {
        List<Match> matches = new ArrayList<>();
        List<Executable> rightArity = new ArrayList<>();
        List<ReflectException> problems = new ArrayList<>();
        for (Executable candidate : candidates) {
            if (candidate.getParameterCount() != args.size()) {
                continue;
            }
            rightArity.add(candidate);
            Class<?>[] types = candidate.getParameterTypes();
            Object[] converted = new Object[types.length];
            Conversion.Cost worst = Conversion.Cost.EXACT;
            ReflectException problem = null;
            for (int i = 0; i < types.length && problem == null; i++) {
                Conversion.Result r = Conversion.convert(args.get(i), types[i], create);
                if (!r.ok()) {
                    problem = new ReflectException("argument " + (i + 1) + " of " + Signatures.of(candidate) + ": "
                            + r.problem(), i, null);
                } else {
                    converted[i] = r.value();
                    worst = r.cost().compareTo(worst) > 0 ? r.cost() : worst;
                }
            }
            if (problem == null) {
                matches.add(new Match(candidate, converted, worst));
            } else {
                problems.add(problem);
            }
        }
        if (matches.isEmpty()) {
            if (problems.size() == 1) {
                throw problems.get(0); // one candidate: say exactly which argument does not fit
            }
            if (problems.isEmpty()) {
                throw new ReflectException("no " + what + " takes " + args.size() + " argument"
                        + (args.size() == 1 ? "" : "s") + "; candidates: " + listSignatures(candidates));
            }
            // Point at the argument only when every candidate rejects the same one.
            int argument = problems.stream().allMatch(p -> p.argument().equals(problems.get(0).argument()))
                    ? problems.get(0).argument().orElse(-1) : -1;
            throw new ReflectException("no " + what + " accepts " + describeArgs(args) + ": " + problems.stream()
                    .map(Throwable::getMessage).sorted().collect(Collectors.joining("; ")), argument, null);
        }
        if (matches.size() == 1) {
            return matches.get(0); // the usual case, without the streams below (costly in a short command)
        }
        Conversion.Cost best = matches.stream().map(Match::cost).min(Enum::compareTo).orElseThrow();
        List<Match> cheapest = matches.stream().filter(m -> m.cost() == best).toList();
        List<Match> mostSpecific = cheapest.stream()
                .filter(m -> cheapest.stream().allMatch(o -> o == m || atLeastAsSpecific(m, o)))
                .toList();
        if (mostSpecific.size() != 1) {
            throw new ReflectException("ambiguous: several overloads of " + what + " accept " + describeArgs(args) + ": "
                    + listSignatures(cheapest.stream().map(Match::executable).toList())
                    + "; change the arguments' types so that only one fits");
        }
        return mostSpecific.get(0);
    }

    private static boolean atLeastAsSpecific(Match a, Match b) {
        Class<?>[] pa = a.executable().getParameterTypes();
        Class<?>[] pb = b.executable().getParameterTypes();
        for (int i = 0; i < pa.length; i++) {
            if (!Conversion.atLeastAsSpecific(pa[i], pb[i])) {
                return false;
            }
        }
        return true;
    }

    private static Object invoke(Match match, Object target) throws ReflectException {
        try {
            if (match.executable() instanceof Constructor<?> c) {
                return c.newInstance(match.args());
            }
            Method m = (Method) match.executable();
            if (!m.canAccess(target)) {
                m.setAccessible(true); // public method of a non-public class, e.g. a JDK implementation class
            }
            return m.invoke(target, match.args());
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new ReflectException(Signatures.of(match.executable()) + " failed: " + cause.getClass().getName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), -1, cause);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new ReflectException("cannot call " + Signatures.of(match.executable()) + ": " + e, -1, e);
        }
    }

    private static String describeArgs(List<?> args) {
        if (args.isEmpty()) {
            return "no arguments";
        }
        return "(" + args.stream().map(Conversion::describe).collect(Collectors.joining(", ")) + ")";
    }

    private static String listSignatures(List<Executable> executables) {
        return executables.stream().map(Signatures::of).sorted().distinct().collect(Collectors.joining(", "));
    }

    private static String nearestMethod(Class<?> type, String name, boolean statics) {
        return nearestMethodName(type, name, statics).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }

    private static Optional<String> nearestMethodName(Class<?> type, String name, boolean statics) {
        List<String> names = Arrays.stream(type.getMethods()).filter(m -> Modifier.isStatic(m.getModifiers()) == statics)
                .map(Method::getName).distinct().toList();
        return Suggestions.nearest(name, names);
    }

    /** The public constructor of {@code type} that {@code args} select (as {@link #checkConstruct}), calling nothing. */
    public static Executable checkConstructor(Class<?> type, List<?> args) throws ReflectException {
        return constructor(type, args, false).executable();
    }
}
