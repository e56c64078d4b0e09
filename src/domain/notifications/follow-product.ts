import type { Notifier } from '@/ports/notifier';
import type { NotificationPermission } from '@/ports/notification-permission';
import { ok, type Result } from '../result';
import { askNotificationConsent } from './notification-consent';
import { NOTIFICATION_MESSAGES } from './shop-notification';

/** « Me prévenir du retour en stock »: the permission first (nothing is stored without it), then the product is followed. */
export async function followProduct(
  { notifier, permission }: { notifier: Pick<Notifier, 'followProduct'>; permission: NotificationPermission },
  productId: string,
): Promise<Result> {
  const consent = await askNotificationConsent(permission);
  if (!consent.ok) return consent;
  const followed = await notifier.followProduct(productId);
  return followed.ok ? ok(undefined, NOTIFICATION_MESSAGES.productFollowed) : followed;
}
