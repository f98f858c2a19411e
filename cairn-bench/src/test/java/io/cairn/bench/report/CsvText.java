package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads CSV as {@link CsvReport} writes it, for tests: RFC 4180, with CRLF after every record
 * (the last too), and fields quoted when they hold commas, quotes or line breaks, quotes doubled
 * inside. Strict, so that a test fails on anything else: a quote inside an unquoted field, a bare
 * line break outside quotes, a last record without CRLF.
 */
public final class CsvText {

    private CsvText() {
    }

    /** Every record of {@code csv}, the header first. */
    public static List<List<String>> records(String csv) {
        List<List<String>> out = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                if (!field.isEmpty()) {
                    throw new AssertionError("quote inside unquoted field at " + i);
                }
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                row.add(field.toString());
                field.setLength(0);
                out.add(row);
                row = new ArrayList<>();
                i++;
            } else if (c == '\n' || c == '\r') {
                throw new AssertionError("bare line break outside quotes at " + i);
            } else {
                field.append(c);
            }
        }
        if (quoted || !field.isEmpty() || !row.isEmpty()) {
            throw new AssertionError("last record not terminated by CRLF");
        }
        return out;
    }

    /** The records of {@code csv} after its header, each as column name to field, in column order. */
    public static List<Map<String, String>> rows(String csv) {
        List<List<String>> records = records(csv);
        assertThat(records).as("records, the header first").isNotEmpty();
        List<String> header = records.getFirst();
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> r : records.subList(1, records.size())) {
            assertThat(r).as("fields of a row").hasSameSizeAs(header);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), r.get(i));
            }
            rows.add(row);
        }
        return rows;
    }
}
