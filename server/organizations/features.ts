/** Operator switches (CLI `enable`/`disable`); `comment-import` is on for a new organization, the others off. */
export const FEATURES = ['dms', 'automations', 'comment-import'] as const;
export type Feature = (typeof FEATURES)[number];
