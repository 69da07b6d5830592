import type { AuthCapability, LiveConnectCapability } from '../../connector';
import { googleAuth, googleConnect, type GoogleProduct } from '../google/google-oauth';
import type { GbpApi } from './gbp-api';

/** The one scope of the Business Profile APIs, and who the person is (userinfo). */
export const GBP_SCOPES = ['https://www.googleapis.com/auth/business.manage', 'openid', 'email', 'profile'];

const gbpProduct = (api: GbpApi): GoogleProduct => ({
  platform: 'GOOGLE_BUSINESS',
  name: 'Google Business',
  scopes: GBP_SCOPES,
  requiredScope: {
    scope: GBP_SCOPES[0]!,
    message: 'The business.manage scope was not granted',
    userFacingMessage: 'Allow SocialDesk to manage your Business Profile when Google asks.',
  },
  warn: api.config.warn,
});

/** Google's consent with offline access (google-oauth.ts), for the Business Profile scope. */
export function gbpConnect(api: GbpApi): LiveConnectCapability {
  return googleConnect(api.config, gbpProduct(api));
}

export function gbpAuth(api: GbpApi): AuthCapability {
  return googleAuth(api.config, gbpProduct(api));
}
