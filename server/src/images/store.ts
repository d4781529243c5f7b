/**
 * The images table: wallet logos, network (asset), currency and token images, each with its
 * content type and a strong ETag. Routes use the images repository (`app.images`,
 * ../storage/images.ts); the synchronous functions on a raw SQLite handle stay for the callers
 * still on it (the Blockchain API's token icons) and the programmatic API.
 */
export * from './image-data.js';
export { getImage, putImage } from '../storage/images-sync.js';
