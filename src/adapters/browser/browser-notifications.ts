import type { ShopNotification } from '@/domain/notifications/shop-notification';
import { ok, type Result } from '@/domain/result';
import type { NotificationAnswer, NotificationPermission } from '@/ports/notification-permission';
import type { PushEndpoint } from '@/adapters/supabase/supabase-notifier';

/** What the browser must have: notifications shown by a service worker, and push messages when the backend sends them. */
function supported(needsPush: boolean): boolean {
  return typeof Notification !== 'undefined' && 'serviceWorker' in navigator && (!needsPush || 'PushManager' in window);
}

/** Notification.requestPermission, asked after the shopper's click. */
export class BrowserNotificationPermission implements NotificationPermission {
  constructor(private readonly needsPush: boolean) {}

  async request(): Promise<Result<NotificationAnswer>> {
    if (!supported(this.needsPush)) return ok('unsupported');
    if (Notification.permission !== 'default') return ok(Notification.permission);
    return ok(await Notification.requestPermission());
  }
}

/**
 * Shows a notification heard on this device through the shop's service worker, as a push would
 * be (so a click goes to its `notificationclick`): the page posts it with `once`, the change it
 * tells, and the worker shows each change once, however many pages heard it (src/sw/sw.ts).
 */
export async function showThroughServiceWorker(notification: ShopNotification & { once: string }, origin: string): Promise<void> {
  if (!supported(false) || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.ready;
  const { title, body, tag, path, once } = notification;
  const url = new URL(path, origin).href;
  const worker = registration.active;
  if (worker) worker.postMessage({ type: 'SHOW_NOTIFICATION', once, notification: { title, body, tag, url } });
  else await registration.showNotification(title, { body, tag, icon: '/icons/icon-192.png', data: { url } });
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The browser's push subscription made with the shop's VAPID public key (`renew`: the old one dropped first). */
export function browserPushSubscriber(vapidPublicKey: string | undefined): (renew: boolean) => Promise<PushEndpoint> {
  return async (renew) => {
    if (!vapidPublicKey || !supported(true)) throw new Error('No push messages: no VAPID public key, or no PushManager');
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && renew) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('A push subscription without its keys');
    return { endpoint: json.endpoint, p256dh: json.keys.p256dh, auth: json.keys.auth };
  };
}
