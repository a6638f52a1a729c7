import { describe, expect, it } from 'vitest';
import { translate } from '../../../../src/shared/i18n';
import { LANGUAGES } from '../../../../src/shared/i18n/languages';
import { ADMIN_PAGES, adminNavGroups } from '../../../../src/shared/routes/admin-pages';
import { ADMIN_NAV_GROUPS } from '../../../../src/shared/routes/page';

/* The back office's top bar in groups (decision 0100): the groups come from the manifests' `nav` entries. */
describe('the top bar groups', () => {
  it('labels every group and the menu button in both languages', () => {
    for (const lang of LANGUAGES) {
      for (const key of [...ADMIN_NAV_GROUPS.map((g) => `admin.nav.groups.${g}`), 'admin.nav.menu']) {
        expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
      }
    }
  });

  it('puts every entry in one group, the groups in their order, each of them used', () => {
    const grouped = adminNavGroups(ADMIN_PAGES);
    expect(grouped.map((g) => g.group)).toEqual([...ADMIN_NAV_GROUPS]);
    expect(grouped.flatMap((g) => g.entries).length).toBe(ADMIN_PAGES.length);
    const team = grouped.find((g) => g.group === 'team');
    expect(team?.entries.map((e) => e.path)).toEqual(['/admin/staff', '/admin/audit']);
  });

  it('leaves out a group none of whose pages the role may open', () => {
    const finance = ADMIN_PAGES.filter((p) => ['orders.read', 'renewals.read'].includes(p.permission));
    expect(adminNavGroups(finance)).toEqual([{ group: 'money', entries: finance }]);
  });
});
