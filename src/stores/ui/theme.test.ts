import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ThemeModule = typeof import('./theme.js');
type ErrorsModule = typeof import('../../core/errors.js');

type ChangeListener = (event: { matches: boolean; media: string }) => void;

/** A MediaQueryList whose `matches` the test flips. */
class FakeMediaQueryList {
  readonly listeners = new Set<ChangeListener>();
  constructor(
    readonly media: string,
    public matches: boolean,
  ) {}

  addEventListener(type: string, listener: ChangeListener): void {
    if (type === 'change') this.listeners.add(listener);
  }

  removeEventListener(type: string, listener: ChangeListener): void {
    if (type === 'change') this.listeners.delete(listener);
  }

  flip(matches: boolean): void {
    this.matches = matches;
    for (const listener of [...this.listeners]) listener({ matches, media: this.media });
  }
}

let theme: ThemeModule;
let errors: ErrorsModule;
let matchMedia: ReturnType<typeof vi.fn<(query: string) => FakeMediaQueryList>>;

function stubSystemTheme(dark: boolean): FakeMediaQueryList {
  const list = new FakeMediaQueryList('(prefers-color-scheme: dark)', dark);
  matchMedia = vi.fn((_query: string) => list);
  vi.stubGlobal('matchMedia', matchMedia);
  return list;
}

/** Runs `fn`, expects a W3ConfigError and returns it. */
function configError(fn: () => unknown): InstanceType<ErrorsModule['W3ConfigError']> {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(errors.W3ConfigError);
  return caught as InstanceType<ErrorsModule['W3ConfigError']>;
}

beforeEach(async () => {
  // theme.ts registers its matchMedia listener on mount: load a fresh copy per test.
  vi.resetModules();
  theme = await import('./theme.js');
  errors = await import('../../core/errors.js');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('$themeMode without an explicit mode', () => {
  it('follows prefers-color-scheme live while subscribed', () => {
    const list = stubSystemTheme(true);
    const seen: string[] = [];
    const stop = theme.$themeMode.subscribe((mode) => seen.push(mode));
    expect(matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    expect(theme.$themeMode.get()).toBe('dark');
    list.flip(false);
    expect(theme.$themeMode.get()).toBe('light');
    list.flip(true);
    expect(theme.$themeMode.get()).toBe('dark');
    stop();
    expect(seen).toEqual(['dark', 'light', 'dark']);
  });

  it('starts light when the system prefers light', () => {
    const list = stubSystemTheme(false);
    const stop = theme.$themeMode.subscribe(() => {});
    expect(theme.$themeMode.get()).toBe('light');
    list.flip(true);
    expect(theme.$themeMode.get()).toBe('dark');
    stop();
  });

  it('removes its change listener once nothing listens any more', () => {
    vi.useFakeTimers();
    const list = stubSystemTheme(false);
    const stop = theme.$themeMode.subscribe(() => {});
    expect(list.listeners.size).toBe(1);
    stop();
    expect(list.listeners.size).toBe(1); // nanostores unmounts after a delay
    // $themeMode unmounts after 1 s, then $systemTheme (its source) after another second.
    vi.advanceTimersByTime(2000);
    expect(list.listeners.size).toBe(0);
  });

  it("defaults to 'light' without matchMedia (SSR)", () => {
    expect(typeof (globalThis as { matchMedia?: unknown }).matchMedia).toBe('undefined');
    const stop = theme.$themeMode.subscribe(() => {});
    expect(theme.$themeMode.get()).toBe('light');
    expect(theme.$themeModeSetting.get()).toBeUndefined();
    stop();
  });
});

describe('setThemeMode', () => {
  it('an explicit mode wins over the system preference', () => {
    const list = stubSystemTheme(true);
    const stop = theme.$themeMode.subscribe(() => {});
    theme.setThemeMode('light');
    expect(theme.$themeMode.get()).toBe('light');
    list.flip(false);
    list.flip(true);
    expect(theme.$themeMode.get()).toBe('light');
    theme.setThemeMode('dark');
    list.flip(false);
    expect(theme.$themeMode.get()).toBe('dark');
    stop();
  });

  it('unsetting the mode follows the system again', () => {
    const list = stubSystemTheme(true);
    const stop = theme.$themeMode.subscribe(() => {});
    theme.setThemeMode('light');
    expect(theme.$themeMode.get()).toBe('light');
    theme.setThemeMode(undefined);
    expect(theme.$themeMode.get()).toBe('dark');
    list.flip(false);
    expect(theme.$themeMode.get()).toBe('light');
    stop();
  });

  it('rejects anything but light, dark and undefined', () => {
    theme.setThemeMode('dark');
    const err = configError(() => theme.setThemeMode('system' as never));
    expect(err.option).toBe('themeMode');
    expect(theme.$themeModeSetting.get()).toBe('dark');
  });
});

describe('setThemeVariables', () => {
  it('merges variables', () => {
    theme.setThemeVariables({ '--w3-accent': '#f00', '--w3-border-radius-master': 4 });
    theme.setThemeVariables({ '--w3-accent': '#0f0', '--w3-font-family': 'Inter' });
    expect(theme.$themeVariables.get()).toEqual({
      '--w3-accent': '#0f0',
      '--w3-border-radius-master': 4,
      '--w3-font-family': 'Inter',
    });
  });

  it.each(['--accent', 'accent', '--W3-accent', '--w3-', '--w3-Accent', '-w3-accent', '--w3-a b'])(
    'rejects the key %j with a W3ConfigError naming themeVariables',
    (key) => {
      theme.setThemeVariables({ '--w3-accent': 'red' });
      const err = configError(() => theme.setThemeVariables({ '--w3-ok': 'blue', [key]: 'green' }));
      expect(err.option.startsWith('themeVariables')).toBe(true);
      expect(err.category).toBe('CONFIG_ERROR');
      expect(theme.$themeVariables.get()).toEqual({ '--w3-accent': 'red' });
    },
  );

  it('rejects a value that is not a string or number', () => {
    const err = configError(() => theme.setThemeVariables({ '--w3-accent': true } as never));
    expect(err.option).toBe('themeVariables.--w3-accent');
    expect(theme.$themeVariables.get()).toEqual({});
  });
});
