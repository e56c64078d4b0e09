import { SIMULATED_EMAIL_DELAY_MS } from '@/domain/constants';
import type { Clock } from '@/ports/clock';
import type { Logger } from '@/ports/logger';
import type { Mail, Mailer } from '@/ports/mailer';

/**
 * Spec §7: newsletter emails are only simulated. After the spec's delay the mail is written
 * to the log and nothing leaves the browser. A real mailer replaces this class in
 * src/app/container.ts.
 */
export class ConsoleMailer implements Mailer {
  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger = console,
  ) {}

  send(mail: Mail): Promise<void> {
    return new Promise((resolve) => {
      this.clock.setTimeout(() => {
        this.logger.info(`Simulated email (nothing was sent) to ${mail.to}\nSubject: ${mail.subject}\n\n${mail.body}`);
        resolve();
      }, SIMULATED_EMAIL_DELAY_MS);
    });
  }
}
