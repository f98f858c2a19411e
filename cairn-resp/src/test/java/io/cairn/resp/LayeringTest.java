package io.cairn.resp;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The codec stays a pure codec: only the client package beside it opens sockets. */
class LayeringTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.cairn.resp");

    @Test
    void theCodecUsesNoSocketsAndNotTheClient() {
        noClasses().that().resideInAPackage("io.cairn.resp")
                .should().dependOnClassesThat().resideInAnyPackage("java.net..", "java.nio.channels..",
                        "io.netty.channel..", "io.cairn.resp.client..")
                .check(CLASSES);
    }
}
