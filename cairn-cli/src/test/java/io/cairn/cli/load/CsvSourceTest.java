package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV to JSON objects: RFC 4180 quoting, typing of values, and every malformed row named by its line. */
class CsvSourceTest {

    /** Each record as {@code where id json-or-problem}. */
    private static List<String> read(String csv, long maxBytes) throws IOException {
        return read(csv.getBytes(StandardCharsets.UTF_8), maxBytes);
    }

    private static List<String> read(byte[] csv, long maxBytes) throws IOException {
        List<String> out = new ArrayList<>();
        try (CsvSource s = new CsvSource("t.csv", new ByteArrayInputStream(csv), maxBytes, csv.length)) {
            SourceRecord r;
            while ((r = s.next()) != null) {
                out.add(r.where() + " " + r.id() + " "
                        + (r.problem() != null ? "! " + r.problem() : new String(r.json(), StandardCharsets.UTF_8)));
            }
            assertThat(s.bytesRead()).isEqualTo(csv.length);
        }
        return out;
    }

    @Test
    void quotedFieldsHoldCommasQuotesAndLineEnds() throws Exception {
        assertThat(read("a,b,c\n\"x,y\",\"say \"\"hi\"\"\",\"l1\r\nl2\nl3\"\nnext,row,here\n", 1000)).containsExactly(
                "t.csv:2 1 {\"a\":\"x,y\",\"b\":\"say \\\"hi\\\"\",\"c\":\"l1\\r\\nl2\\nl3\"}",
                "t.csv:5 2 {\"a\":\"next\",\"b\":\"row\",\"c\":\"here\"}");
    }

    @Test
    void lineEndsMayBeCrLfLfOrCrAndTheLastOneIsOptional() throws Exception {
        assertThat(read("a\r\n1\r2\n3", 1000)).containsExactly(
                "t.csv:2 1 {\"a\":1}", "t.csv:3 2 {\"a\":2}", "t.csv:4 3 {\"a\":3}");
    }

    @Test
    void emptyValuesAreLeftOutAndEmptyLinesSkipped() throws Exception {
        assertThat(read("a,b,c\n,,\n\n\r\n1,,\"\"\n", 1000)).containsExactly(
                "t.csv:2 1 {}", "t.csv:5 2 {\"a\":1}");
    }

    @Test
    void jsonNumbersBecomeNumbersAndEverythingElseStrings() throws Exception {
        assertThat(read("v\n42\n-1.5\n6e2\n007\n1.\n+3\n 5\n12345678901234567890\n1e999\n0x10\ntrue\nnull\n-0\n", 1000))
                .extracting(l -> l.substring(l.indexOf('{')))
                .containsExactly("{\"v\":42}", "{\"v\":-1.5}", "{\"v\":600.0}", "{\"v\":\"007\"}", "{\"v\":\"1.\"}",
                        "{\"v\":\"+3\"}", "{\"v\":\" 5\"}", "{\"v\":\"12345678901234567890\"}", "{\"v\":\"1e999\"}",
                        "{\"v\":\"0x10\"}", "{\"v\":\"true\"}", "{\"v\":\"null\"}", "{\"v\":\"-0\"}");
    }

    @Test
    void malformedRowsAreReportedAndReadingGoesOn() throws Exception {
        assertThat(read("a,b\n1,x\"y\n\"q\"z,2\n1,2,3\n4\n5,6\n\"open,7\n", 1000)).containsExactly(
                "t.csv:2 1 ! a quote inside an unquoted field (line 2; quote the whole field and double the quote)",
                "t.csv:3 2 ! text after the closing quote of a field (line 3)",
                "t.csv:4 3 ! row has 3 fields (expected: 2, as the header)",
                "t.csv:5 4 ! row has 1 fields (expected: 2, as the header)",
                "t.csv:6 5 {\"a\":5,\"b\":6}",
                "t.csv:7 6 ! quoted field opened at line 7 is not closed at the end of the input");
    }

    @Test
    void aRowOverTheLimitIsSkippedToItsEnd() throws Exception {
        String big = "\"" + "z,\n".repeat(100) + "\"";
        assertThat(read("a,b\n" + big + ",1\n2,3\n", 64)).containsExactly(
                "t.csv:2 1 ! record size: 305 bytes (expected: <= 64)",
                "t.csv:103 2 {\"a\":2,\"b\":3}");
    }

    @Test
    void aByteOrderMarkBeforeTheHeaderIsIgnored() throws Exception {
        assertThat(read("\uFEFFid,name\n1,Zoë\n", 1000)).containsExactly("t.csv:2 1 {\"id\":1,\"name\":\"Zoë\"}");
    }

    @Test
    void aValueThatIsNotUtf8IsThatRowsError() throws Exception {
        byte[] csv = {'a', '\n', (byte) 0xff, 'x', '\n', 'o', 'k', '\n'};
        assertThat(read(csv, 1000)).containsExactly("t.csv:2 1 ! field 'a' is not valid UTF-8", "t.csv:3 2 {\"a\":\"ok\"}");
    }

    @Test
    void aBadHeaderFailsTheWholeInput() {
        assertThatThrownBy(() -> read("id,name,id\n1,2,3\n", 1000))
                .isInstanceOf(IOException.class).hasMessage("t.csv: header names 'id' twice (expected: unique field names)");
        assertThatThrownBy(() -> read("id,,x\n", 1000))
                .hasMessage("t.csv: header field 2 is empty (expected: a field name)");
    }

    @Test
    void anEmptyInputHasNoRecords() throws Exception {
        assertThat(read("", 1000)).isEmpty();
        assertThat(read("only,a,header\n", 1000)).isEmpty();
    }
}
