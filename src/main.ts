// Bootstrap only: the service on the configured address (kbp serve does the same with its options).
import { loadConfig } from './config/config';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config, { logLine: (line) => process.stdout.write(line) });
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
}

void main();
