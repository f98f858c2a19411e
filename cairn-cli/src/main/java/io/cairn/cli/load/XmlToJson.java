package io.cairn.cli.load;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonString;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Converts one XML document to one JSON object:
 *
 * <ul>
 *   <li>the root element becomes the object (its own name is dropped);
 *   <li>an attribute {@code a="v"} becomes the field {@code "@a": "v"};
 *   <li>a child element becomes a field named as the element; children that share a name become
 *       one array field, in document order, at the position of the first;
 *   <li>an element with only text (or nothing) becomes that text, a string; an element with child
 *       elements or attributes becomes an object, and text beside them (other than whitespace)
 *       becomes its {@code "#text"} field. All values are strings: XML has no numbers.
 * </ul>
 *
 * <p>Safe against hostile input: a document with a DOCTYPE is refused outright, so no entity can
 * expand or reach a file or URL (XXE), and external DTDs and schemas are never fetched. Comments
 * and processing instructions are dropped; CDATA is text. Thread-safe: each call uses its own parser.
 */
final class XmlToJson implements DirectorySource.Converter {
    private static final String DISALLOW_DOCTYPE = "http://apache.org/xml/features/disallow-doctype-decl";

    private static final ErrorHandler THROWING = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
            throw e;
        }
    };

    private final DocumentBuilderFactory factory;

    XmlToJson() {
        factory = DocumentBuilderFactory.newInstance();
        try {
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature(DISALLOW_DOCTYPE, true);
            factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
            factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot be made safe: " + e.getMessage(), e);
        }
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(false);
        factory.setCoalescing(true);
        factory.setIgnoringComments(true);
    }

    @Override
    public byte[] toJson(byte[] xml) throws DirectorySource.InvalidRecordException {
        return JsonWriter.write(convert(xml)).getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON object of the document {@code xml}. */
    JsonObject convert(byte[] xml) throws DirectorySource.InvalidRecordException {
        org.w3c.dom.Document doc;
        try {
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(THROWING);
            builder.setEntityResolver((publicId, systemId) -> {
                throw new SAXException("external entity " + systemId + " refused");
            });
            doc = builder.parse(new ByteArrayInputStream(xml));
        } catch (SAXParseException e) {
            throw new DirectorySource.InvalidRecordException("invalid XML at line " + e.getLineNumber()
                    + ", column " + e.getColumnNumber() + ": " + e.getMessage());
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new DirectorySource.InvalidRecordException("invalid XML: " + e.getMessage());
        }
        return object(doc.getDocumentElement());
    }

    private static JsonValue value(Element e) {
        if (e.hasAttributes() || hasChildElements(e)) {
            return object(e);
        }
        return new JsonString(e.getTextContent());
    }

    private static JsonObject object(Element e) {
        JsonObject o = new JsonObject();
        NamedNodeMap attrs = e.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            Attr a = (Attr) attrs.item(i);
            o.put("@" + a.getName(), new JsonString(a.getValue()));
        }
        StringBuilder text = new StringBuilder();
        NodeList children = e.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node c = children.item(i);
            switch (c.getNodeType()) {
                case Node.ELEMENT_NODE -> add(o, c.getNodeName(), value((Element) c));
                case Node.TEXT_NODE, Node.CDATA_SECTION_NODE -> text.append(c.getNodeValue());
                default -> {
                    // comments and processing instructions carry no data
                }
            }
        }
        if (!text.toString().isBlank()) {
            add(o, "#text", new JsonString(text.toString()));
        }
        return o;
    }

    /** Adds {@code name: v}; a name seen before turns into an array of all its values. */
    private static void add(JsonObject o, String name, JsonValue v) {
        JsonValue old = o.get(name);
        if (old == null) {
            o.put(name, v);
        } else if (old instanceof JsonArray a) {
            a.add(v); // values are strings and objects, so an array here is an earlier repetition
        } else {
            o.put(name, JsonArray.of(old, v)); // keeps the field where the first one was
        }
    }

    private static boolean hasChildElements(Element e) {
        for (Node c = e.getFirstChild(); c != null; c = c.getNextSibling()) {
            if (c.getNodeType() == Node.ELEMENT_NODE) {
                return true;
            }
        }
        return false;
    }
}
