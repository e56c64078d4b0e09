// The Storage part of the fake Supabase project (tests/support/supabase/fake-supabase.ts routes
// /storage/v1/ here): the endpoints supabase-js's Storage client calls for an upload
// (POST /object/<bucket>/<path>), a removal (DELETE /object/<bucket> with { prefixes }), and the
// public object a page shows (GET /object/public/<bucket>/<path>). As Supabase Storage does, it
// checks the bucket's allowed_mime_types and file_size_limit, then writes or deletes the rows of
// storage.objects in the test database under the caller's role and JWT claims, so the bucket's
// row-level security policies decide; the bytes are kept in memory, by bucket and path.
//
// Errors have Storage's shape: HTTP 400 (500 for its own failures) with
// { statusCode: '<the real status>', code, error, message } (supabase/storage:
// src/internal/errors/codes.ts and the HTTP error handler).
import { verifyJwt, type Claims } from './jwt';

/** The test database, as fake-supabase.ts's SqlRunner. */
interface SqlRunner {
  query(sql: string, params?: unknown[], as?: { role: Claims['role'] | 'postgres'; claims?: object }): Promise<Array<Record<string, unknown>>>;
}

/** The project's global upload limit (supabase/config.toml, [storage] file_size_limit = "5MiB"). */
const GLOBAL_FILE_SIZE_LIMIT = 5 * 1024 * 1024;

