import { describe, expect, it } from 'vitest';
import { followOrder } from '@/domain/notifications/follow-order';
import { followProduct } from '@/domain/notifications/follow-product';
import { listFollows } from '@/domain/notifications/list-follows';
import { NOTIFICATION_MESSAGES } from '@/domain/notifications/shop-notification';
import { stopFollowing } from '@/domain/notifications/stop-following';
import { ok } from '@/domain/result';
import type { NotificationAnswer } from '@/ports/notification-permission';
import type { Follow, Notifier } from '@/ports/notifier';
import { FakeNotificationPermission } from '../../../fakes/fake-notification-permission';

/** The browser's permission, answering `answer`. */
function permissionAnswering(answer: NotificationAnswer): FakeNotificationPermission {
  const permission = new FakeNotificationPermission();
  permission.answer = answer;
  return permission;
}

/** Follows in memory. */
class MemoryNotifier implements Notifier {
  follows: Follow[] = [];
  finalOrders = new Set<string>();
  async followOrder(number: string) {
    if (this.finalOrders.has(number)) return ok(false);
    this.follows.push({ id: `o${number}`, createdAt: '', kind: 'order', number });
    return ok(true);
  }
  async followProduct(productId: string) {
    this.follows.push({ id: `p${productId}`, createdAt: '', kind: 'product', productId, slug: productId, name: productId });
    return ok();
  }
  async list() {
    return ok(this.follows);
  }
  async unfollow(id: string) {
    this.follows = this.follows.filter((f) => f.id !== id);
    return ok();
  }
}

describe('following asks the browser first, and stores nothing without its yes', () => {
  it('granted: the order is followed, with the French confirmation', async () => {
    const notifier = new MemoryNotifier();
    const permission = permissionAnswering('granted');
    expect(await followOrder({ notifier, permission }, 'CMD-2026-000123')).toEqual({
      ok: true,
      value: undefined,
      message: NOTIFICATION_MESSAGES.orderFollowed,
    });
    expect(permission.asked).toBe(1);
    expect(notifier.follows).toHaveLength(1);
  });

  it('refused: the French explanation, nothing stored', async () => {
    const notifier = new MemoryNotifier();
    expect(await followProduct({ notifier, permission: permissionAnswering('denied') }, '2')).toEqual({
      ok: false,
      error: { code: 'notifications-refused', message: NOTIFICATION_MESSAGES.refused },
    });
    expect(await followOrder({ notifier, permission: permissionAnswering('default') }, 'CMD-2026-000123')).toMatchObject({
      ok: false,
      error: { code: 'notifications-refused' },
    });
    expect(notifier.follows).toEqual([]);
  });

  it('unsupported: nothing stored, and the shopper is told why', async () => {
    const notifier = new MemoryNotifier();
    const permission = permissionAnswering('unsupported');
    expect(await followProduct({ notifier, permission }, '2')).toEqual({
      ok: false,
      error: { code: 'notifications-unsupported', message: 'Votre navigateur ne permet pas à la boutique de vous envoyer des notifications.' },
    });
    expect(permission.asked).toBe(0);
    expect(notifier.follows).toEqual([]);
  });

  it('an order whose status is final is not followed, and the shopper is told why', async () => {
    const notifier = new MemoryNotifier();
    notifier.finalOrders.add('CMD-2026-000001');
    expect(await followOrder({ notifier, permission: permissionAnswering('granted') }, 'CMD-2026-000001')).toEqual({
      ok: false,
      error: { code: 'not-found', message: NOTIFICATION_MESSAGES.orderClosed },
    });
  });
});

describe('the « Notifications » page', () => {
  it('lists the orders newest first, then the products by name; stopping one needs no permission', async () => {
    const notifier = new MemoryNotifier();
    const permission = permissionAnswering('granted');
    await followProduct({ notifier, permission }, 'vase');
    await followOrder({ notifier, permission }, 'CMD-2026-000001');
    await followProduct({ notifier, permission }, 'bol');
    await followOrder({ notifier, permission }, 'CMD-2026-000002');
    const listed = await listFollows({ notifier });
    expect(listed.ok && listed.value.map((f) => (f.kind === 'order' ? f.number : f.name))).toEqual(['CMD-2026-000002', 'CMD-2026-000001', 'bol', 'vase']);
    expect(await stopFollowing({ notifier }, 'obol')).toMatchObject({ ok: true });
    expect(await stopFollowing({ notifier }, 'pbol')).toEqual({ ok: true, value: undefined, message: NOTIFICATION_MESSAGES.unfollowed });
    expect(notifier.follows.map((f) => f.id)).toEqual(['pvase', 'oCMD-2026-000001', 'oCMD-2026-000002']);
  });
});
