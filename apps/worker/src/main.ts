import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from '@candor/api/config/config';
import { WorkerModule } from './worker.module.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: ['log', 'error', 'warn'] });
  app.enableShutdownHooks();
  new Logger('worker').log('worker started');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
