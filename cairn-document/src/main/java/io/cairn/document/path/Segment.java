package io.cairn.document.path;

import java.util.List;

/**
 * One step of a path: its selectors applied to each current value ({@code .a}, {@code [0,1]}), or,
 * when {@code descendant}, to each current value and every value nested in it ({@code ..a}).
 */
public record Segment(boolean descendant, List<Selector> selectors) {

    public Segment {
        selectors = List.copyOf(selectors);
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("selectors: [] (expected: at least one)");
        }
    }

    /** A child step with a single name or index: at most one match per value. */
    public boolean isStatic() {
        return !descendant && selectors.size() == 1
                && (selectors.getFirst() instanceof Selector.Name || selectors.getFirst() instanceof Selector.Index);
    }
}
