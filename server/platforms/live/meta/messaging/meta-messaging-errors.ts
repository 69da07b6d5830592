import { PlatformError, type PlatformErrorCode } from '../../../platform-error';

/**
 * Send API answers that `metaError` alone would read wrongly: Meta reports the closed 24-hour
 * window with code 10 (which elsewhere means a missing permission), and a person who cannot be
 * messaged with codes of its own (https://developers.facebook.com/docs/messenger-platform/error-codes,
 * Instagram's messaging error codes). Keyed `code/subcode` (subcode `*`: any).
 */
const MESSAGING_ERRORS: Record<string, { code: PlatformErrorCode; text: string }> = {
  '10/2018278': { code: 'INVALID_REQUEST', text: 'Meta allows replies only within 24 hours of the person’s last message.' },
  '10/2534022': { code: 'INVALID_REQUEST', text: 'Instagram allows replies only within 24 hours of the person’s last message.' },
  // What Meta answers the HUMAN_AGENT tag of an app App Review did not approve for it (the only tag the service sends).
  // Reconnecting does not help (App Review grants it to the app): a refusal, not a lost permission.
  '10/2018065': {
    code: 'INVALID_REQUEST',
    text: 'Meta has not approved this app for Human Agent, so replies after 24 hours are refused: unset META_HUMAN_AGENT until App Review grants it.',
  },
  '100/2018001': { code: 'NOT_FOUND', text: 'Meta knows no person with this id for this account.' },
  '100/2534014': { code: 'NOT_FOUND', text: 'Instagram knows no person with this id for this account.' },
  '551/*': { code: 'INVALID_REQUEST', text: 'This person is not available for messages right now.' },
  '10900/*': { code: 'INVALID_REQUEST', text: 'This comment already got its private reply (Meta allows one per comment).' },
  '100/2018336': { code: 'INVALID_REQUEST', text: 'Private replies are possible only within 7 days of the comment.' },
  '230/*': { code: 'PERMISSION_MISSING', text: 'The account did not grant messaging; reconnect it with messaging allowed.' },
};

/** The messaging reading of a Meta failure, or the error as `metaError` read it. */
export function messagingError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  const code = error.meta.metaCode;
  const subcode = error.meta.metaSubcode;
  const known = MESSAGING_ERRORS[`${String(code)}/${String(subcode)}`] ?? MESSAGING_ERRORS[`${String(code)}/*`];
  if (!known) return error;
  return new PlatformError({ code: known.code, message: error.message, httpStatus: error.httpStatus, userFacingMessage: known.text, meta: error.meta });
}
