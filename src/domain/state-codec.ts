import * as v from 'valibot';
import type { Logger } from '../ports/logger';

/**
 * Turns the JSON found in storage into the state: a valibot schema, or a function that may
 * repair what it can (see `lenientList`) and throws when nothing is usable.
 */
export type StateParser<T> = v.GenericSchema<unknown, T> | ((raw: unknown, logger: Logger) => T);

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

/** The state stored as `raw` ({ value: initial } for a missing key), or null when unusable (logged). */
export function decodeState<T>(
  raw: string | null,
  { key, parse, initial, logger }: { key: string; parse: StateParser<T>; initial: T; logger: Logger },
): { value: T } | null {
  if (raw === null) return { value: initial };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    logger.warn(`Ignoring stored "${key}": not JSON`, error);
    return null;
  }
  try {
    if (typeof parse === 'function') return { value: parse(json, logger) };
    const parsed = v.safeParse(parse, json);
    if (parsed.success) return { value: parsed.output };
    logger.warn(`Ignoring stored "${key}": unexpected shape`, v.summarize(parsed.issues));
    return null;
  } catch (error) {
    logger.warn(`Ignoring stored "${key}": unexpected shape`, error);
    return null;
  }
}
