import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CATALOGUE_CHANGES } from '../../ports/catalogue-changes';
import { useService } from '../di/container-context';
import { catalogueKeys } from './catalogue-queries';

/**
 * While the shop is open, a product changed by the back office (in another tab, or on the
 * backend) marks every catalogue query stale: the page on screen fetches again and shows the new
 * price, stock or picture, or the product gone, without a reload.
 */
export function useCatalogueChanges(): void {
  const changes = useService(CATALOGUE_CHANGES);
  const queryClient = useQueryClient();
  useEffect(() => changes.subscribe(() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all })), [changes, queryClient]);
}
