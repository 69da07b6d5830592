import { createHash } from 'node:crypto';
import { RichText } from '@atproto/api';
import { TID } from '@atproto/common-web';

export const POST_COLLECTION = 'app.bsky.feed.post';

export type StrongRef = { uri: string; cid: string };

/** A blob as `uploadBlob` answers it; records embed it as it is. */
export type BlobRef = { $type: 'blob'; ref: { $link: string }; mimeType: string; size: number };

/**
 * The record key of the `part`-th record an intent writes (decision 059). Deterministic, so a
 * repeat of the intent (after a crash) finds what the first attempt wrote instead of writing
 * again. It is a valid TID, as Bluesky wants post keys to be: the time part is when the post was
 * due (plus the part's index in milliseconds, so a thread sorts in order) and the intent's hash
 * fills the sub-millisecond digits and the clock id, so two posts due at the same millisecond
 * differ.
 */
export function recordKey(intentKey: string, part: number, at: Date): string {
  const hash = createHash('sha256').update(`${intentKey}#${part}`).digest();
  const micros = (at.getTime() + part) * 1000 + (hash.readUInt16BE(0) % 1000);
  return TID.fromTime(micros, hash.readUInt16BE(2) % 1024).toString();
}

/** When a record key says its record was written: comments follow their post by this. */
export function timeOfKey(rkey: string): Date | null {
  if (!TID.is(rkey)) return null;
  return new Date(Math.floor(TID.fromStr(rkey).timestamp() / 1000));
}

export function parseAtUri(uri: string): { repo: string; collection: string; rkey: string } | null {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(uri);
  return match ? { repo: match[1]!, collection: match[2]!, rkey: match[3]! } : null;
}

export function postUri(did: string, rkey: string): string {
  return `at://${did}/${POST_COLLECTION}/${rkey}`;
}

/**
 * The public web address of a post in the Bluesky app at `appUrl` (`BLUESKY_APPVIEW_URL`: bsky.app,
 * or a self-hosted network's own); the DID keeps it valid when the handle changes.
 */
export function permalinkOf(appUrl: string, did: string, rkey: string): string {
  return `${profileUrlOf(appUrl, did)}/post/${rkey}`;
}

export function profileUrlOf(appUrl: string, did: string): string {
  return `${appUrl}/profile/${did}`;
}

/**
 * Text with its links, hashtags and mentions as facets (byte ranges), as Bluesky needs them:
 * the text alone shows them as plain text. Mentions whose handle does not resolve stay plain.
 */
export async function richText(text: string, resolveHandle: (handle: string) => Promise<string | null>) {
  const rich = new RichText({ text });
  rich.detectFacetsWithoutResolution();
  const facets = [];
  for (const facet of rich.facets ?? []) {
    const features = [];
    for (const feature of facet.features) {
      if (feature.$type === 'app.bsky.richtext.facet#mention') {
        const did = await resolveHandle(String((feature as { did: string }).did));
        if (did) features.push({ ...feature, did });
      } else features.push(feature);
    }
    if (features.length > 0) facets.push({ ...facet, features });
  }
  return { text: rich.text, facets: facets.length > 0 ? facets : undefined };
}
