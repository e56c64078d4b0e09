import { useQuery } from '@tanstack/react-query';
import { NEWSLETTER_SUBSCRIBERS } from '../../ports/newsletter-subscribers';
import { useService } from '../di/container-context';
import { newsletterKeys } from '../query/query-keys';
import { valueOf } from '../query/result-query';

/** Every subscriber, active or not, as kept where they live (read again on arrival: a backend's table). */
export function useSubscribers() {
  const subscribers = useService(NEWSLETTER_SUBSCRIBERS);
  return useQuery({
    queryKey: newsletterKeys.subscribers(),
    queryFn: async () => valueOf(await subscribers.list()),
    refetchOnMount: 'always',
  });
}
