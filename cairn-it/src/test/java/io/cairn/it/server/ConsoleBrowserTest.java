package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.testkit.DebianPackages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.json.JsonProtocol.JsonCommand;

/**
 * The web console in a real browser: Debian's headless Chromium driven by Selenium through
 * Debian's chromedriver, offline (the page needs nothing but the server). It sees the charts drawn
 * and updated while a client writes, browses a key of each type (a key named like markup shows as
 * text and runs nothing), and reads the slow log and the configuration. Screenshots are kept in
 * {@code cairn-it/target/console-screenshots/} (see docs/dev/console.md).
 */
class ConsoleBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    /** A key whose name is markup: the page must show it as text and never run it. */
    private static final String MARKUP_KEY = "<img src=x onerror=\"window.injected=1\">";

    @TempDir
    Path dir;
    @TempDir
    Path profile;
    TestServer server;
    UnifiedJedis jedis;
    ChromeDriver browser;
    WebDriverWait wait;

    @BeforeEach
    void start() {
        DebianPackages.assumeInstalled(Files.isExecutable(CHROMIUM), "chromium", CHROMIUM.toString());
        DebianPackages.assumeInstalled(Files.isExecutable(CHROMEDRIVER), "chromium-driver", CHROMEDRIVER.toString());
        startServer(dir);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=1400,1100", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
    }

    private void startServer(Path data, String... settings) {
        String[] all = new String[settings.length + 2];
        all[0] = "slowlog-log-slower-than";
        all[1] = "0";
        System.arraycopy(settings, 0, all, 2, settings.length);
        server = TestServer.startWithHttp(data, "fsync", all);
        String password = settings.length == 2 && settings[0].equals("requirepass") ? settings[1] : null;
        jedis = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()),
                DefaultJedisClientConfig.builder().timeoutMillis(30_000).password(password).build());
    }

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (jedis != null) {
            jedis.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private long samples() {
        Object v = js("return Number(document.body.dataset.samples || 0);");
        return ((Number) v).longValue();
    }

    /** The text of the first element matching {@code css}, read in one script (the page may replace it meanwhile); "" for none. */
    private String text(String css) {
        Object v = ((JavascriptExecutor) browser).executeScript(
                "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';", css);
        return (String) v;
    }

    private void screenshot(String name) throws Exception {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name + ".png"), ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    private void open(String tab) {
        browser.findElement(By.cssSelector("nav button[data-tab='" + tab + "']")).click();
        wait.until(d -> d.findElement(By.id("tab-" + tab)).isDisplayed());
    }

    @Test
    void chartsUpdateWhileAClientWrites() throws Exception {
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong written = new AtomicLong();
        Thread writer = Thread.ofPlatform().name("console-test-writer").start(() -> {
            try (UnifiedJedis w = new UnifiedJedis(new HostAndPort("127.0.0.1", server.port()))) {
                while (writing.get()) {
                    w.set("w:" + written.incrementAndGet() % 50, "v");
                    LockSupport.parkNanos(2_000_000); // pace the writes: a steady trickle, not a load test
                }
            }
        });
        try {
            browser.get("http://127.0.0.1:" + server.httpPort() + "/");
            wait.until(d -> ((Number) js("return document.querySelectorAll('.chart canvas').length;")).intValue() >= 8);
            long first = samples();
            wait.until(d -> samples() >= first + 3); // three more samples, a second apart
            // The ops chart has drawn a "string" series (the SETs) and the tiles follow the server.
            wait.until(d -> text("#chart-ops").contains("string"));
            wait.until(d -> Long.parseLong(text("#tile-ops")) > 0);
            assertThat(Long.parseLong(text("#tile-keys"))).isPositive();
            assertThat(text("#status")).isEqualTo("live");
            List<WebElement> charts = browser.findElements(By.cssSelector(".chart .uplot"));
            assertThat(charts).hasSize(8);
            screenshot("dashboard");
        } finally {
            writing.set(false);
            writer.join();
        }
        assertThat(written.get()).isPositive();
    }

    @Test
    void theKeyBrowserShowsAKeyOfEachType() throws Exception {
        jedis.set("s:1", "hello");
        jedis.hset("h:1", Map.of("f1", "v1"));
        jedis.rpush("l:1", "a", "b");
        jedis.sadd("set:1", "member-x");
        jedis.zadd("z:1", 2.5, "zm");
        jedis.xadd("x:1", StreamEntryID.NEW_ENTRY, Map.of("temp", "21"));
        jedis.sendCommand(JsonCommand.SET, "j:1", "$", "{\"nested\":{\"n\":7}}");
        jedis.setex("t:1", 900, "soon");
        jedis.set(MARKUP_KEY, "<b>bold?</b>");
        browser.get("http://127.0.0.1:" + server.httpPort() + "/");
        open("keys");
        wait.until(d -> d.findElements(By.cssSelector("#key-list tbody tr")).size() == 9);
        assertThat(js("return document.querySelectorAll('#key-list img, #key-view img, #key-view b').length;"))
                .isEqualTo(0L);

        Map<String, String> shows = new LinkedHashMap<>(); // key -> what its view shows
        shows.put("s:1", "hello");
        shows.put("h:1", "v1");
        shows.put("l:1", "b");
        shows.put("set:1", "member-x");
        shows.put("z:1", "2.5");
        shows.put("x:1", "temp=21");
        shows.put("j:1", "\"n\": 7");
        shows.put("t:1", "TTL 1");
        shows.put(MARKUP_KEY, "<b>bold?</b>");
        for (Map.Entry<String, String> e : shows.entrySet()) {
            WebElement link = browser.findElements(By.cssSelector("#key-list button.key")).stream()
                    .filter(b -> b.getText().equals(e.getKey())).findFirst().orElseThrow();
            link.click();
            wait.until(d -> e.getKey().equals(text("#key-view h2")) && text("#key-view").contains(e.getValue()));
        }
        assertThat(js("return document.querySelectorAll('#key-list img, #key-view img, #key-view b').length;"))
                .isEqualTo(0L);
        assertThat(js("return window.injected === undefined;")).isEqualTo(true);
        screenshot("keys");

        // A pattern and a type narrow the list, as SCAN MATCH ... TYPE does.
        WebElement match = browser.findElement(By.id("key-match"));
        match.clear();
        match.sendKeys("*:1");
        new Select(browser.findElement(By.id("key-type"))).selectByVisibleText("hash");
        browser.findElement(By.cssSelector("#key-search button[type='submit']")).click();
        wait.until(d -> d.findElements(By.cssSelector("#key-list tbody tr")).size() == 1);
        assertThat(text("#key-list tbody tr")).startsWith("h:1");
    }

    @Test
    void theSlowLogAndTheConfigAreShown() throws Exception {
        jedis.set("k", "v");
        browser.get("http://127.0.0.1:" + server.httpPort() + "/");
        open("slowlog");
        wait.until(d -> text("#slowlog").contains("SET k v"));
        open("config");
        wait.until(d -> text("#config").contains("slowlog-log-slower-than"));
        browser.findElement(By.id("config-filter")).sendKeys("http-port");
        wait.until(d -> d.findElements(By.cssSelector("#config tbody tr")).size() == 1);
        assertThat(text("#config tbody tr")).isEqualTo("http-port\t" + server.httpPort());
    }

    @Test
    void withAPasswordThePageAsksForItThenGoesLive(@TempDir Path authDir) {
        jedis.close();
        server.close();
        startServer(authDir, "requirepass", "s3cret");
        jedis.set("guarded", "v");
        browser.get("http://127.0.0.1:" + server.httpPort() + "/");
        wait.until(d -> d.findElement(By.id("login")).isDisplayed());
        assertThat(text("#status")).isEqualTo("password required");
        browser.findElement(By.id("password")).sendKeys("s3cret");
        browser.findElement(By.cssSelector("#login-form button")).click();
        wait.until(d -> "live".equals(text("#status")));
        assertThat(browser.findElement(By.id("login")).isDisplayed()).isFalse();
        open("keys");
        wait.until(d -> text("#key-list").contains("guarded"));
    }
}
