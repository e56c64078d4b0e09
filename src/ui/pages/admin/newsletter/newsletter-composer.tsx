import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { readNewsletter, sendNewsletter } from '@/domain/newsletter/send-newsletter';
import { NEWSLETTER_SENDER } from '@/ports/newsletter-sender';
import { useService } from '../../../di/container-context';
import { countOf } from '../../../format/count';
import { MailPreview } from './mail-preview';

type Field = 'subject' | 'body';
type Step = 'editing' | 'confirming' | 'sending';

/** Subject, message, the mail's preview, and « Envoyer à tous » after a confirmation. */
export function NewsletterComposer({ activeCount }: { activeCount: number }) {
  const sender = useService(NEWSLETTER_SENDER);
  const id = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [step, setStep] = useState<Step>('editing');
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const cleanSubject = subject.trim();

  // The confirmation takes the focus; once it is gone (sent or cancelled), the focus returns to
  // « Envoyer à tous », where the admin was, rather than to the top of the page.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (step === 'confirming') confirmButton.current?.focus();
    if (step === 'editing' && returnFocus.current) {
      returnFocus.current = false;
      sendButton.current?.focus();
    }
  }, [step]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readNewsletter({ subject, body });
    const found = read.ok ? {} : read.fields;
    setErrors(found);
    setOutcome(null);
    if (found.subject) subjectInput.current?.focus();
    else if (found.body) bodyInput.current?.focus();
    // Nobody to ask about: the newsletter itself answers « Aucun abonné actif trouvé ».
    else if (activeCount === 0) void send();
    else setStep('confirming');
  }

  async function send() {
    returnFocus.current = true;
    setStep('sending');
    try {
      const result = await sendNewsletter({ sender }, { subject, body });
      if (result.ok) {
        setOutcome({ ok: true, message: result.message });
        setSubject('');
        setBody('');
      } else {
        setOutcome({ ok: false, message: result.error.message });
      }
    } finally {
      setStep('editing');
    }
  }

  function cancel() {
    returnFocus.current = true;
    setStep('editing');
  }

  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') cancel();
  }

  function edit(field: Field, value: string) {
    (field === 'subject' ? setSubject : setBody)(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-erreur` : undefined);

  return (
    <section aria-labelledby={`${id}-titre`} className="composer">
      <h2 id={`${id}-titre`}>Écrire une newsletter</h2>
      <div className="composer__columns">
        <form onSubmit={submit} noValidate className="stack" aria-labelledby={`${id}-titre`}>
          <label htmlFor={`${id}-subject`}>Objet</label>
          <input
            id={`${id}-subject`}
            ref={subjectInput}
            value={subject}
            onChange={(e) => edit('subject', e.target.value)}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy('subject')}
            required
          />
          {errors.subject && (
            <p id={`${id}-subject-erreur`} className="field-error">
              {errors.subject}
            </p>
          )}
          <label htmlFor={`${id}-body`}>Message</label>
          <textarea
            id={`${id}-body`}
            ref={bodyInput}
            rows={8}
            value={body}
            onChange={(e) => edit('body', e.target.value)}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={describedBy('body')}
            required
          />
          {errors.body && (
            <p id={`${id}-body-erreur`} className="field-error">
              {errors.body}
            </p>
          )}
          <button type="submit" ref={sendButton} disabled={step !== 'editing'}>
            {step === 'sending' ? 'Envoi en cours…' : 'Envoyer à tous'}
          </button>
          {step === 'confirming' && (
            <div className="confirm-send" role="group" aria-labelledby={`${id}-confirmation`}>
              <p id={`${id}-confirmation`}>
                {`Envoyer «\u202f${cleanSubject}\u202f» à ${countOf(activeCount, 'abonné actif', 'abonnés actifs')}\u00a0?`} Chacun la recevra avec son propre
                lien de désinscription.
              </p>
              <div className="actions">
                <button type="button" ref={confirmButton} onClick={() => void send()} onKeyDown={cancelOnEscape}>
                  Confirmer l’envoi
                </button>
                <button type="button" className="secondary" onClick={cancel} onKeyDown={cancelOnEscape}>
                  Annuler
                </button>
              </div>
            </div>
          )}
          <p role="status" className="notice" data-testid="send-status">
            {outcome?.ok ? outcome.message : ''}
          </p>
          {outcome && !outcome.ok && (
            <p role="alert" className="field-error" data-testid="send-error">
              {outcome.message}
            </p>
          )}
        </form>
        <MailPreview subject={cleanSubject} body={body} />
      </div>
    </section>
  );
}
