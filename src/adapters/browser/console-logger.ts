import type { Logger } from '@/ports/logger';

export type ConsoleSink = Pick<Console, 'info' | 'warn' | 'error'>;

/** The app's logger: the browser console (spec §8: storage and worker failures are only logged). */
export class ConsoleLogger implements Logger {
  constructor(private readonly sink: ConsoleSink = console) {}

  info(message: string, ...details: unknown[]): void {
    this.sink.info(message, ...details);
  }

  warn(message: string, ...details: unknown[]): void {
    this.sink.warn(message, ...details);
  }

  error(message: string, ...details: unknown[]): void {
    this.sink.error(message, ...details);
  }
}
