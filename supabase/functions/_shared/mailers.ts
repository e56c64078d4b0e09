import type { OutgoingMail } from './mail.ts';

/** One mail's outcome: accepted, or why not (for the logs and the order mails' queue). */
export type SendOutcome = { ok: true } | { ok: false; error: string };

/** Hands the mails over; resolves to how many were accepted (a refused batch is logged, not thrown). */
export interface Mailer {
  sendAll(mails: readonly OutgoingMail[]): Promise<number>;
  /**
   * One mail with a key naming it (send-order-mails: its kind and order): the provider sends a
   * mail once per key, so a retry after an answer that was lost sends nothing twice. Never rejects.
   */
  send(mail: OutgoingMail, idempotencyKey: string): Promise<SendOutcome>;
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
    send(mail, idempotencyKey) {
      log(`mail (log provider) to ${mail.to} [${idempotencyKey}]: ${JSON.stringify(mail.subject)}\n${mail.text}`);
      return Promise.resolve({ ok: true });
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

    // POST /emails, one mail, with the Idempotency-Key header (at most 256 characters; Resend
    // keeps a key 24 hours and answers a repeat with the first answer, sending nothing). A key
    // already used for another payload (409 invalid_idempotent_request: the order changed between
    // two attempts) means the mail left with the first one.
    async send(mail, idempotencyKey) {
      try {
        const response = await fetchImpl(`${settings.apiUrl.replace(/\/+$/, '')}/emails`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${settings.apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
          signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
          body: JSON.stringify({ from: settings.from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
        });
        const answer = await response.text();
        if (response.ok) return { ok: true };
        if (response.status === 409 && answer.includes('invalid_idempotent_request')) {
          log(`Resend had already sent ${idempotencyKey} (409 invalid_idempotent_request)`);
          return { ok: true };
        }
        return { ok: false, error: `Resend ${response.status}: ${answer.slice(0, 500)}` };
      } catch (error) {
        return { ok: false, error: `Resend unreachable: ${String(error).slice(0, 500)}` };
      }
    },
  };
}
