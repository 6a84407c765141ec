import { Global, Module, type DynamicModule } from '@nestjs/common';

/**
 * What time it is for the rules that depend on the calendar (Yu'e Bao's cut-off, trade dates, daily limits).
 * Injected (the class is its own token): production runs the system clock, and only a test's own setup may
 * pass another one to `createApp` / `WorkerModule.forRoot`; no setting, flag or endpoint can move it.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
