import { readFile } from 'node:fs/promises';
import type { DemoCatalogueSource } from '@/adapters/demo-catalogue/demo-catalogue';

/** The shipped demo catalogue read from disk: what the browser fetches, for tests under Node. */
export const readDemoCatalogueFile: DemoCatalogueSource = async () =>
  JSON.parse(await readFile('src/adapters/demo-catalogue/demo-catalogue.json', 'utf8')) as unknown;
