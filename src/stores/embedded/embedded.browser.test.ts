/**
 * The embedded wallet's stores over the REAL bridge and a real cross-origin frame: the frame test
 * double (test/frame-double, not the real site) on the other loopback name. The test mounts the
 * published iframe itself, as the modal does.
 */
import { expect } from 'chai';
import { networks } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { getAccountState } from '../connection/account.js';
import { initConnectors } from '../connection/discovery.js';
import { initEmbedded } from './connector.js';
import { initNetworks } from '../network/networks.js';
import { $modal } from '../ui/modal.js';
import { resetRouter } from '../ui/router.js';
import { submitEmail, submitOtp } from './actions.js';
import { destroyFrame } from './frame.js';
import { forgetUser } from './session.js';
import { $emailLogin, $embeddedUser, $frameElement } from './state.js';

const here = new URL(location.href);
const otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const DOUBLE = `${here.protocol}//${otherHost}:${here.port}/test/frame-double/`;

const until = async (check: () => boolean, ms = 5000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('embedded wallet login over the real bridge', () => {
  let stopMount: () => void = () => undefined;
  beforeEach(() => {
    const network = { ...networks.localhost, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } };
    setOptions({ projectId: 'w3kit-dev', networks: [network], secureSiteUrl: DOUBLE, features: { email: true } });
    initNetworks();
    initConnectors();
    initEmbedded();
    resetRouter('Connect');
    $modal.setKey('open', true);
    stopMount = $frameElement.subscribe((iframe) => {
      if (iframe && !iframe.isConnected) document.body.append(iframe);
    });
  });
  afterEach(() => {
    stopMount();
    forgetUser();
    destroyFrame();
    $modal.setKey('open', false);
    $emailLogin.set({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });
    resetOptions();
  });

  it('creates the frame on demand, logs in with the code and closes the modal', async () => {
    expect($frameElement.get()).to.equal(undefined);
    submitEmail('ada@example.com');
    await until(() => $emailLogin.get().step === 'otp');
    const iframe = $frameElement.get();
    expect(iframe?.isConnected).to.equal(true);
    expect(new URL(iframe!.src).origin).to.equal(new URL(DOUBLE).origin);
    await submitOtp('000000');
    expect(($emailLogin.get().error as Error).message).to.equal('Invalid code');
    await submitOtp('123456');
    expect($embeddedUser.get()?.email).to.equal('ada@example.com');
    expect(getAccountState('eip155').status).to.equal('connected');
    expect($modal.get().open).to.equal(false);
    expect(localStorage.getItem('@w3kit/emailLoginUsed')).to.equal('true');
  });
});
