/**
 * The images repository's queries, synchronously on a raw SQLite handle (compiled for SQLite):
 * for the programmatic API (getImage, putImage).
 */
import type { Database } from '../db/open.js';
import type { ImageData, ImageKind, StoredImage } from '../images/image-data.js';
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
