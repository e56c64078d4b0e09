import type { Notifier } from '@/ports/notifier';
import { ok, type Result } from '../result';
import { NOTIFICATION_MESSAGES } from './shop-notification';

/** The « Notifications » page's « Ne plus suivre »: no permission needed to stop. */
export async function stopFollowing({ notifier }: { notifier: Pick<Notifier, 'unfollow'> }, followId: string): Promise<Result> {
  const stopped = await notifier.unfollow(followId);
  return stopped.ok ? ok(undefined, NOTIFICATION_MESSAGES.unfollowed) : stopped;
}
