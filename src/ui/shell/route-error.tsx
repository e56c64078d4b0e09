import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { LOGGER } from '@/ports/logger';
import { useService } from '../di/container-context';
import { paths } from '@/domain/site-paths';

/**
 * What a page shows when it could not be drawn (its code could not be loaded, offline or after a
 * deploy the tab could not reload into, or it failed): French words and a way on, never a blank
 * page. Inside the shell (`standalone` false) it takes the page's place; standalone, the shell's.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const logger = useService(LOGGER);
  useEffect(() => logger.error('A page could not be drawn', error), [logger, error]);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const content = (
    <section className="narrow" aria-labelledby="titre-erreur">
      <h1 id="titre-erreur">Cette page n’a pas pu s’afficher</h1>
      <p>
        {offline
          ? 'Vous êtes hors ligne et cette page n’est pas encore enregistrée sur cet appareil.'
          : 'Une nouvelle version de la boutique vient peut-être d’être mise en ligne.'}
      </p>
      <p>
        <button type="button" className="secondary" onClick={() => window.location.reload()}>
          Recharger la page
        </button>{' '}
        <Link to={paths.home}>Retour à l’accueil</Link>
      </p>
    </section>
  );
  return standalone ? (
    <main id="contenu" className="main" tabIndex={-1}>
      {content}
    </main>
  ) : (
    content
  );
}
