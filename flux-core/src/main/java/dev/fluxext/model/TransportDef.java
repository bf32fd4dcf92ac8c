package dev.fluxext.model;

/**
 * The {@code transport:} block.
 *
 * @param contextClass the {@code IContext} class name ({@code netty} already replaced by Netty's class), at the
 *                     {@code type} value; the builder checks that it exists and implements {@code IContext}
 * @param settings     Netty tuning keys translated to their Storm keys ({@code TransportOptions.NETTY_KEYS}),
 *                     each entry positioned at the YAML key; values unchecked (the builder applies Storm's
 *                     validators)
 */
public record TransportDef(Located<String> contextClass, ConfigMap settings, Position position) {
}
