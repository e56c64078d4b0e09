// Types of generate-seed.mjs, for the test that checks the committed seed against the generator.
export const CATALOGUE_FILE: string;
export const SEED_FILE: string;
export function seedSql(catalogue: unknown): string;
export function readCatalogue(file?: string): unknown;
