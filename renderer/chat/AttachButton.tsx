import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_EXTENSIONS } from '../../shared/contract/documents';
import { useHeld } from './held';

const ACCEPT = DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function PaperclipIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7l9-9a3.5 3.5 0 0 1 5 5l-9 9a2 2 0 0 1-3-3l8-8" />
    </svg>
  );
}

/** Attaches documents to the next message (the window's drop does the same, FileDrop.tsx). */
export function AttachButton({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('chat');
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="attach secondary" title={t('held.attachTitle')} aria-label={t('held.attach')} onClick={() => picker.current?.click()}>
        <PaperclipIcon />
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        multiple
        accept={ACCEPT}
        aria-label={t('held.attach')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void useHeld.getState().attachFiles(conversationId, files);
        }}
      />
    </>
  );
}