interface StoredFile {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

interface PgError {
  code?: string;
  message?: string;
}

/** Storage's error answer: HTTP 400 carrying the real status in the body, 500 as itself. */
function storageError(statusCode: number, code: string, error: string, message: string): Response {
  return new Response(JSON.stringify({ statusCode: String(statusCode), code, error, message }), {
    status: statusCode >= 500 ? 500 : 400,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

const ERRORS = {
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', 'InvalidJWT', message),
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidMimeType: (mimeType: string) => storageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  entityTooLarge: () => storageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  accessDenied: () => storageError(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  keyAlreadyExists: () => storageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  noContent: () => storageError(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
};

/** `image/png` against a bucket's list, whose entries may end in `/*` (image/*). */
function mimeTypeAllowed(mimeType: string, allowed: readonly string[] | null): boolean {
  if (allowed === null || allowed.length === 0) return true;
  const [type] = mimeType.split(';');
  const wanted = (type ?? '').trim().toLowerCase();
  return allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule.endsWith('/*') ? wanted.startsWith(rule.slice(0, -1)) : wanted === rule;
  });
}

export class FakeStorage {
  /** The files' bytes, keyed `<bucket>/<path>`. */
  private readonly files = new Map<string, StoredFile>();

  constructor(
    private readonly db: SqlRunner,
    private readonly violation: (what: string) => Response,
    private readonly now: () => number,
  ) {}

  /** How many files' bytes are kept (a refused upload must leave none). */
  get fileCount(): number {
    return this.files.size;
  }

  /** Forgets every file's bytes (the database was reset). */
  clear(): void {
    this.files.clear();
  }

  /** A public object's GET, as a page's <img> sends it: no apikey, no token. */
  isPublicRead(request: Request, url: URL): boolean {
    return request.method === 'GET' && url.pathname.startsWith('/storage/v1/object/public/');
  }

  async handle(request: Request, url: URL): Promise<Response> {
    if (this.isPublicRead(request, url)) return this.publicObject(url);
    // Storage's other object routes (list, sign, move, copy…) share the prefix: none is an upload.
    const upload = /^\/storage\/v1\/object\/(?!(?:list|sign|move|copy|info|public|authenticated|upload)\/)([^/]+)\/(.+)$/.exec(url.pathname);
    if (upload && request.method === 'POST') return this.upload(request, decodeURIComponent(upload[1]!), this.objectName(upload[2]!));
    const bucket = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname);
    if (bucket && request.method === 'DELETE') return this.remove(request, decodeURIComponent(bucket[1]!));
    return this.violation(`${request.method} ${url.pathname} is not a Storage endpoint the shop uses`);
  }

  private objectName(path: string): string {
    return path.split('/').map(decodeURIComponent).join('/');
  }

  /** The caller's claims (the anon key's or a user's), or Storage's refusal of the token. */
  private caller(request: Request): { claims: Claims } | { refusal: Response } {
    const match = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '');
    if (!match) return { refusal: this.violation('Storage request without "Authorization: Bearer <jwt>"') };
    const claims = verifyJwt(match[1]!);
    if (!claims) return { refusal: ERRORS.invalidJwt('invalid signature') };
    if (claims.exp * 1000 <= this.now()) return { refusal: ERRORS.invalidJwt('"exp" claim timestamp check failed') };
    return { claims };
  }

  private async bucket(id: string): Promise<Bucket | null> {
    const [row] = await this.db.query('select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [id], { role: 'postgres' });
    return (row as Bucket | undefined) ?? null;
  }

  /** Runs `sql` as Storage runs it for the caller: their role, their claims, RLS applied. */
  private async asCaller(sql: string, params: unknown[], claims: Claims): Promise<{ rows: Array<Record<string, unknown>> } | { refusal: Response }> {
    try {
      return { rows: await this.db.query(sql, params, { role: claims.role, claims }) };
    } catch (error) {
      const pg = error as PgError;
      if (pg.code === '42501') return { refusal: ERRORS.accessDenied() };
      if (pg.code === '23505') return { refusal: ERRORS.keyAlreadyExists() };
      if (!pg.code) throw error;
      return { refusal: storageError(500, 'DatabaseError', 'DatabaseError', pg.message ?? 'database error') };
    }
  }

  /** The file and its type: a raw body (Content-Type) or multipart form data (the part named ""). */
  private async body(request: Request): Promise<{ bytes: Uint8Array; mimetype: string; cacheControl: string } | Response> {
    const contentType = request.headers.get('content-type') ?? '';
    if (contentType.startsWith('multipart/form-data')) {
      const form = await request.formData();
      const file = form.get('');
      if (!(file instanceof Blob)) return this.violation('multipart upload without its file part');
      const cacheControl = form.get('cacheControl');
      return {
        bytes: new Uint8Array(await file.arrayBuffer()),
        mimetype: file.type || 'text/plain;charset=UTF-8',
        cacheControl: `max-age=${typeof cacheControl === 'string' ? cacheControl : '3600'}`,
      };
    }
    if (contentType === '') return this.violation('raw upload without Content-Type');
    return {
      bytes: new Uint8Array(await request.arrayBuffer()),
      mimetype: contentType,
      cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    };
  }

  private async upload(request: Request, bucketId: string, name: string): Promise<Response> {
    const caller = this.caller(request);
    if ('refusal' in caller) return caller.refusal;
    const upsert = request.headers.get('x-upsert');
    if (upsert !== null && upsert !== 'false') return this.violation(`x-upsert ${upsert}: the shop never replaces a picture`);
    const bucket = await this.bucket(bucketId);
    if (!bucket) return ERRORS.noSuchBucket();
    const body = await this.body(request);
    if (body instanceof Response) return body;
    if (body.bytes.length === 0) return ERRORS.noContent();
    if (!mimeTypeAllowed(body.mimetype, bucket.allowed_mime_types)) return ERRORS.invalidMimeType(body.mimetype);
    const bucketLimit = bucket.file_size_limit === null ? GLOBAL_FILE_SIZE_LIMIT : Number(bucket.file_size_limit);
    if (body.bytes.length > Math.min(bucketLimit, GLOBAL_FILE_SIZE_LIMIT)) return ERRORS.entityTooLarge();
    const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    const metadata = {
      eTag: `"${body.bytes.length}-${name}"`,
      size: body.bytes.length,
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date(this.now()).toISOString(),
      contentLength: body.bytes.length,
      httpStatusCode: 200,
    };
    const inserted = await this.asCaller(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
       values ($1, $2, $3::uuid, $4, $5::jsonb, gen_random_uuid()::text) returning id`,
      [bucketId, name, owner, owner, JSON.stringify(metadata)],
      caller.claims,
    );
    if ('refusal' in inserted) return inserted.refusal;
    this.files.set(`${bucketId}/${name}`, { bytes: body.bytes, mimetype: body.mimetype, cacheControl: body.cacheControl });
    return Response.json({ Id: inserted.rows[0]!.id, Key: `${bucketId}/${name}` });
  }

  private async remove(request: Request, bucketId: string): Promise<Response> {
    const caller = this.caller(request);
    if ('refusal' in caller) return caller.refusal;
    if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return this.violation("a removal's body is JSON");
    const body = (await request.json()) as { prefixes?: unknown };
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
      return this.violation('a removal names 1 to 1000 paths in { prefixes }');
    }
    if (!(await this.bucket(bucketId))) return ERRORS.noSuchBucket();
    // Storage deletes what the caller may delete (the delete policy filters, without error).
    const deleted = await this.asCaller(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
       returning name, bucket_id, owner, owner_id, id, updated_at, created_at, last_accessed_at, metadata, version`,
      [bucketId, prefixes],
      caller.claims,
    );
    if ('refusal' in deleted) return deleted.refusal;
    for (const row of deleted.rows) this.files.delete(`${bucketId}/${String(row.name)}`);
    return Response.json(deleted.rows);
  }

  /** A public bucket's object, served whatever the policies say (the bucket is public). */
  private async publicObject(url: URL): Promise<Response> {
    const match = /^\/storage\/v1\/object\/public\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) return ERRORS.noSuchKey();
    const bucketId = decodeURIComponent(match[1]!);
    const name = this.objectName(match[2]!);
    const bucket = await this.bucket(bucketId);
    if (!bucket?.public) return ERRORS.noSuchBucket();
    const [row] = await this.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, name], { role: 'postgres' });
    const file = this.files.get(`${bucketId}/${name}`);
    if (!row || !file) return ERRORS.noSuchKey();
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { 'Content-Type': file.mimetype, 'Content-Length': String(file.bytes.length), 'Cache-Control': file.cacheControl },
    });
  }
}
