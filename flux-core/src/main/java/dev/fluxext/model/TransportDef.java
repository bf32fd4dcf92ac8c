package dev.fluxext.model;

/**
 * The {@code transport:} block.
 *
 * @param contextClass the {@code IContext} class name ({@code netty} already replaced by Netty's class), at the
 *                     {@code type} value; the builder checks that it exists and implements {@code IContext}
 * @param settings     Netty tuning keys translated to their Storm keys ({@code TransportOptions.NETTY_KEYS}),
 *                     each entry positioned at the YAML key; values unchecked (the builder applies Storm's
 *                     validators)
 * @param compression  the {@code compression:} block (batch compression), {@code BatchCompressionOptions} keys;
 *                     empty when absent
 * @param guard        whether the receive guard is installed ({@code guard:}, default true), at its value (at the
 *                     block when not written)
 * @param tls          worker-to-worker TLS ({@code tls:}); empty when absent
 */
public record TransportDef(Located<String> contextClass, ConfigMap settings,
                           java.util.Optional<CompressionDef> compression, Located<Boolean> guard,
                           java.util.Optional<TlsDef> tls, Span span) {
}
