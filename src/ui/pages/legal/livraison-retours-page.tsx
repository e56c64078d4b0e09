import { Link } from 'react-router-dom';
import { COMPANY, WITHDRAWAL_PERIOD_DAYS } from '@/domain/company';
import { formatPrice } from '../../format/price';
import { LegalPage } from './legal-page';

export default function LivraisonRetoursPage() {
  const { shipping } = COMPANY;
  return (
    <LegalPage title="Livraison et retours">
      <h2>Livraison</h2>
      <ul>
        <li>Nous livrons en France métropolitaine, à domicile, par {shipping.carrier}.</li>
        <li>
          Votre commande part sous {shipping.dispatchWorkingDays} jours ouvrés et arrive en {shipping.deliveryWorkingDays} jours ouvrés après son départ. Un
          email vous donne le numéro de suivi.
        </li>
        <li>
          Frais de livraison&nbsp;: {formatPrice(shipping.price)} par commande, offerts dès {formatPrice(shipping.freeFrom)} d’achat.
        </li>
      </ul>
      <p>
        À la réception, vérifiez l’état du colis. S’il est abîmé, notez-le auprès du transporteur et écrivez-nous à{' '}
        <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>&nbsp;: nous vous renvoyons le produit ou vous le remboursons.
      </p>

      <h2>Retours</h2>
      <p>
        Vous avez {WITHDRAWAL_PERIOD_DAYS} jours après la réception pour changer d’avis, sans justification (voir le{' '}
        <Link to="/conditions-generales-de-vente#retractation">droit de rétractation</Link> dans nos conditions générales de vente).
      </p>
      <ol>
        <li>
          Prévenez-nous par email à <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>, avec votre numéro de commande.
        </li>
        <li>
          Renvoyez le produit, dans son emballage d’origine si possible, dans les {WITHDRAWAL_PERIOD_DAYS} jours qui suivent, à l’adresse&nbsp;:{' '}
          {COMPANY.address}. Les frais de retour sont à votre charge.
        </li>
        <li>
          Nous vous remboursons, frais de livraison initiaux compris, dans les {WITHDRAWAL_PERIOD_DAYS} jours qui suivent votre demande, par le moyen de
          paiement de la commande.
        </li>
      </ol>
    </LegalPage>
  );
}
