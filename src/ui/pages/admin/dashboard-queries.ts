import { useQuery } from '@tanstack/react-query';
import { NEWSLETTER_SERVICE } from '../../../ports/services';
import { useService } from '../../di/container-context';

export const adminKeys = {
  activeSubscribers: () => ['admin', 'subscribers', 'active'] as const,
};

/** The active subscribers, as kept where they live (asked again on arrival: a backend's table). */
export function useActiveSubscriberCount() {
  const newsletter = useService(NEWSLETTER_SERVICE);
  return useQuery({
    queryKey: adminKeys.activeSubscribers(),
    queryFn: async () => {
      const loaded = await newsletter.load();
      const refreshed = await loaded.refresh();
      if (!refreshed.ok) throw new Error(refreshed.error.message);
      return loaded.getSnapshot().filter((s) => s.isActive).length;
    },
  });
}
