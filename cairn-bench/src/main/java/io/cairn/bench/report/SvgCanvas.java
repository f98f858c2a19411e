package io.cairn.bench.report;

import java.util.List;

/**
 * Accumulates one SVG 1.1 document: the root {@code <svg>} element in the SVG namespace, with
 * width, height and view box in pixels, and the few shapes the charts draw. Every text and
 * attribute value goes through {@link Xml#escape}, so any series or category name is safe. No
 * element gets an {@code id}, so several charts can be inlined into one HTML page without clashes.
 * Coordinates are written with at most two decimals. Not thread-safe; one canvas per chart.
 */
final class SvgCanvas {
    static final String NAMESPACE = "http://www.w3.org/2000/svg";
    static final String FONT = "Helvetica, Arial, sans-serif";
    static final double CHAR_WIDTH = 0.62;

    /** Horizontal anchoring of text at its x coordinate. */
    enum Anchor { START, MIDDLE, END }

    private final StringBuilder sb = new StringBuilder(8192);

    /** Opens the document, with {@code title} as its accessible name, on a white background. */
    SvgCanvas(double width, double height, String title) {
        sb.append("<svg xmlns=\"").append(NAMESPACE).append("\" version=\"1.1\" width=\"")
                .append(num(width)).append("\" height=\"").append(num(height))
                .append("\" viewBox=\"0 0 ").append(num(width)).append(' ').append(num(height))
                .append("\" font-family=\"").append(FONT).append("\" font-size=\"12\">\n");
        sb.append("<title>").append(Xml.escape(title)).append("</title>\n");
        rect(0, 0, width, height, "#ffffff", null);
    }

    /** A straight line; {@code dash} "" for solid. */
    void line(double x1, double y1, double x2, double y2, String stroke, double width, String dash) {
        sb.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1))
                .append("\" x2=\"").append(num(x2)).append("\" y2=\"").append(num(y2)).append('"');
        stroke(stroke, width, dash);
        sb.append("/>\n");
    }

    /** A filled rectangle with an optional tooltip ({@code null} for none). */
    void rect(double x, double y, double w, double h, String fill, String tooltip) {
        sb.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" width=\"").append(num(w)).append("\" height=\"").append(num(h))
                .append("\" fill=\"").append(Xml.escape(fill)).append('"');
        closeWithTooltip("rect", tooltip);
    }

    /** An open polyline through {@code points}, each {@code {x, y}}. */
    void polyline(List<double[]> points, String stroke, double width, String dash) {
        sb.append("<polyline fill=\"none\" stroke-linejoin=\"round\" points=\"");
        for (int i = 0; i < points.size(); i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(num(points.get(i)[0])).append(',').append(num(points.get(i)[1]));
        }
        sb.append('"');
        stroke(stroke, width, dash);
        sb.append("/>\n");
    }

    /** A filled circle with an optional tooltip. */
    void circle(double cx, double cy, double r, String fill, String tooltip) {
        sb.append("<circle cx=\"").append(num(cx)).append("\" cy=\"").append(num(cy))
                .append("\" r=\"").append(num(r)).append("\" fill=\"").append(Xml.escape(fill)).append('"');
        closeWithTooltip("circle", tooltip);
    }

    /**
     * Text whose baseline starts, centres or ends (by {@code anchor}) at {@code (x, y)}, turned by
     * {@code rotate} degrees about that point (negative is anticlockwise).
     */
    void text(double x, double y, String text, Anchor anchor, double size, String fill, boolean bold,
            double rotate) {
        sb.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append('"');
        if (anchor != Anchor.START) {
            sb.append(" text-anchor=\"").append(anchor == Anchor.MIDDLE ? "middle" : "end").append('"');
        }
        sb.append(" font-size=\"").append(num(size)).append("\" fill=\"").append(Xml.escape(fill)).append('"');
        if (bold) {
            sb.append(" font-weight=\"bold\"");
        }
        if (rotate != 0) {
            sb.append(" transform=\"rotate(").append(num(rotate)).append(' ').append(num(x)).append(' ')
                    .append(num(y)).append(")\"");
        }
        sb.append('>').append(Xml.escape(text)).append("</text>\n");
    }

    /** Opens a group named by {@code title} (shown as a tooltip) with CSS class {@code cssClass}. */
    void beginGroup(String cssClass, String title) {
        sb.append("<g class=\"").append(Xml.escape(cssClass)).append("\">");
        if (title != null) {
            sb.append("<title>").append(Xml.escape(title)).append("</title>");
        }
        sb.append('\n');
    }

    void endGroup() {
        sb.append("</g>\n");
    }

    /** Closes the document and returns it; the canvas must not be used afterwards. */
    String finish() {
        sb.append("</svg>\n");
        return sb.toString();
    }

    /**
     * A rough, generous width of {@code text} at {@code size} px in a sans-serif font, for layout:
     * {@value #CHAR_WIDTH} em per character (DejaVu Sans averages about 0.6).
     */
    static double textWidth(String text, double size) {
        return text.length() * size * CHAR_WIDTH;
    }

    /** {@code text} cut to fit {@code width} px at {@code size}, ending in an ellipsis if cut. */
    static String fit(String text, double size, double width) {
        if (textWidth(text, size) <= width) {
            return text;
        }
        int keep = (int) Math.floor(width / (size * CHAR_WIDTH)) - 1;
        return keep <= 0 ? "…" : text.substring(0, Math.min(keep, text.length())) + "…";
    }

    /** {@code v} with at most two decimals, never in exponent form, no negative zero. */
    static String num(double v) {
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) {
            return "0";
        }
        String sign = hundredths < 0 ? "-" : "";
        long a = Math.abs(hundredths);
        long whole = a / 100;
        long frac = a % 100;
        if (frac == 0) {
            return sign + whole;
        }
        return sign + whole + "." + (frac % 10 == 0 ? Long.toString(frac / 10) : String.format("%02d", frac));
    }

    private void stroke(String stroke, double width, String dash) {
        sb.append(" stroke=\"").append(Xml.escape(stroke)).append("\" stroke-width=\"").append(num(width))
                .append('"');
        if (dash != null && !dash.isEmpty()) {
            sb.append(" stroke-dasharray=\"").append(Xml.escape(dash)).append('"');
        }
    }

    private void closeWithTooltip(String tag, String tooltip) {
        if (tooltip == null) {
            sb.append("/>\n");
        } else {
            sb.append("><title>").append(Xml.escape(tooltip)).append("</title></").append(tag).append(">\n");
        }
    }
}
