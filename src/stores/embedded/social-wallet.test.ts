/**
 * After a social login the connected wallet names the provider (issue 32, section 4): 'Google'
 * with `social`, not the AUTH connector's 'Email'; on the login and on the reload's restore, where
 * the frame's user (the backend keeps the provider with the session) says it again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_USER, type FrameDouble } from '../../test-utils/frame-double.js';
import { emailLogin, endEmbedded, loginHandlers, startEmbedded } from '../../test-utils/embedded-stores.js';
import { storage } from '../app/storage.js';
import { $connectedWallet } from '../connection/connectors.js';
import { restoreEmbedded } from './actions.js';
import { connectUser } from './session.js';

const SOCIAL_USER = { ...EMBEDDED_USER, email: null, userName: 'ada', socialProvider: 'github' as const };
let frame: FrameDouble;

beforeEach(() => {
  frame = startEmbedded({ ...loginHandlers(), GetUser: () => SOCIAL_USER });
});
afterEach(() => endEmbedded());

describe('the connected wallet after a social login', () => {
  it("is the provider, with its name as the social button has it, not 'Email'", async () => {
    await connectUser(SOCIAL_USER);
    expect($connectedWallet.get()).toEqual({ name: 'GitHub', type: 'AUTH', social: 'github' });
  });

  it("is the provider again after the reload's restore", async () => {
    storage.set('connectedConnectorIds', { eip155: 'ID_AUTH' });
    await restoreEmbedded();
    expect(frame.calls.map((c) => c.type)).toContain('GetUser');
    expect($connectedWallet.get()).toEqual({ name: 'GitHub', type: 'AUTH', social: 'github' });
  });

  it("stays 'Email' for an e-mail login", async () => {
    frame.handlers.GetUser = () => EMBEDDED_USER;
    await emailLogin();
    expect($connectedWallet.get()).toEqual({ name: 'Email', type: 'AUTH' });
  });
});
