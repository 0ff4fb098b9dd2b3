// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES } from '../../../../shared/i18n/namespaces';

import { CopyButton } from '../../../../renderer/common/CopyButton';
import { i18n, startI18n, switchLanguage } from '../../../../renderer/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const html = () => [document.documentElement.lang, document.documentElement.dir];

// The page's i18next (renderer/i18n/setup.ts): a language switch re-words what is on screen.
describe('switching the UI language', () => {
  let root: Root;
  let container: HTMLElement;
  beforeAll(async () => {
    // Main's answer at start: the language it resolved for the page.
    await startI18n(Promise.resolve('en'));
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root.render(<CopyButton label="Copy code" text={() => 'x'} />));
  });
  afterAll(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  const button = () => container.querySelector('button')!.textContent;

  it('starts in the language main resolved and marks <html> with it', () => {
    expect(button()).toBe('Copy');
    expect(html()).toEqual(['en', 'ltr']);
  });

  it('re-words a mounted component and sets <html lang dir>, without a new render from the app', async () => {
    await act(() => switchLanguage('de'));
    expect(button()).toBe('Kopieren');
    expect(html()).toEqual(['de', 'ltr']);
    await act(() => switchLanguage('ar'));
    expect(button()).toBe('نسخ');
    expect(html()).toEqual(['ar', 'rtl']);
  });

  it('loads every namespace the page uses, with the language', async () => {
    expect(PAGE_NAMESPACES.filter((ns) => i18n.hasResourceBundle('ja', ns))).toEqual([]);
    await act(() => switchLanguage('ja'));
    expect(PAGE_NAMESPACES.filter((ns) => !i18n.hasResourceBundle('ja', ns))).toEqual([]);
    expect(i18n.hasResourceBundle('ja', 'main')).toBe(false);
    expect(button()).toBe('コピー');
  });

  it('speaks the pseudo-language in brackets, with values put in', async () => {
    await act(() => switchLanguage('en-XA'));
    expect(button()).toMatch(/^⟦Çöþý ·+⟧$/);
    expect(html()).toEqual(['en-XA', 'ltr']);
    expect(i18n.t('saved.saved', { fileName: 'notes.md' })).toMatch(/^⟦Šàṽéđ àš notes\.md\. ·+⟧$/);
  });
});
