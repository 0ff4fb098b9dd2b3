import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { type Harness, ask, expectedReply, newChat, openOptions, openApp, setPlan, useKey } from '../support/chat';

// The chat's model picker in Chromium: what the Free plan offers and why, the Pro models and a
// custom model id, and a conversation that remembers a Pro model after a return to Free.

let h: Harness;

beforeAll(async () => {
  h = await openApp();
  await useKey(h.page, h.fake.keys.pro);
});

afterAll(async () => {
  const errors = h?.errors ?? [];
  await h?.close();
  // No CSP violation or React error on the way.
  expect(errors).toEqual([]);
});

describe('the chat model picker', () => {
  it('offers only Default on Free; the other models and custom ids say "Pro plan"', async () => {
    const { page } = h;
    await openOptions(page);
    const picker = page.getByRole('group', { name: 'Model' });
    // Each model by its name, its id on hover.
    expect(await picker.getByRole('radio', { name: /^Default/ }).isChecked()).toBe(true);
    expect(await picker.locator('label').filter({ has: page.getByRole('radio', { name: /^Default/ }) }).getAttribute('title')).toBe('Model id: default');
    for (const [id, name] of [['fast', 'Fast'], ['pro', 'Pro']]) {
      const radio = page.getByRole('radio', { name: new RegExp(`^${name}`) });
      expect(await radio.isDisabled()).toBe(true);
      const label = picker.locator('label').filter({ has: radio });
      expect(await label.innerText()).toContain('Pro plan');
      expect(await label.getAttribute('title')).toBe(`Model id: ${id}`);
    }
    await picker.getByText('only the Default model is available').waitFor();
    await picker.getByText('Ultra-low latency, routine tasks').waitFor();
    await picker.getByText('High intelligence, complex reasoning').waitFor();
    expect(await picker.getByRole('textbox', { name: /Other model id/ }).isDisabled()).toBe(true);
    await screenshot(page, 'chat-model-picker-free');

    await setPlan(page, 'Pro');
    await openOptions(page);
    await picker.getByRole('radio', { name: /^Fast/ }).check();
    expect(await picker.getByRole('textbox', { name: /Other model id/ }).isEnabled()).toBe(true);
    await screenshot(page, 'chat-model-picker-pro');
    expect(await ask(page, 'Quick one')).toBe(expectedReply('Quick one', 'fast'));

    await newChat(page);
    await openOptions(page);
    await picker.getByRole('textbox', { name: /Other model id/ }).fill('research-2');
    expect(await picker.getByRole('radio', { checked: true }).count()).toBe(0);
    expect(await ask(page, 'Custom model')).toBe(expectedReply('Custom model', 'research-2'));

    // Back on Free, a conversation that remembers a Pro model cannot send, and says why.
    await setPlan(page, 'Free', 'Custom model');
    await page.getByText('The research-2 model needs the Pro plan. Choose Default, or change the plan in Settings.').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
  });
});
