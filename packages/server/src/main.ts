/**
 * Start-up: read config → open db → migrate → listen. This process becomes the primary of the
 * server processes (ORDO_WORKERS of them, see cluster.ts), and each of them runs this file again
 * as a worker. Only an in-memory SQLite database is served from this process itself.
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { ConfigError, loadConfig, servedInProcess } from './config.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (cluster.isPrimary && !servedInProcess(config.database)) return runPrimary(config);

  const app = await buildApp(config, { prepareDatabase: cluster.isPrimary });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) app.log.info(`Ordo is ready on port ${config.port} (${config.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
