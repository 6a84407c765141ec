import { Logger } from '@nestjs/common';
import { loadConfigOrExit } from '../config/config.js';
import { createApp } from '../bootstrap.js';
import { stopOnSignals } from '../observability/logger.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  stopOnSignals(app, 'api');
  await app.listen(config.PORT, '0.0.0.0');
  new Logger('api').log(`listening on http://localhost:${config.PORT}/api`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
