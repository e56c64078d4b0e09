import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { followOrder } from '@/domain/notifications/follow-order';
import { followProduct } from '@/domain/notifications/follow-product';
import type { Result } from '@/domain/result';
import { NOTIFICATION_PERMISSION } from '@/ports/notification-permission';
import { NOTIFIER } from '@/ports/notifier';
import { useService } from '../di/container-context';
import { useFocusAfter } from '../hooks/use-focus-after';
import { notificationKeys } from '../query/query-keys';

type Outcome = { ok: boolean; message: string } | null;

/** A button whose click asks the browser's permission, then follows; what came of it is said below it. */
function FollowButton({ label, follow }: { label: ReactNode; follow: () => Promise<Result> }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The button is disabled while it works, then gives way to what came of it: the focus goes to that.
  const focusAfter = useFocusAfter();
  const said = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  async function click() {
    setBusy(true);
    const answer = await follow();
    setBusy(false);
    setOutcome(answer.ok ? { ok: true, message: answer.message ?? '' } : { ok: false, message: answer.error.message });
    focusAfter(
      () => said.current,
      () => button.current,
    );
    if (answer.ok) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }
  if (outcome?.ok) {
    return (
      <p className="notice" role="status" ref={said} tabIndex={-1}>
        {outcome.message}
      </p>
    );
  }
  return (
    <div className="follow">
      <button ref={button} type="button" className="secondary" disabled={busy} onClick={() => void click()}>
        {label}
      </button>
      {outcome && (
        <p className="field-error" role="alert">
          {outcome.message}
        </p>
      )}
    </div>
  );
}

/** « Me prévenir de l'avancement de ma commande »: on the order's page, while its status may still change. */
export function FollowOrderButton({ number }: { number: string }) {
  const notifier = useService(NOTIFIER);
  const permission = useService(NOTIFICATION_PERMISSION);
  return <FollowButton label="Me prévenir de l’avancement de ma commande" follow={() => followOrder({ notifier, permission }, number)} />;
}

/** « Me prévenir du retour en stock »: on a sold-out product's page and favorite. */
export function FollowProductButton({ productId, name }: { productId: string; name: string }) {
  const notifier = useService(NOTIFIER);
  const permission = useService(NOTIFICATION_PERMISSION);
  const label = (
    <>
      Me prévenir du retour en stock <span className="visually-hidden">de «&#x202f;{name}&#x202f;»</span>
    </>
  );
  return <FollowButton label={label} follow={() => followProduct({ notifier, permission }, productId)} />;
}
