package io.cairn.server.net;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import javax.net.ssl.SSLException;

/**
 * Sits after the {@code SslHandler} of a TLS connection: a handshake that fails (a plain-text
 * client on the TLS port, a client without the certificate {@code tls-auth-clients} asks for, no
 * protocol or suite in common) is logged once, with the client's address, and the connection is
 * closed; the server goes on. The TLS errors that follow such a failure stop here, so the
 * connection's own handler never sees them. Stateless, so one instance serves every connection.
 */
@ChannelHandler.Sharable
public final class TlsHandshakeLog extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(TlsHandshakeLog.class.getName());

    /** The one instance. */
    public static final TlsHandshakeLog INSTANCE = new TlsHandshakeLog();

    private TlsHandshakeLog() {
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent e && !e.isSuccess()) {
            LOG.log(System.Logger.Level.INFO, "TLS handshake from " + ctx.channel().remoteAddress() + " to "
                    + ctx.channel().localAddress() + " failed, connection closed: " + e.cause());
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        if (cause instanceof NotSslRecordException || cause instanceof SSLException
                || cause instanceof DecoderException && cause.getCause() instanceof SSLException) {
            ctx.close(); // the handshake event above has logged it, or the peer broke the TLS stream later
            return;
        }
        super.exceptionCaught(ctx, cause);
    }
}
