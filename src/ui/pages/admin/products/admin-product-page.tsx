import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useProductById } from '../admin-catalogue-queries';
import { ProductForm } from './product-form';
import { paths } from '@/domain/site-paths';

/** /admin/produits/nouveau and /admin/produits/:id: the product form, empty or filled. */
export default function AdminProductPage() {
  const { id } = useParams();
  const product = useProductById(id);
  const title = id === undefined ? 'Nouveau produit' : product.data ? `Modifier «\u202f${product.data.name}\u202f»` : 'Produit';
  useDocumentTitle(`${product.data === null ? 'Produit introuvable' : title} · Administration`);

  if (id === undefined) return <ProductForm title={title} product={null} />;
  if (product.isError) {
    return (
      <section aria-labelledby="titre-produit">
        <h1 id="titre-produit">Produit</h1>
        <p role="alert">Le catalogue est indisponible pour le moment. Réessayez dans un instant.</p>
        <p>
          <Link to={paths.adminProducts}>Retour aux produits</Link>
        </p>
      </section>
    );
  }
  if (product.data === undefined)
    return (
      <p className="loading" role="status">
        Chargement du produit…
      </p>
    );
  if (product.data === null) {
    return (
      <section aria-labelledby="titre-produit">
        <h1 id="titre-produit">Produit introuvable</h1>
        <p>Ce produit n’existe pas ou a été supprimé.</p>
        <p>
          <Link to={paths.adminProducts}>Retour aux produits</Link>
        </p>
      </section>
    );
  }
  return <ProductForm key={product.data.id} title={title} product={product.data} />;
}
