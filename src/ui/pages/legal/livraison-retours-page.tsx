import { Link } from 'react-router-dom';
import { paths } from '@/domain/site-paths';
import { COMPANY, returnAddress, WITHDRAWAL_PERIOD_DAYS } from '@/domain/company';
import { WITHDRAWAL_LABELS } from '@/domain/order/withdrawal';
import { DELIVERY_OFFER, zonesSentence, type DeliveryOffer } from '@/domain/order/delivery-offer';
import { DELIVERY_METHOD_LABELS, type DeliveryMethod } from '@/domain/order/order-constants';
import { formatCents } from '@/domain/price-format';
import { NOT_DELIVERED_REASON } from '@/domain/order/postal-code';
import { LegalPage } from './legal-page';

/** One delivery method as the page states it: its price (and when it is free) and how it works. */
function methodSentence(method: DeliveryMethod, offer: DeliveryOffer): string {
  const fee = offer.feesCents[method];
  const price =
    fee === 0
      ? 'gratuit'
      : offer.freeMethods.includes(method)
        ? `${formatCents(fee)}, offerte dès ${formatCents(offer.freeFromCents)} d’achats`
        : formatCents(fee);
  const how: Record<DeliveryMethod, string> = {
    domicile: `par ${offer.carrier}, chez vous, en ${offer.deliveryWorkingDays}\u00a0jours ouvrés après le départ du colis.`,
    'point-relais': `dans le point relais que vous choisissez à la commande, par code postal, en ${offer.deliveryWorkingDays}\u00a0jours ouvrés après le départ du colis.`,
    'retrait-boutique': `à la boutique, ${offer.pickup.address}, sous ${offer.dispatchWorkingDays}\u00a0jours ouvrés. Aucune adresse de livraison n’est demandée, et vous pouvez régler au retrait.`,
  };
  return `${DELIVERY_METHOD_LABELS[method]}\u00a0: ${price}, ${how[method]}`;
}

/** « Livraison et retours », written from the settings checkout uses (DELIVERY_OFFER), so the two cannot differ. */
export function LivraisonRetours({ offer = DELIVERY_OFFER }: { offer?: DeliveryOffer }) {
  const shipped = offer.methods.some((method) => method !== 'retrait-boutique');
  const pickup = offer.methods.includes('retrait-boutique');
  return (
    <LegalPage title="Livraison et retours">
      <h2>Livraison</h2>
      <p data-testid="delivery-zones">Zones de livraison&nbsp;: {zonesSentence(offer.zones)}.</p>
      <p data-testid="delivery-not-delivered">
        Nous ne livrons pas l’outre-mer ({offer.notDelivered.detail})&nbsp;: {NOT_DELIVERED_REASON}. Le retrait en boutique reste possible, où que vous
        habitiez.
      </p>
      <h3>Modes de livraison et frais</h3>
      <ul data-testid="delivery-methods">
        {offer.methods.map((method) => (
          <li key={method}>{methodSentence(method, offer)}</li>
        ))}
      </ul>
      {pickup && offer.pickup.openingHours.length > 0 && <p>Horaires de la boutique&nbsp;: {offer.pickup.openingHours.join('\u00a0; ')}.</p>}
      <p>Frais de livraison&nbsp;: ceux du mode choisi ci-dessus, calculés sur le montant de vos articles et affichés avant la commande.</p>
      {shipped && (
        <>
          <p>Votre colis part sous {offer.dispatchWorkingDays}&nbsp;jours ouvrés. Un email vous prévient de son départ.</p>
          <p>
            À la réception, vérifiez l’état du colis. S’il est abîmé, notez-le auprès du transporteur et écrivez-nous à{' '}
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>&nbsp;: nous vous renvoyons le produit ou vous le remboursons.
          </p>
        </>
      )}

      <h2>Retours</h2>
      <p>
        Vous avez {WITHDRAWAL_PERIOD_DAYS} jours après la réception pour changer d’avis, sans justification (voir le{' '}
        <Link to={paths.termsWithdrawal}>droit de rétractation</Link> dans nos conditions générales de vente).
      </p>
      <ol>
        <li data-testid="retractation-en-ligne">
          Dites-le-nous en ligne, sans attendre d’avoir renvoyé le produit&nbsp;: depuis la page de votre commande (
          <Link to={paths.myOrders}>Mes commandes</Link> puis la commande), choisissez «&#x202f;{WITHDRAWAL_LABELS.open}&#x202f;», cochez les articles
          concernés, puis «&#x202f;{WITHDRAWAL_LABELS.confirm}
          &#x202f;»&nbsp;: vous recevez aussitôt un accusé de réception par email. Vous pouvez aussi nous écrire à{' '}
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, avec votre numéro de commande.
        </li>
        <li>
          Renvoyez le produit, dans son emballage d’origine si possible, dans les {WITHDRAWAL_PERIOD_DAYS} jours qui suivent, à l’adresse&nbsp;:{' '}
          {returnAddress()}. Les frais de retour sont à votre charge.
        </li>
        <li>
          Nous vous remboursons, frais de livraison initiaux compris, dans les {WITHDRAWAL_PERIOD_DAYS} jours qui suivent votre demande, par le moyen de
          paiement de la commande.
        </li>
      </ol>
      <p data-testid="retractation-avant-envoi">
        Votre commande n’est pas encore partie&nbsp;? Les articles dont vous vous rétractez en sont retirés&nbsp;: vous n’avez rien à renvoyer, et vous ne payez
        que le reste (si vous avez déjà payé, nous vous remboursons ces articles). Vous pouvez ensuite vous rétracter d’autres articles, jusqu’à la fin du
        délai.
      </p>
    </LegalPage>
  );
}

export default function LivraisonRetoursPage() {
  return <LivraisonRetours />;
}
