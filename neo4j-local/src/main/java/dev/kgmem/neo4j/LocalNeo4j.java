package dev.kgmem.neo4j;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;
import org.neo4j.io.ByteUnit;

/**
 * kgmem's local Neo4j: the real Neo4j 5.26 engine (Community edition) from Neo4j's own test
 * harness, with Bolt on 127.0.0.1, authentication on, and data in a folder of the caller's
 * choosing. Started by {@code scripts/neo4j.mjs} ({@code npm run neo4j:start}); stops on SIGTERM.
 *
 * <p>Arguments: {@code <data dir> <bolt port, 0 for any free one> <password>}. Once Bolt accepts
 * connections it prints one line, {@code READY bolt://127.0.0.1:<port>}, and keeps running.
 */
public final class LocalNeo4j {
  private LocalNeo4j() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: LocalNeo4j <data dir> <bolt port (0 = any free port)> <password>");
      System.exit(2);
    }
    Path dataDir = Path.of(args[0]);
    int port = Integer.parseInt(args[1]);
    String password = args[2];
    Files.createDirectories(dataDir);

    Neo4j neo4j =
        Neo4jBuilders.newInProcessBuilder(dataDir)
            .withDisabledServer() // Bolt only: no HTTP connector
            .withConfig(BoltConnector.enabled, true)
            .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
            .withConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
            .withConfig(GraphDatabaseSettings.auth_enabled, true)
            .withConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMebibytes()))
            .withConfig(GraphDatabaseSettings.memory_transaction_global_max_size, ByteUnit.gibiBytes(1))
            .build();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  neo4j.close();
                  stopped.countDown();
                },
                "kgmem-neo4j-shutdown"));

    // The built-in user starts with password "neo4j" and must change it; set the caller's
    // password for good, through the system database (embedded calls run with full rights).
    GraphDatabaseService system = neo4j.databaseManagementService().database("system");
    system.executeTransactionally(
        "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));

    int boltPort = neo4j.boltURI().getPort();
    waitForBolt(boltPort);
    System.out.println("READY bolt://127.0.0.1:" + boltPort);
    System.out.flush();
    stopped.await();
  }

  /**
   * The page cache in MiB: {@code KGMEM_NEO4J_PAGECACHE_MB}, or 1024, which holds the store of
   * the MetaQA benchmark user (129k facts and their embeddings, about 550 MB) with room to spare.
   */
  private static long pageCacheMebibytes() {
    String value = System.getenv("KGMEM_NEO4J_PAGECACHE_MB");
    if (value == null || value.isBlank()) return 1024;
    try {
      long mebibytes = Long.parseLong(value.trim());
      if (mebibytes > 0) return mebibytes;
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    throw new IllegalArgumentException(
        "KGMEM_NEO4J_PAGECACHE_MB must be a positive number of MiB, got \"" + value + "\"");
  }

  /** Returns once something accepts TCP connections on the Bolt port (at most 60 s). */
  private static void waitForBolt(int port) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
        return;
      } catch (IOException notYet) {
        Thread.sleep(100);
      }
    }
    throw new IllegalStateException("Bolt did not accept connections on port " + port + " within 60 s");
  }
}
