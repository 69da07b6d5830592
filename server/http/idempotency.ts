import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { createHash } from 'node:crypto';
import type { AppEnv, AuthContext } from '../context';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema/http';
import { BadRequestError, ConflictError, UnprocessableError } from './errors';

const HEADER = 'idempotency-key';
const TTL_MS = 24 * 3600_000;

/**
 * Secrets shown once (`sk_…` API keys, `whsec_…` webhook signing secrets) as whole JSON string
 * values. A response carrying one is never stored, whatever route produced it.
 */
const SECRET_VALUE = /"(?:sk_[A-Za-z0-9_-]{40,}|whsec_[A-Za-z0-9+/]{40,}={0,2})"/;

/**
 * `Idempotency-Key` on POST: the first response is stored for 24 hours per caller (the API key or
 * the signed-in user, never just the organization) and replayed for a repeat with the same request;
 * the same key with another request is `422`, and a repeat while the first is still running is
 * `409`. Server errors are not stored, so a retry really retries. A response that reveals a secret
 * is not stored either: its repeat is a `409` saying so.
 *
 * It runs as the last middleware of each POST route (see `createRouter`), after every
 * authorization check, so a replay is never served to someone the route would refuse. The body
 * is hashed as it streams to the handler, so an upload is never held in memory for it.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(HEADER);
  const auth = c.get('auth');
  if (c.req.method !== 'POST' || key === undefined || !auth) return next();
  if (key.length < 1 || key.length > 255) throw new BadRequestError('Idempotency-Key must be 1 to 255 characters');

  const { db } = c.get('services');
  const record = { organizationId: auth.organizationId, key: `${callerOf(auth)}|${key}` };
  const where = and(eq(idempotencyKeys.organizationId, record.organizationId), eq(idempotencyKeys.key, record.key));

  if (!(await claim(db, record))) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing || existing.state === 'running') {
      throw new ConflictError('A request with this Idempotency-Key is still being processed');
    }
    if (existing.requestHash !== (await hashWholeBody(c))) {
      throw new UnprocessableError('This Idempotency-Key was already used with a different request');
    }
    if (existing.state === 'secret-withheld') {
      throw new ConflictError(
        'The first request with this Idempotency-Key succeeded, but its response showed a secret that is never stored, ' +
          'so it cannot be replayed. Look the result up instead (a new API key or webhook endpoint is listed), ' +
          'or send a new Idempotency-Key to create another.',
      );
    }
    return new Response(existing.responseBody, {
      status: existing.responseStatus ?? 200,
      headers: { 'content-type': existing.responseContentType ?? 'application/json', 'idempotent-replayed': 'true' },
    });
  }

  const body = hashBodyAsItStreams(c);
  try {
    await next();
  } finally {
    // Runs for thrown errors as well, which Hono has not turned into a response at this level.
    await settle(c, db, where, body);
  }
});

/** Stores the outcome, or frees the key when there is nothing a repeat should see again. */
async function settle(c: Context<AppEnv>, db: Executor, where: ReturnType<typeof and>, body: StreamedBodyHash) {
  // A 429 says "later", not "this is the outcome": a retry after its Retry-After must run again.
  const requestHash = c.finalized && c.res.status < 500 && c.res.status !== 429 ? await body.digest() : undefined;
  if (requestHash === undefined) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const responseBody = await c.res.clone().text();
  const carriesSecret = SECRET_VALUE.test(responseBody);
  await db
    .update(idempotencyKeys)
    .set({
      state: carriesSecret ? 'secret-withheld' : 'completed',
      requestHash,
      responseStatus: c.res.status,
      responseBody: carriesSecret ? null : responseBody,
      responseContentType: carriesSecret ? null : c.res.headers.get('content-type'),
    })
    .where(where);
}

function callerOf(auth: AuthContext): string {
  if (auth.apiKeyId) return `key:${auth.apiKeyId}`;
  return `user:${auth.userId ?? 'unknown'}`;
}

type StreamedBodyHash = { digest(): Promise<string | undefined> };

function requestHasher(c: Context) {
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n`);
}

/**
 * Swaps the request's body for a pass-through that hashes each chunk on its way to whoever reads
 * it (a validator, the streaming upload parser). `digest` reads what the handler left unread; it
 * gives nothing if the handler stopped reading partway, since the request was not seen whole.
 */
function hashBodyAsItStreams(c: Context): StreamedBodyHash {
  const hash = requestHasher(c);
  const raw = c.req.raw;
  if (!raw.body) return { digest: async () => hash.digest('hex') };
  let complete = false;
  const tapped = raw.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        controller.enqueue(chunk);
      },
      flush() {
        complete = true;
      },
    }),
  );
  c.req.raw = new Request(raw, { body: tapped, duplex: 'half' } as RequestInit);
  return {
    async digest() {
      if (!complete && !tapped.locked) await drain(tapped);
      return complete ? hash.digest('hex') : undefined;
    },
  };
}

/** The hash of a repeat's body, read to the end without keeping it. */
async function hashWholeBody(c: Context): Promise<string> {
  const hash = requestHasher(c);
  const body = c.req.raw.body;
  if (body) for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

async function drain(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}

async function claim(db: Executor, row: { organizationId: string; key: string }): Promise<boolean> {
  const insert = () =>
    db
      .insert(idempotencyKeys)
      // The request's hash is known once its body has streamed through; until then the key is `running`.
      .values({ ...row, requestHash: '', state: 'running', expiresAt: new Date(Date.now() + TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  if ((await insert()).length > 0) return true;
  // A key past its 24 hours is free again even if the clean-up job has not removed it yet.
  const expired = await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.organizationId, row.organizationId), eq(idempotencyKeys.key, row.key), lt(idempotencyKeys.expiresAt, new Date())))
    .returning({ key: idempotencyKeys.key });
  return expired.length > 0 && (await insert()).length > 0;
}

export async function deleteExpiredIdempotencyKeys(db: Executor): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date())).returning({ key: idempotencyKeys.key });
  return removed.length;
}
