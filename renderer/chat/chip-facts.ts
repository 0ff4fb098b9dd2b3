import type { TFunction } from 'i18next';
import type { SentItem } from '../../shared/contract/documents';
import type { Formats } from '../i18n';

/**
 * What a held item's chip says of it, in the composer and on the sent message: a PDF by its
 * pages; a paste by its size (when known) and lines, as it was pasted; other documents by their
 * lines; then its tokens, or the beginning of them (or the summary) the user chose to send.
 */
export function chipText(t: TFunction<'chat'>, format: Formats, item: SentItem & { size?: number }): string {
  const facts = [
    ...(item.pages !== null ? [t('held.pages', { count: item.pages })] : item.kind === 'paste' && item.size !== undefined ? [format.size(item.size)] : []),
    ...(item.pages === null ? [t('held.lines', { count: item.lines })] : []),
    item.summaryTokens
      ? t('held.summaryTokens', { summary: format.compact(item.summaryTokens), tokens: format.compact(item.tokens) })
      : item.firstTokens
        ? t('held.firstTokens', { first: format.compact(item.firstTokens), tokens: format.compact(item.tokens) })
        : t('held.tokens', { tokens: format.number(item.tokens) }),
  ];
  return t('held.chip', { name: item.kind === 'paste' ? t('held.pasted') : item.name, facts: facts.join(' · ') });
}
