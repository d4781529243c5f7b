'use client';
/**
 * `w3kit/react`: React wrappers of the page elements (generated from custom-elements.json by
 * scripts/gen-react.mjs), hooks over the stores, and createW3Modal / network presets.
 * Importing it defines every w3-* element. The directive above marks it as client code for React
 * Server Components (Next.js App Router): a server component may render these wrappers.
 */
import '../elements.js';

// Named (not `export *`): a bundler may route `export *` past this module, and with it past the
// side-effect import above, when it treats this file as free of side effects.
// scripts/gen-react.mjs checks that every generated wrapper is listed here.
export { W3AccountButton, W3Button, W3ConnectButton, W3Modal, W3NetworkButton } from './generated/components.js';
export type {
  W3AccountButtonProps,
  W3ButtonProps,
  W3ConnectButtonProps,
  W3ModalProps,
  W3NetworkButtonProps,
} from './generated/components.js';
export { useW3Account, useW3Modal, useW3Network, useW3State } from './hooks.js';
export type { UseW3ModalResult, UseW3NetworkResult } from './hooks.js';
export { createW3Modal, networks } from '../index.js';
export type { Network, OpenOptions, PublicAccount, PublicState, W3ModalInstance, W3ModalOptions } from '../index.js';
