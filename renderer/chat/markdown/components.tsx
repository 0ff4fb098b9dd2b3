import type { ComponentProps } from 'react';
import type { Components } from 'react-markdown';
import { CodeBlock } from './CodeBlock';

/**
 * Links open outside the app: target=_blank reaches Electron's window-open handler, which hands
 * http(s) to the system browser. A URL the transform dropped leaves plain, inert text.
 */
function Link({ href, children }: ComponentProps<'a'>) {
  if (!href) {
    return (
      <span className="link-removed" title="Link removed: only web (http and https) links can be opened">
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
  const label = `Image${alt ? `: ${alt}` : ''}`;
  return typeof src === 'string' && src ? <Link href={src}>{label}</Link> : <span className="link-removed">{label}</span>;
}

/** Wide tables scroll sideways instead of widening the conversation. */
function Table({ children }: ComponentProps<'table'>) {
  return (
    <div className="table-scroll">
      <table>{children}</table>
    </div>
  );
}

export const MARKDOWN_COMPONENTS: Components = { a: Link, img: Image, pre: CodeBlock, table: Table };
