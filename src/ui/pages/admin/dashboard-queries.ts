import { useSubscribers } from '../../newsletter/newsletter-queries';

/** The active subscribers, as kept where they live (asked again on arrival: a backend's table). */
export function useActiveSubscriberCount() {
  const query = useSubscribers();
  return { ...query, data: query.data?.filter((s) => s.isActive).length };
}
