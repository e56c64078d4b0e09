import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '@/domain/site-paths';

/** An /admin address that names no page of the back office. */
export default function AdminNotFound() {
  useDocumentTitle('Page introuvable · Administration');
  return (
    <section aria-labelledby="titre-admin-404">
      <h1 id="titre-admin-404">Page introuvable</h1>
      <p>Cette adresse ne correspond à aucune page de l’administration.</p>
      <p>
        <Link to={paths.admin}>Retour au tableau de bord</Link>
      </p>
    </section>
  );
}
