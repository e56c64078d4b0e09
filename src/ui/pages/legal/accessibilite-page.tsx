import { COMPANY } from '@/domain/company';
import { LegalPage } from './legal-page';

// Only what the repository's tests check is claimed here (tests/e2e: axe on every page a journey
// visits, at 375 and 1280 px; the Nu Html Checker on the same pages; keyboard tests; lang="fr").
export default function AccessibilitePage() {
  return (
    <LegalPage title="Accessibilité">
      <p>
        {COMPANY.tradeName} veut être utilisable par tous, au clavier, avec un lecteur d’écran, sur un téléphone comme sur un ordinateur. Cette page dit ce que
        la boutique respecte aujourd’hui, ce qui lui manque encore, et comment nous signaler un problème.
      </p>

      <h2>Ce que la boutique respecte</h2>
      <p>
        Nous visons le niveau AA des règles pour l’accessibilité des contenus web (WCAG&nbsp;2.1). À chaque modification du site, des tests automatiques
        vérifient&nbsp;:
      </p>
      <ul>
        <li>
          chaque page de chaque parcours (découvrir les produits, commander, l’espace d’administration), sur un écran de téléphone (375&nbsp;pixels) et
          d’ordinateur (1280&nbsp;pixels), avec l’outil d’audit axe&nbsp;: critères WCAG&nbsp;2.1 A et AA, dont le contraste des couleurs, les noms des boutons
          et des champs, la structure des titres&nbsp;;
        </li>
        <li>le code HTML de ces pages, avec le validateur du W3C (Nu Html Checker)&nbsp;;</li>
        <li>les principales actions au clavier seul&nbsp;: ajouter un produit au panier, parcourir les filtres, passer les étapes de la commande&nbsp;;</li>
        <li>la langue des pages, déclarée en français&nbsp;;</li>
        <li>qu’aucune page ne déborde de l’écran d’un téléphone.</li>
      </ul>

      <h2>Ce qui n’est pas encore fait</h2>
      <ul>
        <li>
          Aucun audit selon le référentiel général d’amélioration de l’accessibilité (RGAA) n’a été mené par un organisme indépendant&nbsp;: nous ne déclarons
          donc pas de taux de conformité.
        </li>
        <li>
          Les tests automatiques ne trouvent qu’une partie des problèmes&nbsp;: la pertinence des textes alternatifs des images ou la lisibilité des
          descriptions ne sont vérifiées par personne d’autre que nous.
        </li>
        <li>Les parcours n’ont pas été essayés par des personnes utilisant un lecteur d’écran ou une commande vocale au quotidien.</li>
      </ul>

      <h2>Signaler un problème</h2>
      <p>
        Si un contenu ou une fonction de la boutique vous est inaccessible, écrivez-nous à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> ou appelez le{' '}
        {COMPANY.phone}, ou écrivez au {COMPANY.address}. Dites-nous la page et ce qui vous a gêné&nbsp;: nous vous répondrons et, si besoin, vous fournirons
        l’information ou le service sous une autre forme.
      </p>
      <p>
        Si notre réponse ne vous satisfait pas, vous pouvez saisir le Défenseur des droits (
        <a href="https://www.defenseurdesdroits.fr">defenseurdesdroits.fr</a>).
      </p>

      <h2>Le cadre légal</h2>
      <p>
        Depuis le 28&nbsp;juin 2025, l’acte européen sur l’accessibilité (directive (UE) 2019/882, transposée dans la loi française) impose que les services de
        commerce électronique destinés aux consommateurs soient accessibles aux personnes handicapées. Les microentreprises qui fournissent des services en sont
        exemptées&nbsp;; nous appliquons ces règles quelle que soit notre taille.
      </p>
    </LegalPage>
  );
}
