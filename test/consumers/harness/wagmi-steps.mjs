/**
 * The wagmi app's own steps, after the test wallet connected through the modal: wagmi's hooks see
 * the modal's connection (reads, a signature), an ERC-20 transfer goes through useWriteContract and is seen mined by
 * useWaitForTransactionReceipt (and on the chain), and a disconnect on either side reaches the other.
 */
import { createPublicClient, erc20Abi, http, verifyMessage } from 'viem';
import { ACCOUNT, closeModal, disconnectInModal, modalOpens, outputText, shadowText, walletConnects } from './browser.mjs';
import { assert, waitFor } from './report.mjs';

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export const WAGMI_STEPS = [
  "useConnection and useAccount show the modal's address",
  "useBalance and useReadContract read for the modal's account, useSignMessage signs with its wallet, useSwitchChain moves the modal",
  "a reload restores wagmi and the modal with no prompt and no flash of 'disconnected'",
  'useWriteContract sends an ERC-20 transfer, useWaitForTransactionReceipt sees it mined',
  "the modal's Activity lists the transfer (Blockchain API of w3kit-server)",
  'disconnect through wagmi (useDisconnect) disconnects the modal',
  "the modal's Disconnect disconnects wagmi",
];

export async function wagmiSteps(ctx, run, { page }) {
  const out = (id) => outputText(page, id);
  await run.step(WAGMI_STEPS[0], async () => {
    await waitFor(
      'wagmi status',
      () => out('#wagmi-status'),
      (s) => s === 'connected',
    );
    assert((await out('#wagmi-address')) === ACCOUNT, `useConnection().address is ${await out('#wagmi-address')}`);
    assert((await out('#wagmi-account')) === ACCOUNT, `useAccount().address is ${await out('#wagmi-account')}`);
    assert((await out('#wagmi-chain')) === '31337', `useConnection().chainId is ${await out('#wagmi-chain')}`);
    assert((await out('#modal-address')) === ACCOUNT, `useW3Account().address is ${await out('#modal-address')}`);
  });

  await run.step(WAGMI_STEPS[1], async () => {
    const client = createPublicClient({ transport: http(ctx.env.rpcUrl) });
    const wei = await client.getBalance({ address: ACCOUNT });
    const dusd = await client.readContract({ address: ctx.env.token, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT] });
    await waitFor(
      'useBalance',
      () => out('#wagmi-balance'),
      (b) => b === wei.toString(),
    );
    await waitFor(
      'useReadContract',
      () => out('#wagmi-dusd'),
      (d) => d === dusd.toString(),
    );
    await closeModal(page); // still on Account after the connect
    await page.getByRole('button', { name: 'Sign with wagmi' }).click();
    const signature = await waitFor(
      'useSignMessage',
      async () => `${await out('#wagmi-signature')}${await out('#wagmi-sign-error')}`,
      (s) => s.length > 0,
    );
    assert(/^0x[0-9a-f]{130}$/i.test(signature), `useSignMessage gave "${signature}"`);
    assert(await verifyMessage({ address: ACCOUNT, message: 'hello from wagmi', signature }), "the signature is not the account's");
    const modalChain = () => page.evaluate(() => document.querySelector('w3-modal')?.modal?.getNetwork()?.id);
    for (const [button, id] of [
      ['Switch to Chain B with wagmi', 31338],
      ['Switch to Localhost with wagmi', 31337],
    ]) {
      await page.getByRole('button', { name: button }).click();
      await waitFor(
        `useConnection().chainId ${id}`,
        async () => `${await out('#wagmi-chain')}${await out('#wagmi-switch-error')}`,
        (c) => c === String(id),
      );
      assert((await modalChain()) === id, `the modal is on ${await modalChain()}, not ${id}`);
    }
  });

  await run.step(WAGMI_STEPS[2], async () => {
    // Every text #wagmi-status shows from the first paint on, in the reloaded page.
    await page.context().addInitScript(() => {
      const seen = [];
      Object.assign(window, { __wagmiStatuses: seen });
      new MutationObserver(() => {
        const text = document.getElementById('wagmi-status')?.textContent;
        if (text !== undefined && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await waitFor(
      'wagmi status after the reload',
      () => out('#wagmi-status'),
      (s) => s === 'connected',
    );
    await waitFor(
      '#modal-address after the reload',
      () => out('#modal-address'),
      (a) => a === ACCOUNT,
    );
    const statuses = await page.evaluate(() => window.__wagmiStatuses);
    assert(!statuses.includes('disconnected'), `#wagmi-status showed ${statuses.join(' -> ')}`);
    assert(statuses.at(-1) === 'connected', `the status recorder saw ${JSON.stringify(statuses)}`);
    console.log(`        #wagmi-status after the reload: ${statuses.join(' -> ')}`);
    const methods = await page.evaluate(() => window.testWallets[0].requests.map((r) => r.method));
    assert(!methods.includes('eth_requestAccounts'), `the wallet was asked to connect again: ${methods.join(', ')}`);
  });

  await run.step(WAGMI_STEPS[3], async () => {
    const client = createPublicClient({ transport: http(ctx.env.rpcUrl) });
    const balance = () => client.readContract({ address: ctx.env.token, abi: erc20Abi, functionName: 'balanceOf', args: [RECIPIENT] });
    const before = await balance();
    await page.getByRole('button', { name: 'Send 1 DUSD' }).click();
    const status = await waitFor(
      'receipt',
      async () => `${await out('#tx-status')}${await out('#tx-error')}`,
      (s) => s.length > 0,
      30_000,
    );
    assert(status.startsWith('success in block '), `the transfer did not succeed: ${status}`);
    const hash = await out('#tx-hash');
    const receipt = await client.getTransactionReceipt({ hash });
    assert(receipt.status === 'success' && receipt.from.toLowerCase() === ACCOUNT.toLowerCase(), `receipt on chain: ${receipt.status}`);
    assert(receipt.to?.toLowerCase() === ctx.env.token.toLowerCase(), `the transaction went to ${receipt.to}, not the token`);
    assert((await balance()) - before === 1_000_000n, 'the recipient did not get 1 DUSD');
  });

  // Not a step the later ones need: a failure here leaves the disconnect steps to run.
  await ctx.report.check(`vite-react-wagmi: ${WAGMI_STEPS[4]}`, async () => {
    assert(ctx.env.blockchainApiUrl, 'no backend was started');
    const hash = await out('#tx-hash');
    await page.evaluate(() => document.querySelector('w3-modal')?.modal?.open({ view: 'Account' }));
    await page.locator('w3-account-view').getByRole('tab', { name: 'Activity' }).click();
    const row = page.locator(`w3-account-view li[data-hash="${hash}"]`);
    await row.waitFor({ timeout: 20_000 });
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    assert(/-1(\.0+)? DUSD/.test(text), `the Activity row reads "${text}"`);
    await closeModal(page);
  });

  await run.step(WAGMI_STEPS[5], async () => {
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click();
    await waitFor(
      'wagmi status',
      () => out('#wagmi-status'),
      (s) => s === 'disconnected',
    );
    await waitFor(
      'modal account',
      () => page.evaluate(() => document.querySelector('w3-modal')?.modal?.getAccount().isConnected),
      (c) => c === false,
    );
    await waitFor(
      'w3-button',
      () => shadowText(page, 'w3-button'),
      (t) => t.includes('Connect Wallet'),
    );
    assert((await out('#modal-address')) === '', 'useW3Account still shows an address');
  });

  await run.step(WAGMI_STEPS[6], async () => {
    await modalOpens(page);
    await walletConnects(page);
    await waitFor(
      'wagmi status after connecting again',
      () => out('#wagmi-status'),
      (s) => s === 'connected',
    );
    await disconnectInModal(page);
    await waitFor(
      'wagmi status',
      () => out('#wagmi-status'),
      (s) => s === 'disconnected',
    );
    assert((await out('#wagmi-address')) === '', 'useConnection still shows an address');
  });
}
