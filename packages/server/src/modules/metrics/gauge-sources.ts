/**
 * Gauges read when the metrics are scraped, from what each running app (or the cluster primary)
 * owns: its database's connection queue and pool, and its open WebSockets. A source is added when
 * its owner starts and removed when it closes; the gauges add the sources up.
 */
import { Gauge } from 'prom-client';
import type { Db } from '../../db/database.js';
import { registry } from './registry.js';

export interface GaugeSource {
  db: Db;
  /** Open WebSocket connections (none in the cluster primary). */
  websockets(): number;
}

const sources = new Set<GaugeSource>();

/** Adds the source to every scrape; the returned function removes it. */
export function addGaugeSource(source: GaugeSource): () => void {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}

new Gauge({
  name: 'ordo_db_connection_waiting',
  help: 'Queries waiting for a database connection now, by dialect',
  labelNames: ['dialect'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { db } of sources) this.inc({ dialect: db.dialect }, db.waitingForConnection());
  },
});

new Gauge({
  name: 'ordo_db_connection_oldest_wait_seconds',
  help: 'How long the query that has waited longest for a database connection has waited',
  labelNames: ['dialect'] as const,
  // Across server processes the longest wait is the one that matters, not a sum.
  aggregator: 'max',
  registers: [registry],
  collect() {
    this.reset();
    const longest = new Map<string, number>();
    for (const { db } of sources) {
      longest.set(db.dialect, Math.max(longest.get(db.dialect) ?? 0, db.longestConnectionWaitMs() / 1000));
    }
    for (const [dialect, seconds] of longest) this.set({ dialect }, seconds);
  },
});

new Gauge({
  name: 'ordo_db_pool_connections',
  help: 'PostgreSQL connection pool: its clients (total), the idle ones, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { db } of sources) {
      const pool = db.poolStats();
      if (!pool) continue;
      this.inc({ state: 'total' }, pool.total);
      this.inc({ state: 'idle' }, pool.idle);
      this.inc({ state: 'waiting' }, pool.waiting);
    }
  },
});

new Gauge({
  name: 'ordo_websocket_connections',
  help: 'Open live WebSocket connections',
  registers: [registry],
  collect() {
    this.reset();
    let open = 0;
    for (const source of sources) open += source.websockets();
    this.set(open);
  },
});
