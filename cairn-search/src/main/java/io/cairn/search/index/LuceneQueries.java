package io.cairn.search.index;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.query.QueryNode;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.QueryBuilder;

/**
 * Translates a parsed query into a Lucene query for one index. Words and phrases are analysed
 * like the indexed text (the query's language): a word that analyses into several tokens (CJK
 * text, hyphenated words) becomes a phrase, a stop word matches nothing and is dropped from an
 * intersection. An unscoped word searches every TEXT field, each boosted by its WEIGHT. Ranges and
 * tags filter without scoring. Thread-safe.
 */
public final class LuceneQueries {
    private final IndexDefinition definition;
    private final Analyzer analyzer;
    private final QueryBuilder builder;

    public LuceneQueries(IndexDefinition definition, Analyzer analyzer) {
        this.definition = definition;
        this.analyzer = analyzer;
        this.builder = new QueryBuilder(analyzer);
    }

    /** The Lucene query for {@code node}; a query of stop words only matches nothing. */
    public Query translate(QueryNode node) {
        Query q = build(node);
        return q == null ? new MatchNoDocsQuery("only stop words") : q;
    }

    /** Null when the node constrains nothing (stop words). */
    private Query build(QueryNode node) {
        return switch (node) {
            case QueryNode.All a -> new MatchAllDocsQuery();
            case QueryNode.Term t -> text(t.fields(), t.text(), t.prefix(), t.fuzzy());
            case QueryNode.Phrase p -> text(p.fields(), p.text(), false, 0);
            case QueryNode.Range r -> range(r);
            case QueryNode.Tags t -> tags(t);
            case QueryNode.And a -> and(a.children());
            case QueryNode.Or o -> or(o.children());
            case QueryNode.Not n -> {
                Query child = build(n.child());
                if (child == null) {
                    yield null;
                }
                yield new BooleanQuery.Builder().add(new MatchAllDocsQuery(), Occur.FILTER)
                        .add(child, Occur.MUST_NOT).build();
            }
            case QueryNode.Optional o -> build(o.child());
        };
    }

    private Query and(List<QueryNode> children) {
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        boolean required = false;
        boolean any = false;
        for (QueryNode c : children) {
            switch (c) {
                case QueryNode.Not n -> {
                    Query q = build(n.child());
                    if (q != null) {
                        b.add(q, Occur.MUST_NOT);
                        any = true;
                    }
                }
                case QueryNode.Optional o -> {
                    Query q = build(o.child());
                    if (q != null) {
                        b.add(q, Occur.SHOULD);
                        any = true;
                    }
                }
                case QueryNode.Range r -> {
                    b.add(range(r), Occur.FILTER);
                    required = true;
                    any = true;
                }
                case QueryNode.Tags t -> {
                    b.add(tags(t), Occur.FILTER);
                    required = true;
                    any = true;
                }
                default -> {
                    Query q = build(c);
                    if (q != null) {
                        b.add(q, Occur.MUST);
                        required = true;
                        any = true;
                    }
                }
            }
        }
        if (!any) {
            return null;
        }
        if (!required) {
            b.add(new MatchAllDocsQuery(), Occur.FILTER);
        }
        return b.build();
    }

    private Query or(List<QueryNode> children) {
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        int n = 0;
        for (QueryNode c : children) {
            Query q = build(c);
            if (q != null) {
                b.add(q, Occur.SHOULD);
                n++;
            }
        }
        return n == 0 ? null : b.setMinimumNumberShouldMatch(1).build();
    }

    private Query text(List<String> fields, String text, boolean prefix, int fuzzy) {
        List<FieldSpec> targets = new ArrayList<>();
        if (fields.isEmpty()) {
            for (FieldSpec f : definition.fields()) {
                if (f.type() == FieldType.TEXT) {
                    targets.add(f);
                }
            }
            if (targets.isEmpty()) {
                throw new InvalidRequestException("The index has no TEXT field to search for `" + text + "`");
            }
        } else {
            for (String name : fields) {
                FieldSpec f = field(name);
                if (f.type() != FieldType.TEXT) {
                    throw new InvalidRequestException("Field `" + name + "` is " + f.type() + ", not TEXT: query it as @"
                            + name + (f.type() == FieldType.TAG ? ":{value}" : ":[min max]"));
                }
                targets.add(f);
            }
        }
        List<Query> perField = new ArrayList<>();
        for (FieldSpec f : targets) {
            Query q;
            if (prefix) {
                q = new PrefixQuery(new Term(f.name(), analyzer.normalize(f.name(), text)));
            } else if (fuzzy > 0) {
                q = new FuzzyQuery(new Term(f.name(), analyzer.normalize(f.name(), text)), Math.min(fuzzy, 2));
            } else {
                q = builder.createPhraseQuery(f.name(), text);
            }
            if (q == null) {
                continue;
            }
            perField.add(f.weight() == 1.0 ? q : new BoostQuery(q, (float) f.weight()));
        }
        if (perField.isEmpty()) {
            return null;
        }
        if (perField.size() == 1) {
            return perField.getFirst();
        }
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (Query q : perField) {
            b.add(q, Occur.SHOULD);
        }
        return b.setMinimumNumberShouldMatch(1).build();
    }

    private Query range(QueryNode.Range r) {
        FieldSpec f = field(r.field());
        if (f.type() != FieldType.NUMERIC) {
            throw new InvalidRequestException("Field `" + r.field() + "` is " + f.type() + ", not NUMERIC: a range needs a NUMERIC field");
        }
        double lo = r.minInclusive() ? r.min() : Math.nextUp(r.min());
        double hi = r.maxInclusive() ? r.max() : Math.nextDown(r.max());
        if (lo > hi) {
            return new MatchNoDocsQuery("empty range");
        }
        return DoublePoint.newRangeQuery(f.name(), lo, hi);
    }

    private Query tags(QueryNode.Tags t) {
        FieldSpec f = field(t.field());
        if (f.type() != FieldType.TAG) {
            throw new InvalidRequestException("Field `" + t.field() + "` is " + f.type() + ", not TAG: {...} needs a TAG field");
        }
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (QueryNode.Tag tag : t.tags()) {
            BytesRef term = new BytesRef(DocumentMapper.normalizeTag(f, tag.value()));
            Term lt = new Term(f.name(), term);
            b.add(tag.prefix() ? new PrefixQuery(lt) : new TermQuery(lt), Occur.SHOULD);
        }
        return new ConstantScoreQuery(b.setMinimumNumberShouldMatch(1).build());
    }

    private FieldSpec field(String name) {
        FieldSpec f = definition.field(name);
        if (f == null) {
            throw new InvalidRequestException("Unknown field `" + name + "`");
        }
        return f;
    }
}
