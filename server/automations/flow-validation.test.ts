import { describe, expect, it } from 'vitest';
import { publishedPost } from '../comments/comments-test-kit';
import { setFeature } from '../organizations/organizations.service';
import { connectAccount, inDays, uploadMedia } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

// Comment flows point at posts the service published: the publish worker runs.
const t = await createTestApp({ work: true, workOnly: postJobs });

type Issue = { code: string; path: (string | number)[]; message: string };
const pathsOf = (issues: Issue[]) => issues.map((issue) => issue.path.join('.'));

describe('first stage: the shape, with issues and paths', { timeout: 120_000 }, () => {
  it('reports types, lengths, counts and unknown fields with their paths', async () => {
    const org = await automationsOrg(t);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a step without its message',
        { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_MESSAGE' }] }) },
        'definition.steps.0.message',
        'invalid_type',
      ],
      [
        'an unknown step type',
        { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_EMAIL' }] }) },
        'definition.steps.0.type',
        'invalid_union_discriminator',
      ],
      ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name', 'too_big'],
      [
        '101 steps',
        { definition: dmDefinition(org.instagram.id, { steps: Array.from({ length: 101 }, () => ({ type: 'ARCHIVE_CONVERSATION' })) }) },
        'definition.steps',
        'too_big',
      ],
      [
        '101 keywords',
        { definition: dmDefinition(org.instagram.id, { trigger: { keywords: Array.from({ length: 101 }, (_, i) => `k${i}`) } }) },
        'definition.trigger.keywords',
        'too_big',
      ],
      [
        'a keyword over 200 characters',
        { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['k'.repeat(201)] } }) },
        'definition.trigger.keywords.0',
        'too_big',
      ],
      ['an empty keyword', { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['   '] } }) }, 'definition.trigger.keywords.0', 'too_small'],
      [
        'a delay over a day',
        { definition: dmDefinition(org.instagram.id, { trigger: { actionDelaySeconds: 86_401 } }) },
        'definition.trigger.actionDelaySeconds',
        'too_big',
      ],
      [
        'a fractional delay',
        { definition: dmDefinition(org.instagram.id, { trigger: { actionDelaySeconds: 1.5 } }) },
        'definition.trigger.actionDelaySeconds',
        'invalid_type',
      ],
      [
        'an unknown trigger type',
        { definition: dmDefinition(org.instagram.id, { trigger: { type: 'STORY_REPLY' } }) },
        'definition.trigger.type',
        'invalid_enum_value',
      ],
      ['an unknown trigger field', { definition: dmDefinition(org.instagram.id, { trigger: { storyId: 'x' } }) }, 'definition.trigger', 'unrecognized_keys'],
      [
        'a private reply with buttons',
        { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_PRIVATE_REPLY', message: { text: 'hi', buttons: [] } }] }) },
        'definition.steps.0.message',
        'unrecognized_keys',
      ],
      [
        'a condition without rules',
        { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'CONDITION', conditions: [] }] }) },
        'definition.steps.0.conditions',
        'too_small',
      ],
      [
        'a bad condition operator',
        {
          definition: dmDefinition(org.instagram.id, { steps: [{ type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'STARTS_WITH', value: 'a' }] }] }),
        },
        'definition.steps.0.conditions.0.operator',
        'invalid_enum_value',
      ],
      [
        'a step id with spaces',
        { definition: dmDefinition(org.instagram.id, { steps: [{ id: 'my step', type: 'ARCHIVE_CONVERSATION' }] }) },
        'definition.steps.0.id',
        'invalid_string',
      ],
      [
        '14 quick replies',
        {
          definition: dmDefinition(org.instagram.id, {
            steps: [
              { type: 'SEND_MESSAGE', message: { text: 'Pick', quickReplies: Array.from({ length: 14 }, (_, i) => ({ label: `Q${i}`, payload: `P${i}` })) } },
            ],
          }),
        },
        'definition.steps.0.message.quickReplies',
        'too_big',
      ],
      [
        'a label over 20 characters',
        {
          definition: dmDefinition(org.instagram.id, {
            steps: [{ type: 'SEND_MESSAGE', message: { text: 'Pick', quickReplies: [{ label: 'l'.repeat(21), payload: 'P' }] } }],
          }),
        },
        'definition.steps.0.message.quickReplies.0.label',
        'too_big',
      ],
      [
        'two attachments',
        {
          definition: dmDefinition(org.instagram.id, {
            steps: [
              {
                type: 'SEND_MESSAGE',
                message: {
                  attachments: [
                    { uploadId: 'a', type: 'IMAGE' },
                    { uploadId: 'b', type: 'IMAGE' },
                  ],
                },
              },
            ],
          }),
        },
        'definition.steps.0.message.attachments',
        'too_big',
      ],
      [
        'a card title over 80 characters',
        { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_MESSAGE', message: { carousel: { cards: [{ title: 't'.repeat(81) }] } } }] }) },
        'definition.steps.0.message.carousel.cards.0.title',
        'custom',
      ],
      [
        'a message text over 1,000 characters',
        {
          definition: dmDefinition(org.facebook.id, {
            trigger: { platform: 'FACEBOOK' },
            steps: [{ type: 'SEND_MESSAGE', message: { text: 'x'.repeat(1001) } }],
          }),
          platformScope: 'FACEBOOK',
        },
        'definition.steps.0.message.text',
        'custom',
      ],
      [
        'a plain-HTTP button URL',
        {
          definition: dmDefinition(org.instagram.id, {
            steps: [{ type: 'SEND_MESSAGE', message: { text: 'Go', buttons: [{ type: 'URL', label: 'Shop', url: 'http://example.com' }] } }],
          }),
        },
        'definition.steps.0.message.buttons.0.url',
        'custom',
      ],
      ['an unknown platform scope', { platformScope: 'TWITTER' }, 'platformScope', 'invalid_enum_value'],
    ];
    for (const [what, body, path, code] of cases) {
      const response = await org.create(body);
      expect(response.status, what).toBe(400);
      expect(response.json.issues, what).toContainEqual(
        expect.objectContaining({ path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), code }),
      );
      expect(response.json.statusCode).toBe(400);
    }
  });

  it('refuses duplicate step ids, keywords on click triggers and payloads on comment and DM triggers', async () => {
    const org = await automationsOrg(t);
    const duplicate = await org.create({
      definition: dmDefinition(org.instagram.id, {
        steps: [
          { id: 'a', type: 'ARCHIVE_CONVERSATION' },
          { id: 'b', type: 'OPEN_CONVERSATION' },
          { id: 'a', type: 'SEND_MESSAGE', message: { text: 'x' } },
        ],
      }),
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.issues).toEqual([{ code: 'custom', path: ['definition', 'steps', 2, 'id'], message: 'Duplicate step id "a" (also steps[0])' }]);

    const click = await org.create({
      definition: dmDefinition(org.instagram.id, { trigger: { type: 'QUICK_REPLY_CLICKED', keywords: ['size'], matchMode: 'ALL' } }),
    });
    expect(click.status).toBe(400);
    expect(pathsOf(click.json.issues)).toEqual(['definition.trigger.keywords', 'definition.trigger.matchMode']);
    expect(click.json.issues[0].message).toMatch(/^Keywords apply to comment and DM triggers/);

    const dm = await org.create({ definition: dmDefinition(org.instagram.id, { trigger: { keywords: [], payloads: ['SIZE_M'] } }) });
    expect(dm.status).toBe(400);
    expect(pathsOf(dm.json.issues)).toEqual(['definition.trigger.payloads']);

    // Payloads on a click trigger and keywords on a DM trigger are what they are for.
    const tap = await org.create({
      definition: dmDefinition(org.instagram.id, { trigger: { type: 'BUTTON_CLICKED', keywords: undefined, payloads: ['GET_STARTED'] } }),
    });
    expect(tap.status, tap.text).toBe(201);
    expect(tap.json.draftVersion.definition.trigger).toEqual({
      type: 'BUTTON_CLICKED',
      platform: 'INSTAGRAM',
      socialAccountId: org.instagram.id,
      payloads: ['GET_STARTED'],
      senderExternalIds: [],
      actionDelaySeconds: 0,
    });
  });

  it('applies the trigger platform’s rules: Instagram counts bytes and has no phone buttons; TikTok replies stop at 150 characters', async () => {
    const org = await automationsOrg(t);
    const emoji = '😀'.repeat(300); // 300 characters, 1,200 bytes
    const instagram = await org.create({
      definition: dmDefinition(org.instagram.id, {
        steps: [{ type: 'SEND_MESSAGE', message: { text: emoji, buttons: [{ type: 'PHONE', label: 'Call', phoneNumber: '+4712345678' }] } }],
      }),
    });
    expect(instagram.status).toBe(400);
    expect(pathsOf(instagram.json.issues)).toEqual(['definition.steps.0.message.text', 'definition.steps.0.message.buttons.0.type']);
    expect(instagram.json.issues[0].message).toBe('Instagram counts bytes: this text is 1200 bytes, over 1000');

    const facebook = await org.create({
      platformScope: 'FACEBOOK',
      definition: dmDefinition(org.facebook.id, {
        trigger: { platform: 'FACEBOOK' },
        steps: [{ type: 'SEND_MESSAGE', message: { text: emoji, buttons: [{ type: 'PHONE', label: 'Call', phoneNumber: '+4712345678' }] } }],
      }),
    });
    expect(facebook.status, facebook.text).toBe(201);

    const tiktokReply = {
      trigger: { type: 'COMMENT_CREATED', platform: 'TIKTOK', socialAccountId: 'x', postId: 'y' },
      steps: [{ type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'r'.repeat(151) }],
    };
    const tiktok = await org.create({ platformScope: 'TIKTOK', definition: tiktokReply });
    expect(tiktok.status).toBe(400);
    expect(tiktok.json.issues).toEqual([
      { code: 'custom', path: ['definition', 'steps', 0, 'text'], message: 'A public comment reply on TIKTOK can be at most 150 characters' },
    ]);
  });

  it('checks the shape on PATCH and on publish too, with the same paths', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const patched = await org.patch(flow.id, { definition: dmDefinition(org.instagram.id, { trigger: { matchMode: 'SOME' } }) });
    expect(patched.status).toBe(400);
    expect(pathsOf(patched.json.issues)).toEqual(['definition.trigger.matchMode']);
    const published = await org.publish(flow.id, { definition: { trigger: { type: 'DM_RECEIVED' }, steps: [] } });
    expect(published.status).toBe(400);
    expect(pathsOf(published.json.issues)).toEqual(['definition.trigger.platform']);
    expect((await org.get(flow.id)).json).toEqual(flow);
  });
});

