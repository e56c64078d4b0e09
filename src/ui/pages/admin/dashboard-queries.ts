import type { Subscriber } from '@/domain/newsletter/subscriber';
import { useSubscribers } from '../../newsletter/newsletter-queries';

const activeCount = (subscribers: readonly Subscriber[]) => subscribers.filter((s) => s.isActive).length;

/** How many subscribers are active, as kept where they live (asked again on arrival: a backend's table). */
export function useActiveSubscriberCount() {
  return useSubscribers(activeCount);
}
