/**
 * Image routes: wallet logos and the network (asset), currency and token images, cached for a
 * day; the social providers' marks (from icon packages, ../images/marks.ts), cached for a week.
 * Each with a strong ETag (304 on If-None-Match) and, for SVG, a CSP that runs nothing.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { verbatim } from '../http/validation.js';
import { IMAGE_ID_PATTERN, type ImageKind, type StoredImage } from '../images/store.js';
import { socialImage } from '../images/catalog.js';
import { HttpError } from '../errors.js';
import { projectQuerySchema } from './schemas.js';

export const IMAGE_ROUTES: Readonly<Record<ImageKind, string>> = {
  wallet: '/getWalletImage/:id',
  asset: '/public/getAssetImage/:id',
  currency: '/public/getCurrencyImage/:id',
  token: '/public/getTokenImage/:id',
};

export const IMAGE_CACHE_CONTROL = 'public, max-age=86400';
/** The social marks change only with an icon package's version. */
export const SOCIAL_IMAGE_ROUTE = '/public/getSocialImage/:id';
export const SOCIAL_CACHE_CONTROL = 'public, max-age=604800';
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const imageParamsSchema = z.object({
  id: z.string().check(verbatim((id: string) => IMAGE_ID_PATTERN.test(id), 'Invalid image id: 1 to 100 letters, digits, or : . _ -')),
});

/** True when an If-None-Match header matches the ETag (weak comparison, as RFC 9110 asks for it). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

type Reply = FastifyReply;

function sendImage(ifNoneMatch: string | undefined, reply: Reply, image: StoredImage, cacheControl: string) {
  reply.header('cache-control', cacheControl);
  reply.header('etag', image.etag);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  if (image.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
  if (etagMatches(ifNoneMatch, image.etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SOCIAL_IMAGE_ROUTE,
    {
      config: { access: 'any-origin' },
      schema: {
        summary: "A social provider's mark (google, github, apple, facebook, x, discord, farcaster; SVG), cached for a week, with an ETag",
        params: imageParamsSchema,
        querystring: projectQuerySchema,
      },
    },
    async (request, reply) => {
      const image = socialImage(request.params.id);
      if (!image) throw new HttpError(404, `No social image '${request.params.id}'`, 'id');
      return sendImage(request.headers['if-none-match'], reply, image, SOCIAL_CACHE_CONTROL);
    },
  );

  for (const [kind, url] of Object.entries(IMAGE_ROUTES) as [ImageKind, string][]) {
    app.get(
      url,
      {
        config: { access: 'any-origin' },
        schema: {
          summary: `A ${kind} image (SVG, PNG, ...), cached for a day, with an ETag`,
          params: imageParamsSchema,
          querystring: projectQuerySchema,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const image = await app.images.get(kind, id);
        if (!image) throw new HttpError(404, `No ${kind} image '${id}'`, 'id');
        return sendImage(request.headers['if-none-match'], reply, image, IMAGE_CACHE_CONTROL);
      },
    );
  }
};
