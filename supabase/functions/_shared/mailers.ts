import type { OutgoingMail } from './mail.ts';

/** Hands the mails over; resolves to how many were accepted (a refused batch is logged, not thrown). */
export interface Mailer {
  sendAll(mails: readonly OutgoingMail[]): Promise<number>;
}

export type Log = (line: string) => void;

/**
 * The default: nothing leaves the function, each mail is written to its log (Supabase: Functions › Logs).
 * `log` prefixes each line with the function's name (shared by send-newsletter and newsletter-subscribe).
 */
export function logMailer(log: Log): Mailer {
  return {
    sendAll(mails) {
      for (const mail of mails) log(`mail (log provider) to ${mail.to}: ${JSON.stringify(mail.subject)}\n${mail.text}`);
      return Promise.resolve(mails.length);
    },
  };
}

export interface ResendSettings {
  apiKey: string;
  from: string;
  /** https://api.resend.com unless a test or a proxy says otherwise. */
  apiUrl: string;
}

const RESEND_TIMEOUT_MS = 20_000;

/** Resend's documented limit for POST /emails/batch. */
export const RESEND_BATCH_SIZE = 100;

/**
 * Resend's batch endpoint: up to 100 mails a request, each with its own recipient and
 * unsubscribe link (one request per mail would run into the default rate limit of a few per
 * second). A refused batch is logged with Resend's answer and the others still go.
 */
export function resendMailer(settings: ResendSettings, log: Log, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async sendAll(mails) {
      let accepted = 0;
      for (let start = 0; start < mails.length; start += RESEND_BATCH_SIZE) {
        const batch = mails.slice(start, start + RESEND_BATCH_SIZE);
        try {
          const response = await fetchImpl(`${settings.apiUrl.replace(/\/+$/, '')}/emails/batch`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json' },
            // A stalled provider must not hold the admin's request until the platform's wall-clock limit.
            signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
            body: JSON.stringify(
              batch.map((mail) => ({
                from: settings.from,
                to: [mail.to],
                subject: mail.subject,
                text: mail.text,
                html: mail.html,
                ...(mail.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>` } } : {}),
              })),
            ),
          });
          if (response.ok) {
            accepted += batch.length;
          } else {
            log(`Resend refused a batch of ${batch.length}: ${response.status} ${await response.text()}`);
          }
        } catch (error) {
          log(`Resend unreachable for a batch of ${batch.length}: ${String(error)}`);
        }
      }
      return accepted;
    },
  };
}
