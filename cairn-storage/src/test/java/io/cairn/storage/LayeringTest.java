package io.cairn.storage;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Holds the package order of STYLE.md §2: io below wal and index, both below engine. */
class LayeringTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.cairn.storage");

    @Test
    void packagesDependOnlyDownwards() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("engine").definedBy("io.cairn.storage.engine..")
                .layer("wal").definedBy("io.cairn.storage.wal..")
                .layer("index").definedBy("io.cairn.storage.index..")
                .layer("io").definedBy("io.cairn.storage.io..")
                .whereLayer("engine").mayNotBeAccessedByAnyLayer()
                .whereLayer("wal").mayOnlyBeAccessedByLayers("engine")
                .whereLayer("index").mayOnlyBeAccessedByLayers("engine")
                .whereLayer("io").mayOnlyBeAccessedByLayers("wal", "engine")
                .check(CLASSES);
    }

    @Test
    void indexDoesNoIo() {
        noClasses().that().resideInAPackage("io.cairn.storage.index..")
                .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..", "java.nio.channels..")
                .check(CLASSES);
    }

    @Test
    void onlyTheIoPackageTouchesFiles() {
        noClasses().that().resideOutsideOfPackage("io.cairn.storage.io..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.nio.channels.FileChannel")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.nio.file.Files")
                .check(CLASSES);
    }
}
