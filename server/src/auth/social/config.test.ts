import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config.js';
import { InputError } from '../../errors.js';
import { parseSocials } from './config.js';

const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-socials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configFile(data: unknown): string {
  const file = path.join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

function refusal(value: unknown): InputError {
  try {
    parseSocials(value);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('parseSocials accepted it');
}

const client = { clientId: 'id', clientSecret: 'secret' };

describe('the socials entry of the config file', () => {
  it('reads OpenID (issuer) and OAuth 2 (endpoints) entries with their defaults', () => {
    const file = configFile({
      socials: {
        google: { issuer: 'https://accounts.google.com', ...client },
        github: {
          authorizationEndpoint: 'https://github.com/login/oauth/authorize',
          tokenEndpoint: 'https://github.com/login/oauth/access_token',
          userinfoEndpoint: 'https://api.github.com/user',
          tokenEndpointAuthMethod: 'client_secret_post',
          ...client,
        },
        x: { issuer: 'http://localhost:9999/x', scope: 'openid', ...client },
      },
      oidcPort: 4304,
    });
    const config = resolveConfig({ config: file }, {}, dir);
    expect(config.oidcPort).toBe(4304);
    expect(config.socials.google).toEqual({
      kind: 'oidc',
      provider: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
      tokenEndpointAuthMethod: 'client_secret_basic',
      scope: 'openid email profile',
    });
    expect(config.socials.github).toMatchObject({
      kind: 'oauth2',
      tokenEndpointAuthMethod: 'client_secret_post',
      scope: 'read:user user:email',
    });
    expect(config.socials.x).toMatchObject({ kind: 'oidc', issuer: 'http://localhost:9999/x', scope: 'openid' });
  });

  it('refuses an http issuer or endpoint on a non-loopback host, naming the provider and field', () => {
    const err = refusal({ google: { issuer: 'http://accounts.example.com', ...client } });
    expect(err.field).toBe('config:socials.google.issuer');
    expect(err.message).toContain('socials.google.issuer');
    expect(err.message).toContain('http is accepted on 127.0.0.1, localhost and [::1] only');
    const endpoint = refusal({
      discord: {
        authorizationEndpoint: 'https://d.example/a',
        tokenEndpoint: 'http://10.0.0.1/t',
        userinfoEndpoint: 'https://d.example/u',
        ...client,
      },
    });
    expect(endpoint.field).toBe('config:socials.discord.tokenEndpoint');
    for (const host of ['127.0.0.1', 'localhost', '[::1]'])
      expect(() => parseSocials({ apple: { issuer: `http://${host}:1/a`, ...client } })).not.toThrow();
  });

  it('refuses unknown providers and fields, missing secrets, and half-given endpoints', () => {
    expect(refusal({ myspace: { issuer: 'https://m.example', ...client } }).field).toBe('config:socials.myspace');
    expect(refusal({ myspace: {} }).message).toContain("unknown provider 'myspace'");
    // Farcaster's entry is not an OpenID provider's: the Farcaster setup reads it.
    expect(parseSocials({ farcaster: { sandbox: true } })).toEqual({});
    const field = refusal({ google: { issuer: 'https://a.example', clientSecrets: 'x', ...client } });
    expect(field.field).toBe('config:socials.google.clientSecrets');
    expect(field.message).toContain("unknown field 'clientSecrets'");
    expect(refusal({ google: { issuer: 'https://a.example', clientId: 'id' } }).field).toBe('config:socials.google.clientSecret');
    expect(refusal({ github: { authorizationEndpoint: 'https://g.example/a', ...client } }).field).toBe(
      'config:socials.github.tokenEndpoint',
    );
    expect(refusal({ google: { issuer: 'https://a.example', tokenEndpoint: 'https://a.example/t', ...client } }).field).toBe(
      'config:socials.google.tokenEndpoint',
    );
    expect(refusal({ google: { issuer: 'https://a.example', tokenEndpointAuthMethod: 'private_key_jwt', ...client } }).field).toBe(
      'config:socials.google.tokenEndpointAuthMethod',
    );
    expect(refusal(['google']).field).toBe('config:socials');
  });

  it('fails resolveConfig at start with the error, and refuses an --oidc-port another service uses', () => {
    const file = configFile({ socials: { facebook: { issuer: 'ftp://f.example', ...client } } });
    expect(() => resolveConfig({ config: file }, {}, dir)).toThrow(/socials\.facebook\.issuer/);
    expect(() => resolveConfig({ 'oidc-port': '4303' }, {}, dir)).toThrow(/--oidc-port 4303/);
    expect(resolveConfig({}, { W3KIT_OIDC_PORT: '0' }, dir).oidcPort).toBe(0);
  });
});
