package io.cairn.bench.search;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.ArticleJson;
import io.cairn.bench.corpus.Shape;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.ProcessMemory;
import io.cairn.bench.peer.ProcessPeer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * PostgreSQL 15 from Debian ({@code postgresql}) as users run it for documents and search: a
 * private cluster in a temporary directory ({@code initdb}, then {@code postgres} on a free
 * 127.0.0.1 port), articles as JSONB with a generated {@code tsvector} (title weighted A, text B,
 * each document in its own language's configuration) under a GIN index, a btree on the year and a
 * GIN ({@code jsonb_path_ops}) on the categories. Ingest is one transaction per batch. Durability
 * maps to {@code fsync} and {@code synchronous_commit}: {@code fsync} is both on, as Cairn's fsync
 * mode. When the bench runs as root, the cluster runs as the {@code postgres} user (PostgreSQL
 * refuses root) through {@code runuser}.
 */
final class PostgresSearch implements SearchSystem {
    private static final System.Logger LOG = System.getLogger(PostgresSearch.class.getName());
    private static final String USER = "bench";
    private final Path dir;
    private final Process process;
    private final String url;
    private final String version;
    private Shape shape;

    /** Stops the cluster and removes its directory if the bench is killed before {@link #close}. */
    private final Thread shutdownHook;

    private PostgresSearch(Path dir, Process process, String url, String version) {
        this.dir = dir;
        this.process = process;
        this.url = url;
        this.version = version;
        this.shutdownHook = new Thread(this::stop, "postgres-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** The directory of PostgreSQL 15's programs, or null when it is not installed. */
    static Path binaries() {
        Path p = Path.of("/usr/lib/postgresql/15/bin");
        return Files.isExecutable(p.resolve("postgres")) ? p : null;
    }

    static PostgresSearch start(Durability durability) throws IOException {
        Path bin = binaries();
        if (bin == null) {
            throw new IOException("PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin/postgres): "
                    + "apt-get install postgresql, or ./cairn bench peers install");
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("cairn-bench-postgres-");
        Path data = dir.resolve("data");
        if (root) {
            UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
            Files.setOwner(dir, users.lookupPrincipalByName("postgres"));
        }
        int port = ProcessPeer.freePort();
        run(root, List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", USER, "--auth=trust",
                "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"));
        boolean sync = durability != Durability.NONE;
        List<String> cmd = new ArrayList<>(List.of(bin.resolve("postgres").toString(), "-D", data.toString(),
                "-p", Integer.toString(port), "-k", dir.toString(), "-c", "listen_addresses=127.0.0.1",
                "-c", "fsync=" + (sync ? "on" : "off"),
                "-c", "synchronous_commit=" + (durability == Durability.FSYNC ? "on" : "off"),
                "-c", "shared_buffers=512MB", "-c", "max_wal_size=4GB", "-c", "checkpoint_timeout=30min",
                "-c", "max_connections=64"));
        Process p = new ProcessBuilder(asUser(root, cmd)).redirectErrorStream(true)
                .redirectOutput(dir.resolve("postgres.log").toFile()).start();
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + USER;
        String version = null;
        for (int i = 0; i < 600 && version == null; i++) {
            if (!p.isAlive()) {
                throw new IOException("postgres exited with " + p.exitValue() + "; see " + dir.resolve("postgres.log"));
            }
            try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SHOW server_version")) {
                rs.next();
                version = "PostgreSQL " + rs.getString(1);
            } catch (SQLException e) {
                sleep(); // postgres gives no readiness signal but accepting connections: poll it
            }
        }
        if (version == null) {
            p.destroyForcibly();
            throw new IOException("postgres did not accept connections on port " + port);
        }
        return new PostgresSearch(dir, p, url, version);
    }

    /** Between connection attempts: postgres gives no readiness signal but accepting connections. */
    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<String> asUser(boolean root, List<String> cmd) {
        if (!root) {
            return cmd;
        }
        List<String> out = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
        out.addAll(cmd);
        return out;
    }

    private static void run(boolean root, List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(asUser(root, cmd)).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public String label() {
        return "postgres";
    }

    @Override
    public String version() {
        return version;
    }

    /** The text search configuration of each corpus language PostgreSQL has; others are 'simple'. */
    private static String configOf() {
        return "CASE doc->>'lang' WHEN 'en' THEN 'english'::regconfig WHEN 'fr' THEN 'french'::regconfig"
                + " WHEN 'de' THEN 'german'::regconfig WHEN 'nl' THEN 'dutch'::regconfig"
                + " WHEN 'it' THEN 'italian'::regconfig WHEN 'es' THEN 'spanish'::regconfig"
                + " WHEN 'pt' THEN 'portuguese'::regconfig WHEN 'ru' THEN 'russian'::regconfig"
                + " WHEN 'ar' THEN 'arabic'::regconfig ELSE 'simple'::regconfig END";
    }

    @Override
    public void create(Shape s) throws IOException {
        this.shape = s;
        String cfg = configOf();
        String text = s == Shape.FULL
                ? "setweight(to_tsvector(" + cfg + ", coalesce(doc->>'title','')), 'A') || setweight(to_tsvector("
                        + cfg + ", coalesce(doc->>'summary','') || ' ' || coalesce(doc->>'body','')), 'B')"
                : "setweight(to_tsvector(" + cfg + ", coalesce(doc->>'title','')), 'A') || setweight(to_tsvector("
                        + cfg + ", coalesce(doc->>'body','')), 'B')";
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS articles");
            st.execute("CREATE TABLE articles (id text PRIMARY KEY, doc jsonb NOT NULL,"
                    + " year int GENERATED ALWAYS AS ((doc->>'year')::int) STORED,"
                    + " tsv tsvector GENERATED ALWAYS AS (" + text + ") STORED)");
            st.execute("CREATE INDEX articles_tsv ON articles USING gin (tsv)");
            st.execute("CREATE INDEX articles_year ON articles (year)");
            st.execute("CREATE INDEX articles_categories ON articles USING gin ((doc->'categories') jsonb_path_ops)");
        } catch (SQLException e) {
            throw new IOException("postgres: " + e.getMessage(), e);
        }
    }

    @Override
    public Session session() throws IOException {
        Connection c;
        try {
            c = DriverManager.getConnection(url);
            c.setAutoCommit(false);
        } catch (SQLException e) {
            throw new IOException("postgres: " + e.getMessage(), e);
        }
        return new Session() {
            private final PreparedStatement upsert = prepare(c, "INSERT INTO articles (id, doc) VALUES (?, ?::jsonb)"
                    + " ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc");
            private final PreparedStatement term = prepare(c, "SELECT id, doc->>'title' FROM articles"
                    + " WHERE tsv @@ plainto_tsquery('english', ?) ORDER BY ts_rank(tsv, plainto_tsquery('english', ?)) DESC LIMIT 10");
            private final PreparedStatement phrase = prepare(c, "SELECT id, doc->>'title' FROM articles"
                    + " WHERE tsv @@ phraseto_tsquery('english', ?) ORDER BY ts_rank(tsv, phraseto_tsquery('english', ?)) DESC LIMIT 10");
            private final PreparedStatement ranged = prepare(c, "SELECT id, doc->>'title' FROM articles"
                    + " WHERE tsv @@ plainto_tsquery('english', ?) AND year BETWEEN ? AND ?"
                    + " ORDER BY ts_rank(tsv, plainto_tsquery('english', ?)) DESC LIMIT 10");
            private final PreparedStatement facets = prepare(c, "SELECT cat, count(*) FROM articles,"
                    + " jsonb_array_elements_text(doc->'categories') cat WHERE tsv @@ plainto_tsquery('english', ?)"
                    + " GROUP BY cat ORDER BY count(*) DESC LIMIT 10");
            private final PreparedStatement deep = prepare(c, "SELECT id, doc->>'title' FROM articles WHERE year >= ?"
                    + " ORDER BY year, id OFFSET ? LIMIT 10");
            private final PreparedStatement delete = prepare(c, "DELETE FROM articles WHERE id = ?");

            @Override
            public void insert(List<Article> batch) throws IOException {
                try {
                    for (Article a : batch) {
                        upsert.setString(1, a.id());
                        upsert.setString(2, ArticleJson.toJson(a, shape));
                        upsert.addBatch();
                    }
                    upsert.executeBatch();
                    c.commit();
                } catch (SQLException e) {
                    throw new IOException("postgres: " + e.getMessage(), e);
                }
            }

            @Override
            public int query(BenchQuery q) throws IOException {
                try {
                    PreparedStatement st = switch (q) {
                        case BenchQuery.Term t -> {
                            term.setString(1, t.word());
                            term.setString(2, t.word());
                            yield term;
                        }
                        case BenchQuery.Phrase p -> {
                            phrase.setString(1, p.text());
                            phrase.setString(2, p.text());
                            yield phrase;
                        }
                        case BenchQuery.TermInRange r -> {
                            ranged.setString(1, r.word());
                            ranged.setInt(2, r.min());
                            ranged.setInt(3, r.max());
                            ranged.setString(4, r.word());
                            yield ranged;
                        }
                        case BenchQuery.Facets f -> {
                            facets.setString(1, f.word());
                            yield facets;
                        }
                        case BenchQuery.DeepPage d -> {
                            deep.setInt(1, d.min());
                            deep.setInt(2, d.offset());
                            yield deep;
                        }
                    };
                    int n = 0;
                    try (ResultSet rs = st.executeQuery()) {
                        while (rs.next()) {
                            rs.getString(1);
                            n++;
                        }
                    }
                    c.commit();
                    return n;
                } catch (SQLException e) {
                    throw new IOException("postgres: " + e.getMessage(), e);
                }
            }

            @Override
            public void update(Article a) throws IOException {
                insert(List.of(a));
            }

            @Override
            public void delete(String id) throws IOException {
                try {
                    delete.setString(1, id);
                    delete.executeUpdate();
                    c.commit();
                } catch (SQLException e) {
                    throw new IOException("postgres: " + e.getMessage(), e);
                }
            }

            @Override
            public void close() throws IOException {
                try {
                    c.close();
                } catch (SQLException e) {
                    throw new IOException(e);
                }
            }
        };
    }

    private static PreparedStatement prepare(Connection c, String sql) {
        try {
            return c.prepareStatement(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("postgres: " + e.getMessage(), e);
        }
    }

    @Override
    public void awaitSearchable(long articles) throws IOException {
        // A committed row is searchable: the GIN index is updated in the inserting transaction
        // (its pending list is part of the index). Check the count all the same.
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM articles")) {
            rs.next();
            if (rs.getLong(1) != articles) {
                throw new IOException("postgres: " + rs.getLong(1) + " rows, " + articles + " were written");
            }
        } catch (SQLException e) {
            throw new IOException("postgres: " + e.getMessage(), e);
        }
    }

    @Override
    public long diskBytes() throws IOException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_total_relation_size('articles')")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IOException("postgres: " + e.getMessage(), e);
        }
    }

    @Override
    public long memoryBytes() {
        long total = 0;
        long pid = process.pid();
        for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
            if (h.pid() == pid || h.parent().map(x -> x.pid() == pid || x.parent().map(y -> y.pid() == pid).orElse(false)).orElse(false)) {
                long r = ProcessMemory.rss(h.pid());
                total += Math.max(0, r);
            }
        }
        return total;
    }

    @Override
    public void close() throws IOException {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // already shutting down: the hook runs stop()
        }
        stop();
    }

    private void stop() {
        process.destroy(); // SIGTERM: a smart shutdown once the sessions are closed
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path f : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            LOG.log(System.Logger.Level.WARNING, "could not remove " + dir + ": " + e.getMessage());
        }
    }
}
