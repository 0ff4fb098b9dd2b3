// Shared steps of the Tools (MCP) journeys (pro-chat-mcp*.test.ts, tool-permissions.test.ts):
// Settings' Tools (MCP) section and its server cards, read by role as a person would.
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A local MCP server over stdio, which the tests run with `node --import tsx`. */
export const STDIO_SCRIPT = resolve('tests/support/fixtures/stdio-mcp-server.ts');

export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Tools (MCP)' }).waitFor();
}

export const section = (page: Page) => page.locator('section.mcp-section');
export const server = (page: Page, name: string) => section(page).getByRole('article', { name, exact: true });
export const statusOf = async (page: Page, name: string) => (await server(page, name).getByRole('status').first().innerText()).trim();

/** The screen scrolls inside its own container: bring the section's top to the top for a screenshot. */
export const showSection = (page: Page) => section(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));

export async function setTheme(page: Page, theme: 'Light' | 'Dark' | 'Follow the system') {
  await page.getByRole('radio', { name: theme }).check();
  await expect.poll(() => page.getByRole('radio', { name: theme }).isChecked()).toBe(true);
}
