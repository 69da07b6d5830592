import { z } from '@hono/zod-openapi';
import { fail, httpsUrl, optionalText, uploadIds } from './shared';

export const GoogleBusinessOptions = z
  .object({
    text: optionalText(1500),
    uploadIds: uploadIds(1),
    topicType: z.enum(['STANDARD', 'EVENT', 'OFFER', 'ALERT']).default('STANDARD'),
    languageCode: z.string().max(35).nullish(),
    callToActionType: z.enum(['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']).nullish(),
    callToActionUrl: httpsUrl.nullish(),
    eventTitle: optionalText(58),
    eventStartDate: z.string().datetime({ offset: true }).nullish(),
    eventEndDate: z.string().datetime({ offset: true }).nullish(),
    offerCouponCode: optionalText(58),
    offerRedeemOnlineUrl: httpsUrl.nullish(),
    offerTermsConditions: optionalText(5000),
    alertType: z.enum(['COVID_19']).nullish(),
  })
  .strict()
  .superRefine((data, ctx) => {
    if (data.topicType === 'OFFER') {
      if (!data.eventStartDate) fail(ctx, ['eventStartDate'], 'An OFFER post needs eventStartDate');
      if (!data.offerCouponCode && !data.offerRedeemOnlineUrl && !data.offerTermsConditions) {
        fail(ctx, ['offerCouponCode'], 'An OFFER post needs a coupon code, a redeem URL or terms');
      }
      if (data.callToActionType) fail(ctx, ['callToActionType'], 'An OFFER post cannot have a call-to-action button');
    }
    if (data.topicType === 'EVENT') {
      if (!data.eventTitle) fail(ctx, ['eventTitle'], 'An EVENT post needs eventTitle');
      if (!data.eventStartDate) fail(ctx, ['eventStartDate'], 'An EVENT post needs eventStartDate');
    }
    if (data.eventStartDate && data.eventEndDate && Date.parse(data.eventEndDate) < Date.parse(data.eventStartDate)) {
      fail(ctx, ['eventEndDate'], 'eventEndDate must not be before eventStartDate');
    }
    if (data.callToActionType && data.callToActionType !== 'CALL' && !data.callToActionUrl) {
      fail(ctx, ['callToActionUrl'], 'This call to action needs callToActionUrl');
    }
    if (data.topicType !== 'ALERT' && data.alertType) fail(ctx, ['alertType'], 'alertType applies only to ALERT posts');
    if (data.topicType !== 'ALERT' && !data.text) fail(ctx, ['text'], 'A Google Business post needs text');
  });
