import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { uploadMedia } from './posts-test-kit';

/**
 * The spec's per-platform rules through the public route: each case is a draft post (drafts need
 * no connected account but get every content and media check), answered 200 when valid and 400
 * with an issue whose path points into data.<PLATFORM> when not.
 */
const t = await createTestApp();
let key = '';
let teamId = '';
const media: Record<'VIDEO' | 'LANDSCAPE' | 'IMAGE' | 'IMAGE2' | 'PNG', string> = { VIDEO: '', LANDSCAPE: '', IMAGE: '', IMAGE2: '', PNG: '' };

beforeAll(async () => {
  ({ key, teamId } = await t.createOrg('PRO'));
  media.VIDEO = (await uploadMedia(t, key, 'vertical-3s.mp4')).id;
  media.LANDSCAPE = (await uploadMedia(t, key, 'landscape-5s.mp4')).id;
  media.IMAGE = (await uploadMedia(t, key, 'square-1080.jpg')).id;
  media.IMAGE2 = (await uploadMedia(t, key, 'square-1080.jpg')).id;
  media.PNG = (await uploadMedia(t, key, 'link-card-1200x628.png')).id;
});

describe('Bluesky image size', () => {
  it('refuses an image over 1,000,000 bytes, in the post or its thread, with the limit in the message', async () => {
    const big = await uploadMedia(t, key, 'noise-700.png');
    for (const options of [
      { text: 'Big', uploadIds: [big.id] },
      { text: 'Small', uploadIds: [media.IMAGE], thread: [{ text: 'Then big', uploadIds: [big.id] }] },
      // A link card's image is a blob under the same limit.
      { text: 'Card', externalUrl: 'https://example.com', thumbnail: big.id },
    ]) {
      const refused = await draft('BLUESKY', options);
      expect(refused.status).toBe(400);
      expect(refused.json.message).toMatch(/Bluesky images are limited to 1,000,000 bytes; this one has 1,\d{3},\d{3} bytes/);
      const paths = (refused.json.issues as { path: (string | number)[] }[]).map((issue) => issue.path.join('.'));
      expect(paths).toEqual([options.thread ? 'data.BLUESKY.thread.0.uploadIds.0' : options.thumbnail ? 'data.BLUESKY.thumbnail' : 'data.BLUESKY.uploadIds.0']);
    }
    // Other platforms take the same file.
    expect((await draft('MASTODON', { text: 'Big', uploadIds: [big.id] })).status).toBe(200);
  });
});

/** Placeholders in options ('$VIDEO', '$IMAGE'...) become the ids of real uploads. */
function withMedia(value: unknown): unknown {
  if (typeof value === 'string' && value.startsWith('$')) return media[value.slice(1) as keyof typeof media] ?? value;
  if (Array.isArray(value)) return value.map(withMedia);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMedia(v)]));
  return value;
}

async function draft(platform: string, options: Record<string, unknown>) {
  return t.request('POST', '/post', {
    key,
    body: {
      teamId,
      title: `${platform} rule`,
      postDate: new Date(Date.now() + 86_400_000).toISOString(),
      status: 'DRAFT',
      socialAccountTypes: [platform],
      data: { [platform]: withMedia(options) },
    },
  });
}

type Case = [rule: string, options: Record<string, unknown>, expected: 'valid' | string];
const long = (n: number) => 'x'.repeat(n);
const offer = { text: 'Sale', topicType: 'OFFER', eventStartDate: '2026-12-01T09:00:00Z', offerCouponCode: 'XMAS' };

