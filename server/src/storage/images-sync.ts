/**
 * The images repository's queries, synchronously on a raw SQLite handle (compiled for SQLite):
 * for the callers still on the handle (the Blockchain API's token icons, seeding at start) and
 * the programmatic API.
 */
import type { Database } from '../db/open.js';
import { catalogImages } from '../images/catalog.js';
import { svgImage, type ImageData, type ImageKind, type StoredImage } from '../images/image-data.js';
import { sqliteStorage } from './engine.js';
import { imageFromRow, imageQueries } from './images.js';
import { runSync } from './sqlite-sync.js';

const queries = (db: Database) => imageQueries(sqliteStorage(db).db, 'sqlite');

/** The image of this kind and id; an exact match first, else one differing in case only (`eth` finds `ETH`). */
export function getImage(db: Database, kind: ImageKind, id: string): StoredImage | undefined {
  return runSync<Parameters<typeof imageFromRow>[0]>(db, queries(db).get(kind, id)).rows.map(imageFromRow)[0];
}

/** Stores an image; `overwrite: false` keeps an existing one (for generated defaults). */
export function putImage(db: Database, kind: ImageKind, id: string, image: ImageData, options: { overwrite?: boolean } = {}): void {
  runSync(db, queries(db).put(kind, id, image, options));
}

/** Stores the built-in images (../images/catalog.ts) that are missing. */
export function seedStaticImages(db: Database): void {
  const images = catalogImages();
  db.transaction(() => {
    for (const image of images) putImage(db, image.kind, image.id, svgImage(image.svg), { overwrite: false });
  })();
}
