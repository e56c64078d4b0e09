import type { Follow, Notifier } from '@/ports/notifier';
import type { Result } from '../result';

/** The « Notifications » page: what this device follows, the orders first (newest first), then the products by name. */
export async function listFollows({ notifier }: { notifier: Pick<Notifier, 'list'> }): Promise<Result<readonly Follow[]>> {
  const listed = await notifier.list();
  if (!listed.ok) return listed;
  const orders = listed.value.filter((f) => f.kind === 'order').sort((a, b) => (a.number < b.number ? 1 : -1));
  const products = listed.value.filter((f) => f.kind === 'product').sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return { ok: true, value: [...orders, ...products] };
}
