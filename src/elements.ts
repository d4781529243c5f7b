/** `w3kit/elements`: side effect only, defines every w3-* element (safe to load twice). */
import { defineElements } from './elements/index.js';

defineElements();

export {};
