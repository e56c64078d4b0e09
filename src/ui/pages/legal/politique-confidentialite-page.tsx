import { COMPANY } from '@/domain/company';
import { INSTALL_DISMISSAL_MEMORY_MS } from '@/domain/constants';
import { INDEXEDDB_DATABASES, STORAGE_KEYS } from '@/domain/storage-keys';
import { LegalPage } from './legal-page';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What each key of the registry (src/domain/storage-keys.ts) holds and why: a Record over the
 * registry's names, so a key added there does not compile until this page describes it.
 */
const LOCAL_STORAGE_USES: Readonly<Record<keyof typeof STORAGE_KEYS, string>> = {
  cart: 'Votre panier\u00a0: chaque produit ajouté, son prix, son image, sa catégorie et sa quantité, pour le retrouver à votre prochaine visite.',
  favorites: 'Vos favoris\u00a0: les produits que vous avez marqués d’un cœur.',
  newsletterSubscribers:
    'Sur la boutique de démonstration seulement\u00a0: les inscriptions à la newsletter faites depuis ce navigateur (adresse email, date d’inscription, inscription active ou non, envoi de la confirmation, lien de désinscription).',
  adminAuth: 'Pour l’administrateur de la boutique seulement\u00a0: sa session ouverte, pour qu’il reste connecté.',
  adminEmail: 'Pour l’administrateur de la boutique seulement\u00a0: son adresse email, tant que sa session est ouverte.',
  installBannerDismissedAt: `La date à laquelle vous avez répondu «\u202fPlus tard\u202f» à la proposition d’installer l’application, pour ne pas vous la reposer avant ${INSTALL_DISMISSAL_MEMORY_MS / DAY_MS} jours.`,
  checkoutDraft:
    'Ce que vous avez saisi pendant la commande (adresse email, téléphone, nom, adresse de livraison, mode de livraison et de paiement choisis, jamais votre carte), pour ne rien perdre si la page se ferme\u00a0; effacé une fois la commande passée.',
  placedOrders: 'Le numéro et la clé d’accès de chaque commande passée depuis cet appareil, pour la retrouver dans «\u202fMes commandes\u202f».',
  catalogueChanged: `Sur la boutique de démonstration seulement\u00a0: une simple marque, sans donnée personnelle, qui indique que le catalogue vu depuis ce navigateur a changé (une modification de l’administrateur, ou le stock pris par une commande passée ici)\u00a0; la boutique lit alors la base ${INDEXEDDB_DATABASES.catalogue} décrite plus bas.`,
  notificationFollows:
    'Sur la boutique de démonstration seulement\u00a0: les commandes et les produits dont vous avez demandé à être prévenu, pour vous afficher leurs notifications.',
  testPaymentSessions:
    'Sur la boutique de démonstration seulement\u00a0: les paiements de test commencés depuis ce navigateur (le numéro de la commande et l’heure du début, jamais votre carte), pour la page «\u202fPaiement de test\u202f».',
};

/** The same for each IndexedDB database of the registry. */
const INDEXEDDB_USES: Readonly<Record<keyof typeof INDEXEDDB_DATABASES, string>> = {
  commits: 'Un journal des modifications du panier, des favoris et des inscriptions, pour que plusieurs onglets ouverts ne perdent aucune modification.',
  catalogue:
    'Sur la boutique de démonstration seulement\u00a0: les commandes passées depuis ce navigateur (vos coordonnées, votre adresse, les articles, jamais votre carte) et les modifications du catalogue faites par l’administrateur.',
  pictures: 'Sur la boutique de démonstration seulement\u00a0: les photos de produits ajoutées par l’administrateur depuis ce navigateur.',
};

function StorageTable({ caption, head, rows }: { caption: string; head: string; rows: readonly (readonly [string, string])[] }) {
  return (
    <table className="legal-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">Ce qu’elle contient et pourquoi</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, use]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
            </td>
            <td>{use}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const rowsOf = <K extends string>(names: Readonly<Record<K, string>>, uses: Readonly<Record<K, string>>) =>
  (Object.keys(names) as K[]).map((key) => [names[key], uses[key]] as const);

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
      <StorageTable
        caption="Données enregistrées dans le stockage local (localStorage) du navigateur"
        head="Clé"
        rows={rowsOf(STORAGE_KEYS, LOCAL_STORAGE_USES)}
      />
      <StorageTable caption="Bases IndexedDB du navigateur" head="Base" rows={rowsOf(INDEXEDDB_DATABASES, INDEXEDDB_USES)} />
      <p>
        La boutique garde aussi, dans le cache de son service worker, les pages, le catalogue et les images déjà vues, pour s’ouvrir hors connexion. Au
        démarrage, elle efface les réglages laissés par ses anciennes versions (thème, verrouillage).
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
