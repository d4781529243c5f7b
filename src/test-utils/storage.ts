/** A small in-memory implementation of the Web Storage API for node tests. */
export class MemoryStorage implements Storage {
  private readonly data = new Map<string, string>();

  get length(): number {
    return this.data.size;
  }

  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.data.has(key) ? (this.data.get(key) as string) : null;
  }

  setItem(key: string, value: string): void {
    this.data.set(key, String(value));
  }

  removeItem(key: string): void {
    this.data.delete(key);
  }

  clear(): void {
    this.data.clear();
  }

  keys(): string[] {
    return [...this.data.keys()];
  }

  [name: string]: unknown;
}

function securityError(): Error {
  const err = new Error('The operation is insecure.');
  err.name = 'SecurityError';
  return err;
}

/** A Storage that refuses every access, like Safari private mode or a sandboxed iframe. */
export class ThrowingStorage implements Storage {
  get length(): number {
    throw securityError();
  }

  key(): string | null {
    throw securityError();
  }

  getItem(): string | null {
    throw securityError();
  }

  setItem(): void {
    throw securityError();
  }

  removeItem(): void {
    throw securityError();
  }

  clear(): void {
    throw securityError();
  }

  [name: string]: unknown;
}
