package dev.fluxext.examples;

import java.util.List;

/** Emits the bundled text one sentence at a time (field {@code sentence}), cycling through it. */
public class SentenceSpout extends CyclingTextSpout {

    private static final long serialVersionUID = 1L;

    @Override
    protected List<String> piecesOf(BundledText text) {
        return text.sentences();
    }

    @Override
    protected String fieldName() {
        return "sentence";
    }
}
