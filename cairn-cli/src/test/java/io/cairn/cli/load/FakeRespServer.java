package io.cairn.cli.load;

import io.cairn.resp.RespDecoder;
import io.cairn.resp.RespLimits;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A stand-in RESP server on 127.0.0.1 for what a real Cairn cannot show yet (FT.INFO) or on
 * purpose will not do (stall): each command, read by the server half of the codec, is recorded
 * and answered with the raw bytes the responder gives; a null answer means never answer. With
 * {@code readNothing} it accepts connections and never reads from them.
 */
final class FakeRespServer implements AutoCloseable {
    private final ServerSocket listener;
    private final Function<List<String>, String> responder;
    private final boolean readNothing;
    private final List<List<String>> commands = new CopyOnWriteArrayList<>();
    private final List<Socket> accepted = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    FakeRespServer(Function<List<String>, String> responder) throws IOException {
        this(responder, false);
    }

    FakeRespServer(Function<List<String>, String> responder, boolean readNothing) throws IOException {
        this.responder = responder;
        this.readNothing = readNothing;
        this.listener = new ServerSocket();
        if (readNothing) {
            listener.setReceiveBufferSize(4096);
        }
        listener.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        this.acceptor = Thread.ofPlatform().daemon().name("fake-resp-accept").start(this::acceptLoop);
    }

    /** The usual acknowledgements: AUTH and JSON.SET answer OK, anything else an unknown-command error. */
    static String acknowledge(List<String> command) {
        return switch (command.getFirst().toUpperCase()) {
            case "AUTH", "JSON.SET" -> "+OK\r\n";
            default -> "-ERR unknown command '" + command.getFirst() + "'\r\n";
        };
    }

    int port() {
        return listener.getLocalPort();
    }

    List<List<String>> commands() {
        return commands;
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket s = listener.accept();
                accepted.add(s);
                if (!readNothing) {
                    Thread.ofPlatform().daemon().name("fake-resp-conn").start(() -> serve(s));
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void serve(Socket s) {
        RespDecoder decoder = new RespDecoder(RespLimits.DEFAULT);
        ByteBuf buffer = Unpooled.buffer();
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (buffer.writeBytes(in, 64 * 1024) >= 0) {
                byte[][] command;
                while ((command = decoder.decode(buffer)) != null) {
                    List<String> args = new ArrayList<>(command.length);
                    for (byte[] arg : command) {
                        args.add(new String(arg, StandardCharsets.UTF_8));
                    }
                    commands.add(args);
                    String reply = responder.apply(args);
                    if (reply != null) {
                        out.write(reply.getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                }
                buffer.discardReadBytes();
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
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
