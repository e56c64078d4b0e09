import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY, WITHDRAWAL_PERIOD_DAYS } from '@/domain/company';
import { PAYMENT_METHOD_LABELS, PAYMENT_SESSION_MINUTES, paymentMethodLabel } from '@/domain/order/payment';
import { WITHDRAWAL_LABELS } from '@/domain/order/withdrawal';
import { WITHDRAWAL_FORM } from '@/domain/order/withdrawal-form';
import { LegalGuaranteeBox } from './legal-guarantee-box';
import { LegalPage } from './legal-page';
import { paths } from '@/domain/site-paths';
import { DELIVERY_AREA, NOT_DELIVERED_REASON } from '@/domain/order/postal-code';

export default function ConditionsGeneralesPage() {
  return (
    <LegalPage title="Conditions générales de vente">
      <h2>1. Qui vend</h2>
      <p>
        Les produits de ce site sont vendus par {COMPANY.legalName}, {COMPANY.legalForm.toLowerCase()}, SIREN {COMPANY.siren}, dont le siège est au{' '}
        {COMPANY.address} (voir les <Link to={paths.legalNotice}>Mentions légales</Link>). Ces conditions s’appliquent à toute commande passée sur le site par
        un consommateur.
      </p>

      <h2>2. Produits et prix</h2>
      <p>
        Chaque fiche produit décrit le produit, son prix et sa disponibilité. Les prix sont en euros, toutes taxes comprises (TTC), hors frais de livraison, qui
        sont indiqués avant la validation de la commande. Le prix payé est celui affiché au moment de la commande.
      </p>

      <h2>3. Commande et paiement</h2>
      <p>La commande est conclue quand vous la validez après avoir vérifié son contenu et son prix total.</p>
      <p data-testid="mails-commande">
        Nous vous envoyons aussitôt par email la confirmation de votre commande, à conserver&nbsp;: le vendeur, chaque article avec sa quantité et son prix TTC,
        la TVA par taux, le mode et les frais de livraison, le mode de paiement, le délai de livraison prévu, les conditions de votre droit de rétractation avec
        le lien pour vous rétracter en ligne et le modèle de formulaire ci-dessous, et les garanties légales. Un email vous prévient ensuite quand votre
        commande est expédiée (ou prête en boutique), si elle est annulée, et quand votre rétractation vous est remboursée.
      </p>
      <p>Vous payez le prix total de la commande selon le moyen choisi à la commande&nbsp;:</p>
      <ul data-testid="cgv-payment">
        <li>
          <strong>{PAYMENT_METHOD_LABELS.carte}</strong>&nbsp;: le paiement est dû à la commande. Il est fait sur la page sécurisée de notre prestataire de
          paiement, qui nous confirme qu’il est accepté&nbsp;; nous ne voyons ni ne gardons les données de votre carte. Nous préparons la commande une fois le
          paiement confirmé. Si le paiement n’aboutit pas, la commande est annulée et rien ne vous est débité.
        </li>
        <li>
          <strong>{paymentMethodLabel('a-la-livraison', 'domicile')}</strong>&nbsp;: rien n’est payé à la commande. Vous payez le transporteur quand il vous
          remet le colis, à domicile ou en point relais.
        </li>
        <li>
          <strong>{paymentMethodLabel('a-la-livraison', 'retrait-boutique')}</strong>&nbsp;: pour un retrait en boutique, rien n’est payé à la commande. Vous
          payez à la boutique quand vous retirez votre commande.
        </li>
      </ul>
      <p>
        Une commande payée par carte bancaire (Visa ou Mastercard) se paie juste après sa validation, sur la page sécurisée de notre prestataire de paiement. La
        boutique ne voit ni n’enregistre jamais le numéro de votre carte, seulement ses 4 derniers chiffres, que le prestataire lui communique. La commande est
        payée quand le prestataire nous confirme le paiement. Sans paiement dans les {PAYMENT_SESSION_MINUTES}&nbsp;minutes, elle est annulée et rien n’est
        débité.
      </p>

      <h2>4. Livraison</h2>
      <p data-testid="cgv-delivery-area">
        Nous livrons {DELIVERY_AREA}, pas l’outre-mer (départements et collectivités d’outre-mer)&nbsp;: {NOT_DELIVERED_REASON}. Le retrait en boutique est
        ouvert à tous.
      </p>
      <p>
        Les zones, délais et frais de livraison sont décrits dans la page <Link to={paths.deliveryAndReturns}>Livraison et retours</Link>. Si un produit vous
        arrive abîmé, signalez-le-nous dans les meilleurs délais.
      </p>

      <h2 id="retractation">5. Droit de rétractation</h2>
      <p>
        Vous disposez d’un délai de {WITHDRAWAL_PERIOD_DAYS} jours pour changer d’avis, sans avoir à vous justifier ni à payer de pénalité (Code de la
        consommation, articles L221-18 et suivants). Ce délai court à partir du jour où vous recevez le produit, ou le dernier produit d’une commande livrée en
        plusieurs fois.
      </p>
      <p>
        Pour l’exercer, dites-le-nous avant la fin du délai par une déclaration sans ambiguïté, par exemple par email à{' '}
        <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, ou avec le formulaire ci-dessous. Renvoyez ensuite le produit au plus tard{' '}
        {WITHDRAWAL_PERIOD_DAYS} jours après nous avoir informés de votre décision&nbsp;; les frais de retour sont à votre charge.
      </p>
      <p data-testid="retractation-en-ligne">
        Vous pouvez également exercer votre droit de rétractation en ligne, depuis la page de votre commande (<Link to={paths.myOrders}>Mes commandes</Link>{' '}
        puis la commande)&nbsp;: choisissez «&#x202f;{WITHDRAWAL_LABELS.open}&#x202f;», cochez les articles concernés, puis «&#x202f;{WITHDRAWAL_LABELS.confirm}
        &#x202f;». Si vous utilisez cette fonctionnalité en ligne, nous vous enverrons, dans les meilleurs délais, un accusé de réception de la rétractation par
        email, y compris son contenu ainsi que la date et l’heure de sa soumission.
      </p>
      <p>
        Nous vous remboursons la totalité des sommes versées, frais de livraison initiaux compris (au tarif standard), au plus tard {WITHDRAWAL_PERIOD_DAYS}{' '}
        jours après avoir été informés de votre décision, par le moyen de paiement utilisé pour la commande. Nous pouvons attendre d’avoir reçu le produit, ou
        la preuve de son envoi, pour vous rembourser.
      </p>
      <p>Le droit de rétractation ne s’applique pas aux produits confectionnés selon vos spécifications ou nettement personnalisés.</p>

      <h3>Modèle de formulaire de rétractation</h3>
      <blockquote className="legal-form">
        <p>{WITHDRAWAL_FORM.addressee}</p>
        <p>
          {WITHDRAWAL_FORM.lines.map((line, index) => (
            <Fragment key={line}>
              {index > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </p>
      </blockquote>

      <h2>6. Garanties</h2>
      <p>
        Tous nos produits bénéficient de la garantie légale de conformité (Code de la consommation, articles L217-3 et suivants), pendant deux ans à compter de
        la livraison, et de la garantie des vices cachés (Code civil, articles 1641 et suivants). Pour les mettre en œuvre, écrivez-nous à{' '}
        <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>.
      </p>
      <LegalGuaranteeBox />

      <h2>7. Données personnelles</h2>
      <p>
        Voir la <Link to={paths.privacy}>Politique de confidentialité</Link>.
      </p>

      <h2>8. Réclamations et médiation</h2>
      <p>
        Pour toute réclamation, écrivez-nous d’abord à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>. Si notre réponse ne vous satisfait pas, vous
        pouvez saisir gratuitement le médiateur de la consommation&nbsp;: {COMPANY.mediator.name}, {COMPANY.mediator.address}, {COMPANY.mediator.website}.
      </p>

      <h2>9. Droit applicable</h2>
      <p>Ces conditions sont soumises au droit français.</p>
    </LegalPage>
  );
}
