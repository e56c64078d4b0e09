import type { NewsletterService } from '@/domain/newsletter/newsletter-service';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { ok, type Result } from '@/domain/result';
import type { NewsletterSubscribers } from '@/ports/newsletter-subscribers';

/**
 * The subscribers of the local shop: this browser's storage, shared by its tabs, with the
 * rules of spec §4 in the domain (NewsletterService) and mail through the Mailer port.
 */
export class LocalNewsletterSubscribers implements NewsletterSubscribers {
  constructor(private readonly service: NewsletterService) {}

  async subscribe(email: string): Promise<Result<undefined>> {
    const result = await this.service.register(email);
    return result.ok ? ok(undefined, result.message) : result;
  }

  async unsubscribe(token: string): Promise<Result<undefined>> {
    const result = await this.service.unsubscribe(token);
    return result.ok ? ok(undefined, result.message) : result;
  }

  async list(): Promise<Result<readonly Subscriber[]>> {
    return ok(this.service.getSnapshot());
  }
}
