import type { NewsletterService } from '@/domain/newsletter/newsletter-service';
import type { Result } from '@/domain/result';
import type { NewsletterSender } from '@/ports/newsletter-sender';

/**
 * The newsletter of the local shop: the subscribers kept in this browser (NewsletterService),
 * each mailed in turn through the Mailer port.
 */
export class LocalNewsletterSender implements NewsletterSender {
  constructor(private readonly service: NewsletterService) {}

  sendToAll(subject: string, body: string): Promise<Result<{ count: number }>> {
    return this.service.sendToAll(subject, body);
  }
}
