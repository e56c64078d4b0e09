// Types of run-pgtap.mjs, for the test of its counting.
export function countTap(output: string, files: readonly string[]): { passed: number; failed: number; broken: string[] };
