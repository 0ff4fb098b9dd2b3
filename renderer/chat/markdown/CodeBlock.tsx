import { type ComponentProps, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtraProps } from 'react-markdown';
import { CopyButton } from '../../common/CopyButton';

/** The fence's language, from the `language-…` class remark gives the inner <code>. */
function languageOf(node: ExtraProps['node']): string | null {
  const code = node?.children[0];
  const classes = code?.type === 'element' ? code.properties.className : undefined;
  const match = Array.isArray(classes) ? classes.map(String).find((c) => c.startsWith('language-')) : undefined;
  return match ? match.slice('language-'.length) : null;
}

/** A fenced code block with its language and a Copy button that copies exactly the code. */
export function CodeBlock({ children, node }: ComponentProps<'pre'> & ExtraProps) {
  const { t } = useTranslation('chat');
  const pre = useRef<HTMLPreElement>(null);
  const language = languageOf(node);
  return (
    <div className="code-block">
      <div className="code-bar">
        {language ? (
          <span className="code-language" translate="no">
            {language}
          </span>
        ) : (
          <span className="code-language">{t('markdown.code')}</span>
        )}
        {/* The fence's closing line leaves a newline that is not part of the code. */}
        <CopyButton label={t('markdown.copyCode')} text={() => pre.current?.textContent?.replace(/\n$/, '') ?? ''} />
      </div>
      {/* Code reads left to right in every language; the bar above follows the page. */}
      <pre ref={pre} dir="ltr">
        {children}
      </pre>
    </div>
  );
}
