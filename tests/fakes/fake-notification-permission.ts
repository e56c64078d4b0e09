import { ok, type Result } from '@/domain/result';
import type { NotificationAnswer, NotificationPermission } from '@/ports/notification-permission';

/** The browser's permission: answers `answer` when asked (set it before the click); counts the questions. */
export class FakeNotificationPermission implements NotificationPermission {
  answer: NotificationAnswer = 'granted';
  asked = 0;

  async request(): Promise<Result<NotificationAnswer>> {
    // An unsupported browser has nobody to ask.
    if (this.answer !== 'unsupported') this.asked++;
    return ok(this.answer);
  }
}
