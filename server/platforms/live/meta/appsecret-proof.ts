import { createHmac } from 'node:crypto';

/**
 * `appsecret_proof`: the hex HMAC-SHA256 of the access token keyed with the secret of the app that
 * issued it (https://developers.facebook.com/docs/graph-api/securing-requests). With "Require App
 * Secret" on in the Meta app, a stolen token is useless without the secret.
 */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}
