import type { BrowserContext, Page } from 'playwright-core';

export interface ButtonFrame {
  state: 'undefined' | 'empty' | 'connect' | 'connecting' | 'restoring' | 'account';
  balance: string | null;
  width: number;
  height: number;
}
export function sampleButtonFrames(context: BrowserContext): Promise<void>;
export function readButtonFrames(page: Page): Promise<ButtonFrame[]>;
export function noFlashProblems(frames: ButtonFrame[]): string | undefined;
export function hydrationComplaints(consoleMessages: { type: string; text: string }[], errors: string[]): string[];
