/**
 * An app configuration with the live connectors switched on beside the sandbox, as an operator
 * trying Bluesky, Mastodon, Discord and Slack for real would run it: the credentials config.ts
 * requires for them, and every platform host on a closed loopback port, so a request that wrongly
 * reaches a live connector fails at once instead of calling the real platform.
 */
const NOWHERE = 'http://127.0.0.1:9';

export const LIVE_PLATFORMS_ENV: Record<string, string> = {
  LIVE_PLATFORMS: 'BLUESKY,MASTODON,DISCORD,SLACK',
  BLUESKY_SERVICE_URL: NOWHERE,
  BLUESKY_PLC_URL: NOWHERE,
  DISCORD_CLIENT_ID: 'test-discord-client',
  DISCORD_CLIENT_SECRET: 'test-discord-secret',
  DISCORD_BOT_TOKEN: 'test-discord-bot-token',
  DISCORD_API_URL: `${NOWHERE}/discord/api/v10`,
  DISCORD_AUTHORIZE_URL: `${NOWHERE}/discord/oauth2/authorize`,
  SLACK_CLIENT_ID: 'test-slack-client',
  SLACK_CLIENT_SECRET: 'test-slack-secret',
  SLACK_API_URL: `${NOWHERE}/slack/api`,
  SLACK_AUTHORIZE_URL: `${NOWHERE}/slack/oauth/v2/authorize`,
};
