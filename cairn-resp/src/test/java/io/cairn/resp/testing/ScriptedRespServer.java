package io.cairn.resp.testing;

import io.cairn.resp.RespDecoder;
import io.cairn.resp.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A stand-in server on 127.0.0.1 for the tests of RESP clients (cairn-resp's {@code RespClient}, and
 * {@code cairn load}'s through this module's test jar): each command is read with the
 * server half of the codec, recorded, and answered with the raw bytes the responder returns (null:
 * no answer). With {@code readNothing} it accepts connections and never reads them, so a client's
 * writes block once the socket buffers are full.
 */
public final class ScriptedRespServer implements AutoCloseable {
    private final ServerSocket listener;
    private final Function<List<String>, String> responder;
    private final boolean readNothing;
    private final List<List<String>> commands = new CopyOnWriteArrayList<>();
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();

    public ScriptedRespServer(Function<List<String>, String> responder) throws IOException {
        this(responder, false);
    }

    public ScriptedRespServer(Function<List<String>, String> responder, boolean readNothing) throws IOException {
        this.responder = responder;
        this.readNothing = readNothing;
        this.listener = new ServerSocket();
        if (readNothing) {
            listener.setReceiveBufferSize(4096);
        }
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofPlatform().daemon().name("scripted-resp-accept").start(this::acceptLoop);
    }

    /** The usual acknowledgements: AUTH and JSON.SET answer OK, anything else an unknown-command error. */
    public static String acknowledge(List<String> command) {
        return switch (command.getFirst().toUpperCase(java.util.Locale.ROOT)) {
            case "AUTH", "JSON.SET" -> "+OK\r\n";
            default -> "-ERR unknown command '" + command.getFirst() + "'\r\n";
        };
    }

    public InetSocketAddress address() {
        return new InetSocketAddress("127.0.0.1", listener.getLocalPort());
    }

    public int port() {
        return listener.getLocalPort();
    }

    public List<List<String>> commands() {
        return commands;
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket s = listener.accept();
                accepted.add(s);
                if (!readNothing) {
                    Thread.ofPlatform().daemon().name("scripted-resp-conn").start(() -> serve(s));
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void serve(Socket s) {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf in = Unpooled.buffer();
        try (s) {
            InputStream input = s.getInputStream();
            OutputStream output = s.getOutputStream();
            while (in.writeBytes(input, 64 * 1024) >= 0) {
                byte[][] command;
                while ((command = decoder.decode(in)) != null) {
                    List<String> args = new ArrayList<>(command.length);
                    for (byte[] arg : command) {
                        args.add(new String(arg, StandardCharsets.UTF_8));
                    }
                    commands.add(args);
                    String reply = responder.apply(args);
                    if (reply != null) {
                        output.write(reply.getBytes(StandardCharsets.UTF_8));
                    }
                }
                in.discardReadBytes();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : accepted) {
            s.close();
        }
    }
}
