import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { OrderRelayPoint } from '@/domain/order/relay-point';
import { toOrderRelayPoint } from '@/domain/order/relay-point';
import { DELIVERY_AREA_SENTENCE } from '@/domain/order/postal-code';
import { RELAY_POINTS } from '@/ports/relay-points';
import { useService } from '../../di/container-context';
import { relayPointKeys } from '../../query/query-keys';
import { failureMessage, valueOf } from '../../query/result-query';
import { FieldError, invalidProps } from './checkout-field';
import { fieldId } from './checkout-steps';

/**
 * « Point relais »: a postal code, the points near it (RelayPoints port), one to choose. The
 * search field and its button are in the page's tab order; the points are radio buttons named by
 * their shop, address and hours; the number of points found is said by a live region.
 */
export function RelayPointChooser({
  chosen,
  error,
  choose,
}: {
  chosen: OrderRelayPoint | null;
  error: string | undefined;
  choose: (point: OrderRelayPoint | null) => void;
}) {
  const relayPoints = useService(RELAY_POINTS);
  const [code, setCode] = useState(chosen?.postalCode ?? '');
  // The code searched: a point chosen before (a reload, a step back) lists the points near it again.
  const [searched, setSearched] = useState<string | null>(chosen?.postalCode ?? null);
  const search = useQuery({
    queryKey: relayPointKeys.search(searched ?? ''),
    queryFn: async () => valueOf(await relayPoints.search(searched ?? '')),
    enabled: searched !== null,
    retry: false,
  });
  const statusId = useId();
  const areaId = useId();
  const run = (wanted: string) => {
    setSearched(wanted.replace(/\s/g, ''));
    // The same code again: asked again (a carrier's list may have changed).
    if (wanted.replace(/\s/g, '') === searched) void search.refetch();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches, rather than submitting the step.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    run(code);
  };
  const points = search.data ?? [];
  const shown = chosen && !points.some((point) => point.id === chosen.id) ? [chosen, ...points] : points;

  return (
    <fieldset className="checkout-choices checkout-relay" {...invalidProps('relayPoint', error)}>
      <legend>Point relais</legend>
      <p id={areaId} className="hint" data-testid="relay-delivery-area">
        {DELIVERY_AREA_SENTENCE}
      </p>
      <div className="checkout-field">
        <label htmlFor={fieldId('relayPoint')}>Code postal où chercher un point relais</label>
        <div className="checkout-relay__search">
          <input
            id={fieldId('relayPoint')}
            className="checkout-short"
            inputMode="numeric"
            autoComplete="postal-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby={`${areaId} ${statusId}`}
          />
          <button type="button" onClick={() => run(code)}>
            Chercher les points relais
          </button>
        </div>
      </div>
      <p id={statusId} role="status" className="hint">
        {search.isFetching && 'Recherche des points relais…'}
        {!search.isFetching &&
          search.data &&
          (search.data.length === 0
            ? `Aucun point relais près de ${searched}.`
            : `${search.data.length} point${search.data.length > 1 ? 's' : ''} relais, du plus proche au plus éloigné de ${searched}.`)}
        {!search.isFetching && search.error && failureMessage(search.error, 'La recherche des points relais a échoué. Réessayez.')}
        {searched === null && 'Saisissez un code postal, puis cherchez les points relais proches.'}
      </p>
      {shown.length > 0 && (
        <ul className="checkout-relay__list" aria-label="Points relais">
          {shown.map((point) => (
            <li key={point.id}>
              <label className="checkout-choice">
                <input type="radio" name="relayPoint" value={point.id} checked={chosen?.id === point.id} onChange={() => choose(toOrderRelayPoint(point))} />
                <span>
                  <span className="checkout-choice__name">{point.name}</span>
                  <span className="checkout-choice__detail">
                    {point.street}, {point.postalCode} {point.city}
                  </span>
                  {'openingHours' in point &&
                    point.openingHours.map((line) => (
                      <span key={line} className="hint checkout-choice__detail">
                        {line}
                      </span>
                    ))}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError field="relayPoint" error={error} />
    </fieldset>
  );
}
