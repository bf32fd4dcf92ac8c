package dev.fluxext.load;
import org.junit.jupiter.api.Test;
class ScratchTest {
  @Test void run() {
    for (String f : System.getProperty("files", "load/word-count.yaml").split(",")) {
      var a = dev.fluxext.Fixtures.analyze(f);
      a.messages().forEach(System.out::println);
      a.model().ifPresent(System.out::println);
    }
  }
}
