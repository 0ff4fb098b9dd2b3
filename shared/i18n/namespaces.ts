/**
 * The catalogue's namespaces, one per part of the app, so each is translated and reviewed on its
 * own: `shared/i18n/locales/<language>/<namespace>.json`. `main` holds what main itself shows
 * (menus, native dialogs, notifications, the tray); the page loads the rest.
 */
export const NAMESPACES = ['common', 'errors', 'chat', 'history', 'transcription', 'recording', 'editor', 'people', 'settings', 'mcp', 'main'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const PAGE_NAMESPACES = NAMESPACES.filter((ns) => ns !== 'main');
