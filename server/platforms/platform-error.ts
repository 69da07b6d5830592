import { AppError } from '../http/errors';
import type { PostPlatform } from './platform-types';

/** What the caller may do about a failure. */
export type Retryability = 'RETRY' | 'RETRY_AFTER_RESET' | 'RECONNECT' | 'NEVER';

export type PlatformErrorCode =
  'TRANSIENT' | 'PERMANENT' | 'RATE_LIMITED' | 'TOKEN_EXPIRED' | 'ACCESS_REVOKED' | 'PERMISSION_MISSING' | 'NOT_FOUND' | 'INVALID_REQUEST';

export type PlatformErrorMeta = {
  platform: PostPlatform;
  operation: string;
  /** When a rate limit resets (RATE_LIMITED). */
  resetAt?: string;
  retryAfterSeconds?: number;
  [key: string]: unknown;
};

/**
 * The one error every connector throws, whatever the platform said. `httpStatus` is the
 * platform's answer; the API answers 429 for platform rate limits and 502 for the rest.
 */
export class PlatformError extends AppError {
  readonly code: PlatformErrorCode;
  readonly isTransient: boolean;
  readonly retryability: Retryability;
  readonly httpStatus: number;
  readonly userFacingMessage: string;
  readonly meta: PlatformErrorMeta;

  constructor(input: {
    code: PlatformErrorCode;
    message: string;
    httpStatus: number;
    userFacingMessage?: string;
    meta: PlatformErrorMeta;
    isTransient?: boolean;
    retryability?: Retryability;
  }) {
    const retryAfter = input.meta.retryAfterSeconds;
    super(
      input.code === 'RATE_LIMITED' ? 429 : 502,
      input.message,
      undefined,
      input.code === 'RATE_LIMITED' && retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : undefined,
    );
    this.code = input.code;
    this.httpStatus = input.httpStatus;
    this.meta = input.meta;
    this.isTransient = input.isTransient ?? DEFAULTS[input.code].isTransient;
    this.retryability = input.retryability ?? DEFAULTS[input.code].retryability;
    this.userFacingMessage = input.userFacingMessage ?? DEFAULTS[input.code].userFacingMessage;
  }

  /** The shape `errorsVerbose` and stored failures show. */
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      isTransient: this.isTransient,
      retryability: this.retryability,
      httpStatus: this.httpStatus,
      userFacingMessage: this.userFacingMessage,
      meta: this.meta,
    };
  }
}

const DEFAULTS: Record<PlatformErrorCode, { isTransient: boolean; retryability: Retryability; userFacingMessage: string }> = {
  TRANSIENT: { isTransient: true, retryability: 'RETRY', userFacingMessage: 'The platform is having trouble; we will try again.' },
  PERMANENT: { isTransient: false, retryability: 'NEVER', userFacingMessage: 'The platform refused the request.' },
  RATE_LIMITED: {
    isTransient: true,
    retryability: 'RETRY_AFTER_RESET',
    userFacingMessage: 'The platform is limiting requests for this account; it will work again after the reset time.',
  },
  TOKEN_EXPIRED: {
    isTransient: false,
    retryability: 'RECONNECT',
    userFacingMessage: 'The connection to this account expired; reconnect it.',
  },
  ACCESS_REVOKED: {
    isTransient: false,
    retryability: 'RECONNECT',
    userFacingMessage: 'Access to this account was removed at the platform; reconnect it.',
  },
  PERMISSION_MISSING: {
    isTransient: false,
    retryability: 'RECONNECT',
    userFacingMessage: 'The account did not grant a permission this needs; reconnect it and allow it.',
  },
  NOT_FOUND: { isTransient: false, retryability: 'NEVER', userFacingMessage: 'The platform could not find this item.' },
  INVALID_REQUEST: { isTransient: false, retryability: 'NEVER', userFacingMessage: 'The platform rejected the content.' },
};
