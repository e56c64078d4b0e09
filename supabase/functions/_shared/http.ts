import { corsHeaders } from './cors.ts';

/** A JSON answer the browser may read (CORS headers on every answer, errors included). */
export function json(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
