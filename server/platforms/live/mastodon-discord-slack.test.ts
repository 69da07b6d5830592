import { describe, expect, it } from 'vitest';
import { LiveHttpClient } from './live-http';
import { mastodonDiscordSlackConnectors } from './mastodon-discord-slack';

describe('Mastodon, Discord and Slack for the live registry', () => {
  const http = new LiveHttpClient();
  it('offers a platform live only with its settings, and every one in live mode', () => {
    const none = mastodonDiscordSlackConnectors(http, { mastodon: null, discord: null, slack: null });
    expect(none).toEqual([]);
    const all = mastodonDiscordSlackConnectors(http, {
      mastodon: { appName: 'Desk' },
      discord: { applicationId: '1', clientSecret: 's', botToken: 'b' },
      slack: { clientId: 'c', clientSecret: 's' },
    });
    expect(all.map((connector) => [connector.type, connector.mode])).toEqual([
      ['MASTODON', 'live'],
      ['DISCORD', 'live'],
      ['SLACK', 'live'],
    ]);
    // What the platforms offer, and nothing pretended: no analytics or history for Discord and Slack bots.
    expect(all.map((connector) => [connector.type, !!connector.analytics, !!connector.history])).toEqual([
      ['MASTODON', true, true],
      ['DISCORD', false, false],
      ['SLACK', false, false],
    ]);
  });
});
