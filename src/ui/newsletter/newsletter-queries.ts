import { useQuery } from '@tanstack/react-query';
import type { Subscriber } from '@/domain/newsletter/subscriber';
import { NEWSLETTER_SUBSCRIBERS } from '@/ports/newsletter-subscribers';
import { useService } from '../di/container-context';
import { newsletterKeys } from '../query/query-keys';
import { valueOf } from '../query/result-query';

/**
 * The subscribers, active or not, as kept where they live (read again on arrival: a backend's
 * table); `select` derives what a page shows from the one cached list.
 */
export function useSubscribers<T = readonly Subscriber[]>(select?: (subscribers: readonly Subscriber[]) => T) {
  const subscribers = useService(NEWSLETTER_SUBSCRIBERS);
  return useQuery({
    queryKey: newsletterKeys.subscribers(),
    queryFn: async () => valueOf(await subscribers.list()),
    select,
    refetchOnMount: 'always',
  });
}
