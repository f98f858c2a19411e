package io.cairn.bench.run;

import java.util.Objects;

/**
 * How many clients run, and how they use their connections.
 *
 * @param clients logical clients, each running one operation after another
 * @param connections connections shared by the clients in {@link ClientModel#MULTIPLEXED}; equal to
 *     {@code clients} otherwise
 * @param pipeline operations in flight per client in {@link ClientModel#PIPELINE}; 1 otherwise
 * @param virtualThreads run each client on a virtual thread rather than a platform thread
 */
public record ClientSettings(ClientModel model, int clients, int connections, int pipeline,
        boolean virtualThreads) {

    public ClientSettings {
        Objects.requireNonNull(model, "model");
        if (clients <= 0) {
            throw new IllegalArgumentException("clients: " + clients + " (expected: > 0)");
        }
        if (model != ClientModel.MULTIPLEXED) {
            connections = clients;
        } else if (connections <= 0 || connections > clients) {
            throw new IllegalArgumentException("connections: " + connections
                    + " (expected: 1 to clients, " + clients + ")");
        }
        if (model != ClientModel.PIPELINE) {
            pipeline = 1;
        } else if (pipeline <= 0) {
            throw new IllegalArgumentException("pipeline: " + pipeline + " (expected: > 0)");
        }
    }

    public static ClientSettings sync(int clients) {
        return new ClientSettings(ClientModel.SYNC, clients, clients, 1, false);
    }
}
