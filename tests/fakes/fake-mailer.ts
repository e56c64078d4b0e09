import type { Mail, Mailer } from '@/ports/mailer';

/**
 * Records every mail handed over. Can be told to reject every mail or those to some addresses,
 * or to hold mails until `release()` (to observe the state while a mail is on its way).
 */
export class FakeMailer implements Mailer {
  readonly sent: Mail[] = [];
  rejectAll = false;
  readonly rejectTo = new Set<string>();
  holdMails = false;
  private readonly held: (() => void)[] = [];

  async send(mail: Mail): Promise<void> {
    if (this.holdMails) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.rejectAll || this.rejectTo.has(mail.to)) throw new Error(`FakeMailer: refused mail to ${mail.to}`);
    this.sent.push(mail);
  }

  /** Lets every held mail go. */
  release(): void {
    this.holdMails = false;
    for (const resolve of this.held.splice(0)) resolve();
  }

  to(address: string): Mail[] {
    return this.sent.filter((m) => m.to === address);
  }
}
