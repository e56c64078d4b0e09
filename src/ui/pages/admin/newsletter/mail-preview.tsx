import { useId } from 'react';
import { newsletterMail } from '@/domain/newsletter/newsletter-mails';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { SITE_URL } from '@/domain/service-tokens';
import { useService } from '../../../di/container-context';

/** A subscriber for the preview: each real one gets a link with a token of its own, of this shape. */
const SAMPLE_SUBSCRIBER: Subscriber = {
  id: 'exemple',
  email: 'abonne@exemple.fr',
  subscribedAt: '2026-01-01T00:00:00.000Z',
  isActive: true,
  confirmationSent: true,
  unsubscribeToken: '3f6c1e2a-8b4d-4f0e-9a7c-5d2b1e0f6a93',
};

/** The mail as the newsletter's own builder writes it: what a subscriber will receive, word for word. */
export function MailPreview({ subject, body }: { subject: string; body: string }) {
  const id = useId();
  const siteUrl = useService(SITE_URL);
  const mail = newsletterMail(SAMPLE_SUBSCRIBER, subject, body, siteUrl);
  return (
    <section className="mail-preview" aria-labelledby={`${id}-titre`}>
      <h3 id={`${id}-titre`}>Aperçu</h3>
      <p className="hint">Tel que le recevra un abonné (ici, une adresse d’exemple)&nbsp;; chacun reçoit son propre lien de désinscription.</p>
      <dl className="mail-preview__head">
        <dt>À</dt>
        <dd>{mail.to}</dd>
        <dt>Objet</dt>
        <dd data-testid="preview-subject">{mail.subject || <span className="empty">(sans objet)</span>}</dd>
      </dl>
      <div className="mail-preview__body" data-testid="preview-body">
        {mail.body}
      </div>
    </section>
  );
}
