package dev.fluxext.diag;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretNamesTest {

    @Test
    void namesWithASecretWordAreSecrets() {
        for (String name : List.of("db.password", "AWS_SECRET_ACCESS_KEY", "apiToken", "ssl.key", "kafka.sasl.credentials",
                "hbase-passwd", "api_key", "apiKey", "PASSWORD", "storm.messaging.netty.tls.keystore.password")) {
            assertTrue(SecretNames.looksSecret(name), name);
        }
    }

    @Test
    void aSecretWordInsideAnotherWordIsNoSecret() {
        for (String name : List.of("keystore.path", "monkey.count", "enrichment.simple.hbase.table", "kafka.zk",
                "tokenizer.mode", "passage", "bypass.cache", "secretary", "HOST", "")) {
            assertFalse(SecretNames.looksSecret(name), name);
        }
    }
}
