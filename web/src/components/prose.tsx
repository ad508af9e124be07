import './prose.css';

/**
 * HTML the server rendered from Markdown and sanitised (server/content: goldmark, then
 * bluemonday: no scripts, styles, frames, forms, event handlers, nor javascript: or data:
 * links), set as it is in a container styled for reading in either theme. Only such HTML comes
 * here: any other text (a title, a search snippet) goes in as React text.
 */
export function Prose({ sanitisedHtml, lang }: { sanitisedHtml: string; lang?: string }) {
  return <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: sanitisedHtml }} />;
}
