import { useId, useMemo, useState } from 'react';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { countSubscribers, filterSubscribers, newestFirst, type SubscriberFilter } from '@/domain/newsletter/subscriber-list';
import { SUBSCRIBER_STATUS, subscribersCsv, subscribersCsvFileName } from '@/domain/newsletter/subscribers-csv';
import { CLOCK } from '@/ports/clock';
import { useService } from '../../../di/container-context';
import { downloadCsv } from './download-csv';
import { countOf } from '../../../format/count';
import { shopNumericDateTime } from '@/domain/shop-time';

const FILTERS: ReadonlyArray<{ value: SubscriberFilter; label: string; empty: string }> = [
  { value: 'tous', label: 'Tous', empty: 'Aucun abonné pour le moment.' },
  { value: 'actifs', label: 'Actifs', empty: 'Aucun abonné actif.' },
  { value: 'desabonnes', label: 'Désabonnés', empty: 'Aucun désabonné.' },
];

/** The subscribers, newest first, with their counts, a filter and the CSV export. */
export function SubscriberList({ subscribers }: { subscribers: readonly Subscriber[] }) {
  const id = useId();
  const clock = useService(CLOCK);
  const [filter, setFilter] = useState<SubscriberFilter>('tous');
  const sorted = useMemo(() => newestFirst(subscribers), [subscribers]);
  const counts = countSubscribers(subscribers);
  const shown = filterSubscribers(sorted, filter);
  const current = FILTERS.find((f) => f.value === filter)!;
  const countFor = { tous: counts.total, actifs: counts.active, desabonnes: counts.inactive };

  function exportCsv() {
    downloadCsv(subscribersCsv(subscribers), subscribersCsvFileName(clock.now()), clock);
  }

  return (
    <section aria-labelledby={`${id}-titre`} className="subscribers">
      <h2 id={`${id}-titre`}>Abonnés</h2>
      <ul className="subscriber-counts" aria-label="Nombre d’abonnés">
        <li data-testid="count-active">{countOf(counts.active, 'abonné actif', 'abonnés actifs')}</li>
        <li data-testid="count-inactive">{countOf(counts.inactive, 'désabonné', 'désabonnés')}</li>
        <li data-testid="count-total">{countOf(counts.total, 'adresse au total', 'adresses au total')}</li>
      </ul>
      <div className="subscriber-tools">
        <fieldset className="subscriber-filter">
          <legend>Afficher</legend>
          {FILTERS.map((f) => (
            <label key={f.value}>
              <input type="radio" name={`${id}-filtre`} value={f.value} checked={filter === f.value} onChange={() => setFilter(f.value)} /> {f.label} (
              {countFor[f.value]})
            </label>
          ))}
        </fieldset>
        <button type="button" className="secondary" onClick={exportCsv}>
          Exporter en CSV
        </button>
      </div>
      <p className="hint">
        Le fichier contient tous les abonnés, actifs et désabonnés, séparés par des points-virgules (UTF-8), prêt à ouvrir dans un tableur.
      </p>
      {shown.length === 0 ? (
        <p className="empty">{current.empty}</p>
      ) : (
        <table className="subscriber-table">
          <caption id={`${id}-legende`}>
            {current.value === 'tous' ? 'Tous les abonnés' : current.value === 'actifs' ? 'Abonnés actifs' : 'Désabonnés'}, du plus récent au plus ancien
          </caption>
          <thead>
            <tr>
              <th scope="col">Adresse email</th>
              <th scope="col">Date d’inscription</th>
              <th scope="col">Statut</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => (
              <tr key={s.id}>
                <td className="subscriber-table__email">{s.email}</td>
                <td>
                  <time dateTime={s.subscribedAt}>{shopNumericDateTime(s.subscribedAt)}</time>
                </td>
                <td className={s.isActive ? 'status status--active' : 'status status--inactive'}>
                  {s.isActive ? SUBSCRIBER_STATUS.active : SUBSCRIBER_STATUS.inactive}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
