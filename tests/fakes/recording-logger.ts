import type { Logger } from '@/ports/logger';

export type LogLevel = 'info' | 'warn' | 'error';

export interface LogEntry {
  level: LogLevel;
  message: string;
  details: unknown[];
}

/** Keeps every log line so a test can check what was reported (and that nothing was thrown). */
export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];

  info(message: string, ...details: unknown[]): void {
    this.entries.push({ level: 'info', message, details });
  }

  warn(message: string, ...details: unknown[]): void {
    this.entries.push({ level: 'warn', message, details });
  }

  error(message: string, ...details: unknown[]): void {
    this.entries.push({ level: 'error', message, details });
  }

  /** The messages logged at `level`, or at warn and error when no level is given. */
  problems(level?: LogLevel): string[] {
    return this.entries.filter((e) => (level ? e.level === level : e.level !== 'info')).map((e) => e.message);
  }
}
