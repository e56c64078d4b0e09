import type { Notifier } from '@/ports/notifier';
import type { NotificationPermission } from '@/ports/notification-permission';
import { fail, ok, type Result } from '../result';
import { askNotificationConsent } from './notification-consent';
import { NOTIFICATION_MESSAGES } from './shop-notification';

/**
 * « Me prévenir de l'avancement de ma commande »: the permission first (nothing is stored without
 * it), then the order is followed; a final order, or one this device did not place, is not.
 */
export async function followOrder(
  { notifier, permission }: { notifier: Pick<Notifier, 'followOrder'>; permission: NotificationPermission },
  number: string,
): Promise<Result> {
  const consent = await askNotificationConsent(permission);
  if (!consent.ok) return consent;
  const followed = await notifier.followOrder(number);
  if (!followed.ok) return followed;
  if (!followed.value) return fail('not-found', NOTIFICATION_MESSAGES.orderClosed);
  return ok(undefined, NOTIFICATION_MESSAGES.orderFollowed);
}
