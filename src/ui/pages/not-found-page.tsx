import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <section className="narrow" aria-labelledby="titre-404">
      <h1 id="titre-404">Page introuvable</h1>
      <p>Cette adresse ne correspond à aucune page de la boutique.</p>
      <p>
        <Link to="/">Retour à l’accueil</Link>
      </p>
    </section>
  );
}
