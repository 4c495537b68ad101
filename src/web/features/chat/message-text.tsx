import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** A named link, [Name](https://…), as the assistant writes services; or a bare http(s) address. */
const URL_PATTERN = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s<>"'`()]+)\)|https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the link ("see https://x.org."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export interface TextPart {
  text: string;
  href?: string;
}

/**
 * Splits text into plain runs and http(s) links, a named link showing its name; nothing else
 * (javascript:, data:, tel:) becomes a link.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const [raw, name, namedUrl] = match;
    if (name !== undefined && namedUrl !== undefined) {
      if (!URL.canParse(namedUrl)) continue;
      if (start > last) parts.push({ text: text.slice(last, start) });
      parts.push({ text: name, href: new URL(namedUrl).href });
      last = start + raw.length;
      continue;
    }
    const trimmed = raw.replace(TRAILING, '');
    if (!URL.canParse(trimmed)) continue;
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: trimmed, href: url.href });
    last = start + trimmed.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Model text as text: React escapes it, so nothing in a reply can become markup. Only http(s)
 * addresses become links, opening in a new tab without a referrer.
 */
export function MessageText({ text }: { text: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {linkParts(text).map((part, index) =>
        part.href ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
            <span className="visually-hidden"> {t('nav.opensInNewTab')}</span>
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
