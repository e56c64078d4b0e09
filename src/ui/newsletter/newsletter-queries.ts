import { useQuery } from '@tanstack/react-query';
import { NEWSLETTER_SUBSCRIBERS } from '../../ports/newsletter-subscribers';
import { useService } from '../di/container-context';
import { valueOf } from '../query/result-query';

/** TanStack Query keys of the newsletter's subscribers. */
export const newsletterKeys = {
  subscribers: () => ['newsletter', 'subscribers'] as const,
};

/** Every subscriber, active or not, as kept where they live (read again on arrival: a backend's table). */
export function useSubscribers() {
  const subscribers = useService(NEWSLETTER_SUBSCRIBERS);
  return useQuery({
    queryKey: newsletterKeys.subscribers(),
    queryFn: async () => valueOf(await subscribers.list()),
    refetchOnMount: 'always',
  });
}
