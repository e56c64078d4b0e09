import type { DeliveryMethod } from '../order/order-constants';
import { isHandedOver, type OrderStatus } from '../order/order-status';
import { paths } from '../site-paths';

/**
 * A notification as the shopper's device shows it: the same on both backends (the database's
 * triggers write these texts too: supabase/migrations/…_push_notifications.sql, tied to these by
 * tests/unit/domain/notifications/notification-texts.test.ts). `path` is the page a click opens;
 * `tag` makes a later notification of the same order or product replace the earlier one, and
 * several open tabs show it once.
 */
export interface ShopNotification {
  title: string;
  body: string;
  path: string;
  tag: string;
}

/** A status that ends an order's follows: nothing more would come. */
export function endsOrderFollows(status: OrderStatus): boolean {
  return isHandedOver(status) || status === 'annulee';
}

type Told = readonly [title: string, ending: string];

/** What each status tells, for an order shipped (`away`) or collected at the shop (`atShop`), where its path has that status. */
const ORDER_TEXTS: Partial<Record<OrderStatus, { away?: Told; atShop?: Told }>> = {
  expediee: { away: ['Commande expédiée', 'a été expédiée.'] },
  prete: { atShop: ['Commande prête', 'est prête\u00a0: elle vous attend en boutique.'] },
  livree: { away: ['Commande livrée', 'a été livrée.'] },
  retiree: { atShop: ['Commande retirée', 'a été retirée en boutique. Merci de votre visite.'] },
  annulee: { away: ['Commande annulée', 'a été annulée.'], atShop: ['Commande annulée', 'a été annulée.'] },
};

/** What a follower of order `number` is told when it moves to `status`; null for a status nobody is told of (« payée »). */
export function orderNotification(number: string, status: OrderStatus, deliveryMethod: DeliveryMethod): ShopNotification | null {
  const texts = ORDER_TEXTS[status];
  const told = deliveryMethod === 'retrait-boutique' ? texts?.atShop : texts?.away;
  if (!told) return null;
  const [title, end] = told;
  return { title, body: `Votre commande ${number} ${end}`, path: paths.orderConfirmation(number), tag: `commande-${number}` };
}

/** What a follower of a sold-out product is told when its stock comes back. */
export function restockNotification(product: { id: string; slug: string; name: string }): ShopNotification {
  return {
    title: 'De retour en stock',
    body: `«\u202f${product.name}\u202f» est de nouveau en stock.`,
    path: paths.product(product.slug),
    tag: `produit-${product.id}`,
  };
}

/** Why nothing was followed, when the browser will not show notifications. */
export const NOTIFICATION_MESSAGES = {
  refused: 'Les notifications sont bloquées pour cette boutique dans votre navigateur. Autorisez-les dans les réglages du site, puis réessayez.',
  unsupported: 'Votre navigateur ne permet pas à la boutique de vous envoyer des notifications.',
  permissionUnavailable: 'Le service de notifications n’a pas pu être chargé. Vérifiez votre connexion, puis réessayez.',
  orderFollowed: 'C’est noté\u00a0: vous serez prévenu de l’avancement de votre commande.',
  orderClosed: 'Cette commande ne changera plus de statut\u00a0: il n’y a rien à suivre.',
  productFollowed: 'C’est noté\u00a0: vous serez prévenu de son retour en stock.',
  unfollowed: 'Vous ne recevrez plus cette notification.',
  notKept: 'Cet appareil n’a pas pu enregistrer votre demande (stockage plein ou indisponible). Réessayez plus tard.',
  productGone: 'Ce produit n’est plus en vente : il n’y a rien à suivre.',
} as const;
