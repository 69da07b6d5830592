import { startLocalReceiver } from '../test-kit/local-receiver';
import { cmlRoutes } from './tiktok-stand-in/cml-routes';
import { displayRoutes } from './tiktok-stand-in/display-routes';
import { oauthRoutes } from './tiktok-stand-in/oauth-routes';
import { postingRoutes } from './tiktok-stand-in/posting-routes';
import { newTikTokWorld, TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET } from './tiktok-stand-in/stand-in-world';

export { TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET };

/**
 * A TikTok stand-in on 127.0.0.1 (decision 092): Login Kit, the Content Posting API with its chunk
 * rules and limits, and the Display API, over one world a test can change. `env` points the app's
 * TikTok settings at it; `reset()` brings back the routes and the world's defaults between tests.
 */
export async function startTikTokStandIn() {
  const receiver = await startLocalReceiver();
  const world = newTikTokWorld();
  const install = () => {
    oauthRoutes(receiver, world);
    postingRoutes(receiver, world);
    displayRoutes(receiver, world);
    cmlRoutes(receiver, world);
  };
  install();
  return {
    receiver,
    world,
    url: receiver.url,
    env: {
      TIKTOK_CLIENT_KEY,
      TIKTOK_CLIENT_SECRET,
      TIKTOK_API_URL: receiver.url,
      TIKTOK_AUTHORIZE_URL: `${receiver.url}/v2/auth/authorize/`,
      TIKTOK_BUSINESS_API_URL: receiver.url,
      TIKTOK_STATUS_WAIT_SECONDS: '5',
    },
    /** The requests one endpoint received. */
    calls: (method: string, path: string) => receiver.requests.filter((request) => request.method === method && request.path === path),
    reset() {
      receiver.reset();
      world.reset();
      install();
    },
    close: () => receiver.close(),
  };
}

export type TikTokStandIn = Awaited<ReturnType<typeof startTikTokStandIn>>;
