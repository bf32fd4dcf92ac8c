package dev.fluxext.compression.serializer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers.ObjectArraySerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import dev.fluxext.compression.frame.BoundedInput;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.storm.serialization.types.ArrayListSerializer;
import org.apache.storm.serialization.types.HashMapSerializer;
import org.apache.storm.serialization.types.HashSetSerializer;
import org.apache.storm.serialization.types.ListDelegateSerializer;
import org.apache.storm.utils.ListDelegate;

/**
 * Replaces, in a Kryo instance Storm built, the serializers that size a container from a count read off the wire
 * (Storm's {@code ArrayList}, {@code HashSet} and {@code HashMap} serializers pre-size to it, Kryo's
 * {@code CollectionSerializer} does for {@code ArrayList} subclasses such as {@code Values}, a {@code HashMap} or
 * {@code HashSet} allocates its table of that size at the first entry, {@code ObjectArraySerializer} allocates the
 * array) with subclasses that first check the count against the bytes left in a {@link BoundedInput} (see
 * {@link BoundedInput#collectionCapacity}) and pre-size no further than that. They read and write exactly as the
 * ones they replace. A serializer of any other class (a user's own) is left as it is.
 */
final class BoundedSerializers {

    private static final Map<Class<?>, BiFunction<Kryo, Class<?>, Serializer<?>>> REPLACEMENTS = Map.of(
            ArrayListSerializer.class, (k, t) -> new ArrayLists(),
            HashSetSerializer.class, (k, t) -> new HashSets(),
            HashMapSerializer.class, (k, t) -> new HashMaps(),
            CollectionSerializer.class, (k, t) -> new Collections(),
            MapSerializer.class, (k, t) -> new Maps(),
            ObjectArraySerializer.class, ObjectArrays::new);

    private BoundedSerializers() {
    }

    /** Objects nested deeper than this in a received tuple are rejected before the reading thread's stack ends. */
    static final int MAX_DEPTH = 1000;

    /**
     * Swaps in the bounded serializers for every registration in {@code kryo} that uses one they replace, and
     * bounds the nesting depth (each level costs a byte on the wire but a few stack frames to read).
     */
    static void install(Kryo kryo) {
        kryo.setMaxDepth(MAX_DEPTH);
        for (int id = 0; id < kryo.getNextRegistrationId(); id++) {
            Registration registration = kryo.getRegistration(id);
            if (registration == null) {
                continue;
            }
            var replacement = REPLACEMENTS.get(registration.getSerializer().getClass());
            if (replacement != null) {
                registration.setSerializer(replacement.apply(kryo, registration.getType()));
            }
        }
    }

    private static int capacity(Input input, int count, String what) {
        return BoundedInput.collectionCapacity(input, count, what);
    }

    private static void check(Input input, int count, String what) {
        BoundedInput.requireElements(input, count, 1, what);
    }

    /** The tuple's values list: Storm's serializer, whose list grows as elements are read, with its count checked. */
    static final class TupleValues extends ListDelegateSerializer {
        @Override
        public ListDelegate create(Kryo kryo, Input input, Class<? extends ListDelegate> type, int length) {
            capacity(input, length, "tuple values");
            return super.create(kryo, input, type, length);
        }
    }

    @SuppressWarnings("rawtypes")
    static final class ArrayLists extends ArrayListSerializer {
        @Override
        public ArrayList create(Kryo kryo, Input input, Class<? extends ArrayList> type, int length) {
            return super.create(kryo, input, type, capacity(input, length, "list"));
        }
    }

    @SuppressWarnings("rawtypes")
    static final class HashSets extends HashSetSerializer {
        @Override
        protected HashSet create(Kryo kryo, Input input, Class<? extends HashSet> type, int length) {
            return super.create(kryo, input, type, capacity(input, length, "set"));
        }
    }

    @SuppressWarnings("rawtypes")
    static final class HashMaps extends HashMapSerializer {
        @Override
        protected HashMap<String, Object> create(Kryo kryo, Input input, Class<? extends HashMap> type, int length) {
            check(input, length, "map");
            return super.create(kryo, input, type, length);
        }
    }

    @SuppressWarnings("rawtypes")
    static final class Collections extends CollectionSerializer<Collection> {
        @Override
        protected Collection create(Kryo kryo, Input input, Class<? extends Collection> type, int size) {
            return super.create(kryo, input, type, capacity(input, size, type.getSimpleName()));
        }
    }

    @SuppressWarnings("rawtypes")
    static final class Maps extends MapSerializer<Map> {
        @Override
        protected Map create(Kryo kryo, Input input, Class<? extends Map> type, int size) {
            check(input, size, type.getSimpleName());
            return super.create(kryo, input, type, size);
        }
    }

    @SuppressWarnings("rawtypes")
    static final class ObjectArrays extends ObjectArraySerializer {
        ObjectArrays(Kryo kryo, Class<?> type) {
            super(kryo, type);
        }

        @Override
        public Object[] read(Kryo kryo, Input input, Class type) {
            if (input instanceof BoundedInput) { // a whole frame in its buffer: peeking is safe
                int start = input.position();
                int declared = input.readVarInt(true); // 0 null, n: n - 1 elements
                check(input, Math.max(0, declared - 1), "array");
                input.setPosition(start);
            }
            return super.read(kryo, input, type);
        }
    }
}
