/**
 * The images repository (`app.images`): wallet logos, network (asset), currency and token
 * images with their content type and ETag, on either engine. Ids match case-insensitively (an
 * exact match first): COLLATE NOCASE on SQLite, lower(id) on Postgres.
 */
import { sql, type Kysely } from 'kysely';
import { catalogImages } from '../images/catalog.js';
import { etagOf, svgImage, type ImageData, type ImageKind, type StoredImage } from '../images/image-data.js';
import { atomically } from './atomic.js';
import type { Storage } from './engine.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';

export interface PutOptions {
  /** false keeps an existing image (for generated defaults); default true. */
  overwrite?: boolean;
  /** With `overwrite: false`, an existing image with this ETag (a generated one) is replaced all the same. */
  replacesEtag?: string | undefined;
}

export interface ImagesRepository {
  /** The image of this kind and id; an exact match first, else one differing in case only (`eth` finds `ETH`). */
  get(kind: ImageKind, id: string): Promise<StoredImage | undefined>;
  /** Stores an image; `overwrite: false` keeps an existing one (for generated defaults). */
  put(kind: ImageKind, id: string, image: ImageData, options?: PutOptions): Promise<void>;
}

export function imageQueries(db: Kysely<StorageSchema>, engine: Engine) {
  return {
    get: (kind: ImageKind, id: string) =>
      db
        .selectFrom('images')
        .select(['content_type', 'body', 'etag'])
        .where('kind', '=', kind)
        .where(engine === 'sqlite' ? sql<boolean>`id = ${id} COLLATE NOCASE` : sql<boolean>`lower(id) = lower(${id})`)
        .orderBy(sql`id = ${id}`, 'desc')
        .orderBy(engine === 'sqlite' ? sql`id` : sql`id COLLATE "C"`)
        .limit(1),
    put: (kind: ImageKind, id: string, image: ImageData, { overwrite = true, replacesEtag }: PutOptions = {}) =>
      db
        .insertInto('images')
        .values({
          kind,
          id,
          content_type: image.contentType,
          body: image.body,
          etag: etagOf(image.body),
          updated_at: new Date().toISOString(),
        })
        .onConflict((oc) => {
          const update = oc.columns(['kind', 'id']).doUpdateSet((eb) => ({
            content_type: eb.ref('excluded.content_type'),
            body: eb.ref('excluded.body'),
            etag: eb.ref('excluded.etag'),
            updated_at: eb.ref('excluded.updated_at'),
          }));
          if (overwrite) return update;
          // Kept, unless it is the generated image this one replaces (matched by its ETag).
          return replacesEtag ? update.where('images.etag', '=', replacesEtag) : oc.columns(['kind', 'id']).doNothing();
        }),
    removeKind: (kind: ImageKind) => db.deleteFrom('images').where('kind', '=', kind),
  };
}

export const imageFromRow = (row: { content_type: string; body: Buffer; etag: string }): StoredImage => ({
  contentType: row.content_type,
  body: row.body,
  etag: row.etag,
});

export function imagesRepository({ db, engine }: Storage): ImagesRepository {
  const q = imageQueries(db, engine);
  return {
    async get(kind, id) {
      const row = await q.get(kind, id).executeTakeFirst();
      return row && imageFromRow(row);
    },
    async put(kind, id, image, options) {
      await q.put(kind, id, image, options).execute();
    },
  };
}

/**
 * Stores the built-in images (../images/catalog.ts) that are missing, and replaces the monograms
 * an older version seeded where a real mark exists now, in one transaction.
 */
export async function seedStaticImages(storage: Storage): Promise<void> {
  const q = imageQueries(storage.db, storage.engine);
  await atomically(
    storage,
    catalogImages().map((image) =>
      q.put(image.kind, image.id, svgImage(image.svg), { overwrite: false, replacesEtag: image.replacesEtag }),
    ),
  );
}
