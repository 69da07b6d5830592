import type { PlatformConnector } from '../../connector';
import { slack } from '../../definitions/slack';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { SlackApi, type SlackConfig } from './slack-api';
import { slackActions } from './slack-actions';
import { slackAuth, slackConnect, slackProfile } from './slack-profile';
import { slackPublishing } from './slack-publishing';

/**
 * Slack for real: the account is the operator's Slack app installed in a workspace (OAuth v2, bot
 * scopes in `SLACK_BOT_SCOPES`; an operator may add `chat:write.public` to the app). An incoming webhook
 * could post too, but answers no message id, so nothing it posts can be edited, deleted, replied
 * to or found after a crash: the bot token is used for everything.
 */
export function slackConnector(config: SlackConfig): PlatformConnector {
  const api = new SlackApi(config);
  return {
    type: 'SLACK',
    definition: slack,
    mode: 'live',
    connect: slackConnect(api),
    auth: slackAuth(api),
    profile: slackProfile(api),
    messaging: null,
    webhooks: noInboundWebhooks('SLACK'),
    publishing: slackPublishing(api),
    actions: slackActions(api),
    analytics: null,
    xActions: null,
    comments: null,
    reviews: null,
    history: null,
    providerSettings: null,
  };
}
