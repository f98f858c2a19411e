package io.cairn.server.command.tracking;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * One client's tracking mode, as Redis keeps it in the client's flags: on or off, BCAST, OPTIN or
 * OPTOUT with CLIENT CACHING's one-command switch, NOLOOP, the redirect and whether it broke, and
 * the BCAST prefixes in byte order. Changed on the client's event loop; read from any thread by
 * the change stream (hence volatile).
 */
public final class TrackingState {
    private volatile boolean on;
    private volatile boolean bcast;
    private volatile boolean optIn;
    private volatile boolean optOut;
    private volatile boolean noLoop;
    private volatile boolean caching;
    private volatile boolean brokenRedirect;
    private volatile long redirect;
    private final ConcurrentSkipListSet<ByteBuffer> prefixes = new ConcurrentSkipListSet<>(ClientTracking.BYTE_ORDER);

    public boolean on() {
        return on;
    }

    public boolean bcast() {
        return bcast;
    }

    public boolean optIn() {
        return optIn;
    }

    public boolean optOut() {
        return optOut;
    }

    public boolean noLoop() {
        return noLoop;
    }

    /** CLIENT CACHING YES (in OPTIN) or NO (in OPTOUT) was given for the next command. */
    public boolean caching() {
        return caching;
    }

    public boolean brokenRedirect() {
        return brokenRedirect;
    }

    /** The client the invalidations go to; 0 for the client itself. */
    public long redirect() {
        return redirect;
    }

    /** Whether the keys the next read command reads are remembered, as OPTIN/OPTOUT and CACHING say. */
    boolean remembersReads() {
        return on && !bcast && !(optIn && !caching) && !(optOut && caching);
    }

    List<ByteBuffer> prefixes() {
        return List.copyOf(prefixes);
    }

    void enable(long redirectTo, boolean bcastMode, boolean in, boolean out, boolean noloop) {
        redirect = redirectTo;
        brokenRedirect = false;
        bcast = bcastMode;
        optIn = in;
        optOut = out;
        noLoop = noloop;
        on = true;
    }

    void disable() {
        on = false;
        bcast = false;
        optIn = false;
        optOut = false;
        noLoop = false;
        caching = false;
        brokenRedirect = false;
        prefixes.clear();
    }

    boolean addPrefix(ByteBuffer prefix) {
        return prefixes.add(prefix);
    }

    void caching(boolean v) {
        caching = v;
    }

    void brokenRedirect(boolean v) {
        brokenRedirect = v;
    }

    /**
     * After a command, as Redis's {@code resetClient}: CLIENT CACHING lasts for one command (a whole
     * transaction inside MULTI) and survives the CLIENT commands themselves.
     */
    public void commandDone(boolean clientCommand, boolean inMulti) {
        if (caching && !clientCommand && !inMulti) {
            caching = false;
        }
    }
}
