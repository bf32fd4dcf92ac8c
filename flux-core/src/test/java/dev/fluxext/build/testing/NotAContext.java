package dev.fluxext.build.testing;

/** Named as a transport but not an {@code IContext}. */
public class NotAContext {
}
