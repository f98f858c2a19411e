package io.cairn.storage.index;

/**
 * A frozen {@link OrderedIndex} as it was when the view was opened. Reads are lock-free and may
 * come from any thread once the view has been safely published (for example through an executor
 * or a volatile field). {@link #close()} must be called under the index writer's lock, exactly as
 * {@link OrderedIndex#openView()} was.
 */
public final class View<E> {
    private final OrderedIndex<E> owner;
    private final OrderedIndex.Node root;
    private final int size;
    private final long epoch;
    private boolean closed;

    View(OrderedIndex<E> owner, OrderedIndex.Node root, int size, long epoch) {
        this.owner = owner;
        this.root = root;
        this.size = size;
        this.epoch = epoch;
    }

    public int size() {
        return size;
    }

    public E get(byte[] key) {
        return OrderedIndex.find(root, key, owner.access());
    }

    /** As {@link OrderedIndex#scan}, over the frozen tree. */
    public void scan(byte[] from, boolean exclusive, OrderedIndex.Visitor<? super E> visitor) {
        OrderedIndex.scan(root, from, exclusive, visitor, owner.access());
    }

    /** Lets writers stop preserving this view's nodes. Idempotent; under the writer's lock. */
    public void close() {
        if (!closed) {
            closed = true;
            owner.release(epoch);
        }
    }
}
