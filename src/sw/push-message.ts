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
