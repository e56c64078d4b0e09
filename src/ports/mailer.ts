import { token } from './token';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, a whole document (the order mails have one); a mail without it is text only. */
  html?: string;
}

/** Sends one mail; rejects when it could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAILER = token<Mailer>('Mailer');
