package dev.fluxext.read;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.parser.ParserException;
import org.yaml.snakeyaml.scanner.ScannerException;

/**
 * SnakeYAML's syntax errors in plain words for the mistakes people make most (an indentation slip, a tab, an
 * unclosed quote or bracket, a colon inside a plain value): what is wrong and how to fix it, at the text that needs
 * the fix rather than where the parser noticed. Anything else keeps SnakeYAML's words, at its mark.
 */
final class SyntaxErrors {

    private final String label;
    private final String[] lines;

    SyntaxErrors(String label, String yaml) {
        this.label = label;
        this.lines = yaml.split("\r\n|[\r\n\u0085\u2028\u2029]", -1);
    }

    /** The one diagnostic for {@code e}. */
    Diagnostic explain(MarkedYAMLException e) {
        String problem = e.getProblem() == null ? "" : e.getProblem();
        String context = e.getContext() == null ? "" : e.getContext();
        Mark mark = e.getProblemMark();
        Optional<Diagnostic> plain = Optional.empty();
        if (mark != null && mark.getLine() < lines.length) {
            if (problem.contains("\\t(TAB)")) {
                plain = Optional.of(tab(mark));
            } else if (context.startsWith("while scanning a quoted scalar") && problem.contains("end of stream")
                    && e.getContextMark() != null) {
                plain = Optional.of(unclosedQuote(e.getContextMark()));
            } else if (context.startsWith("while parsing a flow ") && problem.startsWith("expected ','")
                    && e.getContextMark() != null) {
                plain = unclosedBracket(e.getContextMark(), mark);
            } else if (e instanceof ScannerException && problem.startsWith("mapping values are not allowed")) {
                plain = colonInValue(mark).or(() -> indentation(mark));
            } else if (context.startsWith("while scanning a simple key") && problem.contains("expected ':'")
                    && e.getContextMark() != null && e.getContextMark().getLine() < lines.length) {
                plain = missingColon(e.getContextMark());
            } else if (e instanceof ParserException && problem.startsWith("expected <block end>")) {
                plain = textAfterQuote(mark).or(() -> indentation(mark));
            }
        }
        return plain.orElseGet(() -> Diagnostic.error(Code.YAML_SYNTAX, at(mark), "invalid YAML: " + snakeText(e)));
    }

    private Diagnostic tab(Mark mark) {
        String line = lines[mark.getLine()];
        boolean indenting = line.substring(0, Math.min(mark.getColumn(), line.length())).isBlank();
        return Diagnostic.error(Code.YAML_SYNTAX, Span.of(at(mark), 1), indenting
                ? "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces (and set "
                    + "your editor to insert spaces for Tab in YAML files)"
                : "a tab character: YAML does not allow a tab here; replace it with a space");
    }

    private Diagnostic unclosedQuote(Mark open) {
        String line = lines[open.getLine()];
        char quote = open.getColumn() < line.length() ? line.charAt(open.getColumn()) : '"';
        String inner = quote == '"' ? "write a \" inside it as \\\"" : "write a ' inside it as ''";
        Position start = at(open);
        return Diagnostic.error(Code.YAML_SYNTAX, new Span(start, start.line(), trimmedEnd(line) + 1),
                "the " + quote + " opened here is never closed, so the rest of the file is read as part of this value: "
                    + "end the value with " + quote + " on this line (" + inner + ")");
    }

