import { Fragment } from 'react';
import type { HelpSnippetPart } from '@/api/gen/model/helpSnippetPart';

/**
 * A search result's passage: the server's plain-text parts as React text nodes, the matched
 * words in <mark>. Never HTML: the parts are the article's words, whatever they hold.
 */
export function HelpSnippet({ parts }: { parts: readonly HelpSnippetPart[] }) {
  return (
    <p className="help-snippet">
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index}>{part.text}</mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
