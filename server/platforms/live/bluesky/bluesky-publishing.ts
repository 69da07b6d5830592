import type { ConnectorEnv, Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishingCapability, PublishMedia, PublishRequest, PublishResult } from '../../publishing';
import { didOf } from './bluesky-session';
import type { BlueskyXrpc } from './bluesky-xrpc';
import { parseAtUri, permalinkOf, POST_COLLECTION, postUri, recordKey, richText, timeOfKey, type BlobRef, type StrongRef } from './bluesky-records';

type Options = {
  text?: string | null;
  uploadIds?: string[] | null;
  mediaItems?: { uploadId: string; altText?: string | null }[] | null;
  thread?: { text: string; uploadIds?: string[] | null }[] | null;
  tags?: string[] | null;
  labels?: string[] | null;
  quoteUri?: string;
  externalUrl?: string | null;
  externalTitle?: string | null;
  externalDescription?: string | null;
  videoAlt?: string | null;
  langs?: string[] | null;
};

/** One post of what a request publishes: the first, then each thread entry replying to the one before. */
type Part = { text: string; media: { medium: PublishMedia; alt: string }[]; first: boolean };

type PostRecord = { text?: string; reply?: { root: StrongRef; parent: StrongRef } };

export function blueskyPublishing(xrpc: BlueskyXrpc, appUrl: string): PublishingCapability {
  const call = (credentials: Credentials) => {
    const did = didOf(credentials.accessToken);
    const common = { token: credentials.accessToken, account: did };
    return {
      did,
      async getPost(rkey: string): Promise<(StrongRef & { value: PostRecord }) | null> {
        return xrpc
          .query<StrongRef & { value: PostRecord }>({
            ...common,
            nsid: 'com.atproto.repo.getRecord',
            params: { repo: did, collection: POST_COLLECTION, rkey },
            operation: 'publishing.find',
          })
          .catch((error: unknown) => {
            // A PDS answers a missing record with 400 `RecordNotFound`, read as NOT_FOUND.
            if (error instanceof PlatformError && error.code === 'NOT_FOUND') return null;
            throw error;
          });
      },
      async create(rkey: string, record: Record<string, unknown>, operation: string): Promise<StrongRef> {
        const created = await xrpc.procedure<StrongRef>({
          ...common,
          nsid: 'com.atproto.repo.createRecord',
          body: { repo: did, collection: POST_COLLECTION, rkey, record },
          operation,
        });
        return { uri: created.uri, cid: created.cid };
      },
      async resolveHandle(handle: string): Promise<string | null> {
        return xrpc
          .query<{ did: string }>({ ...common, nsid: 'com.atproto.identity.resolveHandle', params: { handle }, operation: 'publishing.mention' })
          .then((answer) => answer.did)
          .catch(() => null);
      },
      async uploadBlob(env: ConnectorEnv, medium: PublishMedia): Promise<BlobRef> {
        const bytes = await readAll(env, medium);
        const answer = await xrpc.procedure<{ blob: BlobRef }>({
          ...common,
          nsid: 'com.atproto.repo.uploadBlob',
          body: bytes,
          contentType: medium.mime ?? (medium.type === 'video' ? 'video/mp4' : 'image/jpeg'),
          operation: 'publishing.upload',
          // A video of up to 100 MB takes longer than a call's usual timeout (as Mastodon's and Slack's uploads).
          timeoutMs: 120_000,
        });
        return answer.blob;
      },
      /** Any post, the account's or another person's (the PDS asks the AppView for records it does not hold). */
      async record(uri: string, operation: string): Promise<StrongRef & { value: PostRecord }> {
        const parts = parseAtUri(uri);
        if (!parts) throw invalid(`${uri} is not an at:// post URI`, operation);
        const found = await xrpc.query<StrongRef & { value: PostRecord }>({ ...common, nsid: 'com.atproto.repo.getRecord', params: parts, operation });
        return { uri: found.uri, cid: found.cid, value: found.value };
      },
    };
  };
  type Session = ReturnType<typeof call>;

  /** The record of one part; its blobs are uploaded only now, when the part is not yet on the PDS. */
  async function recordOf(env: ConnectorEnv, session: Session, part: Part, request: PublishRequest, reply: { root: StrongRef; parent: StrongRef } | null) {
    const options = request.options as Options;
    const { text, facets } = await richText(part.text, session.resolveHandle);
    const record: Record<string, unknown> = { $type: POST_COLLECTION, text, createdAt: new Date().toISOString(), ...(facets ? { facets } : {}) };
    if (reply) record.reply = reply;
    // Every part of a thread is a post readers and feeds filter by language, as the Bluesky app sets it on each.
    if (options.langs?.length) record.langs = options.langs;
    if (part.first && options.tags?.length) record.tags = options.tags;
    if (part.first && options.labels?.length) record.labels = { $type: 'com.atproto.label.defs#selfLabels', values: options.labels.map((val) => ({ val })) };
    let media: Record<string, unknown> | null = null;
    const video = part.media.find((item) => item.medium.type === 'video');
    if (video) {
      const blob = await session.uploadBlob(env, video.medium);
      media = { $type: 'app.bsky.embed.video', video: blob, ...(video.alt ? { alt: video.alt } : {}), ...aspectRatio(video.medium) };
    } else if (part.media.length > 0) {
      const images = [];
      for (const item of part.media) images.push({ image: await session.uploadBlob(env, item.medium), alt: item.alt, ...aspectRatio(item.medium) });
      media = { $type: 'app.bsky.embed.images', images };
    }
    const quote = part.first && options.quoteUri ? strongRefOf(await session.record(options.quoteUri, 'publishing.quote')) : null;
    if (quote && media) record.embed = { $type: 'app.bsky.embed.recordWithMedia', record: { $type: 'app.bsky.embed.record', record: quote }, media };
    else if (quote) record.embed = { $type: 'app.bsky.embed.record', record: quote };
    else if (media) record.embed = media;
    else if (part.first && options.externalUrl) {
      // The card's image is a blob of the account's repository, as the Bluesky app uploads it.
      const thumb = request.thumbnail ? await session.uploadBlob(env, request.thumbnail) : null;
      record.embed = {
        $type: 'app.bsky.embed.external',
        external: {
          uri: options.externalUrl,
          title: options.externalTitle ?? '',
          description: options.externalDescription ?? '',
          ...(thumb ? { thumb } : {}),
        },
      };
    }
    return record;
  }

  /**
   * Writes the parts that are not on the PDS yet, each under its deterministic key: a repeat after
   * a crash (or a retry after one part failed) completes the thread without writing anything twice.
   */
  async function publishParts(env: ConnectorEnv, credentials: Credentials, request: PublishRequest): Promise<PublishResult> {
    const operation = 'publishing.publish';
    const session = call(credentials);
    const options = request.options as Options;
    const parts = partsOf(options, request);
    const at = request.publishAt ?? new Date(0);
    let root: StrongRef | null = null;
    let parent: StrongRef | null = null;
    const later: string[] = [];
    for (const [index, part] of parts.entries()) {
      const rkey = recordKey(request.intentKey, index, at);
      const existing = await session.getPost(rkey);
      if (existing && (existing.value.text ?? '') !== part.text) {
        throw new PlatformError({
          code: 'PERMANENT',
          message: `Bluesky already has another post under the key ${rkey}`,
          httpStatus: 409,
          meta: { platform: 'BLUESKY', operation },
        });
      }
      const reply = root && parent ? { root, parent } : null;
      const ref: StrongRef = existing
        ? { uri: existing.uri, cid: existing.cid }
        : await session.create(rkey, await recordOf(env, session, part, request, reply), operation);
      if (root) later.push(ref.uri);
      root ??= ref;
      parent = ref;
    }
    return resultOf(appUrl, session.did, root!, later);
  }

  return {
    publish: (env, credentials, _target, request) => publishParts(env, credentials, request),

    async findByIntent(_env, credentials, _target, intentKey, request) {
      const session = call(credentials);
      const options = (request?.options ?? {}) as Options;
      const count = 1 + (options.thread?.length ?? 0);
      const at = request?.publishAt ?? new Date(0);
      // Only a complete thread counts as published: a partial one is finished by publishing again.
      const last = await session.getPost(recordKey(intentKey, count - 1, at));
      if (!last) return null;
      const root = count === 1 ? last : await session.getPost(recordKey(intentKey, 0, at));
      const later = Array.from({ length: count - 1 }, (_, index) => postUri(session.did, recordKey(intentKey, index + 1, at)));
      return root ? resultOf(appUrl, session.did, root, later) : null;
    },

    async comment(_env, credentials, _target, request) {
      const operation = 'publishing.comment';
      const session = call(credentials);
      const { post, root } = await replyTarget(session, request.externalData, operation, request.firstComment === true);
      const parentKey = parseAtUri(post.uri)!.rkey;
      const rkey = recordKey(request.intentKey, 0, new Date((timeOfKey(parentKey) ?? new Date(0)).getTime() + 1000));
      const existing = await session.getPost(rkey);
      const ref: StrongRef = existing
        ? { uri: existing.uri, cid: existing.cid }
        : await session.create(
            rkey,
            {
              $type: POST_COLLECTION,
              ...(await richText(request.text, session.resolveHandle)),
              createdAt: new Date().toISOString(),
              reply: { root, parent: post },
            },
            operation,
          );
      return { id: parseAtUri(ref.uri)!.rkey, permalink: permalinkOf(appUrl, session.did, parseAtUri(ref.uri)!.rkey) };
    },
  };
}

