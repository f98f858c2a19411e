package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Parses documents the writers produce as XML, namespace-aware, and finds elements in them. */
final class XmlAssert {
    static final String SVG = "http://www.w3.org/2000/svg";
    static final String XHTML = "http://www.w3.org/1999/xhtml";

    private XmlAssert() {
    }

    /** {@code text} parsed; fails the test if it is not well-formed. */
    static Document parse(String text) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new InputSource(new StringReader(text)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML: " + e.getMessage() + "\n" + text, e);
        }
    }

    /** {@code text} parsed, asserting its root is {@code <svg>} in the SVG namespace. */
    static Document parseSvg(String text) {
        Document doc = parse(text);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo(SVG);
        return doc;
    }

    /** Every element named {@code local} in namespace {@code ns} under {@code root}. */
    static List<Element> elements(Node root, String ns, String local) {
        NodeList list = root instanceof Document d ? d.getElementsByTagNameNS(ns, local)
                : ((Element) root).getElementsByTagNameNS(ns, local);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }
}
