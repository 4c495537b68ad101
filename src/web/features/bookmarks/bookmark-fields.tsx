import { useState, type Ref } from 'react';
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

/**
 * The state of an add or edit form: the draft, and whether its url error may show yet. `readyToSave`
 * adds "https://" where it is missing (shown in the field too) and shows the url error; it gives the
 * draft to save, or null when it cannot be saved.
 */
export function useBookmarkDraft(initial: BookmarkDraft | (() => BookmarkDraft)) {
  const [draft, setDraft] = useState<BookmarkDraft>(initial);
  const [urlTouched, setUrlTouched] = useState(false);
  const reset = (next: BookmarkDraft) => {
    setDraft(next);
    setUrlTouched(false);
  };
  const readyToSave = (): BookmarkDraft | null => {
    const normalized = { ...draft, url: normalizeBookmarkUrl(draft.url) };
    setDraft(normalized);
    setUrlTouched(true);
    return draftSavable(normalized) ? normalized : null;
  };
  const fieldProps = { draft, onChange: setDraft, urlTouched, onUrlBlur: () => setUrlTouched(true) };
  return { draft, reset, readyToSave, fieldProps };
}

interface SaveCancelButtonsProps {
  draft: BookmarkDraft;
  saving: boolean;
  saveLabel: string;
  savingLabel: string;
  cancelLabel: string;
  onCancel: () => void;
}

/** Save (only once the draft can be saved) and Cancel, both waiting while a save is on its way. */
export function SaveCancelButtons({ draft, saving, saveLabel, savingLabel, cancelLabel, onCancel }: SaveCancelButtonsProps) {
  return (
    <div className="button-row">
      <button type="submit" className="button button-primary" disabled={saving || !draftSavable(draft)}>
        {saving ? savingLabel : saveLabel}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel} disabled={saving}>
        {cancelLabel}
      </button>
    </div>
  );
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