/**
 * What a comment replies to and the root of its thread. Our own posts and comments keep their
 * `uri`, `cid` (and `rootUri`/`rootCid` for replies); an imported comment is known by its at://
 * URI alone (`id`), so its record is read for its `cid` and thread root. A thread's first comment
 * follows the thread: it answers the last part (`threadUris`), read for its `cid`.
 */
async function replyTarget(
  session: { record(uri: string, operation: string): Promise<StrongRef & { value: PostRecord }> },
  data: Record<string, string>,
  operation: string,
  firstComment: boolean,
) {
  const lastPart = firstComment ? data.threadUris?.split(' ').filter(Boolean).pop() : undefined;
  if (lastPart) {
    const found = await session.record(lastPart, operation);
    const post = strongRefOf(found);
    return { post, root: found.value.reply ? strongRefOf(found.value.reply.root) : post };
  }
  if (data.uri && data.cid && parseAtUri(data.uri)) {
    const post: StrongRef = { uri: data.uri, cid: data.cid };
    // The post's own thread root, when the post is itself a reply.
    return { post, root: data.rootUri && data.rootCid ? { uri: data.rootUri, cid: data.rootCid } : post };
  }
  if (!data.id?.startsWith('at://')) throw invalid('The post has no Bluesky record to reply to', operation);
  const found = await session.record(data.id, operation);
  const post = strongRefOf(found);
  return { post, root: found.value.reply?.root ?? post };
}

