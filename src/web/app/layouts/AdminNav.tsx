import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronDown, Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_PAGES, type AdminPageEntry, adminNavGroups } from '../../../shared/routes/admin-pages';
import type { AdminNavGroup } from '../../../shared/routes/page';
import { adminSupportWaitingQuery } from '../../features/support/api/support';
import { useCan } from '../../lib/can';
import { useTranslation } from '../../lib/useTranslation';

const ITEM = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium',
    ITEM,
    isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
  );

/** Threads waiting for a staff answer; nothing when none wait or the count fails. */
function SupportWaitingBadge({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { data: count } = useQuery(adminSupportWaitingQuery);
  if (!count) return null;
  return (
    <span
      data-testid={testId}
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">({t('support.admin.waitingBadge', { count })})</span>
    </span>
  );
}

/** Whether `pathname` is `path` or a page under it (the customer file under the formations list). */
const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The back office's top bar (decision 0100): the home, then one disclosure per group of pages (the groups
 * the manifests' `nav` entries name), only the pages the role may open, and the account's `actions`. From
 * the large breakpoint on, the groups sit in a row of their own, each opening its list below it; on a
 * phone or a tablet one menu button opens the groups and the actions, so the bar is one row until opened.
 * Escape closes what is open and returns focus to its button; a click elsewhere, leaving with Tab and
 * following a link close it too.
 */
export function AdminNav({ actions }: { actions: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan();
  const { pathname } = useLocation();
  const listId = useId();
  const actionsId = useId();
  const navRef = useRef<HTMLElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<AdminNavGroup | null>(null);
  // Only the sections the role may open: a section it could not load would be a dead link.
  const groups = adminNavGroups(ADMIN_PAGES.filter((page) => can(page.permission)));
  const anyOpen = menuOpen || openGroup !== null;

  // A followed link closes the menu: the page it opens is what the user came for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation, by design.
  useEffect(() => {
    setMenuOpen(false);
    setOpenGroup(null);
  }, [pathname]);

  useEffect(() => {
    if (!anyOpen) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && Boolean(navRef.current?.contains(target) || actionsRef.current?.contains(target));
    // A click or the focus (Tab) elsewhere closes what is open. A click that focuses nothing, as on
    // Safari, moves no focus, so only the pointer's own event counts for it.
    const away = (event: Event) => {
      if (!inside(event.target)) {
        setMenuOpen(false);
        setOpenGroup(null);
      }
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      // A group whose list holds the focus closes itself first and keeps the focus (see NavGroup).
      if (openGroup !== null) setOpenGroup(null);
      else {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [anyOpen, openGroup]);

  return (
    <>
      <nav ref={navRef} aria-label={t('admin.nav.label')} className="ml-auto lg:order-last lg:ml-0 lg:w-full">
        <button
          ref={menuButton}
          type="button"
          data-testid="admin-nav-menu"
          aria-expanded={menuOpen}
          aria-controls={`${listId} ${actionsId}`}
          onClick={() => setMenuOpen((open) => !open)}
          className={clsx(
            'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 lg:hidden',
            ITEM,
            menuOpen && 'bg-slate-100',
          )}
        >
          {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          {t('admin.nav.menu')}
          <SupportWaitingBadge testId="support-waiting-menu" />
        </button>
        <ul
          id={listId}
          className={clsx(
            menuOpen ? 'flex' : 'hidden',
            // A phone's or tablet's sheet under the bar; a row of its own from the large breakpoint on.
            'absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-8rem)] flex-col gap-1 overflow-y-auto border-b border-slate-200 bg-white px-4 py-3 shadow-lg',
            'lg:static lg:flex lg:max-h-none lg:flex-row lg:flex-wrap lg:items-center lg:overflow-visible lg:border-0 lg:p-0 lg:shadow-none',
          )}
        >
          {/* The operator's home (decision 0055): every staff role reads it, with the panels it may see. */}
          {can('overview.read') ? (
            <li>
              <NavLink to="/admin" end className={linkClass}>
                {t('admin.nav.home')}
              </NavLink>
            </li>
          ) : null}
          {groups.map(({ group, entries }) => (
            <NavGroup
              key={group}
              group={group}
              entries={entries}
              current={entries.some((entry) => isUnder(pathname, entry.path))}
              open={openGroup === group}
              onOpen={(open) => setOpenGroup(open ? group : null)}
            />
          ))}
        </ul>
      </nav>
      {/* The language, the account and sign-out: in the bar from the large breakpoint on, in the open menu before. */}
      <div
        ref={actionsRef}
        id={actionsId}
        className={clsx(
          menuOpen ? 'flex' : 'hidden',
          'order-last w-full items-center justify-end gap-2 lg:order-none lg:ml-auto lg:flex lg:w-auto',
        )}
      >
        {actions}
      </div>
    </>
  );
}

function NavGroup({
  group,
  entries,
  current,
  open,
  onOpen,
}: {
  group: AdminNavGroup;
  entries: AdminPageEntry[];
  current: boolean;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <li
      className="lg:relative"
      data-nav-group={group}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          onOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-current={current || undefined}
        onClick={() => onOpen(!open)}
        className={clsx(
          'flex w-full items-center justify-between gap-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium lg:w-auto',
          ITEM,
          current ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:bg-slate-100',
        )}
      >
        <span className="flex items-center">
          {t(`admin.nav.groups.${group}`)}
          {entries.some((entry) => entry.key === 'support') ? (
            <SupportWaitingBadge testId="support-waiting-count" />
          ) : null}
        </span>
        <ChevronDown aria-hidden="true" className={clsx('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className={clsx(
          'mt-1 flex flex-col gap-1 border-l-2 border-slate-100 pl-3',
          'lg:absolute lg:left-0 lg:top-full lg:z-40 lg:min-w-56 lg:rounded-lg lg:border lg:border-slate-200 lg:bg-white lg:p-1.5 lg:shadow-lg',
        )}
      >
        {entries.map((entry) => (
          <li key={entry.key}>
            <NavLink to={entry.path} className={linkClass}>
              {t(`admin.nav.${entry.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
