/** The command table of the CLI: help built from it, and how argv finds a command. */
import { describe, expect, it } from 'vitest';
import { COMMON_FLAGS, FLAGS, type Command } from '../src/cli/command.js';
import { helpText } from '../src/cli/help.js';
import { COMMANDS, findCommand, USAGE } from '../src/cli/index.js';

const fake = (over: Partial<Command>): Command => ({ name: 'x', usage: 'x', args: 0, flags: COMMON_FLAGS, run: () => 0, ...over });

describe('the command table', () => {
  it('names each command once, and each usage line starts with its name (serve is the default)', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COMMANDS) if (c.name !== 'serve') expect(c.usage.startsWith(`${c.name}`), c.name).toBe(true);
  });

  it('declares only known flags, every command taking --help, --data and --config', () => {
    for (const c of COMMANDS) {
      for (const f of c.flags) expect(Object.hasOwn(FLAGS, f), `${c.name} --${f}`).toBe(true);
      for (const f of COMMON_FLAGS) expect(c.flags, c.name).toContain(f);
    }
  });

  it('says which arguments a command with arguments needs', () => {
    for (const c of COMMANDS) if (c.args !== 0) expect(c.argsHint, c.name).toBeTruthy();
  });

  it('documents every flag of serve in its options section', () => {
    const serve = COMMANDS.find((c) => c.name === 'serve')!;
    const documented = serve.options!.lines.map((l) => l.flag);
    expect([...documented].sort()).toEqual(serve.flags.filter((f) => f !== 'help').sort());
  });
});

describe('helpText', () => {
  it('lists every command usage line in table order, then --help', () => {
    const positions = COMMANDS.map((c) => USAGE.indexOf(`  w3kit-server ${c.usage}`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(USAGE.indexOf('  w3kit-server --help\n')).toBeGreaterThan(positions.at(-1)!);
  });

  it('aligns summaries at one column, at least three spaces after a long usage', () => {
    const text = helpText([
      fake({ usage: 'a', summary: 'short one' }),
      fake({ usage: 'a very long usage line that passes the column', summary: 'long one' }),
    ]);
    expect(text).toContain(`  w3kit-server a${' '.repeat(43 - 'w3kit-server a'.length)}short one\n`);
    expect(text).toContain('passes the column   long one\n');
  });

  it('indents an option description continued over lines under its first line, and adds the note', () => {
    const text = helpText([
      fake({ options: { heading: 'Things', lines: [{ flag: 'port', value: 'N', text: 'first\nsecond' }], note: 'a note\nover two' } }),
    ]);
    expect(text).toContain(`Things:\n  --port N          first\n${' '.repeat(20)}second\n  a note\n  over two\n`);
  });
});

describe('findCommand', () => {
  it('finds serve without positionals or by name, and a group command by group and verb', () => {
    expect(findCommand([]).command.name).toBe('serve');
    expect(findCommand(['serve']).args).toEqual([]);
    expect(findCommand(['projects', 'remove', 'shop'])).toMatchObject({ command: { name: 'projects remove' }, args: ['shop'] });
    expect(findCommand(['identity', 'set', '0x1', 'a', 'b']).args).toEqual(['0x1', 'a', 'b']);
  });

  it('names an unknown verb with its group, and an unknown group alone', () => {
    expect(() => findCommand(['projects', 'rename'])).toThrow("Unknown command 'projects rename'");
    expect(() => findCommand(['projects'])).toThrow("Unknown command 'projects'");
    expect(() => findCommand(['bogus', 'x'])).toThrow("Unknown command 'bogus'");
  });

  it('refuses a wrong number of arguments, naming the ones needed', () => {
    expect(() => findCommand(['prices', 'set', 'eip155:1'])).toThrow("'prices set' needs CHAIN TOKEN USD");
    expect(() => findCommand(['identity', 'set', 'a', 'b', 'c', 'd'])).toThrow("'identity set' needs ADDRESS NAME [AVATAR]");
    expect(() => findCommand(['wallets', 'count', 'extra'])).toThrow("'wallets count' takes no arguments, got 'extra'");
  });
});
