import { describe, expect, it } from 'vitest';
import type { PostPlatform } from '../platform-types';
import { centeredCrop, imagePlan, mediaAdvice } from './media-adaptations';
import { checkPostMedia, type UploadFacts } from './media-rules';
import { platformOptionSchemas, PostDataSchema, type PlatformOptions } from './registry';

function issuesOf(platform: PostPlatform, options: unknown) {
  const result = platformOptionSchemas[platform].safeParse(options);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code, message: issue.message }));
}

const valid = (platform: PostPlatform, options: unknown) => expect(issuesOf(platform, options)).toEqual([]);
const invalid = (platform: PostPlatform, options: unknown, path: string, message?: RegExp) => {
  const issues = issuesOf(platform, options);
  expect(issues.map((issue) => issue.path)).toContain(path);
  if (message) expect(issues.find((issue) => issue.path === path)!.message).toMatch(message);
};

describe('data.<PLATFORM> shape and cross-field rules', () => {
  it('YOUTUBE: exactly one upload, a title of 1..100 characters, description and language limits', () => {
    valid('YOUTUBE', { uploadIds: ['v'], text: 'A title', description: 'd', defaultLanguage: 'pt-BR', privacy: 'UNLISTED' });
    invalid('YOUTUBE', { uploadIds: ['v'], text: 'x'.repeat(101) }, 'text', /100 characters/);
    invalid('YOUTUBE', { uploadIds: ['v'], text: '  ' }, 'text', /title is required/);
    invalid('YOUTUBE', { uploadIds: ['a', 'b'], text: 'Two videos' }, 'uploadIds', /exactly one/);
    invalid('YOUTUBE', { uploadIds: ['v'], text: 'Ok', description: 'x'.repeat(5001) }, 'description');
    invalid('YOUTUBE', { uploadIds: ['v'], text: 'Ok', defaultAudioLanguage: 'x'.repeat(36) }, 'defaultAudioLanguage');
    invalid('YOUTUBE', { uploadIds: ['v'], text: 'a <b> title' }, 'text', /< or >/);
    expect(platformOptionSchemas.YOUTUBE.parse({ uploadIds: ['v'], text: 'Ok' }).type).toBe('SHORT');
  });

  it('TWITTER: poll of 2..4 options for 5 minutes to 7 days, exclusive with media, quote and thread', () => {
    valid('TWITTER', { text: 'Vote', poll: { options: ['a', 'b'], durationMinutes: 5 } });
    valid('TWITTER', { text: 'Vote', poll: { options: ['a', 'b', 'c', 'd'], durationMinutes: 10_080 } });
    invalid('TWITTER', { poll: { options: ['a'], durationMinutes: 60 } }, 'poll.options');
    invalid('TWITTER', { poll: { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 60 } }, 'poll.options');
    invalid('TWITTER', { poll: { options: ['a', 'b'], durationMinutes: 4 } }, 'poll.durationMinutes');
    invalid('TWITTER', { poll: { options: ['a', 'b'], durationMinutes: 10_081 } }, 'poll.durationMinutes');
    invalid('TWITTER', { uploadIds: ['i'], poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll', /media/);
    invalid('TWITTER', { quoteTweetId: '123', poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll', /quote/);
    invalid('TWITTER', { thread: [{ text: 'next' }], poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'poll', /thread/);
    invalid('TWITTER', { text: 'x'.repeat(281) }, 'text', /280/);
    valid('TWITTER', { text: 'x'.repeat(281), tweetStorm: true });
    invalid('TWITTER', { replySettings: 'NOBODY' }, 'replySettings');
  });

  it('TIKTOK: one video for VIDEO, no thumbnail on IMAGE, branded content not private', () => {
    valid('TIKTOK', { uploadIds: ['v'], thumbnail: 'img', privacy: 'PUBLIC_TO_EVERYONE' });
    invalid('TIKTOK', { uploadIds: [] }, 'uploadIds', /exactly one video/);
    valid('TIKTOK', { type: 'IMAGE', uploadIds: ['a', 'b'], photoCoverIndex: 1 });
    invalid('TIKTOK', { type: 'IMAGE', uploadIds: ['a'], thumbnail: 'img' }, 'thumbnail', /not allowed on an IMAGE/);
    invalid('TIKTOK', { type: 'IMAGE', uploadIds: ['a'], photoCoverIndex: 3 }, 'photoCoverIndex');
    invalid('TIKTOK', { uploadIds: ['v'], isBrandContent: true, privacy: 'SELF_ONLY' }, 'privacy');
    invalid('TIKTOK', { uploadIds: ['v'], musicSoundInfo: { musicSoundId: 'm', musicSoundVolume: 101 } }, 'musicSoundInfo.musicSoundVolume');
  });

  it('GOOGLE_BUSINESS: OFFER needs a start date and an offer field and no call to action', () => {
    const offer = { text: 'Sale', topicType: 'OFFER', eventStartDate: '2026-12-01T09:00:00Z', offerCouponCode: 'XMAS' };
    valid('GOOGLE_BUSINESS', offer);
    invalid('GOOGLE_BUSINESS', { ...offer, eventStartDate: undefined }, 'eventStartDate', /OFFER/);
    invalid('GOOGLE_BUSINESS', { ...offer, offerCouponCode: undefined }, 'offerCouponCode', /coupon code, a redeem URL or terms/);
    invalid('GOOGLE_BUSINESS', { ...offer, callToActionType: 'SHOP', callToActionUrl: 'https://x.test' }, 'callToActionType');
    valid('GOOGLE_BUSINESS', { text: 'Hi', callToActionType: 'CALL' });
    invalid('GOOGLE_BUSINESS', { text: 'Hi', callToActionType: 'BOOK' }, 'callToActionUrl');
    invalid('GOOGLE_BUSINESS', { text: 'Party', topicType: 'EVENT', eventStartDate: '2026-12-01T09:00:00Z' }, 'eventTitle');
    invalid(
      'GOOGLE_BUSINESS',
      { text: 'x', topicType: 'EVENT', eventTitle: 'T', eventStartDate: '2026-12-02T00:00:00Z', eventEndDate: '2026-12-01T00:00:00Z' },
      'eventEndDate',
    );
  });

  it('SNAPCHAT: saved stories need a title of up to 45 characters and at most 20 snaps', () => {
    valid('SNAPCHAT', { type: 'SAVED_STORY', uploadIds: ['a', 'b'], text: 'Our week' });
    invalid('SNAPCHAT', { type: 'SAVED_STORY', uploadIds: ['a'] }, 'text', /title/);
    invalid('SNAPCHAT', { type: 'SAVED_STORY', uploadIds: ['a'], text: 'x'.repeat(46) }, 'text');
    invalid('SNAPCHAT', { type: 'SAVED_STORY', uploadIds: Array.from({ length: 21 }, (_, i) => `u${i}`), text: 'Big' }, 'uploadIds');
    invalid('SNAPCHAT', { type: 'STORY', uploadIds: ['a', 'b'] }, 'uploadIds', /one snap/);
    invalid('SNAPCHAT', { storyDuration: 'ONE_MONTH', uploadIds: ['a'] }, 'storyDuration');
  });

  it('INSTAGRAM: media required, carousel 2..10 items, tags within the image, limits on hashtags and collaborators', () => {
    valid('INSTAGRAM', { uploadIds: ['i'], text: '#one', tagged: [{ username: 'friend', x: 0.5, y: 0.5 }] });
    invalid('INSTAGRAM', { text: 'no media' }, 'uploadIds', /at least one/);
    valid('INSTAGRAM', { carouselItems: [{ uploadId: 'a' }, { uploadId: 'b' }] });
    invalid('INSTAGRAM', { carouselItems: [{ uploadId: 'a' }] }, 'carouselItems', /2 to 10/);
    invalid('INSTAGRAM', { uploadIds: ['i'], tagged: [{ username: 'x', x: 1.5 }] }, 'tagged.0.x');
    invalid('INSTAGRAM', { uploadIds: ['i'], collaborators: ['a', 'b', 'c', 'd'] }, 'collaborators');
    invalid('INSTAGRAM', { uploadIds: ['i'], text: Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ') }, 'text', /30 hashtags/);
    valid('INSTAGRAM', { type: 'REEL', uploadIds: ['v'], trialParams: { graduationStrategy: 'MANUAL' } });
    invalid('INSTAGRAM', { type: 'POST', uploadIds: ['v'], trialParams: { graduationStrategy: 'MANUAL' } }, 'trialParams', /REEL/);
  });

  it('THREADS, BLUESKY, FACEBOOK, LINKEDIN, REDDIT, MASTODON, DISCORD, SLACK, PINTEREST: their own rules', () => {
    invalid('THREADS', { text: 'x'.repeat(501) }, 'text');
    invalid('THREADS', { uploadIds: ['i'], poll: { optionA: 'a', optionB: 'b' } }, 'poll');
    invalid('THREADS', { text: 't', topicTag: 'a.b' }, 'topicTag');
    valid('BLUESKY', { text: '😀'.repeat(300) });
    invalid('BLUESKY', { text: 'x'.repeat(301) }, 'text', /300/);
    invalid('BLUESKY', { text: 't', tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }, 'tags');
    invalid('BLUESKY', { uploadIds: ['i'], externalUrl: 'https://example.com' }, 'externalUrl');
    invalid('FACEBOOK', { type: 'REEL' }, 'uploadIds', /exactly one/);
    invalid('FACEBOOK', { text: 't', link: 'https://x.test', textFormatPresetId: 'p' }, 'textFormatPresetId');
    invalid('LINKEDIN', { uploadIds: ['i'] }, 'text');
    invalid('LINKEDIN', { text: 'x'.repeat(3001) }, 'text');
    valid('REDDIT', { sr: 'r/photography', text: 'Title', description: 'Body' });
    invalid('REDDIT', { sr: 'bad name!', text: 'Title' }, 'sr');
    invalid('REDDIT', { sr: 'pics', text: 'Title', link: 'https://x.test', uploadIds: ['i'] }, 'link');
    invalid('MASTODON', { privacy: 'FRIENDS', text: 'hi' }, 'privacy');
    valid('MASTODON', { text: 'Which day?', poll: { options: ['Mon', 'Fri'], expiresIn: 86_400 }, spoiler: 'cw' });
    invalid('MASTODON', { text: 'x', uploadIds: ['i'], poll: { options: ['Mon', 'Fri'], expiresIn: 86_400 } }, 'poll', /media/);
    invalid('MASTODON', { text: 'x', poll: { options: ['only one'], expiresIn: 86_400 } }, 'poll.options');
    valid('DISCORD', { channelId: 'c', embeds: [{ title: 'Notes', url: 'https://example.com', color: 0x5865f2 }] });
    invalid('DISCORD', { channelId: 'c', embeds: [{ title: 'x'.repeat(257) }] }, 'embeds.0.title');
    valid('SLACK', { channelId: 'c', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*hi*' } }] });
    invalid('SLACK', { channelId: 'c', blocks: [{ text: 'no type' }] }, 'blocks.0.type');
    invalid('DISCORD', { channelId: 'c' }, 'text', /text or a file/);
    invalid('DISCORD', { channelId: 'c', text: 'x'.repeat(2001) }, 'text');
    valid('SLACK', { channelId: 'c', text: 'x'.repeat(2001) });
    invalid('PINTEREST', { text: 'no board' }, 'boardName');
    invalid('PINTEREST', { boardName: 'b', dominantColor: 'red' }, 'dominantColor');
  });

  it('rejects unknown fields and unknown platforms with zod codes', () => {
    const unknownField = PostDataSchema.safeParse({ YOUTUBE: { uploadIds: ['v'], text: 'ok', tags: ['x'] } });
    expect(unknownField.success).toBe(false);
    expect(unknownField.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: ['YOUTUBE'] });
    const unknownPlatform = PostDataSchema.safeParse({ MYSPACE: {} });
    expect(unknownPlatform.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
  });
});

describe('media rules (need the uploads)', () => {
  const video = (id: string, seconds = 30, extra: Partial<UploadFacts> = {}): UploadFacts => ({
    id,
    type: 'video',
    mime: 'video/mp4',
    width: 360,
    height: 640,
    videoLength: seconds,
    fileSize: 1000,
    ...extra,
  });
  const image = (id: string, mime = 'image/jpeg'): UploadFacts => ({ id, type: 'image', mime, width: 1080, height: 1080, videoLength: null, fileSize: 1000 });
  const library = (...uploads: UploadFacts[]) => new Map(uploads.map((upload) => [upload.id, upload]));
  const check = <P extends PostPlatform>(platform: P, options: unknown, uploads: Map<string, UploadFacts>) =>
    checkPostMedia(platform, platformOptionSchemas[platform].parse(options) as PlatformOptions[P], uploads);

  it('YOUTUBE needs a video and an image thumbnail', () => {
    expect(check('YOUTUBE', { uploadIds: ['v'], text: 'Ok', thumbnail: 'i' }, library(video('v'), image('i')))).toEqual([]);
    expect(check('YOUTUBE', { uploadIds: ['i'], text: 'Ok' }, library(image('i')))[0]!.message).toMatch(/one video/);
    expect(check('YOUTUBE', { uploadIds: ['v'], text: 'Ok', thumbnail: 'v2' }, library(video('v'), video('v2')))[0]).toMatchObject({ path: ['thumbnail'] });
    expect(check('YOUTUBE', { uploadIds: ['v'], text: 'Ok' }, library(video('v', 5 * 3600)))[0]!.message).toMatch(/4 hours/);
  });

  it('TIKTOK rejects a thumbnail that is not an uploaded image, and unknown uploads', () => {
    expect(check('TIKTOK', { uploadIds: ['v'], thumbnail: 'nope' }, library(video('v')))[0]).toMatchObject({
      path: ['thumbnail'],
      message: expect.stringMatching(/not found/),
    });
    expect(check('TIKTOK', { uploadIds: ['v'], thumbnail: 'v' }, library(video('v')))[0]!.message).toMatch(/must be an image/);
  });

  it('advises, never refuses: a PNG for Instagram is converted, a picture outside 4:5..1.91:1 gets a centered crop', () => {
    const png = image('p', 'image/png');
    expect(mediaAdvice('INSTAGRAM', { uploadIds: ['p'] }, library(png))).toEqual([
      expect.objectContaining({
        kind: 'convert',
        applied: true,
        path: ['uploadIds', 0],
        message: expect.stringMatching(/Instagram takes JPEG photos: this PNG will be converted/),
      }),
    ]);
    expect(imagePlan('INSTAGRAM', {}, png)).toEqual({ format: 'image/jpeg', crop: null, pad: null });
    expect(imagePlan('MASTODON', {}, png)).toBeNull();
    const tall: UploadFacts = { ...image('t'), width: 1080, height: 1920 };
    const [advice] = mediaAdvice('INSTAGRAM', { uploadIds: ['t'] }, library(tall));
    expect(advice).toMatchObject({ kind: 'crop', applied: false, crop: { left: 0, top: 285, width: 1080, height: 1350 } });
    expect(advice!.message).toMatch(/Crop it to 1080×1350/);
    // Nothing happens to it unless the person accepts the crop (or chooses to pad it instead).
    expect(imagePlan('INSTAGRAM', {}, tall)).toBeNull();
    expect(imagePlan('INSTAGRAM', { autoCropImage: true }, tall)!.crop).toEqual({ left: 0, top: 285, width: 1080, height: 1350 });
    expect(imagePlan('INSTAGRAM', { autoFitImage: true }, tall)!.pad).toEqual({ width: 1536, height: 1920 });
    // Stories are shown full-screen: no ratio rule.
    expect(mediaAdvice('INSTAGRAM', { type: 'STORY', uploadIds: ['t'] }, library(tall))).toEqual([]);
    const wide = centeredCrop(2000, 500, { min: 0.8, max: 1.91 })!;
    expect(wide).toEqual({ left: 522, top: 0, width: 955, height: 500 });
    expect(wide.width / wide.height).toBeLessThanOrEqual(1.91);
    expect(centeredCrop(1080, 1080, { min: 0.8, max: 1.91 })).toBeNull();
  });

  it('a poster frame (thumbnailOffset, milliseconds) must lie inside the video', () => {
    expect(check('INSTAGRAM', { type: 'REEL', uploadIds: ['v'], thumbnailOffset: 2500 }, library(video('v', 3)))).toEqual([]);
    expect(check('TIKTOK', { uploadIds: ['v'], thumbnailOffset: 12_000 }, library(video('v', 3)))).toEqual([
      { path: ['thumbnailOffset'], message: 'The poster frame at 12.0 s is past the end of this 3.0 s video' },
    ]);
  });

  it('counts, mixes, durations and formats per platform', () => {
    expect(check('TWITTER', { uploadIds: ['a', 'v'] }, library(image('a'), video('v')))[0]!.message).toMatch(/mixed/);
    expect(check('TWITTER', { uploadIds: ['v'] }, library(video('v', 200)))[0]!.message).toMatch(/140 seconds/);
    // A PNG for Instagram is converted at publish (media-adaptations.ts), not refused.
    expect(check('INSTAGRAM', { uploadIds: ['p'] }, library(image('p', 'image/png')))).toEqual([]);
    expect(check('INSTAGRAM', { type: 'REEL', uploadIds: ['i'] }, library(image('i')))[0]!.message).toMatch(/reel needs exactly one video/);
    expect(check('GOOGLE_BUSINESS', { text: 't', uploadIds: ['v'] }, library(video('v')))[0]!.message).toMatch(/Videos are not supported/);
    expect(
      check('SNAPCHAT', { type: 'SAVED_STORY', text: 'Long', uploadIds: ['a', 'b'] }, library(video('a', 200), video('b', 200))).map((issue) => issue.message),
    ).toContain('A saved story is limited to 5 minutes in all');
  });
});
