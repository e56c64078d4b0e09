import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useNoIndex } from '../hooks/use-no-index';
import { paths } from '@/domain/site-paths';

const HEADINGS = {
  page: 'Page introuvable',
  produit: 'Produit introuvable',
  catégorie: 'Catégorie introuvable',
} as const;

/** The French 404: unknown address, product slug or category slug. */
export default function NotFoundPage({ what = 'page' }: { what?: keyof typeof HEADINGS }) {
  useDocumentTitle(HEADINGS[what]);
  // Search engines must not index a 'page introuvable'.
  useNoIndex();
  return (
    <section className="narrow" aria-labelledby="titre-404">
      <h1 id="titre-404">{HEADINGS[what]}</h1>
      <p>
        {what === 'page'
          ? 'Cette adresse ne correspond à aucune page de la boutique.'
          : `Cette ${what === 'produit' ? 'fiche produit' : 'catégorie'} n’existe pas ou n’est plus en vente.`}
      </p>
      <p>
        <Link to={paths.shop}>Voir tous les produits</Link> · <Link to={paths.home}>Retour à l’accueil</Link>
      </p>
    </section>
  );
}
