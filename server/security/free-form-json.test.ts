import { describe, expect, it } from 'vitest';
import { connectAccount, inDays } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

/**
 * Free-form JSON fields (the bounded-json helper) through the routes that take them: a value
 * nested thousands deep, or with too many values, is a `400` envelope at the field, never a
 * stack overflow (`500`). The bodies are built as text: `JSON.stringify` recurses per level too
 * and would overflow on this side first.
 */
const t = await createTestApp();
const org = await t.createOrg('PRO', ['dms', 'automations']);
const instagram = await connectAccount(t, org.key, org.teamId, 'INSTAGRAM');

const HOLE = '__VALUE__';
/** `template` as JSON with `raw` (JSON text) where the string `__VALUE__` was. */
const fill = (template: unknown, raw: string) => JSON.stringify(template).replace(`"${HOLE}"`, raw);

const BAD_VALUES = {
  'an array nested 5,000 deep': '['.repeat(5000) + ']'.repeat(5000),
  'an object nested 5,000 deep': '{"a":'.repeat(5000) + '{}' + '}'.repeat(5000),
  'an array 65 deep (over the limit of 64)': '['.repeat(65) + ']'.repeat(65),
  '10,001 values': `[${Array(10_001).fill('0').join(',')}]`,
};

const slackPost = (blocks: unknown) => ({
  teamId: org.teamId,
  title: 'Release notes',
  postDate: inDays(3),
  status: 'DRAFT',
  socialAccountTypes: ['SLACK'],
  data: { SLACK: { channelId: 'c1', blocks } },
});

const draft = await t.request('POST', '/post', { key: org.key, body: slackPost([{ type: 'divider' }]) });

/** Each free-form field, with the body that carries it and the issue path it is reported at. */
const fields: { route: string; method: string; path: string; body: unknown; at: (string | number)[] }[] = [
  { route: 'POST /post Slack blocks', method: 'POST', path: '/post', body: slackPost([{ type: 'section', fields: HOLE }]), at: ['data', 'SLACK', 'blocks'] },
  {
    route: 'PATCH /post Slack blocks',
    method: 'PATCH',
    path: `/post/${draft.json.id}`,
    body: { data: { SLACK: { channelId: 'c1', blocks: [{ type: 'section', text: HOLE }] } } },
    at: ['data', 'SLACK', 'blocks'],
  },
  {
    route: 'POST /conversations/private-reply attachments',
    method: 'POST',
    path: '/conversations/private-reply',
    body: { teamId: org.teamId, fetchedCommentId: 'c1', content: { text: 'Hi', attachments: [HOLE] } },
    at: ['content', 'attachments'],
  },
  {
    route: 'POST /conversations/private-reply carousel',
    method: 'POST',
    path: '/conversations/private-reply',
    body: { teamId: org.teamId, fetchedCommentId: 'c1', content: { text: 'Hi', carousel: { cards: HOLE } } },
    at: ['content', 'carousel'],
  },
];

/** Typed fields (flow definitions, provider settings) are no free-form JSON: their schemas stop any depth at the first level. */
const typed: { route: string; method: string; path: string; body: unknown }[] = [
  {
    route: 'POST /automations definition',
    method: 'POST',
    path: '/automations',
    body: {
      teamId: org.teamId,
      name: 'Deep',
      platformScope: 'INSTAGRAM',
      definition: { trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM' }, steps: [{ type: 'SEND_MESSAGE', message: { carousel: { cards: HOLE } } }] },
    },
  },
  {
    route: 'PUT /automation-provider-settings config',
    method: 'PUT',
    path: `/automation-provider-settings/${instagram.id}/INSTAGRAM_ICE_BREAKERS`,
    body: { teamId: org.teamId, platform: 'INSTAGRAM', config: { iceBreakers: HOLE } },
  },
];

describe('free-form JSON fields are bounded at validation', () => {
  it('saves realistic Slack blocks (rich text a few levels deep) unchanged', async () => {
    expect(draft.status).toBe(200);
    const blocks = [
      {
        type: 'rich_text',
        elements: [
          {
            type: 'rich_text_list',
            style: 'bullet',
            elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text: 'Faster', style: { bold: true } }] }],
          },
        ],
      },
    ];
    const created = await t.request('POST', '/post', { key: org.key, body: slackPost(blocks) });
    expect(created.status).toBe(200);
    expect(created.json.data.SLACK.blocks).toEqual(blocks);
  });

  for (const field of fields) {
    it.each(Object.entries(BAD_VALUES))(`${field.route}: %s answers 400 at the field`, async (_what, raw) => {
      const response = await t.request(field.method, field.path, { key: org.key, rawBody: fill(field.body, raw) });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Validation failed: (Nested too deep|Too large)/) });
      expect(response.json.issues).toEqual([{ code: 'custom', path: field.at, message: expect.stringMatching(/free-form JSON may/) }]);
    });
  }

  for (const route of typed) {
    it.each(Object.entries(BAD_VALUES))(`${route.route}: %s answers 400`, async (_what, raw) => {
      const response = await t.request(route.method, route.path, { key: org.key, rawBody: fill(route.body, raw) });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ statusCode: 400, message: expect.any(String), issues: expect.any(Array) });
    });
  }
});
