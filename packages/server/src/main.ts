/** Start-up: read config → open db → migrate → listen. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

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
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Ordo is ready on port ${config.port} (${config.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
