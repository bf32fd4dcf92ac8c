package dev.fluxext.diag;

public enum Severity {
    ERROR,
    WARNING
}
