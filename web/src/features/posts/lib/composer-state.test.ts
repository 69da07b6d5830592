import { describe, expect, it } from 'vitest';
import type { Post } from '../api/get-posts';
import { buildPlatformData, composerDefaults, draftFromPost, emptyPlatformDraft, type ComposerValues } from './composer-state';
import { issueSentence } from './issue-words';
import { platformFields } from './option-fields';
import { postFingerprint } from './post-body';

function composer(change: (values: ComposerValues) => void): ComposerValues {
  const values = composerDefaults();
  change(values);
  return values;
}

const savedAs = (values: ComposerValues) =>
  ({
    title: values.title,
    postDate: new Date().toISOString(),
    socialAccountTypes: values.platforms,
    data: Object.fromEntries(values.platforms.map((platform) => [platform, buildPlatformData(values, platform).data])),
    firstComment: null,
  }) as unknown as Post;

describe('YouTube’s own title', () => {
  const values = composer((v) => {
    v.platforms = ['YOUTUBE', 'MASTODON'];
    v.sharedText = 'A long caption about our autumn blend';
    v.drafts.YOUTUBE = emptyPlatformDraft('YOUTUBE');
    v.drafts.MASTODON = emptyPlatformDraft('MASTODON');
  });

  it('does not take the shared text as the title; the shared text is the description', () => {
    expect(buildPlatformData(values, 'YOUTUBE').data).toMatchObject({ description: 'A long caption about our autumn blend' });
    expect(buildPlatformData(values, 'YOUTUBE').data.text).toBeUndefined();
    values.drafts.YOUTUBE!.text = 'Roasting day';
    expect(buildPlatformData(values, 'YOUTUBE').data).toMatchObject({ text: 'Roasting day', description: 'A long caption about our autumn blend' });
    expect(buildPlatformData(values, 'MASTODON').data.text).toBe('A long caption about our autumn blend');
  });

  it('comes back from a saved post as it was written', () => {
    const draft = draftFromPost(savedAs(values));
    expect(draft.sharedText).toBe('A long caption about our autumn blend');
    expect(draft.drafts.YOUTUBE!.text).toBe('Roasting day');
    expect(draft.drafts.YOUTUBE!.options.description).toBeUndefined();
    expect(draft.drafts.MASTODON!.text).toBeNull();
  });
});

describe('alt text from the media strip', () => {
  const values = composer((v) => {
    v.platforms = ['BLUESKY', 'INSTAGRAM', 'LINKEDIN'];
    v.sharedText = 'Two flat whites';
    v.sharedMedia = ['up_1'];
    v.altTexts = { up_1: 'Two cups on a counter' };
    for (const platform of v.platforms) v.drafts[platform] = emptyPlatformDraft(platform);
  });

  it('goes where each platform takes it, and nowhere else', () => {
    expect(buildPlatformData(values, 'BLUESKY').data).toMatchObject({ mediaItems: [{ uploadId: 'up_1', altText: 'Two cups on a counter' }] });
    expect(buildPlatformData(values, 'BLUESKY').data.uploadIds).toBeUndefined();
    expect(buildPlatformData(values, 'INSTAGRAM').data).toMatchObject({ uploadIds: ['up_1'], altText: 'Two cups on a counter' });
    expect(buildPlatformData(values, 'LINKEDIN').data).toEqual({ text: 'Two flat whites', uploadIds: ['up_1'] });
  });

  it('comes back into the strip from a saved post, so saving again changes nothing', () => {
    const draft = draftFromPost(savedAs(values));
    expect(draft.sharedMedia).toEqual(['up_1']);
    expect(draft.altTexts).toEqual({ up_1: 'Two cups on a counter' });
    expect(draft.drafts.BLUESKY!.options.mediaItems).toBeUndefined();
    expect(postFingerprint({ ...draft, when: values.when })).toBe(postFingerprint(values));
  });
});

describe('options and problems in people’s words', () => {
  it('labels enum values and folds the uncommon options', () => {
    const reply = platformFields('TWITTER').options.find((field) => field.key === 'replySettings')!;
    expect(reply.label).toBe('Who can reply');
    expect(reply.valueLabels?.MENTIONED_USERS).toBe('Only people you mention');
    expect(platformFields('TWITTER').options.find((field) => field.key === 'quoteTweetId')!.common).toBe(false);
    const background = platformFields('FACEBOOK').options.find((field) => field.key === 'textFormatPresetId')!;
    expect(background.kind === 'enum' && background.valueLabels?.[background.values[0]!]).toBe('Solid purple');
    // A required option is always shown.
    expect(platformFields('REDDIT').options.find((field) => field.key === 'sr')!.common).toBe(true);
  });

  it('names the file or the option instead of the path', () => {
    const library = new Map([['up_2', { id: 'up_2', type: 'image', width: 800, height: 600, ext: 'png', videoLength: null }]]) as never;
    const data = { uploadIds: ['up_1', 'up_2'] };
    expect(issueSentence('INSTAGRAM', { path: ['uploadIds', 1], message: 'Too wide for Instagram' }, data, library)).toBe(
      'Media 2 (Image 800×600, PNG): Too wide for Instagram.',
    );
    expect(issueSentence('INSTAGRAM', { path: ['carouselItems', 0, 'altText'], message: 'Too long' }, data, library)).toBe(
      'Carousel slides, item 1, alt text: Too long.',
    );
    expect(issueSentence('MASTODON', { path: ['uploadIds', 0], message: 'Upload up_1 was not found in this team' }, data, library)).toBe(
      'Media 1: Upload up_1 was not found in this team. This file is no longer in the media library: remove it and pick another.',
    );
  });
});
