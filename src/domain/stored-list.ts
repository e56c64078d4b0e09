import * as v from 'valibot';
import type { Logger } from '@/ports/logger';

/**
 * A list parser that keeps every valid entry and drops (and logs) the others one by one, so
 * one damaged line never costs the shopper the whole cart. Anything but an array is refused.
 */
export function lenientList<T>(item: v.GenericSchema<unknown, T>, what: string) {
  return (raw: unknown, logger: Logger): readonly T[] => {
    if (!Array.isArray(raw)) throw new TypeError(`expected a list of ${what}, found ${typeof raw}`);
    const kept: T[] = [];
    raw.forEach((entry: unknown, index) => {
      const parsed = v.safeParse(item, entry);
      if (parsed.success) kept.push(parsed.output);
      else logger.warn(`Ignoring invalid stored ${what} at index ${index}`, v.summarize(parsed.issues));
    });
    return kept;
  };
}
