import { expect } from 'vitest';

/** The browser's preflight before functions.invoke: allowed from any origin, with supabase-js's headers. */
export async function expectCorsPreflightAnswered(functionUrl: string): Promise<void> {
  const response = await fetch(functionUrl, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:4173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
    },
  });
  expect(response.ok).toBe(true);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
  expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']));
}
