/** The social login routes under /auth/v1 (schemas in src/wire/social-api.ts; the flow in flow.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionReply } from '../../../../src/wire/auth-api.js';
import { socialCallbackQuery, socialFinishBody, socialStartBody, socialStartReply } from '../../../../src/wire/social-api.js';
import { errors } from '../routes.js';
import { sendCallbackPage } from './callback-page.js';
import { finishSocial, runCallback, startSocial, type SocialContext } from './flow.js';

export function socialRoutes(sc: SocialContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/social/start', { schema: { body: socialStartBody, response: { 200: socialStartReply, ...errors } } }, async (request) =>
      startSocial(sc, { ...request.body, ip: request.ip }),
    );

    // Reached by the popup's navigation, not by the frame: no x-w3kit-frame header (see frame-site/app.ts).
    // GET only: a HEAD (a link checker) must not spend the single-use state.
    app.get('/social/callback', { schema: { hide: true }, exposeHeadRoute: false }, async (request, reply) => {
      const parsed = socialCallbackQuery.safeParse(request.query);
      const outcome = await runCallback(sc, parsed.success ? parsed.data : {});
      return sendCallbackPage(reply, outcome);
    });

    app.post('/social/finish', { schema: { body: socialFinishBody, response: { 200: sessionReply, ...errors } } }, async (request) =>
      finishSocial(sc, request.body.socialId, request.body.completion),
    );
  };
}
