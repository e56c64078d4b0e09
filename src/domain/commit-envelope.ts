import type { Commit } from '../ports/shared-commits';

/**
 * How many of the key's past localStorage values a commit remembers (as hashes). A tab whose
 * copy of localStorage still shows one of them is only behind, not edited from outside: far
 * more commits than any tab can lag by (a lag lasts until the browser delivers a write to it).
 */
export const REMEMBERED_VALUES = 64;

/** What one commit of a stored list holds: the text written under the spec's key, and its recent past. */
export interface Envelope {
  /** The JSON written under the key, or null when the key was removed. */
  readonly raw: string | null;
  /** Hashes of the values the key held before, oldest first (the value null included). */
  readonly recent: readonly number[];
}

/** The envelope of a commit, or null when there is none or it is not one of ours. */
export function openEnvelope(commit: Commit | null): Envelope | null {
  if (!commit) return null;
  try {
    const { raw, recent } = JSON.parse(commit.text) as Partial<Envelope>;
    if ((typeof raw !== 'string' && raw !== null) || !Array.isArray(recent)) return null;
    return { raw, recent: recent.filter((hash) => typeof hash === 'number') };
  } catch {
    return null;
  }
}

/** The text of the commit that follows `previous`, after the key held each of `values` in turn. */
export function nextEnvelope(previous: Envelope | null, ...values: (string | null)[]): string {
  const history = previous ? [...previous.recent, hashOf(previous.raw)] : [hashOf(null)];
  const raw = values.at(-1) ?? null;
  const recent = [...history, ...values.slice(0, -1).map(hashOf)].slice(-REMEMBERED_VALUES);
  return JSON.stringify({ raw, recent } satisfies Envelope);
}

/** True when the key held `raw` at this commit or shortly before it. */
export function remembers(envelope: Envelope, raw: string | null): boolean {
  return envelope.raw === raw || envelope.recent.includes(hashOf(raw));
}

/** FNV-1a, 32 bits: enough to tell a few dozen values apart. */
export function hashOf(raw: string | null): number {
  if (raw === null) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < raw.length; i++) {
    hash ^= raw.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}
