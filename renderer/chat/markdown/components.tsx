import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { Components, ExtraProps } from 'react-markdown';
import { CodeBlock } from './CodeBlock';

/**
 * Links open outside the app: target=_blank reaches Electron's window-open handler, which hands
 * http(s) to the system browser. A URL the transform dropped leaves plain, inert text.
 */
function Link({ href, children }: ComponentProps<'a'>) {
  const { t } = useTranslation('chat');
  if (!href) {
    return (
      <span className="link-removed" title={t('markdown.linkRemoved')}>
        {children}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={href}>
      {children}
    </a>
  );
}

/** Images from a reply are never loaded (that would tell a remote server the reply was read): they become links. */
function Image({ src, alt }: ComponentProps<'img'>) {
  const { t } = useTranslation('chat');
  const label = alt ? t('markdown.imageAlt', { alt }) : t('markdown.image');
  return typeof src === 'string' && src ? <Link href={src}>{label}</Link> : <span className="link-removed">{label}</span>;
}

/** Inline code keeps its left-to-right order inside a right-to-left sentence. */
const InlineCode = ({ node: _node, ...props }: ComponentProps<'code'> & ExtraProps) => <code dir="ltr" {...props} />;

/** Wide tables scroll sideways instead of widening the conversation. */
function Table({ children }: ComponentProps<'table'>) {
  return (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  );
}

export const MARKDOWN_COMPONENTS: Components = { a: Link, img: Image, pre: CodeBlock, table: Table, code: InlineCode };
