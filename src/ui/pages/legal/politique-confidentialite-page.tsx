import { COMPANY } from '@/domain/company';
import { INSTALL_DISMISSAL_MEMORY_MS } from '@/domain/constants';
import { STORAGE_KEYS } from '@/domain/storage-keys';
import { LegalPage } from './legal-page';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the shop keeps in this browser's storage, under the keys it really uses (src/domain/storage-keys.ts). */
const BROWSER_STORAGE: ReadonlyArray<{ key: string; what: string }> = [
  {
    key: STORAGE_KEYS.cart,
    what: 'Votre panier\u00a0: chaque produit ajouté, son prix, son image, sa catégorie et sa quantité, pour le retrouver à votre prochaine visite.',
  },
  { key: STORAGE_KEYS.favorites, what: 'Vos favoris\u00a0: les produits que vous avez marqués d’un cœur.' },
  {
    key: STORAGE_KEYS.newsletterSubscribers,
    what: 'Sur la boutique de démonstration seulement\u00a0: les inscriptions à la newsletter faites depuis ce navigateur (adresse email, date d’inscription, inscription active ou non, envoi de la confirmation, lien de désinscription).',
  },
  {
    key: `${STORAGE_KEYS.adminAuth}, ${STORAGE_KEYS.adminEmail}`,
    what: 'Pour l’administrateur de la boutique seulement\u00a0: sa session ouverte et son adresse email, pour qu’il reste connecté.',
  },
  {
    key: STORAGE_KEYS.installBannerDismissedAt,
    what: `La date à laquelle vous avez répondu «\u202fPlus tard\u202f» à la proposition d’installer l’application, pour ne pas vous la reposer avant ${INSTALL_DISMISSAL_MEMORY_MS / DAY_MS} jours.`,
  },
];

export default function PolitiqueConfidentialitePage() {
  const contact = <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>;
  return (
    <LegalPage title="Politique de confidentialité">
      <p>
        {COMPANY.legalName} ({COMPANY.address}) est responsable des données décrites ici. La boutique ne dépose aucun cookie, ne contient aucun traceur
        publicitaire ni outil de mesure d’audience, et ne vend aucune donnée.
      </p>

      <h2>Ce que la boutique garde dans votre navigateur</h2>
      <p>Ces données restent sur votre appareil&nbsp;: elles ne nous sont pas envoyées. Elles servent uniquement à faire fonctionner la boutique.</p>
      <table className="legal-table">
        <caption>Données enregistrées dans le stockage local (localStorage) du navigateur</caption>
        <thead>
          <tr>
            <th scope="col">Clé</th>
            <th scope="col">Ce qu’elle contient et pourquoi</th>
          </tr>
        </thead>
        <tbody>
          {BROWSER_STORAGE.map(({ key, what }) => (
            <tr key={key}>
              <td>
                <code>{key}</code>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        La boutique garde aussi, dans une base IndexedDB nommée <code>boutique</code>, un journal des modifications du panier, des favoris et des inscriptions,
        pour que plusieurs onglets ouverts ne perdent aucune modification&nbsp;; et, dans le cache de son service worker, les pages, le catalogue et les images
        déjà vues, pour s’ouvrir hors connexion. Au démarrage, elle efface les réglages laissés par ses anciennes versions (thème, verrouillage).
      </p>
      <p>
        Pour tout effacer, supprimez les données du site dans les réglages de votre navigateur («&#x202F;Effacer les données de navigation&#x202F;» ou
        «&#x202F;Données des sites&#x202F;»).
      </p>

      <h2>La newsletter</h2>
      <p>
        Si vous vous inscrivez, nous enregistrons votre adresse email, la date de votre inscription, si elle est active, si l’email de confirmation est parti,
        et un jeton de désinscription tiré au hasard. Nous nous en servons uniquement pour vous envoyer notre newsletter (nos nouveautés et nos offres, une fois
        par mois) avec votre accord, que vous pouvez retirer à tout moment. Ces données sont hébergées par {COMPANY.host.name} et transmises à notre prestataire
        d’envoi d’emails pour les seuls envois&nbsp;; elles ne sont ni vendues ni prêtées.
      </p>
      <h3>Se désinscrire</h3>
      <p>
        Chaque email de la newsletter contient un lien de désinscription&nbsp;: un clic suffit, sans vous connecter. Après votre désinscription, vous ne recevez
        plus aucun email&nbsp;; votre adresse reste notée comme désinscrite jusqu’à ce que vous demandiez sa suppression.
      </p>

      <h2>Vos droits et la suppression de vos données</h2>
      <p>
        Vous pouvez accéder à vos données, les faire rectifier ou supprimer, vous opposer à leur utilisation ou en demander la limitation ou la portabilité
        (Règlement général sur la protection des données, articles 15 à 21). Pour faire supprimer votre adresse, écrivez à {contact} depuis cette adresse&nbsp;:
        nous répondons dans un délai d’un mois au plus. Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL
        (cnil.fr).
      </p>
    </LegalPage>
  );
}
