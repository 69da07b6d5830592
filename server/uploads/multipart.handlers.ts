import { createRouter } from '../http/create-router';
import { abortMultipart, completeMultipart, initMultipart, receivePart, signParts } from './multipart.service';
import * as routes from './multipart.routes';
import { toUploadDto } from './uploads.service';

export const multipartRouter = createRouter();
multipartRouter.openapi(routes.initMultipartRoute, async (c) => {
  return c.json(await initMultipart(c.var.services, { organizationId: c.var.auth.organizationId, ...c.req.valid('json') }), 200);
});
multipartRouter.openapi(routes.signMultipartRoute, async (c) => {
  return c.json(await signParts(c.var.services, { organizationId: c.var.auth.organizationId, ...c.req.valid('json') }), 200);
});
multipartRouter.openapi(routes.completeMultipartRoute, async (c) => {
  const row = await completeMultipart(c.var.services, { organizationId: c.var.auth.organizationId, ...c.req.valid('json') });
  return c.json(toUploadDto(c.var.services.config, row), 200);
});
multipartRouter.openapi(routes.abortMultipartRoute, async (c) => {
  return c.json(await abortMultipart(c.var.services, { organizationId: c.var.auth.organizationId, ...c.req.valid('json') }), 200);
});

/** The part PUT of stores without native multipart: the signature is the credential (registered before `authenticate`). */
export const multipartPublicRouter = createRouter();
multipartPublicRouter.openapi(routes.putPartRoute, async (c) => {
  const { token, partNumber } = c.req.valid('param');
  const { expires, signature } = c.req.valid('query');
  const { etag, size } = await receivePart(c.var.services, { intentId: token, partNumber, expires, signature, body: c.req.raw.body });
  c.header('ETag', etag);
  return c.json({ partNumber, etag, size }, 200);
});
