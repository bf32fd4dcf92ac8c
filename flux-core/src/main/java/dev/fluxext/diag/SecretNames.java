package dev.fluxext.diag;

import java.util.Locale;
import java.util.Set;

/**
 * Whether a property or environment variable's name says its value is a secret ({@code db.password},
 * {@code AWS_SECRET_ACCESS_KEY}, {@code apiToken}, {@code ssl.key}): the name is cut into words at dots, dashes,
 * underscores and lower-to-upper case changes, and one of them names a secret. Whole words only, so that
 * {@code keystore.path} or {@code monkey.count} is no secret.
 */
public final class SecretNames {

    private static final Set<String> WORDS = Set.of("password", "passwd", "pwd", "pass", "passphrase", "secret",
            "token", "credential", "credentials", "key", "apikey", "privatekey");

    private SecretNames() {
    }

    public static boolean looksSecret(String name) {
        int start = 0;
        for (int i = 1; i <= name.length(); i++) {
            boolean end = i == name.length();
            boolean cut = end || !Character.isLetterOrDigit(name.charAt(i))
                    || Character.isUpperCase(name.charAt(i)) && Character.isLowerCase(name.charAt(i - 1));
            if (cut) {
                if (i > start && WORDS.contains(name.substring(start, i).toLowerCase(Locale.ROOT))) {
                    return true;
                }
                start = end || Character.isLetterOrDigit(name.charAt(i)) ? i : i + 1;
            }
        }
        return false;
    }
}
