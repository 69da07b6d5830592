import { accountAnalyticsRoute } from './account-analytics';
import { accountHistoryRoute } from './account-history';
import { accountLocationRoute } from './account-location';
import { accountsRoute } from './accounts';
import { appRoute } from './app-layout';
import { automationFlowRoute } from './automation-flow';
import { automationSettingsRoute } from './automation-settings';
import { automationsRoute } from './automations';
import { calendarRoute } from './calendar';
import { indexRoute } from './home';
import { inboxRoute } from './inbox';
import { loginRoute } from './login';
import { postDetailRoute } from './post-detail';
import { postsRoute } from './posts';
import { postEditRoute, postNewRoute } from './posts-compose';
import { postsImportRoute } from './posts-import';
import { reviewsRoute } from './reviews';
import { rootRoute } from './root';
import { settingsIndexRoute, settingsRoute } from './settings';
import { settingsApiKeysRoute } from './settings-api-keys';
import { settingsTeamsRoute } from './settings-teams';
import { settingsUsageRoute } from './settings-usage';
import { settingsWebhookRoute, settingsWebhooksRoute } from './settings-webhooks';

export const routeTree = rootRoute.addChildren([
  loginRoute,
  appRoute.addChildren([
    indexRoute,
    postsRoute,
    postNewRoute,
    postsImportRoute,
    postEditRoute,
    postDetailRoute,
    calendarRoute,
    inboxRoute,
    reviewsRoute,
    automationsRoute,
    automationSettingsRoute,
    automationFlowRoute,
    accountsRoute,
    accountAnalyticsRoute,
    accountHistoryRoute,
    accountLocationRoute,
    settingsRoute.addChildren([settingsIndexRoute, settingsApiKeysRoute, settingsTeamsRoute, settingsWebhooksRoute, settingsWebhookRoute, settingsUsageRoute]),
  ]),
]);
