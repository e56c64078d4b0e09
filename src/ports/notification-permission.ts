import type { Result } from '@/domain/result';
import { token } from './token';

/** Whether the browser will show the shop's notifications. */
export type NotificationAnswer = 'granted' | 'denied' | 'default' | 'unsupported';

/**
 * The browser's permission to show notifications (Notification.requestPermission): asked only
 * after the shopper's click, never on a page's load. 'unsupported': the browser has no
 * notifications, service worker or push (an iPhone's Safari outside an installed app).
 */
export interface NotificationPermission {
  /**
   * Asks the shopper (the browser answers at once when it was answered before); 'unsupported'
   * without asking. Fails only when it cannot ask at all (its code could not be loaded: 'network').
   */
  request(): Promise<Result<NotificationAnswer>>;
}

export const NOTIFICATION_PERMISSION = token<NotificationPermission>('NotificationPermission');
