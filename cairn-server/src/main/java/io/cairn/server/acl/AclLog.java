package io.cairn.server.acl;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * ACL LOG: the most recent refusals, newest first, at most {@code maxLen}. A refusal like one of
 * the ten newest (same reason, context, object and user, within 60 seconds) bumps that entry's
 * count and moves it to the front instead of adding one, as acl.c's {@code addACLLogEntry}.
 * Thread-safe (synchronized).
 */
public final class AclLog {
    static final long GROUPING_MILLIS = 60_000;

    /** One entry; {@code count}, {@code updated} and {@code clientInfo} change as similar refusals come. */
    public static final class Entry {
        public final Denial.Reason reason;
        public final String context;
        public final String object;
        public final String username;
        public final long entryId;
        public final long created;
        volatile long count = 1;
        volatile long updated;
        volatile String clientInfo;

        Entry(Denial.Reason reason, String context, String object, String username, long entryId, long now,
                String clientInfo) {
            this.reason = reason;
            this.context = context;
            this.object = object;
            this.username = username;
            this.entryId = entryId;
            this.created = now;
            this.updated = now;
            this.clientInfo = clientInfo;
        }

        public long count() {
            return count;
        }

        public long updated() {
            return updated;
        }

        public String clientInfo() {
            return clientInfo;
        }
    }

    private final Deque<Entry> entries = new ArrayDeque<>();
    /** INFO stats' {@code acl_access_denied_*}, by reason; ACL LOG RESET leaves them, CONFIG RESETSTAT clears them. */
    private final java.util.concurrent.atomic.AtomicLongArray denied =
            new java.util.concurrent.atomic.AtomicLongArray(Denial.Reason.values().length);
    private final int maxLen;
    private long nextId;

    public AclLog(int maxLen) {
        this.maxLen = maxLen;
    }

    /**
     * Records a refusal.
     *
     * @param context {@code toplevel}, {@code multi} or {@code lua}
     * @param object  the command's full name, the key, the channel, or for AUTH the command as typed
     */
    public synchronized void add(Denial.Reason reason, String context, String object, String username, long now,
            String clientInfo) {
        denied.incrementAndGet(reason.ordinal());
        int scanned = 0;
        for (Iterator<Entry> it = entries.iterator(); it.hasNext() && scanned < 10; scanned++) {
            Entry e = it.next();
            if (e.reason == reason && e.context.equals(context) && Math.abs(e.updated - now) <= GROUPING_MILLIS
                    && e.object.equals(object) && e.username.equals(username)) {
                it.remove();
                e.count++;
                e.updated = now;
                e.clientInfo = clientInfo;
                entries.addFirst(e);
                return;
            }
        }
        entries.addFirst(new Entry(reason, context, object, username, nextId++, now, clientInfo));
        while (entries.size() > maxLen) {
            entries.removeLast();
        }
    }

    /** The newest {@code count} entries, newest first (their count, update time and client change as similar refusals come). */
    public synchronized List<Entry> newest(long count) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries) {
            if (out.size() >= count) {
                break;
            }
            out.add(e);
        }
        return out;
    }

    /** How many refusals of {@code reason} there were since the start. */
    public long denied(Denial.Reason reason) {
        return denied.get(reason.ordinal());
    }

    /** CONFIG RESETSTAT: the counts start again. */
    public void resetCounts() {
        for (int i = 0; i < denied.length(); i++) {
            denied.set(i, 0);
        }
    }

    /** ACL LOG RESET. The entry ids go on counting, as in Redis. */
    public synchronized void reset() {
        entries.clear();
    }
}
