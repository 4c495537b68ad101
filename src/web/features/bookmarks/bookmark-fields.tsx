import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidBookmarkUrl, normalizeBookmarkUrl } from '../../../shared/validation/bookmark-rules.ts';

export interface BookmarkDraft {
  title: string;
  url: string;
  description: string;
}

export const emptyDraft: BookmarkDraft = { title: '', url: '', description: '' };

/** True when the draft's url, once "https://" is added, is empty or a valid http(s) address. */
export function draftUrlValid(draft: BookmarkDraft): boolean {
  return isValidBookmarkUrl(normalizeBookmarkUrl(draft.url));
}

export function draftSavable(draft: BookmarkDraft): boolean {
  return draft.title.trim() !== '' && draftUrlValid(draft);
}

interface BookmarkFieldsProps {
  idPrefix: string;
  draft: BookmarkDraft;
  onChange: (draft: BookmarkDraft) => void;
  /** Show the url error (after the field was left or a save was tried). */
  urlTouched: boolean;
  onUrlBlur: () => void;
  titleRef?: Ref<HTMLInputElement>;
}

/** Title, web address and description fields, shared by the add form and a card's edit mode. */
export function BookmarkFields({ idPrefix, draft, onChange, urlTouched, onUrlBlur, titleRef }: BookmarkFieldsProps) {
  const { t } = useTranslation('dashboard');
  const urlInvalid = urlTouched && !draftUrlValid(draft);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-title`}>{t('form.title')}</label>
        <input
          id={`${idPrefix}-title`}
          ref={titleRef}
          type="text"
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
          required
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-url`}>{t('form.url')}</label>
        <input
          id={`${idPrefix}-url`}
          type="text"
          inputMode="url"
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.target.value })}
          onBlur={() => {
            onChange({ ...draft, url: normalizeBookmarkUrl(draft.url) });
            onUrlBlur();
          }}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={2000}
          aria-invalid={urlInvalid ? true : undefined}
          aria-describedby={`${idPrefix}-url-hint ${idPrefix}-url-error`}
        />
        <p className="field-hint" id={`${idPrefix}-url-hint`}>
          {t('form.urlHint')}
        </p>
        <p className="field-error" id={`${idPrefix}-url-error`}>
          {urlInvalid ? t('form.invalidUrl') : ''}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>{t('form.description')}</label>
        <textarea
          id={`${idPrefix}-description`}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
          maxLength={2000}
          rows={3}
        />
      </div>
    </>
  );
}
