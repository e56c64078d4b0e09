import type { Page, Route } from '@playwright/test';
import type { FakeRealtime } from '../support/supabase/fake-realtime';
import type { FakeSupabase } from '../support/supabase/fake-supabase';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'apikey, authorization, x-client-info, content-type, accept-profile, content-profile, prefer, x-supabase-api-version, range',
  'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version',
};

/** Every request of the page to the project URL is answered by `fake` (checked, then run in the test database). */
export async function routeSupabase(page: Page, fake: FakeSupabase): Promise<void> {
  await page.route(`${fake.url}/**`, async (route: Route) => {
    const request = route.request();
    // The browser's CORS preflight, as Supabase's gateway answers it.
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !name.startsWith(':') && !['host', 'connection', 'content-length'].includes(name)),
    );
    const bytes = request.postDataBuffer();
    const response = await fake.fetch(request.url(), {
      method: request.method(),
      headers,
      // The bytes as sent: postData() decodes them as UTF-8, which mangles an uploaded picture.
      body: bytes ? new Uint8Array(bytes) : undefined,
    });
    const responseHeaders: Record<string, string> = { ...CORS };
    response.headers.forEach((value, key) => (responseHeaders[key] = value));
    return route.fulfill({ status: response.status, headers: responseHeaders, body: Buffer.from(await response.arrayBuffer()) });
  });
}

/** The page's Realtime socket (wss://<project>/realtime/v1/websocket) is served by `realtime`, frame for frame. */
export async function routeRealtime(page: Page, realtime: FakeRealtime): Promise<void> {
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    const socket = new realtime.transport(ws.url());
    socket.onmessage = ({ data }) => ws.send(data);
    socket.onclose = () => void ws.close().catch(() => undefined);
    ws.onMessage((message) => socket.send(message));
    ws.onClose((code, reason) => socket.close(code, reason));
  });
}
