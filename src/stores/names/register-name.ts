/**
 * RegisterAccountName's state (lazy, with the view): the label typed, its availability checked
 * as typing pauses (NAME_CHECK_DELAY_MS; an answer for an older label is dropped), the
 * suggestions when the name is taken, and the registration: the message
 * `{ name: '<label>.<zone>', attributes: {}, timestamp }` signed with the connected eip155
 * account's personal_sign and posted to the Blockchain API; then the identity cache is
 * refreshed so the account button and Account view show the name at once. Texts are codes
 * here; the view words them (spec section 8: the API's first reason, 'Error registering name',
 * 'Error fetching name suggestions', 'Signature declined').
 */
import { map } from 'nanostores';
import { ApiError } from '../../api/errors.js';
import { chainRules } from '../../chains/registry.js';
import { nameLabelIssue, nameRegistrationMessage, NAME_COIN_TYPE, type NameLabelIssue, type NameSuggestion } from '../../wire/names-api.js';
import { activeTarget, getBlockchainApi, now } from '../portfolio/blockchain.js';
import { refreshAccountIdentity } from '../portfolio/identity.js';
import { $nameZone } from './zone.js';

/** How long typing must pause before the name is checked (ms). */
export const NAME_CHECK_DELAY_MS = 300;

/** Why a label is not valid, as a code the view words (the wire contract's, shared with the server). */
export type NameProblem = NameLabelIssue;

export type NameCheck =
  | { status: 'idle' }
  | { status: 'invalid'; problem: NameProblem }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken' }
  | { status: 'failed' };

/** A registration failure: the wallet refused, the API's first reason, or anything else. */
export type RegisterNameError = { kind: 'declined' } | { kind: 'reason'; text: string } | { kind: 'failed' };

export interface RegisterNameState {
  label: string;
  check: NameCheck;
  /** Free names like a taken one (the taken one itself left out). */
  suggestions: NameSuggestion[];
  /** 'signing' while the wallet is asked, 'sending' while the API registers. */
  stage: 'signing' | 'sending' | undefined;
  error: RegisterNameError | undefined;
  /** The full name once registered. */
  registered: string | undefined;
}

const INITIAL: RegisterNameState = {
  label: '',
  check: { status: 'idle' },
  suggestions: [],
  stage: undefined,
  error: undefined,
  registered: undefined,
};

export const $registerName = map<RegisterNameState>(INITIAL);

let round = 0;
/** Whether a reply has named the zone (until then the zone is not sent: the registry may serve another). */
let zoneLearned = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/** The label of a full name in the zone (`alice.w3kit.id` → `alice`); other text as it is. */
export function labelOf(name: string): string {
  const suffix = `.${$nameZone.get()}`;
  return name.toLowerCase().endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}

/** The full name of the label typed, in the zone. */
export const fullName = (label: string): string => `${label}.${$nameZone.get()}`;

/**
 * The label typed. An invalid one is refused at once (no request); a valid one is checked once
 * typing pauses (NAME_CHECK_DELAY_MS).
 */
export function setNameLabel(label: string): void {
  clearTimeout(timer);
  const mine = ++round;
  const problem = nameLabelIssue(label);
  const check: NameCheck = label === '' ? { status: 'idle' } : problem ? { status: 'invalid', problem } : { status: 'checking' };
  $registerName.set({ ...$registerName.get(), label, check, suggestions: [], error: undefined });
  if (check.status === 'checking') timer = setTimeout(() => void checkName(label, mine), NAME_CHECK_DELAY_MS);
}

/** Asks the registry now whether `label` is free; an answer arriving after the label changed is dropped. */
export async function checkName(label: string, mine = round): Promise<void> {
  const api = getBlockchainApi();
  if (!api) {
    if (mine === round) $registerName.setKey('check', { status: 'failed' });
    return;
  }
  try {
    const reply = await fetchSuggestions(label);
    if (mine !== round) return;
    const [first, ...rest] = reply;
    const taken = first?.registered === true;
    $registerName.set({
      ...$registerName.get(),
      check: { status: taken ? 'taken' : 'available' },
      suggestions: taken ? rest.filter((s) => !s.registered) : [],
    });
  } catch {
    if (mine === round) $registerName.set({ ...$registerName.get(), check: { status: 'failed' }, suggestions: [] });
  }
}

/**
 * The registry's suggestions for `label` (the name itself first); learns the zone the registry
 * serves from the reply. Rejects when the API is not configured or the request fails.
 */
export async function fetchSuggestions(label: string): Promise<NameSuggestion[]> {
  const api = getBlockchainApi();
  if (!api) throw new Error('No Blockchain API is configured');
  const reply = await api.getNameSuggestions(label, { zone: zoneLearned ? $nameZone.get() : undefined });
  if (reply.zone) {
    zoneLearned = true;
    $nameZone.set(reply.zone);
  }
  return reply.suggestions;
}

/** Clicking a suggestion: its label is typed and checked at once. */
export function chooseSuggestion(name: string): Promise<void> {
  const label = labelOf(name);
  setNameLabel(label);
  if ($registerName.get().check.status !== 'checking') return Promise.resolve();
  clearTimeout(timer);
  return checkName(label, round);
}

/** Whether Register can run: the name is valid and available and nothing is under way. */
export function canRegister(state: RegisterNameState = $registerName.get()): boolean {
  return state.check.status === 'available' && state.stage === undefined;
}

function failureOf(err: unknown): RegisterNameError {
  if ((err as { code?: unknown } | undefined)?.code === 4001) return { kind: 'declined' };
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.details) return { kind: 'reason', text: err.details };
  return { kind: 'failed' };
}

/**
 * Register: signs the registration message with the connected account (a namespace with names) and posts it.
 * Resolves to true once registered (the identity is refreshed by then), false on a failure
 * (kept in `error`) or when it cannot run.
 */
export async function registerName(): Promise<boolean> {
  const state = $registerName.get();
  const api = getBlockchainApi();
  const target = activeTarget();
  const namespace = target?.network.chainNamespace;
  if (!canRegister(state) || !api || !target || !chainRules(namespace)?.features?.names) return false;
  const mine = round;
  const name = fullName(state.label);
  $registerName.set({ ...state, stage: 'signing', error: undefined });
  try {
    const message = nameRegistrationMessage(name, Math.floor(now() / 1000));
    const { signMessage } = await import('../connection/requests.js');
    const signature = await signMessage(message, namespace);
    $registerName.setKey('stage', 'sending');
    await api.registerName({ coin_type: NAME_COIN_TYPE, address: target.address, message, signature });
    await refreshAccountIdentity();
    if (mine === round) $registerName.set({ ...$registerName.get(), stage: undefined, registered: name });
    return true;
  } catch (err) {
    if (mine === round) $registerName.set({ ...$registerName.get(), stage: undefined, error: failureOf(err) });
    return false;
  }
}

/** Back to an empty form (the view opening, or the modal closing). */
export function resetRegisterName(): void {
  clearTimeout(timer);
  round++;
  $registerName.set(INITIAL);
}
