package dev.fluxext.reflect;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Converts an argument as YAML gives it (String, Integer, Long, BigInteger, Double, Boolean, null, List) or an
 * already-built object (a {@code ref}) to a parameter type. Conversions never lose information silently: 3.7 is not
 * an int and 300 is not a byte.
 */
final class Conversion {

    /** How far an argument had to travel to fit a parameter; a match with cheaper conversions is preferred. */
    enum Cost { EXACT, WIDENING, CONVERTED }

    /** A successful conversion, or why there is none. */
    record Result(Object value, Cost cost, String problem) {
        boolean ok() {
            return problem == null;
        }

        static Result of(Object value, Cost cost) {
            return new Result(value, cost, null);
        }

        static Result fail(String problem) {
            return new Result(null, null, problem);
        }
    }

    private static final Map<Class<?>, Class<?>> BOXES = Map.of(boolean.class, Boolean.class, byte.class, Byte.class,
            short.class, Short.class, char.class, Character.class, int.class, Integer.class, long.class, Long.class,
            float.class, Float.class, double.class, Double.class);

    /** Primitive numeric types from narrowest to widest: Java's widening order, used to rank overloads. */
    private static final List<Class<?>> NUMERIC_RANK = List.of(byte.class, short.class, int.class, long.class,
            float.class, double.class);

    private Conversion() {
    }

    static Class<?> boxed(Class<?> type) {
        return type.isPrimitive() ? BOXES.get(type) : type;
    }

    static Result convert(Object arg, Class<?> target) {
        return convert(arg, target, true);
    }

    /**
     * As {@link #convert(Object, Class)}; with {@code create} false no user code runs (static checking): an
     * {@link Unbuilt} fits by its class, and an enum constant is found by name without initializing the enum.
     */
    static Result convert(Object arg, Class<?> target, boolean create) {
        if (arg instanceof Unbuilt u) {
            return boxed(target).isAssignableFrom(u.type()) ? Result.of(arg, Cost.EXACT)
                    : Result.fail("an object of class " + u.type().getName() + " cannot be passed as "
                    + Signatures.typeName(target));
        }
        if (arg == null) {
            return target.isPrimitive() ? Result.fail("null cannot be passed as " + Signatures.typeName(target))
                    : Result.of(null, Cost.EXACT);
        }
        Class<?> boxedTarget = boxed(target);
        if (boxedTarget.isInstance(arg)) {
            return Result.of(arg, Cost.EXACT);
        }
        if (arg instanceof Number n && isNumericTarget(boxedTarget)) {
            return convertNumber(n, boxedTarget, target);
        }
        if (arg instanceof String s && target.isEnum()) {
            return convertEnum(s, target, create);
        }
        if (arg instanceof List<?> list) {
            if (target.isArray()) {
                return convertArray(list, target.getComponentType(), create);
            }
            if (target.isAssignableFrom(ArrayList.class)) { // Collection, Iterable, AbstractList, ...
                return Result.of(new ArrayList<>(list), Cost.CONVERTED);
            }
        }
        return Result.fail(describe(arg) + " cannot be passed as " + Signatures.typeName(target));
    }

    private static boolean isNumericTarget(Class<?> boxed) {
        return boxed == Byte.class || boxed == Short.class || boxed == Integer.class || boxed == Long.class
                || boxed == Float.class || boxed == Double.class || boxed == BigInteger.class
                || boxed == BigDecimal.class;
    }

