package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.document.json.JsonWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** XML documents as JSON objects, and XML that tries to reach outside the document. */
class XmlToJsonTest {
    @TempDir
    Path dir;

    private static String json(String xml) throws Exception {
        return JsonWriter.write(new XmlToJson().convert(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void childrenBecomeFieldsAndTextOnlyElementsStrings() throws Exception {
        assertThat(json("<r><a>1</a><b> spaced </b><empty/></r>")).isEqualTo("{\"a\":\"1\",\"b\":\" spaced \",\"empty\":\"\"}");
    }

    @Test
    void repeatedChildrenBecomeOneArrayAtTheFirstPosition() throws Exception {
        assertThat(json("<r><t>x</t><u>1</u><t>y</t><t><n>z</n></t></r>"))
                .isEqualTo("{\"t\":[\"x\",\"y\",{\"n\":\"z\"}],\"u\":\"1\"}");
    }

    @Test
    void attributesBecomeAtFieldsAndMixedTextAHashTextField() throws Exception {
        assertThat(json("<r id=\"7\" lang='en'><p class=\"c\">hello <b>big</b> world</p></r>"))
                .isEqualTo("{\"@id\":\"7\",\"@lang\":\"en\",\"p\":{\"@class\":\"c\",\"b\":\"big\",\"#text\":\"hello  world\"}}");
    }

    @Test
    void nestedElementsBecomeObjectsAndCdataCommentsAndEntitiesAreHandled() throws Exception {
        assertThat(json("<?xml version=\"1.0\"?>\n<r>\n  <!-- dropped -->\n  <o>\n    <i>&lt;&amp;&gt;</i>\n"
                + "    <c><![CDATA[a<b]]></c>\n  </o>\n</r>"))
                .isEqualTo("{\"o\":{\"i\":\"<&>\",\"c\":\"a<b\"}}");
    }

    @Test
    void anExternalEntityIsRefusedAndTheFileIsNeverRead() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n<r><a>&x;</a></r>";
        assertThatThrownBy(() -> json(xxe))
                .isInstanceOf(DirectorySource.InvalidRecordException.class)
                .hasMessageContaining("invalid XML at line 2")
                .hasMessageContaining("DOCTYPE")
                .hasMessageNotContaining("TOP-SECRET");
    }

    @Test
    void entityExpansionBombsAndExternalDtdsAreRefused() {
        String bomb = "<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><r>&b;</r>";
        assertThatThrownBy(() -> json(bomb)).hasMessageContaining("DOCTYPE");
        String dtd = "<!DOCTYPE r SYSTEM \"http://127.0.0.1:1/evil.dtd\"><r/>";
        assertThatThrownBy(() -> json(dtd)).hasMessageContaining("DOCTYPE");
    }

    @Test
    void malformedXmlNamesTheLine() {
        assertThatThrownBy(() -> json("<r>\n<a>x</b>\n</r>"))
                .isInstanceOf(DirectorySource.InvalidRecordException.class)
                .hasMessageStartingWith("invalid XML at line 2, column");
    }
}
