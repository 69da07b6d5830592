// No imports: the table definitions, the API schemas and the dashboard's flow builder share these.

export const FLOW_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'ARCHIVED'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** `BOTH` is Instagram or Facebook: a flow's scope must fit its trigger's platform. */
export const PLATFORM_SCOPES = ['INSTAGRAM', 'FACEBOOK', 'TIKTOK', 'BOTH'] as const;
export type PlatformScope = (typeof PLATFORM_SCOPES)[number];

export const AUTOMATION_PLATFORMS = ['INSTAGRAM', 'FACEBOOK', 'TIKTOK'] as const;
export type AutomationPlatform = (typeof AUTOMATION_PLATFORMS)[number];

export const FLOW_VERSION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type FlowVersionStatus = (typeof FLOW_VERSION_STATUSES)[number];

export const TRIGGER_TYPES = ['COMMENT_CREATED', 'DM_RECEIVED', 'QUICK_REPLY_CLICKED', 'BUTTON_CLICKED'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** Triggers that read text (keywords); the others are taps and read payloads. */
export const TEXT_TRIGGERS: readonly TriggerType[] = ['COMMENT_CREATED', 'DM_RECEIVED'];
export const CLICK_TRIGGERS: readonly TriggerType[] = ['QUICK_REPLY_CLICKED', 'BUTTON_CLICKED'];
/** Triggers that happen in a DM thread. */
export const CONVERSATION_TRIGGERS: readonly TriggerType[] = ['DM_RECEIVED', 'QUICK_REPLY_CLICKED', 'BUTTON_CLICKED'];

export const STEP_TYPES = [
  'CONDITION',
  'SEND_MESSAGE',
  'SEND_PRIVATE_REPLY',
  'SEND_PUBLIC_COMMENT_REPLY',
  'LIKE_COMMENT',
  'ARCHIVE_CONVERSATION',
  'OPEN_CONVERSATION',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const CONDITION_FIELDS = ['TEXT', 'PAYLOAD', 'PLATFORM', 'SENDER_ID'] as const;
export const CONDITION_OPERATORS = ['CONTAINS', 'EQUALS', 'MATCHES_ANY'] as const;
export const MATCH_MODES = ['ANY', 'ALL'] as const;

/** What each platform supports (spec: "Platform support"). */
export const PLATFORM_SUPPORT: Record<AutomationPlatform, { triggers: readonly TriggerType[]; steps: readonly StepType[] }> = {
  TIKTOK: { triggers: ['COMMENT_CREATED'], steps: ['CONDITION', 'SEND_PUBLIC_COMMENT_REPLY', 'LIKE_COMMENT'] },
  INSTAGRAM: {
    triggers: TRIGGER_TYPES,
    steps: ['CONDITION', 'SEND_MESSAGE', 'SEND_PRIVATE_REPLY', 'SEND_PUBLIC_COMMENT_REPLY', 'ARCHIVE_CONVERSATION', 'OPEN_CONVERSATION'],
  },
  FACEBOOK: { triggers: TRIGGER_TYPES, steps: STEP_TYPES },
};

export const EXECUTION_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'SKIPPED', 'FAILED', 'CANCELED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
/** Execution logs are kept 30 days after the run; older ones are gone even before the purge removes them. */
export const EXECUTION_RETENTION_MS = 30 * 24 * 3600_000;

export const STEP_EXECUTION_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED', 'SKIPPED'] as const;
export type StepExecutionStatus = (typeof STEP_EXECUTION_STATUSES)[number];

export const EXECUTION_ERROR_CODES = [
  'AUTOMATION_MONTHLY_LIMIT_REACHED',
  'AUTOMATION_CONVERSATION_COOLDOWN',
  'AUTOMATION_CONVERSATION_HOURLY_LIMIT',
  'AUTOMATION_COMMENTER_COOLDOWN',
  'AUTOMATION_COMMENTER_HOURLY_LIMIT',
  'AUTOMATION_SHARED_PAGE_CLAIMED',
  'AUTOMATION_EXECUTION_DISABLED',
  'AUTOMATIONS_DISABLED',
  'AUTOMATION_EXECUTION_EXPIRED',
  'AUTOMATION_EXECUTION_TIMEOUT',
  'AUTOMATION_EXECUTION_STALE',
] as const;
export type ExecutionErrorCode = (typeof EXECUTION_ERROR_CODES)[number];

export const PROVIDER_SETTING_TYPES = ['INSTAGRAM_ICE_BREAKERS', 'FACEBOOK_PERSISTENT_MENU'] as const;
export type ProviderSettingType = (typeof PROVIDER_SETTING_TYPES)[number];
/** The platform each kind of setting lives on (`PUT` refuses a `platform` that does not match). */
export const PROVIDER_SETTING_PLATFORM: Record<ProviderSettingType, 'INSTAGRAM' | 'FACEBOOK'> = {
  INSTAGRAM_ICE_BREAKERS: 'INSTAGRAM',
  FACEBOOK_PERSISTENT_MENU: 'FACEBOOK',
};
export const PROVIDER_SETTING_STATUSES = ['DRAFT', 'DISABLED', 'SYNCED', 'SYNC_FAILED'] as const;
export type ProviderSettingStatus = (typeof PROVIDER_SETTING_STATUSES)[number];

/** The spec's limits for flows and their content. */
export const FLOW_LIMITS = {
  name: 120,
  steps: 100,
  keywords: 100,
  keyword: 200,
  payloads: 100,
  payload: 1000,
  senderExternalIds: 100,
  actionDelaySeconds: 86_400,
  conditions: 20,
  conditionValue: 1000,
  stepId: 64,
  messageText: 1000,
  attachments: 1,
  attachmentBytes: 24 * 1024 * 1024,
  quickReplies: 13,
  quickReplyId: 36,
  buttons: 3,
  label: 20,
  cards: 10,
  cardText: 80,
  /** Public comment replies: characters on Facebook and TikTok, bytes on Instagram. */
  publicReply: { FACEBOOK: 1000, INSTAGRAM: 1000, TIKTOK: 150 },
  iceBreakers: 4,
  menuItems: 3,
} as const;

export const DEFAULT_GET_STARTED_PAYLOAD = 'GET_STARTED';
