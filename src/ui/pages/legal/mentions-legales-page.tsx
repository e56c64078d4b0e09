import { Link } from 'react-router-dom';
import { paths } from '@/domain/site-paths';
import { COMPANY } from '@/domain/company';
import { LegalPage } from './legal-page';

export default function MentionsLegalesPage() {
  const { host } = COMPANY;
  return (
    <LegalPage title="Mentions légales">
      <p className="legal-demo" data-testid="donnees-fictives">
        <strong>
          Données fictives de démonstration&nbsp;: cette boutique est une démonstration, aucune société réelle ne se cache derrière ces coordonnées, ce SIREN ni
          ces numéros, et aucune commande n’y est livrée.
        </strong>
      </p>
      <h2>Éditeur du site</h2>
      <dl className="legal-details">
        <dt>Raison sociale</dt>
        <dd>{COMPANY.legalName}</dd>
        <dt>Forme juridique</dt>
        <dd>
          {COMPANY.legalForm}, au capital de {COMPANY.shareCapital}
        </dd>
        <dt>SIREN</dt>
        <dd>{COMPANY.siren}</dd>
        <dt>SIRET du siège</dt>
        <dd>{COMPANY.siret}</dd>
        <dt>Immatriculation</dt>
        <dd>{COMPANY.registry}</dd>
        <dt>TVA intracommunautaire</dt>
        <dd>{COMPANY.vatNumber}</dd>
        <dt>Siège social</dt>
        <dd>{COMPANY.address}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        </dd>
        <dt>Téléphone</dt>
        <dd>{COMPANY.phone}</dd>
        <dt>Directeur de la publication</dt>
        <dd>{COMPANY.publicationDirector}</dd>
      </dl>

      <h2>Hébergeur</h2>
      <dl className="legal-details">
        <dt>Nom</dt>
        <dd>{host.name}</dd>
        <dt>Adresse</dt>
        <dd>{host.address}</dd>
        <dt>Téléphone</dt>
        <dd>{host.phone}</dd>
        <dt>Site</dt>
        <dd>{host.website}</dd>
      </dl>

      <h2>Propriété intellectuelle</h2>
      <p>
        Les textes, photographies, illustrations et logos de ce site appartiennent à {COMPANY.legalName}. Toute reproduction, même partielle, demande son accord
        écrit.
      </p>

      <h2>Données personnelles</h2>
      <p>
        Ce que la boutique garde dans votre navigateur, les données de la newsletter et vos droits sont décrits dans la{' '}
        <Link to={paths.privacy}>Politique de confidentialité</Link>.
      </p>

      <h2>Nous contacter</h2>
      <p>
        Par email à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, par téléphone au {COMPANY.phone} ou par courrier au {COMPANY.address}.
      </p>
    </LegalPage>
  );
}
