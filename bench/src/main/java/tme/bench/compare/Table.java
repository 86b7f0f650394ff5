package tme.bench.compare;

import java.util.ArrayList;
import java.util.List;

/** The compare command's one table, written as Markdown so it can go into docs/performance.md as it is. */
final class Table {

    /** A row: its part of issue 8's list, what it measures, and the tme, nginx and ratio cells. */
    record Row(String part, String measurement, String tme, String nginx, String ratio) {}

    private static final String[] HEADER = {"#", "measurement", "tme-api", "nginx", "tme / nginx"};

    private final List<Row> rows = new ArrayList<>();

    Table add(Row row) {
        rows.add(row);
        return this;
    }

    Table addAll(List<Row> more) {
        rows.addAll(more);
        return this;
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        line(out, HEADER);
        line(out, new String[] {"---", "---", "---", "---", "---"});
        for (Row row : rows) {
            line(out, new String[] {row.part(), row.measurement(), row.tme(), row.nginx(), row.ratio()});
        }
        return out.toString();
    }

    private static void line(StringBuilder out, String[] cells) {
        out.append('|');
        for (String cell : cells) {
            // a '|' inside a cell would split it; a line break would end the row
            out.append(' ').append(cell.replace("|", "\\|").replace('\n', ' ')).append(" |");
        }
        out.append('\n');
    }
}