const cases: Record<string, Case[]> = {
  YOUTUBE: [
    ['title of 100 characters', { uploadIds: ['$VIDEO'], text: long(100) }, 'valid'],
    ['title over 100 characters', { uploadIds: ['$VIDEO'], text: long(101) }, 'text'],
    ['empty title', { uploadIds: ['$VIDEO'], text: '' }, 'text'],
    ['two videos', { uploadIds: ['$VIDEO', '$LANDSCAPE'], text: 'Two' }, 'uploadIds'],
    ['an image instead of a video', { uploadIds: ['$IMAGE'], text: 'Image' }, 'uploadIds'],
    ['description over 5,000', { uploadIds: ['$VIDEO'], text: 'Ok', description: long(5001) }, 'description'],
    ['language tag over 35', { uploadIds: ['$VIDEO'], text: 'Ok', defaultLanguage: `en-${long(33)}` }, 'defaultLanguage'],
    ['image thumbnail', { uploadIds: ['$VIDEO'], text: 'Ok', thumbnail: '$IMAGE' }, 'valid'],
    ['video as thumbnail', { uploadIds: ['$VIDEO'], text: 'Ok', thumbnail: '$LANDSCAPE' }, 'thumbnail'],
  ],
  TIKTOK: [
    ['video with an image cover', { uploadIds: ['$VIDEO'], thumbnail: '$IMAGE' }, 'valid'],
    ['cover that is not an uploaded image', { uploadIds: ['$VIDEO'], thumbnail: '$LANDSCAPE' }, 'thumbnail'],
    ['cover that does not exist', { uploadIds: ['$VIDEO'], thumbnail: 'missing-upload' }, 'thumbnail'],
    ['thumbnail on an IMAGE post', { type: 'IMAGE', uploadIds: ['$IMAGE'], thumbnail: '$IMAGE2' }, 'thumbnail'],
    ['IMAGE post with images', { type: 'IMAGE', uploadIds: ['$IMAGE', '$IMAGE2'], photoCoverIndex: 1 }, 'valid'],
    ['VIDEO post without a video', { uploadIds: ['$IMAGE'] }, 'uploadIds'],
  ],
  TWITTER: [
    ['poll of 2 options for 5 minutes', { text: 'Vote', poll: { options: ['a', 'b'], durationMinutes: 5 } }, 'valid'],
    ['poll of 4 options for 7 days', { text: 'Vote', poll: { options: ['a', 'b', 'c', 'd'], durationMinutes: 10_080 } }, 'valid'],
    ['poll of 1 option', { poll: { options: ['a'], durationMinutes: 60 } }, 'poll.options'],
    ['poll of 5 options', { poll: { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 60 } }, 'poll.options'],
    ['poll shorter than 5 minutes', { poll: { options: ['a', 'b'], durationMinutes: 4 } }, 'poll.durationMinutes'],
    ['poll longer than 7 days', { poll: { options: ['a', 'b'], durationMinutes: 10_081 } }, 'poll.durationMinutes'],
    ['poll with media', { uploadIds: ['$IMAGE'], poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll'],
    ['poll with a quote', { quoteTweetId: '1', poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll'],
    ['poll with a thread', { thread: [{ text: 'more' }], poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll'],
    ['images and a video mixed', { uploadIds: ['$IMAGE', '$VIDEO'] }, 'uploadIds.0'],
  ],
  GOOGLE_BUSINESS: [
    ['OFFER with a start date and a coupon', offer, 'valid'],
    ['OFFER without eventStartDate', { ...offer, eventStartDate: undefined }, 'eventStartDate'],
    ['OFFER without any offer field', { ...offer, offerCouponCode: undefined }, 'offerCouponCode'],
    ['OFFER with a call to action', { ...offer, callToActionType: 'SHOP', callToActionUrl: 'https://shop.example.com' }, 'callToActionType'],
    ['a video', { text: 'Hi', uploadIds: ['$VIDEO'] }, 'uploadIds.0'],
  ],
  SNAPCHAT: [
    ['saved story with a title', { type: 'SAVED_STORY', uploadIds: ['$IMAGE', '$VIDEO'], text: 'Our week' }, 'valid'],
    ['saved story without a title', { type: 'SAVED_STORY', uploadIds: ['$IMAGE'] }, 'text'],
    ['saved story title over 45', { type: 'SAVED_STORY', uploadIds: ['$IMAGE'], text: long(46) }, 'text'],
    ['saved story of 21 snaps', { type: 'SAVED_STORY', uploadIds: Array.from({ length: 21 }, () => '$IMAGE'), text: 'Big' }, 'uploadIds'],
    ['unknown story duration', { uploadIds: ['$IMAGE'], storyDuration: 'ONE_MONTH' }, 'storyDuration'],
  ],
  INSTAGRAM: [
    ['carousel of two images', { carouselItems: [{ uploadId: '$IMAGE' }, { uploadId: '$IMAGE2' }] }, 'valid'],
    ['carousel of one', { carouselItems: [{ uploadId: '$IMAGE' }] }, 'carouselItems'],
    ['tag outside the image', { uploadIds: ['$IMAGE'], tagged: [{ username: 'friend', x: 1.5, y: 0.5 }] }, 'tagged.0.x'],
    ['a PNG image (converted to JPEG at publish)', { uploadIds: ['$PNG'] }, 'valid'],
    ['a reel with an image', { type: 'REEL', uploadIds: ['$IMAGE'] }, 'uploadIds'],
    ['four collaborators', { uploadIds: ['$IMAGE'], collaborators: ['a', 'b', 'c', 'd'] }, 'collaborators'],
  ],
  FACEBOOK: [
    ['reel with a video', { type: 'REEL', uploadIds: ['$VIDEO'] }, 'valid'],
    ['reel without a video', { type: 'REEL', uploadIds: ['$IMAGE'] }, 'uploadIds'],
    ['background preset with media', { text: 'Hi', uploadIds: ['$IMAGE'], textFormatPresetId: 'p1' }, 'textFormatPresetId'],
  ],
  THREADS: [
    ['text of 500', { text: long(500) }, 'valid'],
    ['text over 500', { text: long(501) }, 'text'],
    ['poll with media', { uploadIds: ['$IMAGE'], poll: { optionA: 'a', optionB: 'b' } }, 'poll'],
  ],
  LINKEDIN: [
    ['text with an image', { text: 'Hello', uploadIds: ['$IMAGE'] }, 'valid'],
    ['no text', { uploadIds: ['$IMAGE'] }, 'text'],
    ['link and media', { text: 'Hi', link: 'https://example.com', uploadIds: ['$IMAGE'] }, 'link'],
  ],
  REDDIT: [
    ['text post in a subreddit', { sr: 'r/SideProject', text: 'Title', description: 'Body' }, 'valid'],
    ['bad subreddit name', { sr: 'not a name!', text: 'Title' }, 'sr'],
    ['link and media', { sr: 'pics', text: 'Title', link: 'https://example.com', uploadIds: ['$IMAGE'] }, 'link'],
  ],
  DISCORD: [
    ['message in a channel', { channelId: 'c1', text: 'Hello' }, 'valid'],
    ['no channel', { text: 'Hello' }, 'channelId'],
    ['nothing to send', { channelId: 'c1' }, 'text'],
  ],
  SLACK: [
    ['long message', { channelId: 'c1', text: long(3000) }, 'valid'],
    ['no channel', { text: 'Hello' }, 'channelId'],
    ['blocks with a file', { channelId: 'c1', uploadIds: ['$IMAGE'], blocks: [{ type: 'divider' }] }, 'valid'],
    ['name override with a file', { channelId: 'c1', text: 'Hi', uploadIds: ['$IMAGE'], username: 'Release' }, 'username'],
    ['icon override with a file', { channelId: 'c1', text: 'Hi', uploadIds: ['$IMAGE'], avatarUrl: 'https://example.com/i.png' }, 'avatarUrl'],
    ['text and blocks with a file', { channelId: 'c1', text: 'Hi', uploadIds: ['$IMAGE'], blocks: [{ type: 'divider' }] }, 'blocks'],
    [
      'name, icon, text and blocks without files',
      { channelId: 'c1', text: 'Hi', username: 'Release', avatarUrl: 'https://example.com/i.png', blocks: [{ type: 'divider' }] },
      'valid',
    ],
  ],
  MASTODON: [
    ['status with an image', { text: 'Hi', uploadIds: ['$IMAGE'], privacy: 'UNLISTED' }, 'valid'],
    ['unknown visibility', { text: 'Hi', privacy: 'FRIENDS' }, 'privacy'],
    ['five images', { uploadIds: ['$IMAGE', '$IMAGE', '$IMAGE', '$IMAGE', '$IMAGE'] }, 'uploadIds'],
  ],
  BLUESKY: [
    ['300 emoji count as 300', { text: '😀'.repeat(300) }, 'valid'],
    ['301 characters', { text: long(301) }, 'text'],
    ['nine tags', { text: 'Hi', tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }, 'tags'],
    ['link card and media', { uploadIds: ['$IMAGE'], externalUrl: 'https://example.com' }, 'externalUrl'],
  ],
  PINTEREST: [
    ['pin on a board', { boardName: 'Recipes', text: 'Title', uploadIds: ['$IMAGE'] }, 'valid'],
    ['no board', { text: 'Title', uploadIds: ['$IMAGE'] }, 'boardName'],
    ['colour that is not hex', { boardName: 'B', dominantColor: 'red', uploadIds: ['$IMAGE'] }, 'dominantColor'],
  ],
};

describe('POST /post applies each platform’s rules', () => {
  for (const [platform, platformCases] of Object.entries(cases)) {
    it.each(platformCases)(`${platform}: %s`, async (_rule, options, expected) => {
      const response = await draft(platform, options);
      if (expected === 'valid') {
        expect(response.status, JSON.stringify(response.json)).toBe(200);
        return;
      }
      expect(response.status).toBe(400);
      const paths = (response.json.issues as { path: (string | number)[] }[]).map((issue) => issue.path.join('.'));
      expect(paths).toContain(`data.${platform}.${expected}`);
    });
  }
});
