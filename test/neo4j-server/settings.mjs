// The test server's configuration: loopback only, nothing phoned home, memory pinned small for a 2-core machine.
// Settings are passed as `-c key=value` to org.neo4j.server.Neo4jCommunity (Operations Manual, Configuration settings).

/** `-c` settings for a server whose Bolt connector listens on 127.0.0.1:`port`. */
export function serverSettings({ port, pageCache }) {
  return {
    // every connector on loopback; Bolt only (the HTTP API and Browser are not served: nothing in the tests uses them)
    'server.default_listen_address': '127.0.0.1',
    'server.default_advertised_address': '127.0.0.1',
    'server.bolt.enabled': 'true',
    'server.bolt.listen_address': `127.0.0.1:${port}`,
    'server.bolt.advertised_address': `127.0.0.1:${port}`,
    'server.http.enabled': 'false',
    'server.https.enabled': 'false',
    // no usage data collection, no Fleet Manager, no fleet discovery broadcast (named
    // internal.dbms.fleet_discovery.enabled up to 2026.03; strict validation refuses a name the version lacks)
    'dbms.usage_report.enabled': 'false',
    'internal.dbms.usage_report.udc_network_enabled': 'false',
    'dbms.fleet_manager.enabled': 'false',
    'server.fleet_discovery.enabled': 'false',
    'server.memory.pagecache.size': pageCache,
    // keep a throwaway home small: no query log, transaction logs pruned
    'db.logs.query.enabled': 'OFF',
    'db.tx_log.rotation.retention_policy': '2 files',
    'dbms.security.auth_enabled': 'true',
  };
}

/** JVM options: the heap pinned, and the module openings Neo4j's own neo4j.conf adds (server.jvm.additional). */
export function jvmOptions({ heap, javaVersion }) {
  return [
    `-Xms${heap}`,
    `-Xmx${heap}`,
    '-XX:+UseG1GC',
    '-XX:-OmitStackTraceInFastThrow',
    '-XX:+DisableExplicitGC',
    '-Djdk.nio.maxCachedBufferSize=1024',
    '-Dio.netty.tryReflectionSetAccessible=true',
    '-Dlog4j2.disable.jmx=true',
    '-Djava.net.preferIPv4Stack=true',
    '--add-opens=java.base/java.nio=ALL-UNNAMED',
    '--add-opens=java.base/java.io=ALL-UNNAMED',
    '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
    '--add-opens=java.base/java.lang=ALL-UNNAMED',
    '--enable-native-access=ALL-UNNAMED',
    // Java 23+ warns on every sun.misc.Unsafe use (JEP 471) unless told it is allowed
    ...(javaVersion >= 23 ? ['--sun-misc-unsafe-memory-access=allow'] : []),
  ];
}