const strongRefOf = (ref: StrongRef): StrongRef => ({ uri: ref.uri, cid: ref.cid });

/**
 * What a published post keeps: the root's record, and for a thread its length and the URIs of its
 * later parts (`threadUris`, space-separated, as `externalData` holds strings), which deleting the
 * post deletes too: each part is a record of its own that outlives its parent.
 */
function resultOf(appUrl: string, did: string, root: StrongRef, later: string[]): PublishResult {
  const rkey = parseAtUri(root.uri)!.rkey;
  const thread: Record<string, string> = later.length > 0 ? { threadLength: String(later.length + 1), threadUris: later.join(' ') } : {};
  return { externalData: { id: rkey, uri: root.uri, cid: root.cid, permalink: permalinkOf(appUrl, did, rkey), did, ...thread } };
}

function partsOf(options: Options, request: PublishRequest): Part[] {
  const byId = new Map([...request.media, ...(request.threadMedia ?? [])].map((medium) => [medium.id, medium]));
  const pick = (ids: { id: string; alt: string }[]) => ids.flatMap(({ id, alt }) => (byId.has(id) ? [{ medium: byId.get(id)!, alt }] : []));
  const first = options.mediaItems?.length
    ? pick(options.mediaItems.map((item) => ({ id: item.uploadId, alt: item.altText ?? '' })))
    : pick((options.uploadIds ?? []).map((id) => ({ id, alt: '' })));
  const videoAlt = options.videoAlt ?? '';
  return [
    { text: options.text ?? '', media: first.map((item) => (item.medium.type === 'video' && !item.alt ? { ...item, alt: videoAlt } : item)), first: true },
    ...(options.thread ?? []).map((entry) => ({ text: entry.text, media: pick((entry.uploadIds ?? []).map((id) => ({ id, alt: '' }))), first: false })),
  ];
}

function aspectRatio(medium: PublishMedia) {
  return medium.width && medium.height ? { aspectRatio: { width: medium.width, height: medium.height } } : {};
}

async function readAll(env: ConnectorEnv, medium: PublishMedia): Promise<Buffer> {
  if (!env.storage) throw new Error('publishing to Bluesky needs the upload storage');
  const chunks: Buffer[] = [];
  for await (const chunk of env.storage.open(medium.key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function invalid(message: string, operation: string) {
  return new PlatformError({ code: 'INVALID_REQUEST', message, httpStatus: 400, meta: { platform: 'BLUESKY', operation } });
}
