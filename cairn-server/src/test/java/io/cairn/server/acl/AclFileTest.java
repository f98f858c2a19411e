package io.cairn.server.acl;

import static io.cairn.server.acl.RuleEditorTest.TABLE;
import static io.cairn.server.acl.RuleEditorTest.rules;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The aclfile: what it writes reads back the same, and a bad file is refused whole in Redis's words. */
class AclFileTest {
    @TempDir
    Path dir;

    @Test
    void whatIsWrittenReadsBackTheSame() throws AclRuleException, IOException {
        Map<String, UserRules> users = new LinkedHashMap<>();
        users.put("alice", rules("on", ">pw", "%R~r*", "~k", "&news.*", "+@read", "-@dangerous", "+set", "+select|0"));
        users.put("default", RuleEditor.defaultUser(TABLE));
        String text = AclFile.format(users);
        assertThat(text).isEqualTo("user alice on sanitize-payload "
                + "#30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4 %R~r* ~k resetchannels &news.* "
                + "-@all +@read -@dangerous +set +select|0\n"
                + "user default on nopass sanitize-payload ~* &* +@all\n");
        Path file = dir.resolve("users.acl");
        AclFile.write(file, text);
        AclFile.Parsed back = AclFile.parse(TABLE, "users.acl", Files.readString(file));
        assertThat(back.errors()).isNull();
        assertThat(back.users().keySet()).containsExactly("alice", "default");
        assertThat(back.users().get("alice").describe()).isEqualTo(users.get("alice").describe());
        assertThat(AclFile.format(back.users())).isEqualTo(text);
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file); // no temporary file left
        }
    }

    @Test
    void blankLinesAndStraySpacesAreIgnored() {
        AclFile.Parsed p = AclFile.parse(TABLE, "a.acl", "\n  user bob on  nopass +get\r\n\n");
        assertThat(p.errors()).isNull();
        assertThat(p.users().get("bob").describe()).isEqualTo("on nopass sanitize-payload resetchannels -@all +get");
    }

    @Test
    void aBadFileIsRefusedWholeInRedisWords() {
        String suffix = "WARNING: ACL errors detected, no change to the previously active ACL rules was performed";
        assertThat(AclFile.parse(TABLE, "a.acl", "user ok on\nusr x on\n").errors())
                .isEqualTo("a.acl:2 should start with user keyword followed by the username. " + suffix);
        assertThat(AclFile.parse(TABLE, "a.acl", "user x +nosuch +other\n").errors())
                .isEqualTo("a.acl:1: Error in applying operation '+nosuch': Unknown command or category name in ACL. "
                        + "a.acl:1: Error in applying operation '+other': Unknown command or category name in ACL. "
                        + suffix);
        assertThat(AclFile.parse(TABLE, "a.acl", "user x bogus %Z~k\n").errors())
                .isEqualTo("a.acl:1: Syntax error. " + suffix);
        assertThat(AclFile.parse(TABLE, "a.acl", "user x on\nuser x off\n").errors())
                .isEqualTo("WARNING: Duplicate user 'x' found on line 2. " + suffix);
        assertThat(AclFile.parse(TABLE, "a.acl", "user x on\nuser y bogus\n").users()).isEmpty();
    }
}
