import type { IdGenerator } from '@/ports/id-generator';

/** Predictable ids: `${prefix}-1`, `${prefix}-2`, … */
export class SequentialIds implements IdGenerator {
  private count = 0;

  constructor(private readonly prefix = 'id') {}

  next(): string {
    this.count += 1;
    return `${this.prefix}-${this.count}`;
  }
}
