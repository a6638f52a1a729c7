import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eEmail, newContext, serverAndBrowserForFile } from '../../support/e2e';
import { textPdf as pdf } from '../../support/files';

const e2e = serverAndBrowserForFile();

/** Where focus is, and whether a sighted keyboard user can see it. */
interface Focus {
  tag: string;
  name: string;
  type: string;
  text: string;
  visible: boolean;
  /** The focused element's outline and box-shadow, to say why it was not seen. */
  style: string;
}

function readFocus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const ring = (e: Element, boxShadowToo: boolean) => {
      const s = getComputedStyle(e);
      return (
        (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || (boxShadowToo && s.boxShadow !== 'none')
      );
    };
    let visible = false;
    if (el && el !== document.body) {
      visible = ring(el, true);
      // A radio, checkbox or file input drawn as a card or drop zone shows its ring on the card around it.
      const drawnByParent = el instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(el.type);
      for (let up = el.parentElement, i = 0; !visible && drawnByParent && up && i < 3; up = up.parentElement, i++) {
        visible = ring(up, false);
      }
    }
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('name') ?? '',
      type: el?.getAttribute('type') ?? '',
      text: (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      visible,
      style: el ? `outline: ${getComputedStyle(el).outline}; box-shadow: ${getComputedStyle(el).boxShadow}` : '',
    };
  });
}

const describeFocus = (f: Focus) => `<${f.tag}${f.name ? ` name=${f.name}` : ''}> "${f.text}"`;

/**
 * A keyboard user's session: every key goes through page.keyboard, and after each one the focused
 * element must show a ring. Anything that does not is kept for one failure at the end.
 */
function keyboardUser(page: Page) {
  const unseen = new Set<string>();
  async function check(): Promise<Focus> {
    let focus = await readFocus(page);
    /*
     * Tab past the last control leaves the page for the browser's own UI, and headless Chromium does
     * not give the page focus back when Tab comes in again: :focus cannot match until it has it.
     */
    if (!focus.visible && !(await page.evaluate(() => document.hasFocus()))) {
      await page.bringToFront();
      focus = await readFocus(page);
      if (!(await page.evaluate(() => document.hasFocus()))) return focus;
    }
    if (focus.tag && focus.tag !== 'body' && !focus.visible)
      unseen.add(`${new URL(page.url()).pathname} ${describeFocus(focus)} (${focus.style})`);
    return focus;
  }
  return {
    unseen,
    check,
    async press(key: string) {
      await page.keyboard.press(key);
      return check();
    },
    async type(text: string) {
      await page.keyboard.type(text);
    },
    /** Tabs (or Shift+Tabs) until the focused element matches `selector`. */
    async tabTo(selector: string, { back = false, max = 60 } = {}) {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        await check();
        if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
      }
      throw new Error(`${max} presses of Tab never reached ${selector} on ${page.url()}`);
    },
    /** Waits for focus to land on an element matching `selector` (a step heading, an invalid field). */
    async focusOn(selector: string) {
      try {
        await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 5000 });
      } catch {
        throw new Error(
          `focus should be on ${selector} on ${page.url()}, is on ${describeFocus(await readFocus(page))}`,
        );
      }
      return check();
    },
  };
}

/** The stepper's current step: its position and that only one step carries aria-current="step". */
async function currentStep(page: Page): Promise<number> {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('main nav ol > li')];
    const current = items.filter((li) => li.getAttribute('aria-current') === 'step');
    return current.length === 1 ? items.indexOf(current[0]) : -1;
  });
}

const WIZARD_HEADING = 'main section > h2[tabindex="-1"]';
const NEXT = '[data-testid=wizard-next]';

