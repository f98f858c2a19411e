package io.cairn.server.acl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.CommandTable;
import org.junit.jupiter.api.Test;

/** ACL SETUSER's rules applied without a server: what each leaves, and Redis's reason for each refusal. */
class RuleEditorTest {
    static final AclCommandTable TABLE = new AclCommandTable(CommandTable.all());

    static UserRules rules(String... ops) throws AclRuleException {
        RuleEditor e = new RuleEditor(TABLE);
        for (String op : ops) {
            e.apply(op);
        }
        return e.build();
    }

    private static String refusal(String... ops) {
        try {
            rules(ops);
        } catch (AclRuleException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + String.join(" ", ops));
    }

    @Test
    void aNewUserIsOffAndMayDoNothing() throws AclRuleException {
        UserRules r = rules();
        assertThat(r.describe()).isEqualTo("off sanitize-payload resetchannels -@all");
        assertThat(r.enabled()).isFalse();
        assertThat(r.unrestricted()).isFalse();
    }

    @Test
    void theDefaultUserMayDoEverything() {
        UserRules r = RuleEditor.defaultUser(TABLE);
        assertThat(r.describe()).isEqualTo("on nopass sanitize-payload ~* &* +@all");
        assertThat(r.unrestricted()).isTrue();
    }

    @Test
    void commandRulesAreKeptInTheOrderGiven() throws AclRuleException {
        assertThat(rules("+@read", "-@dangerous", "+set").commandsDescription())
                .isEqualTo("-@all +@read -@dangerous +set");
        assertThat(rules("+@all", "-@dangerous").commandsDescription()).isEqualTo("+@all -@dangerous");
        assertThat(rules("+GET", "+@READ").commandsDescription()).isEqualTo("-@all +get +@read");
    }

    @Test
    void aRepeatedRuleReplacesTheEarlierOneAndAContainerItsSubcommands() throws AclRuleException {
        assertThat(rules("+get", "+set", "-get").commandsDescription()).isEqualTo("-@all +set -get");
        assertThat(rules("+config|get", "+config|set", "-config").commandsDescription()).isEqualTo("-@all -config");
        assertThat(rules("+config", "-config|set").commandsDescription()).isEqualTo("-@all +config -config|set");
        assertThat(rules("+get", "allcommands").commandsDescription()).isEqualTo("+@all");
        assertThat(rules("+@all", "+get", "nocommands").commandsDescription()).isEqualTo("-@all");
    }

    @Test
    void passwordsAreKeptAsTheirSha256() throws AclRuleException {
        UserRules r = rules(">pw");
        assertThat(r.passwords()).containsExactly("30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4");
        assertThat(rules(">pw", "#30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4").passwords()).hasSize(1);
        assertThat(rules(">pw", "<pw").passwords()).isEmpty();
        assertThat(rules(">pw", ">b", "!30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4").passwords())
                .hasSize(1);
        assertThat(rules("nopass", ">pw").nopass()).isFalse();
        assertThat(rules(">pw", "nopass").passwords()).isEmpty();
        assertThat(rules("nopass", "resetpass").nopass()).isFalse();
    }

    @Test
    void aPasswordOpensAUserThatIsOn() throws AclRuleException {
        assertThat(rules(">pw").accepts("pw".getBytes())).isFalse(); // off
        assertThat(rules("on", ">pw").accepts("pw".getBytes())).isTrue();
        assertThat(rules("on", ">pw").accepts("nope".getBytes())).isFalse();
        assertThat(rules("on", "nopass").accepts("anything".getBytes())).isTrue();
        assertThat(rules("on").accepts("".getBytes())).isFalse(); // no password at all
    }

    @Test
    void keyPatternsMergeTheirAccess() throws AclRuleException {
        assertThat(rules("%R~k*", "%W~k*").keysDescription()).isEqualTo("~k*");
        assertThat(rules("%R~r*", "%W~w*", "%RW~b*", "~a").keysDescription()).isEqualTo("%R~r* %W~w* ~b* ~a");
        assertThat(rules("~a", "allkeys").keysDescription()).isEqualTo("~*");
        assertThat(rules("allkeys", "resetkeys").keysDescription()).isEmpty();
        assertThat(rules("&a", "&b", "&a").channelsDescription()).isEqualTo("&a &b");
        assertThat(rules("&a", "allchannels", "resetchannels", "&c").describe())
                .isEqualTo("off sanitize-payload resetchannels &c -@all");
    }

    @Test
    void resetForgetsEverything() throws AclRuleException {
        assertThat(rules("on", ">pw", "~*", "&*", "+@all", "reset").describe())
                .isEqualTo(rules().describe());
    }

    @Test
    void refusalsAreInRedisWords() {
        assertThat(refusal("+nosuch")).isEqualTo("Unknown command or category name in ACL");
        assertThat(refusal("-nosuch")).isEqualTo("Unknown command or category name in ACL");
        assertThat(refusal("+@nosuch")).isEqualTo("Unknown command or category name in ACL");
        assertThat(refusal("+config|nosuch")).isEqualTo("Unknown command or category name in ACL");
        assertThat(refusal("+config|get|x")).isEqualTo("Allowing first-arg of a subcommand is not supported");
        assertThat(refusal("+select|")).isEqualTo("Syntax error");
        assertThat(refusal("bogus")).isEqualTo("Syntax error");
        assertThat(refusal("%X~k")).isEqualTo("Syntax error");
        assertThat(refusal("%RR~k")).isEqualTo("Syntax error");
        assertThat(refusal("%R")).isEqualTo("Syntax error");
        assertThat(refusal("allkeys", "~k")).startsWith("Adding a pattern after the * pattern (or the 'allkeys' flag)");
        assertThat(refusal("allchannels", "&c")).startsWith("Adding a pattern after the * pattern (or the 'allchannels' flag)");
        assertThat(refusal("<never")).isEqualTo("The password you are trying to remove from the user does not exist");
        assertThat(refusal("#abc")).startsWith("The password hash must be exactly 64 characters");
        assertThat(refusal("#" + "A".repeat(64))).startsWith("The password hash must be exactly 64 characters");
        assertThat(refusal("(+get ~k)")).isEqualTo("Selectors are not supported by Cairn");
    }

    @Test
    void anEditLeavesTheRulesItStartedFromAsTheyWere() throws AclRuleException {
        UserRules before = rules("on", "+get", "~k");
        RuleEditor e = before.edit(TABLE);
        e.apply("+set").apply("~j");
        assertThat(before.describe()).isEqualTo("on sanitize-payload ~k resetchannels -@all +get");
        assertThat(e.build().describe()).isEqualTo("on sanitize-payload ~k ~j resetchannels -@all +get +set");
        assertThatThrownBy(() -> e.apply("+nosuch")).isInstanceOf(AclRuleException.class);
    }
}
