import { token } from './token';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/** Sends one mail; rejects when it could not be handed over. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export const MAILER = token<Mailer>('Mailer');
