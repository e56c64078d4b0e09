import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CATALOGUE_CHANGES } from '../../ports/catalogue-changes';
import { useService } from '../di/container-context';
import { catalogueKeys } from './catalogue-queries';

/**
 * While a catalogue page is open (shop, category, product), a product changed by the back office
 * (in another tab, or on the backend) marks every catalogue query stale: the page fetches again
 * and shows the new price, stock or picture, or the product gone, without a reload. Called by
 * those pages, not by the shell: the home page is part of the first visit's code, whose budget
 * is full, and locally the listening code is a chunk of its own, loaded by the first page that
 * listens (src/app/container.ts).
 */
export function useCatalogueChanges(): void {
  const changes = useService(CATALOGUE_CHANGES);
  const queryClient = useQueryClient();
  useEffect(() => changes.subscribe(() => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all })), [changes, queryClient]);
}
