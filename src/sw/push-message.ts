/** A push message's data as send-push writes it (docs/supabase.md: { title, body, url, tag }). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const ICON = '/icons/icon-192.png';

function readPayload(data: { json(): unknown } | null): PushPayload | null {
  if (!data) return null;
  let raw: unknown;
  try {
    raw = data.json();
  } catch {
    return null;
  }
  const p = raw as Partial<Record<keyof PushPayload, unknown>> | null;
  if (!p || typeof p.title !== 'string' || typeof p.body !== 'string') return null;
  return { title: p.title, body: p.body, url: typeof p.url === 'string' ? p.url : '/', tag: typeof p.tag === 'string' ? p.tag : '' };
}

/** What a push shows: its title and text, its tag (a later one of the same order replaces it), the page to open kept in `data`. */
export function notificationToShow(data: { json(): unknown } | null, origin: string): { title: string; options: NotificationOptions } | null {
  const payload = readPayload(data);
  if (!payload) return null;
  const options: NotificationOptions = { body: payload.body, icon: ICON, data: { url: pageToOpen({ url: payload.url }, origin) } };
  if (payload.tag) options.tag = payload.tag;
  return { title: payload.title, options };
}

/**
 * What a page of this device asks the worker to show (the local backend's notifications:
 * src/adapters/browser/browser-notifications.ts posts { type: 'SHOW_NOTIFICATION', once, notification }
 * with a push's payload): the notification, and `once`, the change it tells.
 */
export function notificationAsked(message: unknown, origin: string): { once: string; title: string; options: NotificationOptions } | null {
  const m = message as { type?: unknown; once?: unknown; notification?: unknown } | null;
  if (m?.type !== 'SHOW_NOTIFICATION' || typeof m.once !== 'string' || m.once === '') return null;
  const shown = notificationToShow({ json: () => m.notification }, origin);
  return shown && { once: m.once, ...shown };
}

/**
 * The changes told since the worker started, the latest `bound` of them: two pages that heard the
 * same change ask with the same `once`, and only the first is shown. The worker reads its
 * messages one at a time, so the second always finds the first; pages hear a change within
 * moments of each other, well inside the worker's life (it stops after about 30 s idle).
 */
export class ToldOnce {
  private readonly told = new Set<string>();

  constructor(private readonly bound = 200) {}

  /** True the first time `once` is asked, false after. */
  first(once: string): boolean {
    if (this.told.has(once)) return false;
    this.told.add(once);
    if (this.told.size > this.bound) this.told.delete(this.told.values().next().value!);
    return true;
  }
}

/** The shop's page a notification opens: its `url` when it is the shop's own, else the home page. */
export function pageToOpen(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
