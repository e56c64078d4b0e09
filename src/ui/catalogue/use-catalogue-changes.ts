import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CATALOGUE_CHANGES } from '@/ports/catalogue-changes';
import { useService } from '../di/container-context';
import { catalogueKeys } from '../query/query-keys';

/**
 * A product changed by the back office (in another tab, or on the backend) marks every catalogue
 * query stale: the open page fetches again and shows the new price, stock or picture, or the
 * product gone, without a reload. Called once, by the shell, during the first render (how the
 * port's adapter is loaded is src/app/container.ts's choice).
 */
export function useCatalogueChanges(): void {
  const changes = useService(CATALOGUE_CHANGES);
  const queryClient = useQueryClient();
  useEffect(() => changes.subscribe(() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all })), [changes, queryClient]);
}
