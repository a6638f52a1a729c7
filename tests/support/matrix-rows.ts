import type { StaffRole } from '../../src/shared/domain/roles';
import type { Expect, Level, matrixHelpers, Owner, Party, Role, World } from './matrix-fixtures';
import type { TestApp } from './test-app';

/*
 * The authorization matrix's rows (decision 0008), written beside each feature in
 * `src/server/features/<f>/<f>.matrix.ts` and collected by src/server/security/matrix-rows.ts
 * (decision 0093). How to write a row is in the header of authorization-matrix.test.ts; a row pasted
 * into that file's CENTRAL_ROWS works the same, and the next one to touch it moves it here.
 */

export interface Ctx {
  world: World;
  role: Role;
  admin: Party;
}

export interface Req {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Row {
  /** Not in the OpenAPI document, guarded all the same. */
  extra?: true;
  /** The row writes: a new customer A and a new customer B with records up to this level. */
  fresh?: Level;
  /** The row ends sessions: every caller signs in anew for its cell. */
  freshSession?: true;
  /** Built per cell, so every call gets its own body (uploads, one-time tokens, new emails). */
  request?: (ctx: Ctx) => Req | Promise<Req>;
  /** The path names a record nobody owns (the public catalogue): A reaching it is no leak. */
  unowned?: true;
  /** anonymous, customer A, customer B (the owner), staff (see the header for which staff). */
  expect: [Expect, Expect, Expect, Expect];
  /** Outside the admin door: a staff role whose answer is not the staff one. */
  staff?: Partial<Record<StaffRole, Expect>>;
  /**
   * Outside the admin door: the answer of the owner without a second factor when it is not the
   * owner's (under /api/admin it is always 403 TWO_FACTOR_REQUIRED).
   */
  unenrolled?: Expect;
}

/** A feature's rows, keyed `METHOD /path` as the OpenAPI document spells it. */
export type MatrixRows = Record<string, Row>;

export const ADMIN_ONLY: Row['expect'] = [401, 403, 403, '2xx'];
/** Anyone signed in, about their own account. */
export const SIGNED_IN: Row['expect'] = [401, '2xx', '2xx', '2xx'];
export const PUBLIC: Row['expect'] = ['2xx', '2xx', '2xx', '2xx'];

/**
 * What the rows call at cell time: the matrix's app and helpers, and the records it makes on demand
 * (B's order, B's support thread, an invitation…). Every value is read when a cell runs, never when the
 * rows are built (the app does not exist yet then).
 */
export interface MatrixEnv {
  app: () => TestApp;
  h: ReturnType<typeof matrixHelpers>;
  /** The id of B's EIN application. */
  appOf: (w: World) => { id: string };
  /** B's stored file, as the download route names it. */
  fileOf: (b: Owner) => { folder: string; name: string };
  /** A local Host header (the dev outbox and the metrics refuse by the address only). */
  localHost: () => { headers: Record<string, string> };
  /** The catalogue's service every purchase row buys. */
  serviceId: () => string;
  orderOf: (b: Owner) => Promise<{ sessionId: string; orderId: string }>;
  ignoredEvent: () => Req;
  supportThreadOf: (b: Owner) => Promise<{ id: string }>;
  matrixInvitation: () => Promise<{ id: string; token: string }>;
  matrixShortLink: () => Promise<{ id: string; slug: string }>;
  partyOf: (ctx: Ctx) => Party | null;
  emailChangeToken: () => Promise<string>;
  erasureToken: () => Promise<string>;
  pendingErasureId: () => Promise<string>;
  extraSessionOf: (b: Party) => Promise<string>;
}

/** A feature's rows, built from the matrix's environment. */
export type FeatureMatrix = (env: MatrixEnv) => MatrixRows;
