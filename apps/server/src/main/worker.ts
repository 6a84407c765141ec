import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLogger, NestPinoLogger, stopOnSignals } from '../observability/logger.js';
import { loadConfigOrExit } from '../config/config.js';
import { WorkerModule } from '../worker.module.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new NestPinoLogger(createLogger({ service: 'worker', level: config.LOG_LEVEL })),
  });
  stopOnSignals(app, 'worker');
  new Logger('worker').log('worker started');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
