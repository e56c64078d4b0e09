import type { NotificationPermission } from '@/ports/notification-permission';
import { fail, ok, type Result } from '../result';
import { NOTIFICATION_MESSAGES } from './shop-notification';

/**
 * The browser's permission, asked now (after the shopper's click): granted, or the French reason
 * why nothing will be followed. Refused and unsupported store nothing.
 */
export async function askNotificationConsent(permission: NotificationPermission): Promise<Result> {
  const asked = await permission.request();
  // Nobody could be asked (the permission's code could not be loaded): nothing is followed.
  if (!asked.ok) return fail(asked.error.code, NOTIFICATION_MESSAGES.permissionUnavailable);
  const answer = asked.value;
  if (answer === 'granted') return ok();
  if (answer === 'unsupported') return fail('notifications-unsupported', NOTIFICATION_MESSAGES.unsupported);
  return fail('notifications-refused', NOTIFICATION_MESSAGES.refused);
}
