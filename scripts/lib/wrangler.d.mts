import type { ChildProcess } from "node:child_process";

export const root: string;
/** A tool of node_modules/.bin. */
export function bin(name: string): string;
export const offlineEnv: NodeJS.ProcessEnv;
export function ensureDevVars(): void;
export function wrangler(args: string[], options?: { quiet?: boolean }): string;
export function build(): void;
export function migrate(persistTo?: string): void;
export function migrateThrowaway(persistTo: string): void;
export function queryLocal<T = Record<string, unknown>>(sql: string, persistTo?: string): T[];
export function isDatabaseEmpty(persistTo?: string): boolean;
export function seed(persistTo?: string): void;
export function prepareDatabase(persistTo?: string): "seeded" | "kept";
export function copyDatabase(from: string, to: string): void;
export function startServer(options: {
  port: number;
  persistTo?: string;
  vars?: Record<string, string>;
  stdio?: "pipe" | "inherit";
  /** Passed on to `wrangler dev` (e.g. `--inspector-port`). */
  args?: string[];
}): { child: ChildProcess; ready: Promise<void>; output: () => string };
export const PORT_IN_USE: RegExp;
export function stopServer(child: ChildProcess): void;
export function waitForHttp(url: string, timeoutMs: number): Promise<void>;
