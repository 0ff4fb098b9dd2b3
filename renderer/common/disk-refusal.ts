import type { DiskRefusal } from '../../shared/contract/storage';
import { i18n } from '../i18n';

const WORDS = { full: 'disk.full', readOnly: 'disk.readOnly', io: 'disk.io', damaged: 'disk.damaged' } as const;

/**
 * Why changes Confab holds are not saved yet, and what the user can do, in the UI language.
 * They need not try again: main saves them by itself as soon as the disk takes them. Call it
 * while rendering, so a language change re-words it.
 */
export const diskRefusalWords = ({ cause, file }: DiskRefusal): string => i18n.t(WORDS[cause], { ns: 'common', file });

/** That the changes are kept meanwhile, in the UI language (said after the refusal's words). */
export const keptWords = (): string => i18n.t('disk.kept', { ns: 'common' });
