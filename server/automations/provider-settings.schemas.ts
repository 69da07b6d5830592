import { z } from '@hono/zod-openapi';
import { MAX_OFFSET } from '../http/pagination';
import { PROVIDER_SETTING_STATUSES, PROVIDER_SETTING_TYPES } from './shared/automation-constants';
import { IceBreakersConfigSchema, PersistentMenuConfigSchema } from './shared/provider-setting-config';

const id = z.string().min(1).max(64);

export const ProviderSettingSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    platform: z.string(),
    socialAccountId: z.string(),
    type: z.enum(PROVIDER_SETTING_TYPES),
    status: z.enum(PROVIDER_SETTING_STATUSES),
    config: z.record(z.unknown()).openapi({ description: '`iceBreakers` (Instagram), or `getStartedPayload`, `composerInputDisabled`, `items` (Facebook)' }),
    lastSyncedAt: z.string().nullable(),
    lastSyncError: z.object({ message: z.string() }).nullable(),
    socialAccount: z.object({ id: z.string(), type: z.string(), username: z.string().nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('AutomationProviderSetting');

const status = z.enum(['DRAFT', 'DISABLED']).optional().openapi({ description: '`DISABLED`, then sync, removes it from the platform; omitted: `DRAFT`' });

export const SaveProviderSettingBody = z
  .discriminatedUnion('platform', [
    z.object({ teamId: id, platform: z.literal('INSTAGRAM'), config: IceBreakersConfigSchema, status }).strict(),
    z.object({ teamId: id, platform: z.literal('FACEBOOK'), config: PersistentMenuConfigSchema, status }).strict(),
  ])
  // Saved only while something would show; an empty list is fine when the setting is being disabled.
  .superRefine((body, ctx) => {
    const [key, list] = body.platform === 'INSTAGRAM' ? ['iceBreakers', body.config.iceBreakers] : ['items', body.config.items];
    if (body.status !== 'DISABLED' && list.length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.too_small,
        minimum: 1,
        inclusive: true,
        type: 'array',
        path: ['config', key],
        message: 'Add at least one, or save with status DISABLED to remove them',
      });
    }
  })
  .openapi('SaveAutomationProviderSetting', {
    example: { teamId: 'team_123', platform: 'INSTAGRAM', config: { iceBreakers: [{ question: 'What are your opening hours?', payload: 'HOURS' }] } },
  });

export const ProviderSettingPathParams = z.object({
  socialAccountId: id.openapi({ param: { name: 'socialAccountId', in: 'path' } }),
  type: z.enum(PROVIDER_SETTING_TYPES).openapi({ param: { name: 'type', in: 'path' } }),
});

export const ProviderSettingIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });

export const ProviderSettingListQuery = z
  .object({
    teamId: id,
    platform: z.enum(['INSTAGRAM', 'FACEBOOK']).optional(),
    socialAccountId: id.optional(),
    type: z.enum(PROVIDER_SETTING_TYPES).optional(),
    status: z.enum(PROVIDER_SETTING_STATUSES).optional(),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
    limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
  })
  .strict();

export const ProviderSettingListSchema = z.object({ items: z.array(ProviderSettingSchema), total: z.number().int() }).openapi('AutomationProviderSettingList');