describe('the customer path with the keyboard alone', () => {
  it('signs up, onboards, finishes the formation guide, applies for an EIN and opens a support ticket', async () => {
    const context = await newContext(e2e.browser, e2e.server.url);
    const page = await context.newPage();
    const kb = keyboardUser(page);
    // Turns on Playwright's file-picker interception now, not in a race with the first key that opens one.
    page.on('filechooser', () => undefined);

    // Sign-up: an empty submit puts focus on the first field to fix.
    await page.goto('/signup');
    await kb.tabTo('button[type=submit]');
    await kb.press('Enter');
    await kb.focusOn('input[name=fullName]');
    await kb.type('Klavye Kullanıcısı');
    await kb.tabTo('input[name=email]');
    await kb.type(e2eEmail('klavye'));
    await kb.tabTo('input[name=password]');
    await kb.type('Sirket2025ok');
    await kb.tabTo('input[name=confirmPassword]');
    await kb.type('Sirket2025ok');
    await kb.tabTo('input[name=terms]');
    await kb.press('Space');
    await kb.tabTo('button[type=submit]');
    await kb.press('Enter');
    await page.waitForURL('**/onboarding');

    // Onboarding: no membership chosen → focus on the first choice; each step then focuses its heading.
    await page.locator(NEXT).waitFor();
    await expect.poll(() => currentStep(page)).toBe(0);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=formationType]');
    await kb.press('Space');
    await expect.poll(() => page.isChecked('input[name=formationType][value=self]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(1);
    await kb.tabTo('textarea[name=businessMotivation]');
    await kb.type('Etsy üzerinden ABD’ye satış');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    // The address choice with the arrow keys: focus enters the group on the checked radio.
    await kb.tabTo('input[name=addressPreference]');
    await kb.press('ArrowDown');
    await expect.poll(() => page.isChecked('input[name=addressPreference][value=private]')).toBe(true);
    await kb.press('ArrowUp');
    await expect.poll(() => page.isChecked('input[name=addressPreference][value=shared]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(3);
    // Shift+Tab from Continue to Back, which returns to the address step with its heading focused.
    await kb.tabTo(NEXT);
    await kb.tabTo('[data-testid=wizard-back]', { back: true });
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');
    await kb.focusOn('main h1');

    // The formation guide, from the dashboard's link.
    await kb.tabTo('main a[href="/formation"]');
    await kb.press('Enter');
    await page.waitForURL('**/formation');
    await kb.focusOn('main h1');
    for (const step of [1, 2, 3]) {
      await kb.tabTo(NEXT);
      await kb.press('Enter');
      await kb.focusOn(WIZARD_HEADING);
      await expect.poll(() => currentStep(page)).toBe(step);
    }
    // The question unanswered, then the state missing: each time focus goes to what needs an answer.
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=isFormationComplete]');
    await kb.press('Space');
    await expect.poll(() => page.isChecked('input[name=isFormationComplete][value=true]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('select[name=state]');
    await kb.type('Wyoming');
    await expect.poll(() => page.inputValue('select[name=state]')).toBe('Wyoming');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    // The completed step replaces the form and takes focus; its button now leads to the panel.
    await page.getByText('Kuruluşunuz tamamlandı').waitFor();
    await kb.focusOn(WIZARD_HEADING);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');

    // The EIN wizard: every step's errors and headings.
    await kb.tabTo('main a[href="/ein-application"]');
    await kb.press('Enter');
    await page.waitForURL('**/ein-application');
    await kb.focusOn('main h1');
    await expect.poll(() => currentStep(page)).toBe(0);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(1);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=businessName]');
    await kb.type('Klavye Ticaret LLC');
    // Past email and state (prefilled) to the activity: arrows pick "Other", whose own field is then required.
    await kb.tabTo('input[name=businessActivity]');
    await kb.press('Space');
    await kb.press('ArrowUp');
    await expect.poll(() => page.isChecked('input[name=businessActivity][value=Other]')).toBe(true);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=otherActivity]');
    await kb.type('El yapımı seramik');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(2);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=responsiblePartyName]');
    await kb.type('Klavye Kullanıcısı');
    await kb.tabTo('input[name=responsiblePartyPhone]');
    await kb.type('+90 532 111 22 33');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=responsiblePartySsn]');
    await kb.type('123-45-6789');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(3);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=articlesOfOrganization]');
    // Space on a file input opens the system's file picker; Playwright answers it.
    for (const [field, text] of [
      ['articlesOfOrganization', 'Articles of Organization'],
      ['registeredAgentInvoice', 'Registered agent invoice'],
    ] as const) {
      await kb.focusOn(`input[name=${field}]`).catch(() => kb.tabTo(`input[name=${field}]`));
      const opened = page.waitForEvent('filechooser', { timeout: 5000 });
      await page.keyboard.press('Space');
      const chooser = await opened.catch(async () => {
        throw new Error(`Space on ${describeFocus(await readFocus(page))} opened no file picker`);
      });
      await chooser.setFiles({ name: `${field}.pdf`, mimeType: 'application/pdf', buffer: await pdf(text) });
      await page.getByTestId(`${field}-selected`).waitFor();
      if (field === 'articlesOfOrganization') await kb.tabTo('input[name=registeredAgentInvoice]');
    }
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn(WIZARD_HEADING);
    await expect.poll(() => currentStep(page)).toBe(4);
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await kb.focusOn('input[name=terms]');
    await kb.press('Space');
    await kb.tabTo(NEXT);
    await kb.press('Enter');
    await page.waitForURL('**/dashboard');

    // A support ticket: no subject first, then one with a message.
    await kb.tabTo('a[href="/support"]');
    await kb.press('Enter');
    await page.waitForURL('**/support');
    await kb.focusOn('main h1');
    await kb.tabTo('[data-testid=support-create]');
    await kb.press('Enter');
    await kb.focusOn('input[name=subject]');
    await kb.type('Banka hesabı için belge');
    await kb.tabTo('#support-new-message');
    await kb.type('Hangi belgeler gerekiyor?');
    await kb.tabTo('[data-testid=support-create]');
    await kb.press('Enter');
    await page.waitForURL(/\/support\?thread=/);
    await page.getByTestId('support-thread-view').waitFor();

    expect([...kb.unseen], 'focused without a visible ring').toEqual([]);
    await context.close();
  });
});
