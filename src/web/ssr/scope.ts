import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryClient } from '@tanstack/react-query';
import type { BootData } from '../../shared/contracts/boot';
import type { Language } from '../../shared/i18n/languages';
import type { Translator } from '../lib/translator';

/**
 * What one server render of a first view owns (decision 0095). In the browser the translator, the
 * query cache and the boot data are module singletons; the server renders many users' pages in one
 * process, so its build swaps those modules for twins (this folder, vite.config.ts) that read the
 * render's own copies from here.
 */
export interface RenderScope {
  boot: BootData;
  language: Language;
  /** IANA zone the browser reported (the `tz` cookie): instants are written on its clock. */
  timeZone: string;
  i18n: Translator;
  queryClient: QueryClient;
  /** The message units already added to this render's translator. */
  loaded: Set<string>;
}

const storage = new AsyncLocalStorage<RenderScope>();

export function inRenderScope<T>(scope: RenderScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}

/** The render being made; outside one (a module's top level) there is none. */
export function renderScope(): RenderScope {
  const scope = storage.getStore();
  if (!scope) throw new Error('server render: no render scope (a browser-only module read outside a render)');
  return scope;
}

export function maybeRenderScope(): RenderScope | undefined {
  return storage.getStore();
}
