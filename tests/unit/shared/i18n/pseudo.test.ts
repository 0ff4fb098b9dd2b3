import { describe, expect, it } from 'vitest';
import { pseudoLocalize, pseudoResources } from '../../../../shared/i18n/pseudo';

const inside = (text: string) => text.replace(/^⟦|⟧$/g, '');

// The pseudo-language (shared/i18n/pseudo.ts): every string found by its brackets, about 40 % longer.
describe('the pseudo-language', () => {
  it('brackets and accents every letter, and makes the text about 40 % longer', () => {
    const english = 'Something went wrong on this screen';
    const pseudo = pseudoLocalize(english);
    expect(pseudo.startsWith('⟦') && pseudo.endsWith('⟧')).toBe(true);
    expect(inside(pseudo)).not.toMatch(/[a-zA-Z]/);
    expect(inside(pseudo).length / english.length).toBeGreaterThanOrEqual(1.4);
    expect(inside(pseudo).length / english.length).toBeLessThan(1.5);
  });

  it('keeps placeholders and <Trans> tags as they are', () => {
    const pseudo = pseudoLocalize('Saved as {{fileName}} in <1>{{folder}}</1>, see <2/>.');
    expect(pseudo).toContain('{{fileName}}');
    expect(pseudo).toContain('<1>{{folder}}</1>');
    expect(pseudo).toContain('<2/>');
    expect(pseudo).toContain('Šàṽéđ àš');
  });

  it('turns a whole catalogue, nested keys and all, and keeps its shape', () => {
    const pseudo = pseudoResources({ copy: { button: 'Copy', copied: 'Copied' }, title: 'Confab' });
    expect(Object.keys(pseudo)).toEqual(['copy', 'title']);
    expect(pseudo).toEqual({ copy: { button: expect.stringMatching(/^⟦Çöþý/), copied: expect.stringMatching(/^⟦Çöþíéđ/) }, title: expect.stringMatching(/^⟦Çöñƒàƀ/) });
  });
});
