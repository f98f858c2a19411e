package io.cairn.search.schema;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.analysis.Languages;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses {@code FT.CREATE} and {@code FT.ALTER ... SCHEMA ADD} arguments as RediSearch documents
 * them. Options Cairn does not implement and that would change results ({@code FILTER},
 * {@code NOSTEM}, {@code PHONETIC}, {@code NOINDEX}, {@code STOPWORDS}, GEO and VECTOR fields) are
 * refused by name rather than ignored; options that only tune RediSearch's own storage
 * ({@code NOOFFSETS}, {@code NOFREQS}, {@code UNF}, ...) are accepted and have no effect.
 */
public final class CreateArguments {
    /** Fields per index. */
    public static final int MAX_FIELDS = 1024;
    private static final int MAX_PREFIXES = 1024;
    private static final Set<String> REFUSED = Set.of("FILTER", "TEMPORARY", "SCORE_FIELD", "PAYLOAD_FIELD", "STOPWORDS");

    /** The parsed command: the definition, and whether to skip indexing keys that already exist. */
    public record Create(IndexDefinition definition, boolean skipInitialScan) {
    }

    private CreateArguments() {
    }

    /** {@code args}: everything after {@code FT.CREATE}, the index name first. */
    public static Create parseCreate(List<String> args) {
        Arguments a = new Arguments(args);
        String name = a.next("index name");
        SourceType source = SourceType.HASH;
        List<String> prefixes = new ArrayList<>();
        String language = Languages.DEFAULT;
        String languageField = null;
        boolean skip = false;
        while (true) {
            String kw = a.peekUpper();
            if (kw == null) {
                throw new InvalidRequestException("No schema found");
            }
            a.next("option");
            switch (kw) {
                case "ON" -> {
                    String on = a.nextUpper("ON");
                    source = switch (on) {
                        case "HASH" -> SourceType.HASH;
                        case "JSON" -> SourceType.JSON;
                        default -> throw new InvalidRequestException("Invalid rule type: " + on);
                    };
                }
                case "PREFIX" -> {
                    int n = a.nextCount("PREFIX", MAX_PREFIXES);
                    prefixes.addAll(a.nextN(n, "PREFIX"));
                }
                case "LANGUAGE" -> language = Languages.canonical(a.next("LANGUAGE"));
                case "LANGUAGE_FIELD" -> languageField = a.next("LANGUAGE_FIELD");
                case "SCORE" -> {
                    double score = a.nextDouble("SCORE");
                    if (score != 1.0) {
                        throw new InvalidRequestException("SCORE other than 1 is not supported by Cairn");
                    }
                }
                case "SKIPINITIALSCAN" -> skip = true;
                case "MAXTEXTFIELDS", "NOOFFSETS", "NOHL", "NOFIELDS", "NOFREQS" -> {
                    // RediSearch storage tuning; Lucene has no equivalent to change
                }
                case "SCHEMA" -> {
                    List<FieldSpec> fields = parseFields(a, source, List.of());
                    return new Create(new IndexDefinition(name, source, prefixes, language, languageField, fields), skip);
                }
                default -> {
                    if (REFUSED.contains(kw)) {
                        throw new InvalidRequestException(kw + " is not supported by Cairn");
                    }
                    throw new InvalidRequestException("Unknown argument `" + args.get(a.position() - 1) + "`");
                }
            }
        }
    }

    /**
     * {@code args}: everything after {@code FT.ALTER}. Returns the fields to add and whether
     * {@code SKIPINITIALSCAN} was given.
     */
    public static Alter parseAlter(List<String> args, IndexDefinition current) {
        Arguments a = new Arguments(args);
        a.next("index name");
        boolean skip = a.accept("SKIPINITIALSCAN");
        if (!a.accept("SCHEMA") || !a.accept("ADD")) {
            throw new InvalidRequestException("Unknown argument: expected SCHEMA ADD");
        }
        return new Alter(parseFields(a, current.source(), current.fields()), skip);
    }

    /** What {@code FT.ALTER} adds. */
    public record Alter(List<FieldSpec> added, boolean skipInitialScan) {
    }

    private static List<FieldSpec> parseFields(Arguments a, SourceType source, List<FieldSpec> existing) {
        List<FieldSpec> fields = new ArrayList<>();
        if (!a.hasNext()) {
            throw new InvalidRequestException("Fields arguments are missing");
        }
        while (a.hasNext()) {
            if (fields.size() + existing.size() >= MAX_FIELDS) {
                throw new InvalidRequestException("Too many fields: an index has at most " + MAX_FIELDS);
            }
            String path = a.next("field");
            String name = path;
            if (a.accept("AS")) {
                name = a.next("AS");
            }
            if (name.startsWith("__")) {
                throw new InvalidRequestException("Field names starting with '__' are reserved: " + name);
            }
            if (source == SourceType.JSON && !path.startsWith("$") && !path.startsWith(".")) {
                // RediSearch reads a bare name on JSON as a top-level member
                path = "$." + path;
            }
            String type = a.nextUpper("field type");
            FieldType ft = switch (type) {
                case "TEXT" -> FieldType.TEXT;
                case "NUMERIC" -> FieldType.NUMERIC;
                case "TAG" -> FieldType.TAG;
                case "GEO", "GEOSHAPE", "VECTOR" -> throw new InvalidRequestException(
                        "Field type " + type + " is not supported by Cairn");
                default -> throw new InvalidRequestException("Invalid field type for field `" + name + "`");
            };
            double weight = 1.0;
            boolean sortable = ft != FieldType.TEXT;
            char separator = ',';
            boolean caseSensitive = false;
            while (a.hasNext()) {
                String opt = a.peekUpper();
                if (opt.equals("SORTABLE")) {
                    a.next("SORTABLE");
                    sortable = true;
                    a.accept("UNF");
                } else if (opt.equals("WEIGHT") && ft == FieldType.TEXT) {
                    a.next("WEIGHT");
                    weight = a.nextDouble("WEIGHT");
                    if (!(weight >= 0) || Double.isInfinite(weight)) {
                        throw new InvalidRequestException("Bad arguments for WEIGHT: must be a non-negative number");
                    }
                } else if (opt.equals("SEPARATOR") && ft == FieldType.TAG) {
                    a.next("SEPARATOR");
                    String sep = a.next("SEPARATOR");
                    if (sep.length() != 1) {
                        throw new InvalidRequestException("Tag separator must be a single character. Got `" + sep + "`");
                    }
                    separator = sep.charAt(0);
                } else if (opt.equals("CASESENSITIVE") && ft == FieldType.TAG) {
                    a.next("CASESENSITIVE");
                    caseSensitive = true;
                } else if (opt.equals("WITHSUFFIXTRIE") || opt.equals("INDEXEMPTY")) {
                    a.next(opt); // RediSearch storage tuning: Lucene answers suffix and empty queries as is
                } else if (opt.equals("NOSTEM") || opt.equals("PHONETIC") || opt.equals("NOINDEX")
                        || opt.equals("INDEXMISSING")) {
                    throw new InvalidRequestException(opt + " is not supported by Cairn");
                } else {
                    break;
                }
            }
            for (FieldSpec f : existing) {
                if (f.name().equals(name)) {
                    throw new InvalidRequestException("Duplicate field in schema - " + name);
                }
            }
            for (FieldSpec f : fields) {
                if (f.name().equals(name)) {
                    throw new InvalidRequestException("Duplicate field in schema - " + name);
                }
            }
            fields.add(new FieldSpec(path, name, ft, weight, sortable, separator, caseSensitive));
        }
        return fields;
    }
}
