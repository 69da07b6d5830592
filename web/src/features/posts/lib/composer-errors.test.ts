import { describe, expect, it } from 'vitest';
import { errorTreeOf, fieldErrorsOf, fieldPathOf, issuesIn, platformIssuesIn } from './composer-errors';
import { composerResolver } from './composer-resolver';
import { buildPlatformData, composerDefaults, emptyPlatformDraft, platformIssues, serverIssuesByPlatform, type ComposerValues } from './composer-state';

function composer(change: (values: ComposerValues) => void): ComposerValues {
  const values = composerDefaults();
  change(values);
  return values;
}

async function resolve(values: ComposerValues) {
  return composerResolver(values, { library: null }, { fields: {}, shouldUseNativeValidation: false });
}

describe('the composer’s issues as form errors', () => {
  it('puts an issue on the field it is about', () => {
    expect(fieldPathOf('TWITTER', [])).toEqual(['drafts', 'TWITTER']);
    expect(fieldPathOf('TWITTER', ['text'])).toEqual(['drafts', 'TWITTER', 'text']);
    expect(fieldPathOf('TWITTER', ['uploadIds', 0])).toEqual(['drafts', 'TWITTER', 'media', 0]);
    expect(fieldPathOf('TWITTER', ['poll', 'options', 1])).toEqual(['drafts', 'TWITTER', 'options', 'poll', 'options', 1]);
    expect(fieldPathOf('INSTAGRAM', ['firstComment'])).toEqual(['drafts', 'INSTAGRAM', 'firstComment']);
  });

  it('reads back every issue of a platform, in the rules’ order, from the resolver’s errors', async () => {
    const values = composer((v) => {
      v.sharedText = 'Which dish?';
      v.platforms = ['TWITTER', 'YOUTUBE'];
      v.drafts.TWITTER = { ...emptyPlatformDraft('TWITTER'), options: { poll: { options: ['Pasta', ''], durationMinutes: 60 }, thread: [{ text: '' }] } };
      v.drafts.YOUTUBE = { ...emptyPlatformDraft('YOUTUBE'), text: 'x'.repeat(120) };
    });
    const { errors } = await resolve(values);
    for (const platform of values.platforms) {
      const expected = platformIssues(platform, buildPlatformData(values, platform).data, null);
      expect(expected.length).toBeGreaterThan(0);
      expect(platformIssuesIn(errors, platform)).toEqual(expected);
    }
    expect(errors.drafts?.TWITTER?.options).toHaveProperty(['poll', 'options', '1', 'message'], 'Required');
  });

  it('passes the values through when every platform fits', async () => {
    const values = composer((v) => {
      v.sharedText = 'Hello';
      v.platforms = ['TWITTER'];
      v.drafts.TWITTER = emptyPlatformDraft('TWITTER');
    });
    expect(await resolve(values)).toEqual({ values, errors: {} });
  });

  it('keeps several issues of one field, and an option called `type`', () => {
    const issues = [
      { platform: 'INSTAGRAM' as const, path: ['type'], message: 'Invalid enum value' },
      { platform: 'INSTAGRAM' as const, path: [], message: 'A story takes one media' },
      { platform: 'INSTAGRAM' as const, path: ['type'], message: 'Stories cannot have a caption' },
    ];
    const tree = errorTreeOf(issues, 'platform');
    expect(platformIssuesIn(tree, 'INSTAGRAM')).toEqual(issues.map(({ path, message }) => ({ path, message })));
    expect(issuesIn(tree.drafts?.INSTAGRAM?.options?.type)).toEqual([
      { path: [], message: 'Invalid enum value' },
      { path: [], message: 'Stories cannot have a caption' },
    ]);
  });

  it('moves the API’s issues onto the fields of their platform', () => {
    const { byPlatform, other } = serverIssuesByPlatform([
      { code: 'custom', message: 'Too long', path: ['data', 'TWITTER', 'thread', 0, 'text'] },
      { code: 'custom', message: 'Not allowed', path: ['firstComment', 'TWITTER'] },
      { code: 'custom', message: 'Bad title', path: ['title'] },
    ]);
    expect(other.map((issue) => issue.message)).toEqual(['Bad title']);
    const issues = Object.entries(byPlatform).flatMap(([platform, list]) => list.map((issue) => ({ ...issue, platform: platform as 'TWITTER' })));
    expect(fieldErrorsOf(issues, 'server')).toEqual([
      ['drafts.TWITTER.options.thread.0.text', { type: 'server', message: 'Too long', types: { 0: 'Too long' } }],
      ['drafts.TWITTER.firstComment', { type: 'server', message: 'Not allowed', types: { 1: 'Not allowed' } }],
    ]);
  });
});
