import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { nationalOrganizations, resourceCategories } from '../../../shared/resource-directory.ts';

/** A named link, [Name](https://…), as the assistant writes services; or a bare http(s) address. */
const URL_PATTERN = /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s<>"'`()]+)\)|https?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence rather than the link ("see https://x.org."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

export interface TextPart {
  text: string;
  href?: string;
  /** The reply named the link itself ([Name](https://…)): its name is kept. */
  named?: boolean;
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
      parts.push({ text: name, href: new URL(namedUrl).href, named: true });
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

/** Names the directory gives each address (several services can share one, such as 211 Bay Area). */
export type ResourceNames = ReadonlyMap<string, readonly string[]>;

function directoryNames(): ResourceNames {
  const names = new Map<string, string[]>();
  const add = (url: string, name: string) => {
    if (!URL.canParse(url)) return;
    const href = new URL(url).href;
    names.set(href, [...(names.get(href) ?? []), name]);
  };
  for (const category of resourceCategories) for (const resource of category.resources) add(resource.url, resource.name);
  for (const organization of nationalOrganizations) add(organization.url, organization.name);
  return names;
}

let cachedNames: ResourceNames | null = null;

/**
 * Links read as what they lead to, not as raw addresses (a phone shows a long address as a wall of
 * characters). A directory address shows its service's name; a reply's "• Name: address" becomes
 * "• Name" as the link. Any other address shows its site's name (example.org).
 */
export function labelLinks(parts: TextPart[], names: ResourceNames = (cachedNames ??= directoryNames())): TextPart[] {
  const labelled: TextPart[] = [];
  for (const part of parts) {
    if (!part.href || part.named) {
      labelled.push(part);
      continue;
    }
    const before = labelled.at(-1);
    const lineBefore = before && !before.href ? (before.text.split('\n').at(-1) ?? '') : '';
    const candidates = names.get(part.href) ?? [];
    const named = candidates.find((name) => lineBefore.includes(name)) ?? candidates[0];
    if (named && before && !before.href && lineBefore.endsWith(`${named}: `)) {
      // "• Name: https://…" → "• " followed by the link "Name".
      before.text = before.text.slice(0, before.text.length - named.length - 2);
      if (before.text === '') labelled.pop();
      labelled.push({ text: named, href: part.href });
    } else {
      labelled.push({ text: named ?? new URL(part.href).hostname.replace(/^www\./, ''), href: part.href });
    }
  }
  return labelled;
}

/**
 * Model text as text: React escapes it, so nothing in a reply can become markup. Only http(s)
 * addresses become links, opening in a new tab without a referrer, labelled by labelLinks.
 */
export function MessageText({ text }: { text: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      {labelLinks(linkParts(text)).map((part, index) =>
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