    private Optional<Diagnostic> unclosedBracket(Mark open, Mark noticed) {
        String line = lines[open.getLine()];
        if (open.getColumn() >= line.length()) {
            return Optional.empty();
        }
        char bracket = line.charAt(open.getColumn());
        char close = bracket == '[' ? ']' : '}';
        String what = bracket == '[' ? "list" : "map";
        boolean sameLine = noticed.getLine() == open.getLine() && noticed.getColumn() < trimmedEnd(lines[noticed.getLine()]);
        if (sameLine) {
            // Still inside the brackets' line: two items without the comma between them.
            return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, Span.of(at(noticed), 1), "expected ',' or '" + close
                + "' here, in the " + what + " opened with '" + bracket + "' at column " + (open.getColumn() + 1)
                + ": separate its items with ', ' and end it with '" + close + "'"));
        }
        Diagnostic diagnostic = Diagnostic.error(Code.YAML_SYNTAX, Span.of(at(open), 1), "the '" + bracket
            + "' opened here is never closed: end the " + what + " with '" + close + "' after its last item"
            + (bracket == '{' ? " (and separate keys from values with ': ')" : ""));
        return Optional.of(noticed.getLine() < lines.length
            ? diagnostic.withRelated(Span.at(at(noticed)), "still open here") : diagnostic);
    }

    /** {@code className x}: a key without its ':' (SnakeYAML notices only on a later line). */
    private Optional<Diagnostic> missingColon(Mark keyStart) {
        String line = lines[keyStart.getLine()];
        int end = trimmedEnd(line);
        if (keyStart.getColumn() >= end) {
            return Optional.empty();
        }
        String text = line.substring(keyStart.getColumn(), end);
        int space = text.indexOf(' ');
        String fix = space > 0 ? " (" + text.substring(0, space) + ": " + text.substring(space + 1).strip() + ")" : "";
        Position start = at(keyStart);
        return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, new Span(start, start.line(), end + 1), "'" + text
            + "' has no ':' after its key: write the key, ': ' and the value" + fix));
    }

    /** {@code name: 'it's'}: the quote inside the value closed it, and the rest is stray text. */
    private Optional<Diagnostic> textAfterQuote(Mark mark) {
        String line = lines[mark.getLine()];
        int before = mark.getColumn() - 1;
        while (before >= 0 && line.charAt(before) == ' ') {
            before--;
        }
        if (before < 0 || before >= line.length() || line.charAt(before) != '\'' && line.charAt(before) != '"') {
            return Optional.empty();
        }
        char quote = line.charAt(before);
        String escape = quote == '\'' ? "as '' ('it''s')" : "as \\\" (\"say \\\"hi\\\"\")";
        Position start = at(mark);
        return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, new Span(start, start.line(), trimmedEnd(line) + 1),
            "text after the closing " + quote + " of a quoted value: write a " + quote + " inside the value " + escape
                + ", or quote the value with the other kind of quotes"));
    }

    /** {@code name: a: b}: a second ': ' on a line that already has its key. */
    private Optional<Diagnostic> colonInValue(Mark mark) {
        String line = lines[mark.getLine()];
        int keyStart = contentStart(line);
        int colon = line.indexOf(": ", keyStart);
        if (colon < 0 || colon >= mark.getColumn()) {
            return Optional.empty();
        }
        int valueStart = colon + 2;
        while (valueStart < line.length() && line.charAt(valueStart) == ' ') {
            valueStart++;
        }
        int valueEnd = trimmedEnd(line);
        if (valueStart >= valueEnd) {
            return Optional.empty();
        }
        String key = line.substring(keyStart, colon);
        String value = line.substring(valueStart, valueEnd);
        Position start = new Position(label, mark.getLine() + 1, valueStart + 1);
        return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, new Span(start, start.line(), valueEnd + 1),
            "the value '" + value + "' holds ': ', which YAML reads as the start of another key: quote the value, "
                + key + ": \"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\""));
    }

    /** A key (or '-') whose indentation lines up with nothing it could belong to. */
    private Optional<Diagnostic> indentation(Mark mark) {
        int row = mark.getLine();
        String line = lines[row];
        int written = indent(line);
        if (written >= line.length() || line.charAt(written) == '#') {
            return Optional.empty();
        }
        boolean item = line.startsWith("- ", written) || line.substring(written).equals("-");
        List<Level> all = levelsAbove(row);
        List<Level> levels = all.stream().filter(level -> level.dash() == item).toList();
        if (levels.isEmpty()) {
            return Optional.empty();
        }
        Level best = levels.get(0);
        for (Level level : levels) {
            int d = Math.abs(level.column - written);
            int bestD = Math.abs(best.column - written);
            if (d < bestD || d == bestD && level.column > best.column) {
                best = level;
            }
        }
        if (best.column == written) {
            return Optional.empty();
        }
        String spaces = written + (written == 1 ? " space" : " spaces");
        String wanted = best.column + (best.column == 1 ? " space" : " spaces");
        Position start = new Position(label, row + 1, written + 1);
        if (item) {
            return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, Span.of(start, 1), "this list item's '-' is indented by "
                + spaces + ", but the items of the list above start at " + wanted + " (line " + best.line
                + "): line its '-' up with theirs"));
        }
        int colon = line.indexOf(':', written);
        String key = line.substring(written, colon > written ? colon : trimmedEnd(line)).strip();
        boolean onADash = all.stream().anyMatch(level -> level.dash() && level.column == written);
        String why = onADash ? "it starts at the column of a '-' above, where only a new list item can start"
            : written > best.column && row > 0 && best.line == previousContentLine(row)
                ? "YAML reads it as going on with the value of '" + best.key + "' on the line above"
                : "it lines up with no key above it";
        String fix = best.column == 0 ? "do not indent it, like '" + best.key + "' on line " + best.line + " (the top level)"
            : "indent it by " + wanted + ", like '" + best.key + "' on line " + best.line;
        return Optional.of(Diagnostic.error(Code.YAML_SYNTAX, Span.of(start, key.length()), "'" + key
            + "' is indented by " + spaces + " and " + why + ": " + fix));
    }

    /** A column a key (or a list item's '-', key "-") could start at: the nearest above at each indentation. */
    private record Level(int column, String key, int line) {
        boolean dash() {
            return key.equals("-");
        }
    }

    private List<Level> levelsAbove(int row) {
        List<Level> levels = new ArrayList<>();
        int threshold = Integer.MAX_VALUE;
        for (int r = row - 1; r >= 0 && threshold > 0; r--) {
            String line = lines[r];
            int indent = indent(line);
            if (indent >= line.length() || line.charAt(indent) == '#' || line.startsWith("---") || indent >= threshold) {
                continue;
            }
            boolean dash = line.startsWith("- ", indent);
            int keyColumn = dash ? contentStart(line) : indent;
            int colon = line.indexOf(':', keyColumn);
            String key = colon > keyColumn ? line.substring(keyColumn, colon).strip() : "";
            if (dash) {
                levels.add(new Level(indent, "-", r + 1));
            }
            if (!key.isEmpty() && keyColumn < threshold && key.indexOf(' ') < 0 && key.indexOf('{') < 0) {
                levels.add(new Level(keyColumn, key, r + 1));
            }
            threshold = indent;
        }
        return levels;
    }

    private int previousContentLine(int row) {
        for (int r = row - 1; r >= 0; r--) {
            String line = lines[r];
            int indent = indent(line);
            if (indent < line.length() && line.charAt(indent) != '#') {
                return r + 1;
            }
        }
        return 0;
    }

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /** Where a line's key starts: after its indentation and any list dashes. */
    private static int contentStart(String line) {
        int i = indent(line);
        while (line.startsWith("- ", i)) {
            i += 2;
            while (i < line.length() && line.charAt(i) == ' ') {
                i++;
            }
        }
        return i;
    }

    /** The column after a line's last character that is not a space or a comment. */
    private static int trimmedEnd(String line) {
        int comment = line.indexOf(" #");
        String text = comment >= 0 ? line.substring(0, comment) : line;
        return text.stripTrailing().length();
    }

    private Position at(Mark mark) {
        return mark == null ? Position.ofFile(label) : new Position(label, mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** SnakeYAML's own words, for the errors not explained above. */
    static String snakeText(MarkedYAMLException e) {
        String problem = e.getProblem() == null ? "" : e.getProblem();
        String context = e.getContext();
        if (context == null || context.isBlank()) {
            return problem;
        }
        return context + (problem.startsWith("but ") ? ", " : ": ") + problem;
    }
}
