/**
 * Database query metrics: Kysely's query log (every query it runs, with its duration) and the
 * prepared hot reads that go around Kysely (db/prepared.ts) feed `ordo_db_queries_total` and
 * `ordo_db_query_duration_seconds`.
 */
import type { LogEvent } from 'kysely';
import type { PreparedQuery } from '../../db/prepared.js';
import { dbQueries, dbQueryDuration } from './registry.js';

type Dialect = 'sqlite' | 'postgres';

/** Kysely's `log` option: a function sees every query, which is what the metrics need. */
export function queryMetricsLog(dialect: Dialect): (event: LogEvent) => void {
  const ok = dbQueries.labels(dialect, 'ok');
  const failed = dbQueries.labels(dialect, 'error');
  const duration = dbQueryDuration.labels(dialect);
  return (event) => {
    (event.level === 'error' ? failed : ok).inc();
    duration.observe(event.queryDurationMillis / 1000);
  };
}

/** The prepared read, counted like Kysely's queries. */
export function timedPrepared<Row>(dialect: Dialect, query: PreparedQuery<Row>): PreparedQuery<Row> {
  const ok = dbQueries.labels(dialect, 'ok');
  const failed = dbQueries.labels(dialect, 'error');
  const duration = dbQueryDuration.labels(dialect);
  return async (params) => {
    const start = performance.now();
    try {
      const row = await query(params);
      ok.inc();
      return row;
    } catch (error) {
      failed.inc();
      throw error;
    } finally {
      duration.observe((performance.now() - start) / 1000);
    }
  };
}
