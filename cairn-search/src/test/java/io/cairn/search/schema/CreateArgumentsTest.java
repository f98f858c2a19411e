package io.cairn.search.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CreateArgumentsTest {

    private static List<String> args(String s) {
        return Arrays.asList(s.split(" "));
    }

    @Test
    void parsesRediSearchStyleDefinition() {
        CreateArguments.Create c = CreateArguments.parseCreate(args("idx ON JSON PREFIX 2 doc: art: LANGUAGE french"
                + " LANGUAGE_FIELD $.lang NOOFFSETS SCHEMA $.title AS title TEXT WEIGHT 5 SORTABLE $.year AS year NUMERIC"
                + " $.tags AS tags TAG SEPARATOR ; CASESENSITIVE body TEXT"));
        IndexDefinition d = c.definition();
        assertThat(d.name()).isEqualTo("idx");
        assertThat(d.source()).isEqualTo(SourceType.JSON);
        assertThat(d.prefixes()).containsExactly("doc:", "art:");
        assertThat(d.language()).isEqualTo("french");
        assertThat(d.languageField()).isEqualTo("$.lang");
        assertThat(d.fields()).containsExactly(
                new FieldSpec("$.title", "title", FieldType.TEXT, 5, true, ',', false),
                new FieldSpec("$.year", "year", FieldType.NUMERIC, 1, true, ',', false),
                new FieldSpec("$.tags", "tags", FieldType.TAG, 1, true, ';', true),
                new FieldSpec("$.body", "body", FieldType.TEXT, 1, false, ',', false));
        assertThat(c.skipInitialScan()).isFalse();
    }

    @Test
    void hashIsTheDefaultAndNoPrefixCoversEveryKey() {
        IndexDefinition d = CreateArguments.parseCreate(args("h SKIPINITIALSCAN SCHEMA name TEXT")).definition();
        assertThat(d.source()).isEqualTo(SourceType.HASH);
        assertThat(d.prefixes()).containsExactly("");
        assertThat(d.covers("anything".getBytes())).isTrue();
        assertThat(d.fields().getFirst().path()).isEqualTo("name");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "idx ON JSON|No schema found",
            "idx ON XML SCHEMA a TEXT|Invalid rule type: XML",
            "idx SCHEMA|Fields arguments are missing",
            "idx SCHEMA a TEXT a NUMERIC|Duplicate field in schema - a",
            "idx SCHEMA a BLOB|Invalid field type for field `a`",
            "idx SCHEMA a GEO|Field type GEO is not supported by Cairn",
            "idx SCHEMA a TAG SEPARATOR ab|Tag separator must be a single character. Got `ab`",
            "idx SCHEMA a TEXT NOSTEM|NOSTEM is not supported by Cairn",
            "idx PREFIX 3 a:|Bad arguments for PREFIX: expected 3 values, got 1",
            "idx LANGUAGE klingon SCHEMA x TEXT|Unsupported language: `klingon`; Cairn supports english, arabic, chinese,"
                    + " dutch, french, german, italian, japanese, korean, persian, portuguese, russian, spanish",
            "idx FILTER x SCHEMA x TEXT|FILTER is not supported by Cairn",
            "idx SCHEMA __key TEXT|Field names starting with '__' are reserved: __key",
            "idx BOGUS SCHEMA x TEXT|Unknown argument `BOGUS`",
    })
    void badDefinitionsAreRefusedInRediSearchsWords(String line, String message) {
        assertThatThrownBy(() -> CreateArguments.parseCreate(args(line)))
                .isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }

    @Test
    void alterAddsFieldsAndRefusesDuplicates() {
        IndexDefinition d = CreateArguments.parseCreate(args("idx SCHEMA a TEXT")).definition();
        CreateArguments.Alter a = CreateArguments.parseAlter(args("idx SCHEMA ADD b NUMERIC"), d);
        assertThat(d.withFields(a.added()).fields()).extracting(FieldSpec::name).containsExactly("a", "b");
        assertThatThrownBy(() -> CreateArguments.parseAlter(args("idx SCHEMA ADD a TAG"), d))
                .hasMessage("Duplicate field in schema - a");
    }
}
