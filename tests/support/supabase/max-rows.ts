// PostgREST's max_rows, as supabase/config.toml sets it for the project ([api] max_rows): a read
// answers at most this many rows, whatever limit it asks or none, and says so in Content-Range.
// The fakes of PostgREST apply it, so that a read that does not page fails in the tests as it
// would silently lose rows on Supabase.
import { readFileSync } from 'node:fs';

const config = readFileSync(new URL('../../../supabase/config.toml', import.meta.url), 'utf8');
const setting = /^\s*max_rows\s*=\s*(\d+)\s*$/m.exec(config);
if (!setting) throw new Error('supabase/config.toml sets no [api] max_rows');

export const MAX_ROWS = Number(setting[1]);