describe('second stage: every other problem, joined with "; "', { timeout: 240_000 }, () => {
  it('collects the scope, fit, platform support and acting-step problems into one message', async () => {
    const org = await automationsOrg(t);
    const response = await org.create({
      platformScope: 'FACEBOOK',
      definition: dmDefinition(org.instagram.id, {
        steps: [
          { id: 'only-vips', type: 'CONDITION', conditions: [{ field: 'SENDER_ID', operator: 'MATCHES_ANY', value: '1,2' }] },
          { id: 'pr', type: 'SEND_PRIVATE_REPLY', message: { text: 'hi' } },
          { id: 'like', type: 'LIKE_COMMENT' },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(response.json.issues).toBeUndefined();
    expect(response.json.message).toBe(
      [
        'platformScope: FACEBOOK does not fit the INSTAGRAM trigger',
        'steps.pr: SEND_PRIVATE_REPLY needs a COMMENT_CREATED trigger',
        'steps.like: LIKE_COMMENT is not available on INSTAGRAM (it is available on FACEBOOK and TIKTOK)',
      ].join('; '),
    );

    const conditionsOnly = await org.create({
      definition: dmDefinition(org.instagram.id, { steps: [{ type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: 'x' }] }] }),
    });
    expect(conditionsOnly.json.message).toBe('steps: A flow needs at least one step that acts (not only conditions)');
    const none = await org.create({ definition: dmDefinition(org.instagram.id, { steps: [] }) });
    expect(none.json.message).toBe('steps: A flow needs at least one step that acts (not only conditions)');
  });

  it('checks a PATCH’s definition the same way, once its shape is valid, and leaves the draft as it was', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const patched = await org.patch(flow.id, {
      name: 'Renamed too',
      definition: dmDefinition(org.instagram.id, {
        steps: [
          { id: 'pr', type: 'SEND_PRIVATE_REPLY', message: { text: 'hi' } },
          { id: 'like', type: 'LIKE_COMMENT' },
        ],
      }),
    });
    expect(patched.status, patched.text).toBe(400);
    expect(patched.json.issues).toBeUndefined();
    expect(patched.json.message).toBe(
      [
        'steps.pr: SEND_PRIVATE_REPLY needs a COMMENT_CREATED trigger',
        'steps.like: LIKE_COMMENT is not available on INSTAGRAM (it is available on FACEBOOK and TIKTOK)',
      ].join('; '),
    );
    expect((await org.get(flow.id)).json).toEqual(flow);
  });

  it('checks the account: present, in the team, of the trigger’s platform, with messaging permissions', async () => {
    const org = await automationsOrg(t);
    const missing = await org.create({ definition: dmDefinition(org.instagram.id, { trigger: { socialAccountId: undefined } }) });
    expect(missing.json.message).toBe('trigger.socialAccountId: required: the account the flow listens on');
    const unknown = await org.create({ definition: dmDefinition('nope') });
    expect(unknown.json.message).toBe('trigger.socialAccountId: social account nope was not found in this team');
    const wrongType = await org.create({ definition: dmDefinition(org.facebook.id) });
    expect(wrongType.json.message).toBe(`trigger.socialAccountId: social account ${org.facebook.id} is on FACEBOOK, not INSTAGRAM`);

    // An account of another team of the same organization is not this team's.
    const other = await org.call('POST', '/team', { name: 'No messaging' });
    const noMessaging = await sandboxAccount(t, org.key, { teamId: other.json.id, type: 'INSTAGRAM' });
    const elsewhere = await org.create({ definition: dmDefinition(noMessaging.id) });
    expect(elsewhere.json.message).toBe(`trigger.socialAccountId: social account ${noMessaging.id} was not found in this team`);
    const inItsTeam = await org.create({ teamId: other.json.id, definition: dmDefinition(noMessaging.id) });
    expect(inItsTeam.status).toBe(400);
    expect(inItsTeam.json.message).toBe(
      `trigger.socialAccountId: the Instagram account @${noMessaging.username} lacks messaging permissions: it must be reconnected with messaging permissions (withMessagingScope: true)`,
    );
  });

  it('checks the post of a comment flow: required, the team’s, published through the service on the flow’s account', async () => {
    const org = await automationsOrg(t);
    const published = await publishedPost(t, org.key, org.teamId, { FACEBOOK: { text: 'New menu!' } });
    const scheduled = await t.request('POST', '/post', {
      key: org.key,
      body: { teamId: org.teamId, title: 'Later', postDate: inDays(5), socialAccountTypes: ['FACEBOOK'], data: { FACEBOOK: { text: 'Soon' } } },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const comment = (trigger: Record<string, unknown>, steps?: unknown[]) =>
      org.create({
        platformScope: 'BOTH',
        definition: {
          trigger: { type: 'COMMENT_CREATED', platform: 'FACEBOOK', socialAccountId: org.facebook.id, ...trigger },
          steps: steps ?? [
            { id: 'reply', type: 'SEND_PRIVATE_REPLY', message: { text: 'Sent you the menu' } },
            { id: 'like', type: 'LIKE_COMMENT' },
            { id: 'public', type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Check your DMs!' },
            { id: 'file', type: 'ARCHIVE_CONVERSATION' },
          ],
        },
      });

    const valid = await comment({ postId: published.id, keywords: ['menu'] });
    expect(valid.status, valid.text).toBe(201);
    expect((await org.publish(valid.json.id)).status).toBe(200);

    expect((await comment({})).json.message).toBe('trigger.postId: required for COMMENT_CREATED: a post published through the service on the flow’s account');
    expect((await comment({ postId: 'nope' })).json.message).toBe('trigger.postId: post nope was not found in this team');
    expect((await comment({ postId: scheduled.json.id })).json.message).toBe(
      `trigger.postId: post ${scheduled.json.id} is not published on FACEBOOK yet (PENDING): comment flows work only on published posts`,
    );
    const instagramComment = await org.create({
      definition: {
        trigger: { type: 'COMMENT_CREATED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id, postId: published.id },
        steps: [{ type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Thanks!' }],
      },
    });
    expect(instagramComment.json.message).toBe(`trigger.postId: post ${published.id} was not published through the service on this INSTAGRAM account`);

    // Thread steps need a DM trigger or an earlier private reply; DMs need a DM trigger.
    const threadFirst = await comment({ postId: published.id }, [
      { id: 'file', type: 'ARCHIVE_CONVERSATION' },
      { id: 'dm', type: 'SEND_MESSAGE', message: { text: 'hi' } },
      { id: 'reply', type: 'SEND_PRIVATE_REPLY', message: { text: 'hi' } },
      { id: 'reopen', type: 'OPEN_CONVERSATION' },
    ]);
    expect(threadFirst.json.message).toBe(
      [
        'steps.file: ARCHIVE_CONVERSATION needs a DM or click trigger, or an earlier SEND_PRIVATE_REPLY step',
        'steps.dm: SEND_MESSAGE needs a DM_RECEIVED, QUICK_REPLY_CLICKED or BUTTON_CLICKED trigger',
      ].join('; '),
    );

    // A post that names a DM trigger is accepted (spec: such a flow publishes but never fires).
    const dmWithPost = await org.create({ definition: dmDefinition(org.instagram.id, { trigger: { postId: published.id } }) });
    expect(dmWithPost.status, dmWithPost.text).toBe(201);
  });

  it('supports only TikTok comment flows with conditions, public replies and likes, and none while comment import is off', async () => {
    const org = await automationsOrg(t);
    const tiktok = await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const post = await publishedPost(t, org.key, org.teamId, { TIKTOK: { type: 'VIDEO', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE' } });
    const trigger = { type: 'COMMENT_CREATED', platform: 'TIKTOK', socialAccountId: tiktok.id, postId: post.id, actionDelaySeconds: 5 };
    const flow = (steps: unknown[], extra: Record<string, unknown> = {}) =>
      org.create({ platformScope: 'TIKTOK', definition: { trigger: { ...trigger, ...extra }, steps } });

    const valid = await flow([
      { type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: 'love' }] },
      { type: 'LIKE_COMMENT' },
      { type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Thank you!' },
    ]);
    expect(valid.status, valid.text).toBe(201);

    const dms = await flow(
      [
        { id: 'dm', type: 'SEND_MESSAGE', message: { text: 'hi' } },
        { id: 'pr', type: 'SEND_PRIVATE_REPLY', message: { text: 'hi' } },
      ],
      { type: 'DM_RECEIVED', postId: undefined },
    );
    expect(dms.json.message).toBe(
      [
        'trigger.type: TIKTOK supports only COMMENT_CREATED triggers',
        'steps.dm: SEND_MESSAGE is not available on TIKTOK',
        'steps.pr: SEND_PRIVATE_REPLY is not available on TIKTOK',
      ].join('; '),
    );

    await setFeature(t.services.db, org.organizationId, 'comment-import', false);
    const off = await flow([{ type: 'LIKE_COMMENT' }]);
    expect(off.status).toBe(400);
    expect(off.json.message).toBe('trigger.platform: TikTok comment flows need comment import, which is off for this organization');
    expect((await org.publish(valid.json.id)).json.message).toBe(
      'trigger.platform: TikTok comment flows need comment import, which is off for this organization',
    );
    // Instagram and Facebook comment flows do not depend on it.
    expect((await org.create()).status).toBe(201);
    await setFeature(t.services.db, org.organizationId, 'comment-import', true);
    expect((await org.publish(valid.json.id)).status).toBe(200);
  });

  it('checks attachments and card images: uploads of the team, of the declared kind', async () => {
    const org = await automationsOrg(t);
    const image = await uploadMedia(t, org.key, 'square-1080.jpg', org.teamId);
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const other = await org.call('POST', '/team', { name: 'Elsewhere' });
    const theirs = await uploadMedia(t, org.key, 'square-1080.jpg', other.json.id);
    const send = (message: Record<string, unknown>) =>
      org.create({ definition: dmDefinition(org.instagram.id, { steps: [{ id: 'send', type: 'SEND_MESSAGE', message }] }) });

    expect((await send({ attachments: [{ uploadId: image.id, type: 'IMAGE' }] })).status).toBe(201);
    expect((await send({ attachments: [{ uploadId: video.id, type: 'VIDEO' }] })).status).toBe(201);
    expect(
      (await send({ carousel: { cards: [{ title: 'Menu', imageUploadId: image.id, buttons: [{ type: 'POSTBACK', label: 'Order', payload: 'ORDER' }] }] } }))
        .status,
    ).toBe(201);

    expect((await send({ attachments: [{ uploadId: video.id, type: 'IMAGE' }] })).json.message).toBe(
      `steps.send: upload ${video.id} for the image attachment is a video, not an image`,
    );
    expect((await send({ attachments: [{ uploadId: 'nope', type: 'IMAGE' }] })).json.message).toBe(
      'steps.send: upload nope for the image attachment was not found in this team',
    );
    expect((await send({ attachments: [{ uploadId: theirs.id, type: 'IMAGE' }] })).json.message).toBe(
      `steps.send: upload ${theirs.id} for the image attachment was not found in this team`,
    );
    expect((await send({ carousel: { cards: [{ title: 'Menu', imageUploadId: video.id }] } })).json.message).toBe(
      `steps.send: upload ${video.id} for the image of card "Menu" is a video, not an image`,
    );
  });
});
