package io.cairn.bench.workload;

/** The operations of YCSB's core workload, each drawn with its proportion of a {@link WorkloadSpec}. */
public enum Operation {
    /** Read every field of one record. */
    READ("readProportion"),
    /** Overwrite one field of one record, without reading it. */
    UPDATE("updateProportion"),
    /** Store a new record with every field, under the next key number. */
    INSERT("insertProportion"),
    /** Read up to a scan length of consecutive records in key order, from one key on. */
    SCAN("scanProportion"),
    /** Read every field of one record, then overwrite one field of it. */
    READ_MODIFY_WRITE("readModifyWriteProportion");

    private final String proportionName;

    Operation(String proportionName) {
        this.proportionName = proportionName;
    }

    /** The name of this operation's proportion, as spelled in settings and error messages. */
    public String proportionName() {
        return proportionName;
    }
}