    private static Result convertNumber(Number n, Class<?> boxedTarget, Class<?> target) {
        BigDecimal exact = n instanceof BigInteger b ? new BigDecimal(b) : n instanceof Double || n instanceof Float
                ? (Double.isFinite(n.doubleValue()) ? BigDecimal.valueOf(n.doubleValue()) : null)
                : BigDecimal.valueOf(n.longValue());
        boolean integral = n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger;
        String name = Signatures.typeName(target);
        if (boxedTarget == Double.class || boxedTarget == Float.class) {
            if (exact == null) {
                return Result.of(boxedTarget == Double.class ? (Object) n.doubleValue() : (Object) n.floatValue(),
                        Cost.CONVERTED);
            }
            double d = n.doubleValue();
            if (boxedTarget == Float.class && Math.abs(d) > Float.MAX_VALUE) {
                return Result.fail(n + " is out of range for " + name);
            }
            // int → double is Java's widening conversion; a double → float loses precision, so it costs more.
            Cost cost = integral || boxedTarget == Double.class ? Cost.WIDENING : Cost.CONVERTED;
            return Result.of(boxedTarget == Double.class ? (Object) d : (Object) (float) d, cost);
        }
        if (boxedTarget == BigDecimal.class) {
            return exact == null ? Result.fail(n + " cannot be passed as " + name) : Result.of(exact, Cost.CONVERTED);
        }
        // Integral targets: the value must be a whole number within range.
        BigInteger whole;
        try {
            whole = exact == null ? null : exact.toBigIntegerExact();
        } catch (ArithmeticException notWhole) {
            whole = null;
        }
        if (whole == null) {
            return Result.fail(n + " is not a whole number, so it cannot be passed as " + name);
        }
        if (boxedTarget == BigInteger.class) {
            return Result.of(whole, Cost.CONVERTED);
        }
        long min = boxedTarget == Byte.class ? Byte.MIN_VALUE : boxedTarget == Short.class ? Short.MIN_VALUE
                : boxedTarget == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = boxedTarget == Byte.class ? Byte.MAX_VALUE : boxedTarget == Short.class ? Short.MAX_VALUE
                : boxedTarget == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        if (whole.compareTo(BigInteger.valueOf(min)) < 0 || whole.compareTo(BigInteger.valueOf(max)) > 0) {
            return Result.fail(n + " is out of range for " + name + " (" + min + " to " + max + ")");
        }
        long v = whole.longValue();
        Object value = boxedTarget == Byte.class ? (Object) (byte) v : boxedTarget == Short.class ? (Object) (short) v
                : boxedTarget == Integer.class ? (Object) (int) v : (Object) v;
        boolean widening = integral && rank(boxedTarget) >= rank(boxed(n.getClass()));
        return Result.of(value, widening ? Cost.WIDENING : Cost.CONVERTED);
    }

    private static int rank(Class<?> boxedNumeric) {
        for (int i = 0; i < NUMERIC_RANK.size(); i++) {
            if (boxed(NUMERIC_RANK.get(i)) == boxedNumeric) {
                return i;
            }
        }
        return NUMERIC_RANK.size(); // BigInteger: wider than any primitive
    }

    /** Constants are named by their fields: reading those does not initialize the enum (its constants would). */
    private static Result convertEnum(String name, Class<?> enumType, boolean create) {
        List<String> names = Arrays.stream(enumType.getDeclaredFields()).filter(Field::isEnumConstant)
                .map(Field::getName).toList();
        if (!names.contains(name)) {
            return Result.fail("'" + name + "' is not a constant of " + enumType.getSimpleName() + " (one of "
                    + String.join(", ", names) + ")");
        }
        return Result.of(create ? enumConstant(enumType, name) : new Unbuilt(enumType), Cost.CONVERTED);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> enumType, String name) {
        return Enum.valueOf((Class<? extends Enum>) enumType, name);
    }

    private static Result convertArray(List<?> list, Class<?> componentType, boolean create) {
        Object array = Array.newInstance(componentType, list.size()); // creating an array initializes no class
        for (int i = 0; i < list.size(); i++) {
            Result element = convert(list.get(i), componentType, create);
            if (!element.ok()) {
                return Result.fail("element " + (i + 1) + " of the list: " + element.problem());
            }
            if (!(element.value() instanceof Unbuilt)) {
                Array.set(array, i, element.value());
            }
        }
        return Result.of(array, Cost.CONVERTED);
    }

    /**
     * Whether parameter type {@code a} is at least as specific as {@code b} (Java's rule: a subtype, or a narrower
     * primitive number), used to choose among several overloads that all accept the arguments.
     */
    static boolean atLeastAsSpecific(Class<?> a, Class<?> b) {
        if (a == b) {
            return true;
        }
        if (a.isPrimitive() && b.isPrimitive()) {
            int ra = NUMERIC_RANK.indexOf(a);
            int rb = NUMERIC_RANK.indexOf(b);
            return ra >= 0 && rb >= 0 && ra <= rb;
        }
        if (a.isPrimitive() != b.isPrimitive()) {
            return a.isPrimitive() && b.isAssignableFrom(boxed(a)); // int over Object, Number, Integer
        }
        return b.isAssignableFrom(a);
    }

    static String describe(Object arg) {
        if (arg == null) {
            return "null";
        }
        if (arg instanceof Unbuilt u) {
            return "an object of class " + u.type().getName();
        }
        if (arg instanceof String s) {
            return "the string '" + s + "'";
        }
        if (arg instanceof Number || arg instanceof Boolean) {
            return String.valueOf(arg);
        }
        if (arg instanceof Collection<?>) {
            return "a list";
        }
        return "an object of class " + arg.getClass().getName();
    }
}
