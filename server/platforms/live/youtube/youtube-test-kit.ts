import { startLocalReceiver } from '../test-kit/local-receiver';
import { dataRoutes } from './youtube-stand-in/data-routes';
import { oauthRoutes } from './youtube-stand-in/oauth-routes';
import { playlistRoutes } from './youtube-stand-in/playlist-routes';
import { uploadRoutes } from './youtube-stand-in/upload-routes';
import { STAND_IN_CLIENT, YoutubeWorld } from './youtube-stand-in/youtube-world';

export type YoutubeStandIn = Awaited<ReturnType<typeof startYoutubeStandIn>>;

/**
 * The YouTube stand-in (decision 091): one local server playing Google's consent page and token
 * endpoint, the Data API v3 and its upload host, over one `YoutubeWorld` that tests read and steer.
 * `env` points the app's settings at it (every host its own setting, as in production).
 */
export async function startYoutubeStandIn() {
  const receiver = await startLocalReceiver();
  let world = new YoutubeWorld();
  const install = () => {
    oauthRoutes(receiver, world);
    dataRoutes(receiver, world);
    playlistRoutes(receiver, world);
    uploadRoutes(receiver, world, () => receiver.url);
  };
  install();
  return {
    receiver,
    get world() {
      return world;
    },
    env: {
      YOUTUBE_CLIENT_ID: STAND_IN_CLIENT.id,
      YOUTUBE_CLIENT_SECRET: STAND_IN_CLIENT.secret,
      YOUTUBE_API_URL: `${receiver.url}/youtube/v3`,
      YOUTUBE_UPLOAD_URL: `${receiver.url}/upload/youtube/v3`,
      YOUTUBE_AUTHORIZE_URL: `${receiver.url}/o/oauth2/v2/auth`,
      YOUTUBE_TOKEN_URL: `${receiver.url}/token`,
    },
    /** A fresh world and no requests seen. */
    reset() {
      receiver.reset();
      world = new YoutubeWorld();
      install();
    },
    /** Requests the stand-in received for `METHOD /path`. */
    calls(line: string) {
      const [method, path] = line.split(' ');
      return receiver.requests.filter((request) => request.method === method && request.path === path);
    },
    close: () => receiver.close(),
  };
}
