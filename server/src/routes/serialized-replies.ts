/**
 * Replies serialized once: the JSON text and a strong ETag of a reply object, kept while that
 * object lives. A repository that caches its replies (the wallet registry's, storage/wallets.ts)
 * hands back the same object until what it reads changes, so the text and ETag are reused
 * exactly as long as the reply is, and a change (a new object) is serialized afresh: nothing
 * to invalidate here. Held in a WeakMap, they take no more room than the repository's bounded
 * cache holds (a repository that returns a new object each time just gains nothing).
 */
import { createHash } from 'node:crypto';

export interface SerializedReply {
  /** The reply as JSON, what the route's serializer makes of it. */
  body: string;
  /** A strong ETag of `body`: `"<sha-256, base64url, 22 characters>"`. */
  etag: string;
}

export class SerializedReplies<T extends object> {
  private readonly cache = new WeakMap<T, SerializedReply>();

  constructor(private readonly serialize: (reply: T) => string) {}

  /** The reply's JSON and ETag, serialized on first sight of this object. */
  of(reply: T): SerializedReply {
    let serialized = this.cache.get(reply);
    if (!serialized) {
      const body = this.serialize(reply);
      serialized = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
      this.cache.set(reply, serialized);
    }
    return serialized;
  }
}

/** Whether an If-None-Match header names `etag` (a list, `*`, or weak validators `W/"..."`, compared weakly as RFC 9110 says for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
